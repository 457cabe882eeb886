//! Static-eval correction by pawn structure.
//!
//! The hand-crafted evaluation is wrong in ways that repeat: the same pawn
//! structure is misjudged by about the same amount wherever the pieces stand.
//! Each search node that ends with a reliable score tells how far the static
//! eval was off; those errors are averaged per (side to move, pawn structure)
//! and added to later static evals of positions with that structure.

use crate::board::Position;
use crate::eval::EVAL_LIMIT;

use super::score::TB_WIN_BOUND;

/// Table entries keep the average error in 1/`GRAIN` centipawns, so that small
/// weights still move them.
const GRAIN: i32 = 256;
/// Entries per side to move (a power of two: indexed by the low pawn-key bits).
const SIZE: usize = 16_384;
/// The weights of one update are out of this total.
const WEIGHT_SCALE: i32 = 256;
/// An update weighs at most this much, reached by deep searches.
const MAX_WEIGHT: i32 = 16;
/// No correction exceeds this many centipawns: it refines the eval, never replaces it.
pub const MAX_CORRECTION: i32 = 96;

// A corrected static eval must never look like a tablebase result or a mate.
const _: () = assert!(EVAL_LIMIT + MAX_CORRECTION < TB_WIN_BOUND);

/// The average eval error per (side to move, pawn structure) of one thread.
pub struct CorrectionHistory {
    entries: Box<[i32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

impl CorrectionHistory {
    #[must_use]
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { entries: vec![0; 2 * SIZE].into_boxed_slice() }
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    fn index(pos: &Position) -> usize {
        // Truncating the key is the point: its low bits pick the slot.
        pos.side_to_move().index() * SIZE + (pos.pawn_key() as usize & (SIZE - 1))
    }

    /// `raw_eval` (the evaluation of `pos`) plus the error learned for its pawns.
    #[inline]
    #[must_use]
    pub fn corrected(&self, pos: &Position, raw_eval: i32) -> i32 {
        raw_eval + self.entries[Self::index(pos)] / GRAIN
    }

    /// Learns from a search of `pos` to `depth` that found `score` where the
    /// evaluation said `raw_eval`: a weighted average, deeper searches weighing more.
    pub fn update(&mut self, pos: &Position, depth: i32, raw_eval: i32, score: i32) {
        let error = (score - raw_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let entry = &mut self.entries[Self::index(pos)];
        *entry = (*entry * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn repeated_errors_pull_the_eval_towards_the_search_score() {
        let mut table = CorrectionHistory::new();
        let pos = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(table.corrected(&pos, 10), 10);
        for _ in 0..200 {
            table.update(&pos, 12, 10, 60);
        }
        let corrected = table.corrected(&pos, 10);
        assert!((55..=60).contains(&corrected), "corrected to {corrected}");
    }

    #[test]
    fn corrections_are_bounded_and_keyed_by_side_and_pawns() {
        let mut table = CorrectionHistory::new();
        let black = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let white = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        for _ in 0..500 {
            table.update(&black, 20, 0, 5000);
        }
        assert!(table.corrected(&black, 0) <= MAX_CORRECTION);
        assert!(table.corrected(&black, 0) > MAX_CORRECTION - 5);
        assert_eq!(table.corrected(&white, 0), 0, "the other side to move is a different entry");
        table.clear();
        assert_eq!(table.corrected(&black, 0), 0);
    }
}
