//! The game an XBoard session follows: where it started (`new`, `setboard`),
//! the moves played since, taking them back, and how it ended.

use crate::board::movegen::{generate_legal, has_legal_move};
use crate::board::{Color, Move, MoveList, Position};

/// The start position and the moves since, with the current position.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    current: Position,
}

impl Default for Game {
    fn default() -> Game {
        Game::from_position(Position::startpos())
    }
}

impl Game {
    /// A game starting at `start`, no moves played.
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game { current: start.clone(), start, moves: Vec::new() }
    }

    /// The position now, with the game's history for repetitions.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// Plays the move `text` names (coordinate notation, or `O-O`/`O-O-O`).
    ///
    /// # Errors
    /// The move is not legal here; the game is unchanged.
    pub fn play_text(&mut self, text: &str, chess960: bool) -> Result<Move, String> {
        let mv = parse_move(&self.current, text, chess960)?;
        self.play(mv);
        Ok(mv)
    }

    /// Plays `mv`, a legal move.
    pub fn play(&mut self, mv: Move) {
        self.current.make_move(mv);
        self.moves.push(mv);
    }

    /// Takes back `plies` half-moves; false (and nothing changed) when fewer were played.
    pub fn take_back(&mut self, plies: usize) -> bool {
        if plies > self.moves.len() {
            return false;
        }
        self.moves.truncate(self.moves.len() - plies);
        let mut current = self.start.clone();
        for &mv in &self.moves {
            current.make_move(mv);
        }
        self.current = current;
        true
    }

    /// Moves `side` has made in this game (for moves-per-session controls).
    #[must_use]
    pub fn moves_made_by(&self, side: Color) -> u32 {
        let first_is_side = self.start.side_to_move() == side;
        let made = if first_is_side { self.moves.len().div_ceil(2) } else { self.moves.len() / 2 };
        u32::try_from(made).unwrap_or(u32::MAX)
    }

    /// The result line (`1-0 {White mates}`, ...) when the game is over by the rules.
    #[must_use]
    pub fn result_line(&self) -> Option<&'static str> {
        let pos = &self.current;
        if !has_legal_move(pos) {
            return Some(match (pos.in_check(), pos.side_to_move()) {
                (true, Color::White) => "0-1 {Black mates}",
                (true, Color::Black) => "1-0 {White mates}",
                (false, _) => "1/2-1/2 {Stalemate}",
            });
        }
        if pos.is_fifty_move_draw() {
            Some("1/2-1/2 {50 move rule}")
        } else if pos.is_repetition(0) {
            Some("1/2-1/2 {Draw by repetition}")
        } else if pos.has_insufficient_material() {
            Some("1/2-1/2 {Insufficient material}")
        } else {
            None
        }
    }
}

/// `mv` as CECP writes it: coordinates, with castling as `O-O`/`O-O-O` in Chess960.
#[must_use]
pub fn move_text(pos: &Position, mv: Move, chess960: bool) -> String {
    if chess960 && mv.is_castling() {
        return if mv.to().file() > mv.from().file() { "O-O".into() } else { "O-O-O".into() };
    }
    pos.move_to_uci(mv, false)
}

/// The legal move `text` names in `pos`.
///
/// # Errors
/// No legal move has that name; the message says why.
pub fn parse_move(pos: &Position, text: &str, chess960: bool) -> Result<Move, String> {
    let castle = match text.replace('0', "O").as_str() {
        "O-O" => Some(true),
        "O-O-O" => Some(false),
        _ => None,
    };
    let Some(kingside) = castle else { return pos.parse_uci_move(text, chess960) };
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    legal
        .iter()
        .copied()
        .find(|mv| mv.is_castling() && (mv.to().file() > mv.from().file()) == kingside)
        .ok_or_else(|| format!("no castling move '{text}' here"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_played_counted_and_taken_back() {
        let mut game = Game::default();
        for text in ["e2e4", "e7e5", "g1f3"] {
            game.play_text(text, false).expect("legal");
        }
        assert_eq!((game.moves_made_by(Color::White), game.moves_made_by(Color::Black)), (2, 1));
        assert!(game.play_text("e2e4", false).is_err());
        assert!(game.take_back(2));
        assert!(!game.take_back(5));
        assert_eq!(game.position().to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }

    #[test]
    fn the_rules_end_the_game() {
        let mut game = Game::default();
        for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            game.play_text(text, false).expect("legal");
        }
        assert_eq!(game.result_line(), Some("0-1 {Black mates}"));
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("valid");
        assert_eq!(Game::from_position(stalemate).result_line(), Some("1/2-1/2 {Stalemate}"));
    }

    #[test]
    fn castling_reads_and_writes_both_ways() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
        let short = parse_move(&pos, "O-O", true).expect("legal");
        assert_eq!(move_text(&pos, short, true), "O-O");
        assert_eq!(move_text(&pos, short, false), "e1g1");
        assert_eq!(parse_move(&pos, "e1c1", false).map(|mv| move_text(&pos, mv, true)), Ok("O-O-O".into()));
    }
}
