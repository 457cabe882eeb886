//! UCI move notation: `e2e4`, `e7e8q`, and castling as `e1g1` in standard
//! chess or king-takes-rook `e1h1` in Chess960.

use super::chess_move::{Move, MoveList};
use super::makemove::castle_destinations;
use super::movegen::generate_legal;
use super::position::Position;

impl Position {
    /// The move in UCI notation.
    #[must_use]
    pub fn move_to_uci(&self, mv: Move, chess960: bool) -> String {
        if mv.is_castling() && !chess960 {
            let (king_to, _) = castle_destinations(self.side_to_move(), mv.from(), mv.to());
            return format!("{}{}", mv.from(), king_to);
        }
        mv.to_string()
    }

    /// Finds the legal move that `text` names. Castling is accepted both as the
    /// king's two-square step and as king-takes-rook, whatever the mode.
    pub fn parse_uci_move(&self, text: &str, chess960: bool) -> Result<Move, String> {
        let text = text.trim();
        if !(4..=5).contains(&text.len()) || !text.is_ascii() {
            return Err(format!("'{text}' is not a move in UCI notation"));
        }
        let mut legal = MoveList::new();
        generate_legal(self, &mut legal);
        let lower = text.to_ascii_lowercase();
        let found = legal
            .iter()
            .copied()
            .find(|&mv| self.move_to_uci(mv, chess960) == lower || self.move_to_uci(mv, !chess960) == lower);
        found.ok_or_else(|| format!("illegal move '{text}' in position {}", self.to_fen()))
    }
}
