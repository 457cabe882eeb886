//! Endgame knowledge: scaling down drawish material, and the mop-up that mates
//! a bare king (to the edge, to the bishop's corner in KBNK, kings close).

use crate::board::{Bitboard, Color, PieceType, Position, Square};

use super::kpk;
use super::params::{
    SCALE_INSUFFICIENT, SCALE_NO_PAWNS_SMALL_EDGE, SCALE_OCB_BISHOPS_ONLY, SCALE_OCB_WITH_PIECES, SCALE_PAWN_PER,
};
use super::passed::distance;
use super::score::{S, SCALE_NORMAL};
use super::trace::{weight, weight_n, Tracer};

/// Files a-d and e-h: pawns on both make an endgame edge easier to convert.
const QUEENSIDE: Bitboard = Bitboard(0x0F0F_0F0F_0F0F_0F0F);
const KINGSIDE: Bitboard = Bitboard(0xF0F0_F0F0_F0F0_F0F0);

/// The complexity adjustment of the endgame half `eg` (White's side, before it):
/// an edge in a position with few pawns, all on one wing, is worth less than
/// the terms add up to, and one with many pawns on both wings more. Recorded in
/// White's slot (the term belongs to the position, not to a side).
pub fn complexity<T: Tracer>(pos: &Position, eg: i32, t: &mut T) -> S {
    let pawns = pos.by_type(PieceType::Pawn);
    let pieces = pos.occupied() & !pawns & !pos.by_type(PieceType::King);
    let white = Color::White;
    let mut units = weight_n!(t, white, pawns.count() as i32, COMPLEXITY_PAWNS);
    if (pawns & QUEENSIDE).any() && (pawns & KINGSIDE).any() {
        units += weight!(t, white, COMPLEXITY_BOTH_FLANKS);
    }
    if pieces.is_empty() {
        units += weight!(t, white, COMPLEXITY_PAWN_ENDGAME);
    }
    units += weight!(t, white, COMPLEXITY_OFFSET);
    S(0, complexity_adjustment(eg, units.eg()))
}

/// What `units` of complexity add to the endgame half `eg`: away from zero when
/// positive, towards it when negative, but never past it (an edge can shrink to
/// nothing, not change hands).
#[inline]
#[must_use]
pub const fn complexity_adjustment(eg: i32, units: i32) -> i32 {
    let floor = -eg.abs();
    eg.signum() * if units > floor { units } else { floor }
}

/// Material in pawn units, fixed (not tuned) so that the drawish-material rules
/// mean the same thing whatever the tuner does to the piece values.
fn piece_units(pos: &Position, color: Color) -> i32 {
    let count = |pt: PieceType| pos.pieces(color, pt).count() as i32;
    3 * (count(PieceType::Knight) + count(PieceType::Bishop)) + 5 * count(PieceType::Rook) + 9 * count(PieceType::Queen)
}

