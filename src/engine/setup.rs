//! Building the position a `position` command describes, and the `d` picture.

use crate::board::{Position, Square};
use crate::uci::command::PositionSetup;

/// The position after `setup`. A bad FEN keeps `current`; an illegal move keeps
/// the moves before it. The second value explains what went wrong.
#[must_use]
pub fn build_position(current: &Position, setup: &PositionSetup, chess960: bool) -> (Position, Option<String>) {
    let mut position = match &setup.fen {
        None => Position::startpos(),
        Some(fen) => match Position::from_fen(fen) {
            Ok(position) => position,
            Err(err) => return (current.clone(), Some(format!("invalid FEN ({err}); position unchanged"))),
        },
    };
    for (ply, text) in setup.moves.iter().enumerate() {
        match position.parse_uci_move(text, chess960) {
            Ok(mv) => position.make_move(mv),
            Err(err) => {
                let message = format!("move {} of the position command: {err}; the moves before it stand", ply + 1);
                return (position, Some(message));
            }
        }
    }
    (position, None)
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
