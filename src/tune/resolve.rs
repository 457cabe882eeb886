//! Resolving a position to a quiet one before tuning: a small capture-only
//! quiescence search whose principal variation leads to the position the
//! evaluation should be judged on.
//!
//! Why: a position with a piece en prise is labelled with the result of the game
//! in which the capture was played, but the static evaluation does not see the
//! capture. Tuning on such positions teaches the weights to guess at tactics.
//! Following the quiescence line to its leaf removes most of that noise.
//!
//! This search is the tuner's own (it needs the line, not only the score): stand
//! pat, captures and queen promotions ordered most-valuable-victim first, no
//! pruning, a ply cap. The side to move may stand pat while in check at an inner
//! node (a capture that checks); positions in check at the root are not resolved
//! here, the caller skips them.

use crate::board::movegen::generate_noisy;
use crate::board::{Move, MoveList, PieceType, Position};
use crate::eval::{evaluate, PawnTable};

/// The deepest capture sequence followed; beyond it the position is judged as it stands.
const MAX_PLY: usize = 16;

/// Piece values for ordering captures only.
const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The quiescence line from `pos` (empty when standing pat is best) and its
/// score from the side to move.
pub fn quiescence_line(pos: &mut Position, pawns: &mut PawnTable) -> (Vec<Move>, i32) {
    let mut line = Vec::new();
    let score = qsearch(pos, pawns, -i32::MAX, i32::MAX, 0, &mut line);
    (line, score)
}

/// The position at the end of the quiescence line of `pos`.
#[must_use]
pub fn resolve(pos: &Position, pawns: &mut PawnTable) -> Position {
    let mut work = pos.clone();
    let (line, _) = quiescence_line(&mut work, pawns);
    let mut leaf = pos.clone();
    for mv in line {
        leaf.make_move(mv);
    }
    leaf
}

fn qsearch(
    pos: &mut Position,
    pawns: &mut PawnTable,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    line: &mut Vec<Move>,
) -> i32 {
    line.clear();
    let stand_pat = evaluate(pos, pawns);
    if stand_pat >= beta || ply >= MAX_PLY {
        return stand_pat;
    }
    alpha = alpha.max(stand_pat);
    let mut best = stand_pat;

    let moves = ordered_captures(pos);
    let mut child_line = Vec::new();
    for mv in moves {
        pos.make_move(mv);
        let score = -qsearch(pos, pawns, -beta, -alpha, ply + 1, &mut child_line);
        pos.unmake_move();
        if score > best {
            best = score;
            line.clear();
            line.push(mv);
            line.extend_from_slice(&child_line);
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
    }
    best
}

/// Captures and queen promotions, most valuable victim first, then least valuable attacker.
fn ordered_captures(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_noisy(pos, &mut list);
    let mut scored: Vec<(i32, Move)> = list
        .iter()
        .filter(|mv| mv.promotion_piece().is_none_or(|pt| pt == PieceType::Queen))
        .map(|&mv| {
            let victim = pos.captured_piece_type(mv).map_or(0, |pt| ORDER_VALUE[pt.index()]);
            let promotion = if mv.is_promotion() { ORDER_VALUE[PieceType::Queen.index()] } else { 0 };
            let attacker = ORDER_VALUE[pos.moved_piece(mv).piece_type().index()];
            (victim * 16 + promotion - attacker / 16, mv)
        })
        .collect();
    scored.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
    scored.into_iter().map(|(_, mv)| mv).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hanging_queen_is_taken() {
        // White's queen on d5 is attacked by the e6 pawn and defended by nothing.
        let pos = Position::from_fen("4k3/8/4p3/3Q4/8/8/8/4K3 b - - 0 1").expect("fen");
        let mut pawns = PawnTable::new();
        let leaf = resolve(&pos, &mut pawns);
        assert!(leaf.pieces(crate::board::Color::White, PieceType::Queen).is_empty());
        assert_eq!(leaf.side_to_move(), crate::board::Color::White);
    }

    #[test]
    fn quiet_position_stays() {
        let pos = Position::startpos();
        let mut pawns = PawnTable::new();
        let leaf = resolve(&pos, &mut pawns);
        assert_eq!(leaf.to_fen(), pos.to_fen());
    }
}
