//! Draw rules: repetition, the fifty-move rule and insufficient material.

use super::bitboard::Bitboard;
use super::movegen::has_legal_move;
use super::position::Position;
use super::types::PieceType;

impl Position {
    /// Whether this position repeats an earlier one so that the search should
    /// score it as a draw: once when the earlier occurrence lies inside the
    /// search (at most `ply_from_root` plies back), twice when it lies before
    /// the root (a real threefold repetition in the game).
    #[must_use]
    pub fn is_repetition(&self, ply_from_root: usize) -> bool {
        let reach = self.state.halfmove.min(self.state.plies_from_null) as usize;
        let reach = reach.min(self.history.len());
        let mut earlier_matches = 0;
        let mut distance = 4;
        while distance <= reach {
            let state = &self.history[self.history.len() - distance];
            if state.key == self.state.key {
                if distance <= ply_from_root {
                    return true;
                }
                earlier_matches += 1;
                if earlier_matches >= 2 {
                    return true;
                }
            }
            distance += 2;
        }
        false
    }

    /// The fifty-move rule: a hundred half-moves without a capture or a pawn
    /// move draw, unless the last of them delivered checkmate.
    #[must_use]
    pub fn is_fifty_move_draw(&self) -> bool {
        self.state.halfmove >= 100 && (!self.in_check() || has_legal_move(self))
    }

    /// Neither side can possibly mate: bare kings, a lone minor piece, or
    /// bishops only, all on squares of one colour.
    #[must_use]
    pub fn has_insufficient_material(&self) -> bool {
        let heavy_or_pawns =
            self.by_type(PieceType::Pawn) | self.by_type(PieceType::Rook) | self.by_type(PieceType::Queen);
        if heavy_or_pawns.any() {
            return false;
        }
        let knights = self.by_type(PieceType::Knight);
        let bishops = self.by_type(PieceType::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }
}
