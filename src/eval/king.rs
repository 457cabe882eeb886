//! King safety: attacks on the king zone turned into a nonlinear danger penalty,
//! plus the pawn shelter, the pawn storm and open files next to the king.

use crate::board::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::board::{Bitboard, Color, PieceType, Position, Square};

use super::pawns::{forward_ranks, occupied_files};
use super::score::S;
use super::trace::{weight, weight_n, Tracer};
use super::EvalInfo;

/// The penalty for `danger` units against a king: quadratic in the middlegame, so
/// that several attackers together count far more than each alone; linear and
/// mild in the endgame. Zero for non-positive danger; the middlegame units are
/// capped so that no weights a tuner tries can overflow or swamp the material.
#[must_use]
pub fn danger_penalty(danger: S) -> S {
    let mg = danger.mg().clamp(0, 1500);
    let eg = danger.eg().max(0);
    S(-(mg * mg / 720), -(eg / 20))
}

/// The king safety of `us`: shelter, storm and files (linear), and the danger
/// penalty when enough enemy pieces take part in the attack.
pub fn king_safety<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    // A bare king has no safety to weigh: mop-up alone scores where it stands.
    // Danger units would pull the other way, since a king in the centre has
    // the most squares around it to attack.
    if !pos.by_color(us).has_several() {
        return S::ZERO;
    }
    let danger = danger_units(pos, info, us, t);
    t.danger(us, danger);
    danger_penalty(danger)
        + pawn_cover(pos, info.king_square[us.index()], us, t)
        + king_in_centre(pos, info, us, t)
        + king_surroundings(pos, info, us, t)
}

/// The own pawns and minor pieces around `us`'s king, and how far the king
/// stands from the files where pawns are.
fn king_surroundings<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let king = info.king_square[us.index()];
    let guards =
        pos.pieces(us, PieceType::Pawn) | pos.pieces(us, PieceType::Knight) | pos.pieces(us, PieceType::Bishop);
    let defenders = ((guards & info.king_zone[us.index()]).count() as usize).min(11);
    let distance = pawn_file_distance(pos.by_type(PieceType::Pawn), king.file());
    let mut score = weight!(t, us, KING_DEFENDERS[defenders]) + weight!(t, us, KING_PAWN_FILE_DISTANCE[distance]);
    // No pawn on the king's file or the two beside it.
    if distance >= 2 {
        score += weight!(t, us, PAWNLESS_FLANK);
    }
    score
}

/// The distance in files from `file` to the nearest file holding a pawn of
/// `pawns`, or 7 when there is none.
fn pawn_file_distance(pawns: Bitboard, file: u8) -> usize {
    let files = occupied_files(pawns);
    (0..8u8).filter(|&f| files & (1 << f) != 0).map(|f| usize::from(f.abs_diff(file))).min().unwrap_or(7)
}

/// A king still on a central file while the enemy queen is on the board: the
/// search alone does not see the danger of leaving it there (hand-set weight).
fn king_in_centre<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    if pos.pieces(us.flip(), PieceType::Queen).is_empty() {
        return S::ZERO;
    }
    weight!(t, us, KING_CENTRE_FILE[usize::from(info.king_square[us.index()].file())])
}

/// The danger units against `us`'s king, recorded under `us`; zero (and nothing
/// recorded) unless at least two enemy pieces attack the zone, or one with a queen
/// on the board.
fn danger_units<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, t: &mut T) -> S {
    let them = us.flip();
    let (u, th) = (us.index(), them.index());
    let attackers = &info.king_attackers[th];
    let attacker_count: i32 = attackers.iter().sum();
    let enemy_queens = pos.pieces(them, PieceType::Queen);
    if attacker_count < 2 - i32::from(enemy_queens.any()) {
        return S::ZERO;
    }

    let mut danger = S::ZERO;
    for pt in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        let count = attackers[pt.index()];
        if count != 0 {
            danger += weight_n!(t, us, count, KS_ATTACKER_WEIGHT[pt.index()]);
        }
    }
    danger += weight_n!(t, us, info.king_zone_attacks[th], KS_ZONE_ATTACKS);

    let king = info.king_square[u];
    // Squares next to the king the enemy hits and only our king or queen defends.
    let weak = info.attacked[th]
        & !info.attacked2[u]
        & (!info.attacked[u]
            | info.attacked_by[u][PieceType::King.index()]
            | info.attacked_by[u][PieceType::Queen.index()]);
    let weak_near_king = (weak & king_attacks(king)).count() as i32;
    if weak_near_king != 0 {
        danger += weight_n!(t, us, weak_near_king, KS_WEAK_SQUARES);
    }
    danger += checks(pos, info, us, weak, t);
    if enemy_queens.is_empty() {
        danger += weight!(t, us, KS_NO_QUEEN);
    }
    danger + weight!(t, us, KS_OFFSET)
}

