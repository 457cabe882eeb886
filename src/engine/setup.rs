//! Building the position a `position` command describes, and the `d` picture.

use std::fmt;

use crate::board::{FenError, Position, Square};
use crate::uci::command::PositionSetup;

/// Why a `position` command was not taken whole. `Display` gives the
/// `info string` text.
#[derive(Clone, Debug)]
pub enum SetupError {
    /// The FEN does not parse: the engine keeps the position it had.
    Fen(FenError),
    /// Move `number` (1-based) is not legal where it comes: the moves before it stand.
    Move {
        /// Which move of the list, counting from 1.
        number: usize,
        /// Why the move was refused, for the `info string`.
        reason: String,
        /// The position after the moves before it: what the engine keeps.
        before: Box<Position>,
    },
}

impl SetupError {
    /// The position the engine keeps after this error: `current` after a bad
    /// FEN, the position before the bad move otherwise.
    #[must_use]
    pub fn into_kept_position(self, current: &Position) -> Position {
        match self {
            SetupError::Fen(_) => current.clone(),
            SetupError::Move { before, .. } => *before,
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Fen(err) => write!(f, "invalid FEN ({err}); position unchanged"),
            SetupError::Move { number, reason, .. } => {
                write!(f, "move {number} of the position command: {reason}; the moves before it stand")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// The position after `setup`.
///
/// # Errors
/// A bad FEN or an illegal move; [`SetupError::into_kept_position`] says which
/// position stands instead.
pub fn build_position(setup: &PositionSetup, chess960: bool) -> Result<Position, SetupError> {
    let mut position = match &setup.fen {
        None => Position::startpos(),
        Some(fen) => Position::from_fen(fen).map_err(SetupError::Fen)?,
    };
    for (ply, text) in setup.moves.iter().enumerate() {
        match position.parse_uci_move(text, chess960) {
            Ok(mv) => position.make_move(mv),
            Err(reason) => return Err(SetupError::Move { number: ply + 1, reason, before: Box::new(position) }),
        }
    }
    Ok(position)
}

/// The board as text, White at the bottom, with FEN, key and checkers.
#[must_use]
pub fn display(pos: &Position) -> String {
    let mut text = String::from("\n +---+---+---+---+---+---+---+---+\n");
    for rank in (0..8).rev() {
        for file in 0..8 {
            let letter = pos.piece_on(Square::from_file_rank(file, rank)).map_or(' ', |piece| piece.letter());
            text.push_str(&format!(" | {letter}"));
        }
        text.push_str(&format!(" | {}\n +---+---+---+---+---+---+---+---+\n", rank + 1));
    }
    text.push_str("   a   b   c   d   e   f   g   h\n\n");
    text.push_str(&format!("Fen: {}\n", pos.to_fen()));
    text.push_str(&format!("Key: {:016X}\n", pos.key()));
    let checkers: Vec<String> = pos.checkers().map(|sq| sq.to_string()).collect();
    text.push_str(&format!("Checkers: {}\n", checkers.join(" ")));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(fen: Option<&str>, moves: &[&str]) -> PositionSetup {
        PositionSetup { fen: fen.map(str::to_string), moves: moves.iter().map(|m| (*m).to_string()).collect() }
    }

    #[test]
    fn an_illegal_move_keeps_the_moves_before_it() {
        let error = build_position(&setup(None, &["e2e4", "e2e4"]), false).expect_err("e2e4 twice is illegal");
        assert!(error.to_string().starts_with("move 2 of the position command: "), "{error}");
        let mut expected = Position::startpos();
        expected.make_move(expected.parse_uci_move("e2e4", false).expect("legal"));
        assert_eq!(error.into_kept_position(&Position::startpos()).to_fen(), expected.to_fen());
    }

    #[test]
    fn a_bad_fen_keeps_the_current_position() {
        let current = Position::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").expect("valid FEN");
        let error = build_position(&setup(Some("not a fen"), &[]), false).expect_err("bad FEN");
        assert!(error.to_string().starts_with("invalid FEN ("), "{error}");
        assert_eq!(error.into_kept_position(&current).to_fen(), current.to_fen());
    }
}
