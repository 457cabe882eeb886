//! Static-eval correction by pawn structure and by each side's piece placement.
//!
//! The hand-crafted evaluation is wrong in ways that repeat: the same pawn
//! structure is misjudged by about the same amount wherever the pieces stand,
//! and the same placement of one side's pieces (king included) wherever the
//! pawns are. Each search node that ends with a reliable score tells how far
//! the static eval was off. Three tables learn that error together as a sum,
//! one keyed by (side to move, pawn structure), one per colour keyed by (side
//! to move, that colour's non-pawn pieces); their sum is added to later
//! static evals.

use crate::board::{Color, Position};
use crate::eval::EVAL_LIMIT;

use super::score::TB_WIN_BOUND;

/// Table entries keep the average error in 1/`GRAIN` centipawns, so that small
/// weights still move them.
const GRAIN: i32 = 256;
/// Entries per side to move and table (a power of two: indexed by the low key bits).
const SIZE: usize = 16_384;
/// The weights of one update are out of this total.
const WEIGHT_SCALE: i32 = 256;
/// An update weighs at most this much, reached by deep searches.
const MAX_WEIGHT: i32 = 16;
/// No correction exceeds this many centipawns: it refines the eval, never replaces it.
pub const MAX_CORRECTION: i32 = 96;
/// The bound of one entry and of one update's error, in table units.
const ENTRY_LIMIT: i32 = MAX_CORRECTION * GRAIN;

// A corrected static eval must never look like a tablebase result or a mate.
const _: () = assert!(EVAL_LIMIT + MAX_CORRECTION < TB_WIN_BOUND);

/// The learned eval errors of one thread, by pawn structure and by each side's pieces.
pub struct CorrectionHistory {
    /// `[side to move][pawn key slot]`.
    pawn: Box<[i32]>,
    /// `[side to move][colour of the pieces][non-pawn key slot]`.
    non_pawn: Box<[i32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

impl CorrectionHistory {
    #[must_use]
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { pawn: vec![0; 2 * SIZE].into_boxed_slice(), non_pawn: vec![0; 4 * SIZE].into_boxed_slice() }
    }

    pub fn clear(&mut self) {
        self.pawn.fill(0);
        self.non_pawn.fill(0);
    }

    /// The slots of `pos` in the pawn table and in the two non-pawn tables.
    fn slots(pos: &Position) -> [usize; 3] {
        let stm = pos.side_to_move().index();
        // Truncating a key is the point: its low bits pick the slot.
        let slot = |key: u64| key as usize & (SIZE - 1);
        let non_pawn = |color: Color| (2 * stm + color.index()) * SIZE + slot(pos.non_pawn_key(color));
        [stm * SIZE + slot(pos.pawn_key()), non_pawn(Color::White), non_pawn(Color::Black)]
    }

    /// The three entries' sum, in table units.
    fn sum(&self, [pawn, white, black]: [usize; 3]) -> i32 {
        self.pawn[pawn] + self.non_pawn[white] + self.non_pawn[black]
    }

    /// `raw_eval` (the evaluation of `pos`) plus the error learned for its pawns and pieces.
    #[inline]
    #[must_use]
    pub fn corrected(&self, pos: &Position, raw_eval: i32) -> i32 {
        raw_eval + (self.sum(Self::slots(pos)) / GRAIN).clamp(-MAX_CORRECTION, MAX_CORRECTION)
    }

    /// Learns from a search of `pos` to `depth` that found `score` where the
    /// evaluation said `raw_eval`: each table moves by a share of what the sum
    /// still misses, deeper searches weighing more.
    pub fn update(&mut self, pos: &Position, depth: i32, raw_eval: i32, score: i32) {
        let slots = Self::slots(pos);
        let target = (score - raw_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let residual = (target - self.sum(slots)).clamp(-ENTRY_LIMIT, ENTRY_LIMIT);
        let step = residual * (depth + 1).clamp(1, MAX_WEIGHT) / WEIGHT_SCALE;
        let [pawn, white, black] = slots;
        nudge(&mut self.pawn[pawn], step);
        nudge(&mut self.non_pawn[white], step);
        nudge(&mut self.non_pawn[black], step);
    }
}

/// Moves one entry by `step`, within its bound.
fn nudge(entry: &mut i32, step: i32) {
    *entry = (*entry + step).clamp(-ENTRY_LIMIT, ENTRY_LIMIT);
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

    #[test]
    fn an_error_learned_for_one_sides_pieces_carries_to_other_pawns() {
        let mut table = CorrectionHistory::new();
        let learned = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4");
        // White's pieces as above; the pawns and Black's pieces differ.
        let same_white_pieces = position("rnbqkbnr/pp3ppp/4p3/2pp4/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 0 4");
        let other_pieces = position("rnbqkbnr/pp3ppp/4p3/2pp4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4");
        for _ in 0..200 {
            table.update(&learned, 12, 0, 60);
        }
        let carried = table.corrected(&same_white_pieces, 0);
        assert!((10..60).contains(&carried), "carried {carried}");
        assert_eq!(table.corrected(&other_pieces, 0), 0, "nothing learned for these pawns or pieces");
    }
}
