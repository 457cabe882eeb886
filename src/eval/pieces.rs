//! Material, piece placement, mobility and the piece terms; fills the attack maps.

use crate::board::attacks::{between, bishop_attacks, knight_attacks, line, queen_attacks, rook_attacks};
use crate::board::{Bitboard, Color, PieceType, Position, Square};

use super::passed::distance;
use super::score::S;
use super::trace::{weight, weight_n, Tracer};
use super::EvalInfo;

/// The two long diagonals, a1-h8 and h1-a8.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

/// The four centre squares d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The index of `square` in a piece-square table of `color`: the tables are drawn
/// as a board from White's side, a8 first, and mirrored for Black.
#[inline]
#[must_use]
pub fn pst_index(color: Color, square: Square) -> usize {
    square.relative(color).index() ^ 56
}

/// Material and piece-square bonuses of `us`, as `(material, placement)`, in
/// one pass over the pieces (no population counts: they are slow without POPCNT).
pub fn material_and_placement<T: Tracer>(pos: &Position, us: Color, t: &mut T) -> (S, S) {
    let mut material = S::ZERO;
    let mut placement = S::ZERO;
    for pt in PieceType::ALL {
        for square in pos.pieces(us, pt) {
            material += weight!(t, us, MATERIAL[pt.index()]);
            placement += weight!(t, us, PST[pt.index()][pst_index(us, square)]);
        }
    }
    (material, placement)
}

/// The pieces of `us` pinned to their own king by enemy sliders.
#[must_use]
pub fn pinned(pos: &Position, us: Color) -> Bitboard {
    let them = us.flip();
    let king = pos.king_square(us);
    let queens = pos.pieces(them, PieceType::Queen);
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & (pos.pieces(them, PieceType::Rook) | queens))
        | (bishop_attacks(king, Bitboard::EMPTY) & (pos.pieces(them, PieceType::Bishop) | queens));
    lone_blockers(pos.occupied(), king, snipers) & pos.by_color(us)
}

/// Every piece that stands alone between `target` and one of `snipers` (sliders
/// on a line through `target`): the pieces that are pinned, or would uncover an
/// attack on `target` by moving.
fn lone_blockers(occupied: Bitboard, target: Square, snipers: Bitboard) -> Bitboard {
    let mut lone = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(target, sniper) & occupied;
        if !blockers.has_several() {
            lone |= blockers;
        }
    }
    lone
}

/// Mobility and piece terms of `us` as `(mobility, pieces)`; adds every piece's
/// attacks to the maps and counts attacks on the enemy king zone.
pub fn pieces<T: Tracer>(pos: &Position, info: &mut EvalInfo, us: Color, t: &mut T) -> (S, S) {
    let mut mobility = S::ZERO;
    let mut terms = S::ZERO;
    let outposts = outpost_squares(info, us);
    let closed = usize::from(info.pawns.closedness);
    let own_pawns = pos.pieces(us, PieceType::Pawn).count() as i32;
    let own_king = info.king_square[us.index()];

    for square in pos.pieces(us, PieceType::Knight) {
        let attacks = restrict_if_pinned(info, us, square, knight_attacks(square));
        let count = attack_count(info, us, PieceType::Knight, attacks);
        mobility += weight!(t, us, MOBILITY_KNIGHT[count]);
        terms += minor_terms(pos, us, square, 0, attacks, outposts, t);
        terms += weight!(t, us, CLOSED_KNIGHT[closed]);
        if own_pawns != 0 {
            terms += weight_n!(t, us, own_pawns, KNIGHT_PER_PAWN);
        }
        terms += weight!(t, us, MINOR_KING_DISTANCE[0][distance(own_king, square) as usize]);
    }

    let bishops = pos.pieces(us, PieceType::Bishop);
    if bishops.has_several() {
        terms += weight!(t, us, BISHOP_PAIR);
    }
    let own_queens = pos.pieces(us, PieceType::Queen);
    for square in bishops {
        // Seeing through the own queen: a battery counts as one line of attack.
        let attacks = bishop_attacks(square, info.occupied ^ own_queens);
        let attacks = restrict_if_pinned(info, us, square, attacks);
        let count = attack_count(info, us, PieceType::Bishop, attacks);
        mobility += weight!(t, us, MOBILITY_BISHOP[count]);
        terms += minor_terms(pos, us, square, 1, attacks, outposts, t);
        terms += bishop_terms(pos, us, square, t);
        terms += weight!(t, us, MINOR_KING_DISTANCE[1][distance(own_king, square) as usize]);
    }

    let own_rooks = pos.pieces(us, PieceType::Rook);
    for square in own_rooks {
        let attacks = rook_attacks(square, info.occupied ^ own_queens ^ own_rooks);
        let attacks = restrict_if_pinned(info, us, square, attacks);
        let count = attack_count(info, us, PieceType::Rook, attacks);
        mobility += weight!(t, us, MOBILITY_ROOK[count]);
        terms += rook_terms(pos, info, us, square, count, t);
        if (Bitboard::file(square.file()) & pos.by_type(PieceType::Queen)).any() {
            terms += weight!(t, us, ROOK_ON_QUEEN_FILE);
        }
        terms += weight!(t, us, CLOSED_ROOK[closed]);
        if own_pawns != 0 {
            terms += weight_n!(t, us, own_pawns, ROOK_PER_PAWN);
        }
    }

    for square in own_queens {
        let attacks = restrict_if_pinned(info, us, square, queen_attacks(square, info.occupied));
        let count = attack_count(info, us, PieceType::Queen, attacks);
        mobility += weight!(t, us, MOBILITY_QUEEN[count]);
        if on_seventh(pos, info, us, square) {
            terms += weight!(t, us, QUEEN_ON_SEVENTH);
        }
        if is_infiltrating(info, us, square) {
            terms += weight!(t, us, QUEEN_INFILTRATION);
        }
        if is_weak_queen(pos, us, square) {
            terms += weight!(t, us, WEAK_QUEEN);
        }
    }
    (mobility, terms)
}

