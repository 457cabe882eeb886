//! The tapered hand-crafted evaluation (first version: material, piece-square
//! tables and tempo; the full set of terms follows with the same API).

pub mod layout;
#[rustfmt::skip]
pub mod params;
pub mod score;
pub mod trace;

use crate::board::{Color, PieceType, Position};

use score::{phase, S, SCALE_NORMAL};

/// A per-thread cache of pawn-structure evaluations (used by the full evaluation).
pub struct PawnTable;

impl PawnTable {
    #[must_use]
    pub fn new() -> PawnTable {
        PawnTable
    }

    pub fn clear(&mut self) {}
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable::new()
    }
}

/// The static evaluation of `pos` in centipawns, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Position, _pawns: &mut PawnTable) -> i32 {
    white_score(pos).1 * pos.side_to_move().sign()
}

/// The blended score from White's side and its unblended parts.
fn white_score(pos: &Position) -> (S, i32) {
    let mut total = S::ZERO;
    for color in Color::BOTH {
        let mut side = S::ZERO;
        for pt in PieceType::ALL {
            for square in pos.pieces(color, pt) {
                side += params::MATERIAL[pt.index()] + params::PST[pt.index()][square.relative(color).index() ^ 56];
            }
        }
        total += side * color.sign();
    }
    total += params::TEMPO * pos.side_to_move().sign();
    (total, total.blend(game_phase(pos), SCALE_NORMAL))
}

/// The phase 0 (bare kings and pawns) ..= 256 (all pieces) from the non-pawn pieces.
#[must_use]
pub fn game_phase(pos: &Position) -> i32 {
    let mut counts = [0; 6];
    for pt in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        counts[pt.index()] = pos.by_type(pt).count() as i32;
    }
    phase(counts)
}

/// The `eval` command's report (first version: the total only).
#[must_use]
pub fn eval_report(pos: &Position) -> String {
    let (total, cp) = white_score(pos);
    format!(
        "Material + piece squares + tempo: {} mg {} eg\nPhase: {} / 256\nFinal evaluation: {cp} cp (white side)",
        total.mg(),
        total.eg(),
        game_phase(pos)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_is_balanced_and_material_counts() {
        let mut pawns = PawnTable::new();
        let start = evaluate(&Position::startpos(), &mut pawns);
        assert!(start.abs() < 50, "startpos {start}");
        let queen_up = Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").expect("fen");
        assert!(evaluate(&queen_up, &mut pawns) > 800);
        let report = eval_report(&queen_up);
        let last = report.lines().last().expect("a line");
        assert!(last.starts_with("Final evaluation: ") && last.ends_with(" cp (white side)"));
    }
}
