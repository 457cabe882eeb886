//! Where each KPK position sits in the bitbase: one definition for the build
//! script that writes the table (`build/kpk.rs`, which includes this file by
//! path, since a build script cannot use the crate) and for the evaluation
//! that reads it (`src/eval/kpk.rs`), so the two cannot disagree.
//!
//! Squares are plain indices (a1 = 0, h8 = 63) seen from the pawn's side: the
//! pawn moves up the board and stands on files a-d (callers mirror the
//! others) and ranks 2-7. The index is
//! `((side_to_move * 24 + pawn) * 64 + pawn_king) * 64 + lone_king` with
//! `pawn = (rank - 1) * 4 + file` and `side_to_move` 0 for the pawn's side.

/// Pawn squares in the table: files a-d, ranks 2-7.
pub const PAWN_SQUARES: usize = 24;

/// Both sides to move, every pawn square, both kings anywhere.
#[allow(dead_code)] // The evaluation reads the table's length from the table itself.
pub const POSITIONS: usize = 2 * PAWN_SQUARES * 64 * 64;

/// The table index of a position; `pawn` must be on files a-d, ranks 2-7.
#[must_use]
pub fn index_of(pawn_side_to_move: bool, pawn: usize, pawn_king: usize, lone_king: usize) -> usize {
    let pawn_index = (pawn / 8 - 1) * 4 + pawn % 8;
    let side = usize::from(!pawn_side_to_move);
    ((side * PAWN_SQUARES + pawn_index) * 64 + pawn_king) * 64 + lone_king
}