/// A queen on the enemy half where no enemy pawn attacks or can come to attack.
fn is_infiltrating(info: &EvalInfo, us: Color, square: Square) -> bool {
    us.relative_rank(square.rank()) >= 4 && !info.pawns.attack_span[us.flip().index()].contains(square)
}

/// A queen on a line with an enemy rook or bishop (moving that way) with exactly
/// one piece between them: a pin against the queen, or a discovered attack on it.
fn is_weak_queen(pos: &Position, us: Color, square: Square) -> bool {
    let them = us.flip();
    let snipers = (rook_attacks(square, Bitboard::EMPTY) & pos.pieces(them, PieceType::Rook))
        | (bishop_attacks(square, Bitboard::EMPTY) & pos.pieces(them, PieceType::Bishop));
    lone_blockers(pos.occupied(), square, snipers).any()
}

/// A pinned piece only attacks along the line through its king.
#[inline]
fn restrict_if_pinned(info: &EvalInfo, us: Color, square: Square, attacks: Bitboard) -> Bitboard {
    if info.pinned[us.index()].contains(square) {
        attacks & line(info.king_square[us.index()], square)
    } else {
        attacks
    }
}

/// Records a piece's attacks (maps, king zone) and returns its safe-square count.
#[inline]
fn attack_count(info: &mut EvalInfo, us: Color, piece_type: PieceType, attacks: Bitboard) -> usize {
    info.add_attacks(us, piece_type, attacks);
    let zone_hits = attacks & info.king_zone[us.flip().index()];
    if zone_hits.any() {
        info.king_attackers[us.index()][piece_type.index()] += 1;
        info.king_zone_attacks[us.index()] += zone_hits.count() as i32;
    }
    (attacks & info.mobility_area[us.index()]).count() as usize
}

/// Squares on the enemy half (relative ranks 4..=6) that an own pawn defends and
/// no enemy pawn can ever attack.
fn outpost_squares(info: &EvalInfo, us: Color) -> Bitboard {
    let ranks = Bitboard::relative_rank(us, 3) | Bitboard::relative_rank(us, 4) | Bitboard::relative_rank(us, 5);
    ranks & info.pawns.attacks[us.index()] & !info.pawns.attack_span[us.flip().index()]
}