/// Danger from the enemy's possible checks: per piece type that has a safe one,
/// and per square of an unsafe one.
fn checks<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, weak: Bitboard, t: &mut T) -> S {
    let them = us.flip();
    let (u, th) = (us.index(), them.index());
    let king = info.king_square[u];
    // A check is safe on a square we do not attack, or only weakly defend while the
    // enemy attacks it twice.
    let reachable = !pos.by_color(them);
    let safe = reachable & (!info.attacked[u] | (weak & info.attacked2[th]));
    let by = |pt: PieceType| info.attacked_by[th][pt.index()];

    let rook_lines = rook_attacks(king, info.occupied);
    let bishop_lines = bishop_attacks(king, info.occupied);
    let checks = [
        (PieceType::Knight, knight_attacks(king) & by(PieceType::Knight)),
        (PieceType::Bishop, bishop_lines & by(PieceType::Bishop)),
        (PieceType::Rook, rook_lines & by(PieceType::Rook)),
        (PieceType::Queen, (rook_lines | bishop_lines) & by(PieceType::Queen)),
    ];

    let mut danger = S::ZERO;
    let mut unsafe_checks = Bitboard::EMPTY;
    for (pt, squares) in checks {
        if (squares & safe).any() {
            danger += weight!(t, us, KS_SAFE_CHECK[pt.index()]);
        }
        unsafe_checks |= squares & reachable & !safe;
    }
    let unsafe_count = unsafe_checks.count() as i32;
    if unsafe_count != 0 {
        danger += weight_n!(t, us, unsafe_count, KS_UNSAFE_CHECKS);
    }
    danger
}

/// Pawn shelter, pawn storm and (semi-)open files on the king's file and its
/// neighbours (the b..g files for a king on the edge, so three files always count).
fn pawn_cover<T: Tracer>(pos: &Position, king: Square, us: Color, t: &mut T) -> S {
    let them = us.flip();
    let ours = pos.pieces(us, PieceType::Pawn);
    let theirs = pos.pieces(them, PieceType::Pawn);
    // Pawns level with the king or in front of it: those behind shelter nothing.
    let in_front = forward_ranks(us, king) | Bitboard::rank(king.rank());
    let centre = king.file().clamp(1, 6);
    let mut score = S::ZERO;

    for file in centre - 1..=centre + 1 {
        let file_mask = Bitboard::file(file);
        let own_on_file = ours & file_mask;
        let shelter = nearest_rank(us, own_on_file & in_front);
        let storm = nearest_rank(us, theirs & file_mask & in_front);
        let edge = usize::from(file.min(7 - file));
        score += weight!(t, us, KING_SHELTER[edge][shelter]);

        // An enemy pawn stopped right in front of our shelter pawn cannot open the file.
        let blocked = shelter != 0 && storm == shelter + 1;
        score += weight!(t, us, KING_STORM[usize::from(blocked)][storm]);

        if own_on_file.is_empty() {
            let open = (theirs & file_mask).is_empty();
            score += weight!(t, us, KING_OPEN_FILE[usize::from(open)]);
        }
    }
    score
}

/// The relative rank (from `us`'s side) of the square of `set` nearest to `us`'s
/// home rank, or 0 when the set is empty.
fn nearest_rank(us: Color, set: Bitboard) -> usize {
    if set.is_empty() {
        return 0;
    }
    let nearest = match us {
        Color::White => set.lsb(),
        Color::Black => set.msb(),
    };
    usize::from(us.relative_rank(nearest.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_file_distance_is_the_nearest_pawn_file() {
        let pawns =
            Bitboard::from_square(Square::from_file_rank(1, 3)) | Bitboard::from_square(Square::from_file_rank(6, 5));
        assert_eq!(pawn_file_distance(pawns, 1), 0);
        assert_eq!(pawn_file_distance(pawns, 3), 2);
        assert_eq!(pawn_file_distance(pawns, 4), 2);
        assert_eq!(pawn_file_distance(pawns, 7), 1);
        assert_eq!(pawn_file_distance(Bitboard::EMPTY, 4), 7);
    }
}