/// The factor (out of [`SCALE_NORMAL`]) for the endgame half, given its sign:
/// the side it favours is the one whose winning chances are judged.
#[must_use]
pub fn scale_factor(pos: &Position, eg: i32) -> i32 {
    // With nobody ahead there is nothing to scale; choosing a side here would
    // break the colour symmetry of the evaluation.
    if eg == 0 {
        return SCALE_NORMAL;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = strong.flip();
    let strong_pawns = pos.pieces(strong, PieceType::Pawn);

    if strong_pawns.is_empty() {
        let strong_units = piece_units(pos, strong);
        let only_knights = pos.pieces(strong, PieceType::Knight).count() as i32 * 3 == strong_units;
        // A bare minor, or two knights, cannot force mate.
        if strong_units <= 3 || (only_knights && strong_units <= 6) {
            return SCALE_INSUFFICIENT;
        }
        // Less than a rook ahead (at most a minor) without pawns: hard to win.
        if strong_units - piece_units(pos, weak) <= 3 {
            return SCALE_NO_PAWNS_SMALL_EDGE;
        }
    } else if !pos.by_color(weak).has_several() && is_known_draw(pos, strong, strong_pawns) {
        return SCALE_INSUFFICIENT;
    }
    opposite_bishops_scale(pos, strong_pawns).unwrap_or(SCALE_NORMAL)
}

/// Drawn endings of pawns (and bishops) against a bare king (the caller
/// checks that the weak side has nothing else): KPK by the
/// bitbase; pawns on one rook file with the bare king in front of them; and
/// pawns on one rook file with bishops that do not control the queening
/// square, the bare king next to it.
fn is_known_draw(pos: &Position, strong: Color, strong_pawns: Bitboard) -> bool {
    if kpk::is_kpk(pos, strong) {
        return !kpk::pawn_side_wins(pos, strong);
    }
    let Some(file) = single_rook_file(strong_pawns) else {
        return false;
    };
    let pieces = pos.by_color(strong) & !strong_pawns & !pos.pieces(strong, PieceType::King);
    let bishops = pos.pieces(strong, PieceType::Bishop);
    let weak_king = pos.king_square(strong.flip());
    let queening = Square::from_file_rank(file, strong.relative_rank(7));
    if pieces.is_empty() {
        let most_advanced = strong_pawns.map(|p| strong.relative_rank(p.rank())).max().unwrap_or(0);
        return weak_king.file() == file && strong.relative_rank(weak_king.rank()) > most_advanced;
    }
    let wrong_bishops = pieces == bishops && (bishops & Bitboard::same_colour_as(queening)).is_empty();
    wrong_bishops && distance(weak_king, queening) <= 1
}

/// The file (0 or 7) when every pawn of `pawns` stands on the same rook file.
fn single_rook_file(pawns: Bitboard) -> Option<u8> {
    let file = pawns.lsb().file();
    let on_file = Bitboard::file(file);
    ((file == 0 || file == 7) && (pawns & !on_file).is_empty()).then_some(file)
}

/// Exactly one square set.
fn is_single(set: Bitboard) -> bool {
    set.any() && !set.has_several()
}

/// The scale when each side has exactly one bishop, on squares of opposite colours.
fn opposite_bishops_scale(pos: &Position, strong_pawns: Bitboard) -> Option<i32> {
    let white = pos.pieces(Color::White, PieceType::Bishop);
    let black = pos.pieces(Color::Black, PieceType::Bishop);
    if !is_single(white) || !is_single(black) {
        return None;
    }
    let light = Bitboard::LIGHT_SQUARES;
    if (white & light).any() == (black & light).any() {
        return None;
    }
    let others = pos.occupied() & !pos.by_type(PieceType::Pawn) & !pos.by_type(PieceType::King) & !(white | black);
    if others.any() {
        return Some(SCALE_OCB_WITH_PIECES);
    }
    let extra_pawns = (strong_pawns.count() as i32 - 1).max(0);
    Some((SCALE_OCB_BISHOPS_ONLY + SCALE_PAWN_PER * extra_pawns).min(SCALE_NORMAL))
}

/// Whether `color`'s pieces (pawns aside) can force mate against a bare king.
fn has_mating_material(pos: &Position, color: Color) -> bool {
    let count = |pt: PieceType| pos.pieces(color, pt).count();
    let bishops = pos.pieces(color, PieceType::Bishop);
    let both_bishop_colours = (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any();
    count(PieceType::Queen) > 0
        || count(PieceType::Rook) > 0
        || both_bishop_colours
        || (count(PieceType::Bishop) > 0 && count(PieceType::Knight) > 0)
        || count(PieceType::Knight) >= 3
}

/// Manhattan distance from the four centre squares (0..=6).
fn centre_distance(square: Square) -> i32 {
    let file = i32::from(square.file());
    let rank = i32::from(square.rank());
    (2 * file - 7).abs() / 2 + (2 * rank - 7).abs() / 2
}

fn manhattan(a: Square, b: Square) -> i32 {
    (i32::from(a.file()) - i32::from(b.file())).abs() + (i32::from(a.rank()) - i32::from(b.rank())).abs()
}

/// The mop-up bonus of `us` when the enemy has a bare king and we can mate it:
/// the search needs these gradients to find the mate beyond its horizon. A won
/// KPK earns the winning part of it, so that the search heads for one (and
/// never sees a won KPK whose terms happen to cancel out as a draw).
pub fn mop_up<T: Tracer>(pos: &Position, us: Color, t: &mut T) -> S {
    let them = us.flip();
    if pos.by_color(them).has_several() {
        return S::ZERO;
    }
    if kpk::is_kpk(pos, us) && kpk::pawn_side_wins(pos, us) {
        return weight!(t, us, MOPUP_WIN);
    }
    if !has_mating_material(pos, us) {
        return S::ZERO;
    }
    let lone = pos.king_square(them);
    let ours = pos.king_square(us);
    let mut score = weight!(t, us, MOPUP_WIN);
    score += weight_n!(t, us, 14 - manhattan(lone, ours), MOPUP_PROXIMITY);
    score += match bishop_knight_corner(pos, us, lone) {
        Some(corner_pull) => weight_n!(t, us, corner_pull, MOPUP_BN_CORNER),
        None => weight_n!(t, us, centre_distance(lone), MOPUP_EDGE),
    };
    score
}

/// In KBNK only: how many diagonal steps (0..=7) the bare king stands from
/// the long diagonal of the colour the bishop does not cover. Mate can be forced
/// only in a corner of the bishop's colour, at the ends of the other long
/// diagonal; this gradient replaces the push to any edge, which rewards the
/// wrong corner as much as the right one. Measured on 60 random starts against
/// the KBNK tablebase's distance to mate (docs/results.md, Tablebases): 3.6
/// plies of excess a mate on average at 60,000 nodes a move, 6.5 and one
/// fifty-move draw with the Manhattan distance to the nearer right corner.
fn bishop_knight_corner(pos: &Position, us: Color, lone: Square) -> Option<i32> {
    let bishops = pos.pieces(us, PieceType::Bishop);
    let knights = pos.pieces(us, PieceType::Knight);
    let everything = pos.by_color(us);
    let is_kbnk = is_single(bishops) && is_single(knights) && everything.count() == 3;
    if !is_kbnk {
        return None;
    }
    Some(distance_from_other_diagonal(lone, (bishops & Bitboard::DARK_SQUARES).any()))
}

/// Diagonal steps (0..=7) from `square` to the long diagonal a8-h1 when the
/// bishop is dark-squared (its corners a1 and h8 lie 7 away), from a1-h8 when
/// it is light-squared (corners a8 and h1).
fn distance_from_other_diagonal(square: Square, dark_bishop: bool) -> i32 {
    let file = i32::from(square.file());
    let rank = i32::from(square.rank());
    if dark_bishop {
        (7 - rank - file).abs()
    } else {
        (rank - file).abs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_distance_spans_board() {
        assert_eq!(centre_distance(Square::parse("d4").expect("sq")), 0);
        assert_eq!(centre_distance(Square::parse("e5").expect("sq")), 0);
        assert_eq!(centre_distance(Square::A1), 6);
        assert_eq!(centre_distance(Square::H8), 6);
        assert_eq!(centre_distance(Square::parse("a4").expect("sq")), 3);
    }

    #[test]
    fn bishop_corner_pull_leads_along_the_edge_to_the_right_corner() {
        let sq = |name: &str| Square::parse(name).expect("sq");
        // Dark-squared bishop: a1 and h8 pull hardest, a8 and h1 not at all.
        let dark = |name: &str| distance_from_other_diagonal(sq(name), true);
        let a_file: Vec<i32> = ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"].iter().map(|s| dark(s)).collect();
        assert_eq!(a_file, [0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(dark("h8"), 7);
        assert_eq!(dark("h1"), 0);
        // Light-squared bishop: the mirror image.
        let light = |name: &str| distance_from_other_diagonal(sq(name), false);
        assert_eq!([light("a8"), light("h1"), light("a1"), light("h8")], [7, 7, 0, 0]);
        assert!(light("d4") < light("a8"));
    }
}