/// Outposts and pawn cover of a knight (`kind` 0) or bishop (`kind` 1).
fn minor_terms<T: Tracer>(
    pos: &Position,
    us: Color,
    square: Square,
    kind: usize,
    attacks: Bitboard,
    outposts: Bitboard,
    t: &mut T,
) -> S {
    let mut score = S::ZERO;
    if outposts.contains(square) {
        score += weight!(t, us, OUTPOST[kind]);
    } else if kind == 0 && (attacks & outposts & !pos.by_color(us)).any() {
        score += weight!(t, us, OUTPOST_REACHABLE);
    }
    if (Bitboard::from_square(square).forward(us) & pos.by_type(PieceType::Pawn)).any() {
        score += weight!(t, us, MINOR_BEHIND_PAWN);
    }
    score
}

/// Bishop-specific terms: own pawns on its colour, the trapped a7/h7 bishop.
fn bishop_terms<T: Tracer>(pos: &Position, us: Color, square: Square, t: &mut T) -> S {
    let mut score = S::ZERO;
    let hemming = (pos.pieces(us, PieceType::Pawn) & Bitboard::same_colour_as(square)).count() as i32;
    if hemming != 0 {
        score += weight_n!(t, us, hemming, BISHOP_PAWNS);
    }
    if is_trapped_bishop(pos, us, square) {
        score += weight!(t, us, TRAPPED_BISHOP);
    }
    let xray_pawns = (bishop_attacks(square, Bitboard::EMPTY) & pos.pieces(us.flip(), PieceType::Pawn)).count() as i32;
    if xray_pawns != 0 {
        score += weight_n!(t, us, xray_pawns, BISHOP_XRAY_PAWNS);
    }
    if LONG_DIAGONALS.contains(square) {
        let pawns = pos.by_type(PieceType::Pawn);
        if (bishop_attacks(square, pawns) & CENTRE).has_several() {
            score += weight!(t, us, BISHOP_LONG_DIAGONAL);
        }
    }
    score
}

/// A bishop on a7/b8 (h7/g8) from `us`'s side whose way out, b6 (g6), holds an
/// enemy pawn: the classic bishop caught after Bxa7 b6.
fn is_trapped_bishop(pos: &Position, us: Color, square: Square) -> bool {
    let relative = square.relative(us);
    let blocker = match (relative.file(), relative.rank()) {
        (0, 6) | (1, 7) => Square::from_file_rank(1, 5),
        (7, 6) | (6, 7) => Square::from_file_rank(6, 5),
        _ => return false,
    };
    let enemy_pawns = pos.pieces(us.flip(), PieceType::Pawn);
    enemy_pawns.contains(blocker.relative(us))
}

/// Rook on (semi-)open file, on the seventh, or shut in by its own king.
fn rook_terms<T: Tracer>(pos: &Position, info: &EvalInfo, us: Color, square: Square, mobility: usize, t: &mut T) -> S {
    let mut score = S::ZERO;
    let file = Bitboard::file(square.file());
    if (pos.pieces(us, PieceType::Pawn) & file).is_empty() {
        let open = (pos.pieces(us.flip(), PieceType::Pawn) & file).is_empty();
        score += weight!(t, us, ROOK_FILE[usize::from(open)]);
    } else if mobility <= 3 && is_boxed_in_by_king(info, us, square) {
        score += weight!(t, us, TRAPPED_ROOK);
    }
    if on_seventh(pos, info, us, square) {
        score += weight!(t, us, ROOK_ON_SEVENTH);
    }
    score
}

/// A rook on the home side of an uncastled king on the back rank, e.g. Kf1 with Rh1.
fn is_boxed_in_by_king(info: &EvalInfo, us: Color, square: Square) -> bool {
    let king = info.king_square[us.index()];
    if us.relative_rank(king.rank()) != 0 || us.relative_rank(square.rank()) != 0 {
        return false;
    }
    (king.file() >= 4 && square.file() > king.file()) || (king.file() <= 3 && square.file() < king.file())
}

/// On the relative seventh with enemy pawns there or the enemy king on the eighth.
fn on_seventh(pos: &Position, info: &EvalInfo, us: Color, square: Square) -> bool {
    if us.relative_rank(square.rank()) != 6 {
        return false;
    }
    let enemy_king = info.king_square[us.flip().index()];
    (pos.pieces(us.flip(), PieceType::Pawn) & Bitboard::relative_rank(us, 6)).any()
        || us.relative_rank(enemy_king.rank()) == 7
}
