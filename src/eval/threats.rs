//! Threats: enemy pieces attacked by cheaper pieces, undefended pieces, and
//! pawn pushes that would attack a piece; and the squares a side controls:
//! contested squares the enemy holds only weakly, and safe space behind its pawns.

use crate::board::attacks::{bishop_attacks, knight_attacks, pawn_attacks_bb, rook_attacks};
use crate::board::{Bitboard, Color, PieceType, Position};

use super::score::S;
use super::trace::{weight_n, Tracer};
use super::EvalInfo;

/// The threats `us` makes against the enemy.
pub fn threats<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let them = us.flip();
    let (u, th) = (us.index(), them.index());
    let by_us = |pt: PieceType| info.attacked_by[u][pt.index()];
    let enemy_pawns = pos.pieces(them, PieceType::Pawn);
    let enemy_king = pos.pieces(them, PieceType::King);
    let enemy_pieces = pos.by_color(them) & !enemy_pawns & !enemy_king;
    let defended_by_pawn = info.attacked_by[th][PieceType::Pawn.index()];
    let majors = pos.pieces(them, PieceType::Rook) | pos.pieces(them, PieceType::Queen);
    let undefended = !info.attacked[th];
    let mut score = S::ZERO;

    score += per_victim(pos, them, enemy_pieces & by_us(PieceType::Pawn), t, |t, pt, n| {
        weight_n!(t, us, n, THREAT_BY_PAWN[pt])
    });

    // Minors gain from hitting majors or anything a pawn does not guard.
    let minor_targets = (pos.by_color(them) & !enemy_king) & (majors | !defended_by_pawn);
    let by_minors = by_us(PieceType::Knight) | by_us(PieceType::Bishop);
    score += per_victim(pos, them, minor_targets & by_minors, t, |t, pt, n| weight_n!(t, us, n, THREAT_BY_MINOR[pt]));

    let rook_targets = (pos.by_color(them) & !enemy_king) & (pos.pieces(them, PieceType::Queen) | undefended);
    score += per_victim(pos, them, rook_targets & by_us(PieceType::Rook), t, |t, pt, n| {
        weight_n!(t, us, n, THREAT_BY_ROOK[pt])
    });

    let king_prey = (pos.by_color(them) & !enemy_king & undefended & by_us(PieceType::King)).count() as i32;
    if king_prey != 0 {
        score += weight_n!(t, us, king_prey, THREAT_BY_KING);
    }

    let hanging = (enemy_pieces & info.attacked[u] & undefended).count() as i32;
    if hanging != 0 {
        score += weight_n!(t, us, hanging, HANGING);
    }

    let push_threats = safe_push_threats(pos, info, us) & enemy_pieces & !by_us(PieceType::Pawn);
    if push_threats.any() {
        score += weight_n!(t, us, push_threats.count() as i32, THREAT_PAWN_PUSH);
    }
    score + restricted(info, us, t) + space(pos, info, us, t) + queen_threats(pos, info, us, t)
}

/// Safe squares from which a knight or slider of `us` could hit the enemy's only
/// queen next move: the queen has to move or be guarded, a tempo the piece
/// count does not see.
fn queen_threats<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let u = us.index();
    let queens = pos.pieces(us.flip(), PieceType::Queen);
    if queens.is_empty() || queens.has_several() {
        return S::ZERO;
    }
    let queen = queens.lsb();
    let safe = info.mobility_area[u] & !firmly_held(info, us);
    let mut score = S::ZERO;
    let knight_squares = knight_attacks(queen) & info.attacked_by[u][PieceType::Knight.index()] & safe;
    if knight_squares.any() {
        score += weight_n!(t, us, knight_squares.count() as i32, KNIGHT_ON_QUEEN);
    }
    let slider_squares = (bishop_attacks(queen, info.occupied) & info.attacked_by[u][PieceType::Bishop.index()])
        | (rook_attacks(queen, info.occupied) & info.attacked_by[u][PieceType::Rook.index()]);
    let slider_squares = slider_squares & safe & info.attacked2[u];
    if slider_squares.any() {
        score += weight_n!(t, us, slider_squares.count() as i32, SLIDER_ON_QUEEN);
    }
    score
}

/// Squares the enemy of `us` holds firmly: guarded by a pawn, or attacked twice
/// where `us` does not attack twice.
fn firmly_held(info: &EvalInfo, us: Color) -> Bitboard {
    let (u, th) = (us.index(), us.flip().index());
    info.attacked_by[th][PieceType::Pawn.index()] | (info.attacked2[th] & !info.attacked2[u])
}

/// Squares both sides attack where the enemy has neither a pawn guard nor more attackers.
fn restricted<T: Tracer>(info: &EvalInfo, us: Color, t: &mut T) -> S {
    let (u, th) = (us.index(), us.flip().index());
    let count = (info.attacked[th] & info.attacked[u] & !firmly_held(info, us)).count() as i32;
    if count == 0 {
        return S::ZERO;
    }
    weight_n!(t, us, count, RESTRICTED)
}

/// Safe central squares on our side of the board, worth more the more pieces we have to use them.
fn space<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let them = us.flip();
    let own_pawns = pos.pieces(us, PieceType::Pawn);
    let centre_files = Bitboard::file(2) | Bitboard::file(3) | Bitboard::file(4) | Bitboard::file(5);
    let own_side = Bitboard::relative_rank(us, 1) | Bitboard::relative_rank(us, 2) | Bitboard::relative_rank(us, 3);
    let safe = centre_files & own_side & !own_pawns & !info.attacked_by[them.index()][PieceType::Pawn.index()];
    let mut behind = own_pawns.forward(them);
    behind |= behind.forward(them);
    behind |= behind.forward(them);
    let squares = (safe.count() + (safe & behind).count()) as i32;
    let pieces = (pos.by_color(us) & !own_pawns).count() as i32 - 1;
    let units = squares * pieces / 4;
    if units == 0 {
        return S::ZERO;
    }
    weight_n!(t, us, units, SPACE)
}

/// Calls `f(t, piece type index, count)` for each piece type present in `victims`.
#[inline]
fn per_victim<T: Tracer>(
    pos: &Position,
    them: Color,
    victims: Bitboard,
    t: &mut T,
    mut f: impl FnMut(&mut T, usize, i32) -> S,
) -> S {
    let mut score = S::ZERO;
    if victims.is_empty() {
        return score;
    }
    for pt in [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        let count = (victims & pos.pieces(them, pt)).count() as i32;
        if count != 0 {
            score += f(t, pt.index(), count);
        }
    }
    score
}

/// Squares `us`'s pawns would attack after a single or double push to a square
/// that no enemy pawn attacks and that is not lost to a piece exchange.
fn safe_push_threats(pos: &Position, info: &EvalInfo, us: Color) -> Bitboard {
    let them = us.flip();
    let (u, th) = (us.index(), them.index());
    let empty = !info.occupied;
    let single = pos.pieces(us, PieceType::Pawn).forward(us) & empty;
    let double = (single & Bitboard::relative_rank(us, 2)).forward(us) & empty;
    let safe = !info.attacked_by[th][PieceType::Pawn.index()] & (info.attacked[u] | !info.attacked[th]);
    pawn_attacks_bb(us, (single | double) & safe)
}
