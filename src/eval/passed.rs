//! Passed pawns: rank, the path to promotion, king distances, the rule of the
//! square and rooks behind. Not hashed: all of it depends on the pieces.

use crate::board::{Bitboard, Color, PieceType, Position, Square};

use super::pawns::forward_file;
use super::score::S;
use super::trace::{weight, weight_n, Tracer};
use super::EvalInfo;

/// Chebyshev distance: the number of king moves between two squares.
#[inline]
#[must_use]
pub fn distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file()) - i32::from(b.file())).abs();
    let ranks = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    files.max(ranks)
}

/// The passed-pawn terms of `us`.
pub fn passed_pawns<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let passers = info.pawns.passed & pos.pieces(us, PieceType::Pawn);
    let mut score = S::ZERO;
    for square in passers {
        score += passer(pos, info, us, square, t);
    }
    score
}

fn passer<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, square: Square, t: &mut T) -> S {
    let them = us.flip();
    let (u, th) = (us.index(), them.index());
    let rank = usize::from(us.relative_rank(square.rank()));
    // A passer is never on the last rank, so the stop square exists.
    let stop = square.forward(us);
    let path = forward_file(us, square);
    let mut score = weight!(t, us, PASSED_RANK[rank]);
    let file = usize::from(square.file());
    score += weight!(t, us, PASSED_FILE[file.min(7 - file)]);

    if (path & info.occupied).is_empty() {
        score += weight!(t, us, PASSED_FREE_PATH[rank]);
    }
    let contested = pos.by_color(them) | (info.attacked[th] & !info.attacked[u]);
    if (path & contested).is_empty() {
        score += weight!(t, us, PASSED_SAFE_PATH[rank]);
    }
    if !info.occupied.contains(stop) && !info.attacked[th].contains(stop) {
        score += weight!(t, us, PASSED_SAFE_PUSH[rank]);
    }

    // Kings matter in the endgame: ours escorts, theirs blockades.
    let own_distance = distance(info.king_square[u], stop).min(5);
    let enemy_distance = distance(info.king_square[th], stop).min(5);
    score += weight_n!(t, us, own_distance, PASSED_KING_DIST_OWN[rank]);
    score += weight_n!(t, us, enemy_distance, PASSED_KING_DIST_ENEMY[rank]);

    if is_unstoppable(pos, info, us, square, path) {
        score += weight!(t, us, PASSED_UNSTOPPABLE);
    }
    score + rook_behind(pos, info, us, square, t)
}

/// The rule of the square: the enemy has only pawns, nothing stands on the path,
/// and the enemy king is too far from the promotion square to catch the pawn.
fn is_unstoppable(pos: &Position, info: &EvalInfo, us: Color, square: Square, path: Bitboard) -> bool {
    let them = us.flip();
    let enemy_pieces = pos.by_color(them) & !pos.pieces(them, PieceType::Pawn) & !pos.pieces(them, PieceType::King);
    if enemy_pieces.any() || (path & info.occupied).any() {
        return false;
    }
    let promotion = Square::from_file_rank(square.file(), us.relative_rank(7));
    // From its home rank the pawn's double step saves a move.
    let pawn_moves = (7 - i32::from(us.relative_rank(square.rank()))).min(5);
    let tempo = i32::from(pos.side_to_move() == them);
    distance(info.king_square[them.index()], promotion) - tempo > pawn_moves
}

/// A rook (ours or theirs) right behind the passer on its file, nothing between.
fn rook_behind<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, square: Square, t: &mut T) -> S {
    let behind = forward_file(us.flip(), square) & info.occupied;
    if behind.is_empty() {
        return S::ZERO;
    }
    let nearest = match us {
        Color::White => behind.msb(),
        Color::Black => behind.lsb(),
    };
    let rooks = pos.by_type(PieceType::Rook);
    if !rooks.contains(nearest) {
        S::ZERO
    } else if pos.by_color(us).contains(nearest) {
        weight!(t, us, PASSED_ROOK_BEHIND)
    } else {
        weight!(t, us, PASSED_ENEMY_ROOK_BEHIND)
    }
}
