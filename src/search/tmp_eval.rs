//! TEMPORARY stand-in for `crate::eval` until the real evaluation lands on main:
//! material only, with the same names and signature, so switching is one `use` line.

use crate::board::{Color, PieceType, Position};

/// Placeholder for the evaluation's per-thread pawn hash table.
#[derive(Default)]
pub struct PawnTable;

impl PawnTable {
    #[must_use]
    pub fn new() -> PawnTable {
        PawnTable
    }
}

const MATERIAL: [i32; 5] = [100, 320, 330, 500, 900];

/// Material balance in centipawns from the side to move.
#[must_use]
pub fn evaluate(pos: &Position, _pawns: &mut PawnTable) -> i32 {
    let white_minus_black: i32 = PieceType::ALL[..5]
        .iter()
        .zip(MATERIAL)
        .map(|(&pt, value)| {
            let white = pos.pieces(Color::White, pt).count() as i32;
            let black = pos.pieces(Color::Black, pt).count() as i32;
            value * (white - black)
        })
        .sum();
    white_minus_black * pos.side_to_move().sign()
}
