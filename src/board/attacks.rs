//! Attack tables: leapers computed at compile time by `const fn`, sliders by
//! magic bitboards whose numbers and tables `build.rs` finds and writes.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

/// One square's magic: index = ((occupied & mask) * magic) >> shift, plus offset.
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

#[inline]
fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & magic.mask).wrapping_mul(magic.magic) >> magic.shift) as usize;
    Bitboard(SLIDER_ATTACKS[magic.offset + index])
}

/// The squares a rook on `square` attacks: each ray runs up to and including the first piece
/// of `occupied`.
#[inline]
#[must_use]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[square.index()], occupied)
}

/// The squares a bishop on `square` attacks: each ray runs up to and including the first piece
/// of `occupied`.
#[inline]
#[must_use]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[square.index()], occupied)
}

/// The squares a queen on `square` attacks given `occupied`: rook and bishop attacks together.
#[inline]
#[must_use]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// A table of 64 attack sets from steps that never wrap around the board.
const fn leaper_table(steps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut bits = 0u64;
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[square] = Bitboard(bits);
        square += 1;
    }
    table
}

/// The squares a slider on each square reaches on an empty board.
const fn ray_table(bishop: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let mut other = 0;
        while other < 64 {
            let (f1, r1, f2, r2) = (square % 8, square / 8, other % 8, other / 8);
            let diagonal = f1 + r2 == f2 + r1 || f1 + r1 == f2 + r2;
            let straight = f1 == f2 || r1 == r2;
            if other != square && ((bishop && diagonal) || (!bishop && straight)) {
                table[square].0 |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
}

static ROOK_RAYS: [Bitboard; 64] = ray_table(false);
static BISHOP_RAYS: [Bitboard; 64] = ray_table(true);

/// Rook attacks from `square` on an empty board.
#[inline]
#[must_use]
pub fn rook_rays(square: Square) -> Bitboard {
    ROOK_RAYS[square.index()]
}

/// Bishop attacks from `square` on an empty board.
#[inline]
#[must_use]
pub fn bishop_rays(square: Square) -> Bitboard {
    BISHOP_RAYS[square.index()]
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [Bitboard; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// The squares a knight on `square` attacks.
#[inline]
#[must_use]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT[square.index()]
}

/// The squares a king on `square` attacks (castling aside).
#[inline]
#[must_use]
pub fn king_attacks(square: Square) -> Bitboard {
    KING[square.index()]
}

/// The squares a `color` pawn on `square` attacks.
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN[color.index()][square.index()]
}

/// Every square attacked by a set of `color` pawns.
#[inline]
#[must_use]
pub fn pawn_attacks_bb(color: Color, pawns: Bitboard) -> Bitboard {
    let advanced = pawns.forward(color);
    advanced.east() | advanced.west()
}

/// Walks from `from` in the direction of `to`, if they share a line; returns
/// the squares strictly between them and the whole line through both.
const fn ray_between_and_line(from: usize, to: usize) -> (u64, u64) {
    let (f1, r1, f2, r2) = ((from % 8) as i32, (from / 8) as i32, (to % 8) as i32, (to / 8) as i32);
    let (df, dr) = (f2 - f1, r2 - r1);
    let aligned = from != to && (df == 0 || dr == 0 || df == dr || df == -dr);
    if !aligned {
        return (0, 0);
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut between = 0u64;
    let (mut f, mut r) = (f1 + sf, r1 + sr);
    while f != f2 || r != r2 {
        between |= 1 << (r * 8 + f);
        f += sf;
        r += sr;
    }
    // The full line: walk from `from` to both board edges.
    let mut line = 1u64 << from;
    let mut sign = -1;
    while sign <= 1 {
        let (mut f, mut r) = (f1 + sign * sf, r1 + sign * sr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            line |= 1 << (r * 8 + f);
            f += sign * sf;
            r += sign * sr;
        }
        sign += 2;
    }
    (between, line)
}

const fn square_pair_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (ray, full) = ray_between_and_line(a, b);
            between[a][b] = Bitboard(ray);
            line[a][b] = Bitboard(full);
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static PAIR_TABLES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = square_pair_tables();

/// Squares strictly between `a` and `b` on a rank, file or diagonal; empty otherwise.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    PAIR_TABLES.0[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b`; empty when not aligned.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    PAIR_TABLES.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("valid square")
    }

    #[test]
    fn leapers_match_hand_counts() {
        assert_eq!(knight_attacks(sq("a1")).count(), 2);
        assert_eq!(knight_attacks(sq("d4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")).count(), 3);
        assert_eq!(pawn_attacks(Color::White, sq("a2")), Bitboard::from_square(sq("b3")));
        assert_eq!(pawn_attacks(Color::Black, sq("e5")).count(), 2);
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let blockers = Bitboard::from_square(sq("d6")) | Bitboard::from_square(sq("f4"));
        let rook = rook_attacks(sq("d4"), blockers);
        assert!(rook.contains(sq("d6")) && !rook.contains(sq("d7")));
        assert!(rook.contains(sq("f4")) && !rook.contains(sq("g4")));
        assert_eq!(rook_attacks(sq("a1"), Bitboard::EMPTY).count(), 14);
        assert_eq!(bishop_attacks(sq("d4"), Bitboard::EMPTY).count(), 13);
        for square in Square::all() {
            assert_eq!(rook_rays(square), rook_attacks(square, Bitboard::EMPTY));
            assert_eq!(bishop_rays(square), bishop_attacks(square, Bitboard::EMPTY));
        }
    }

    #[test]
    fn magic_lookup_matches_slow_rays_for_random_occupancies() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = Bitboard(seed & seed.rotate_left(17));
            for square in Square::all() {
                let mut rook = Bitboard::EMPTY;
                let mut bishop = Bitboard::EMPTY;
                for target in Square::all() {
                    let ray = between(square, target);
                    if (ray & occupied).is_empty() && line(square, target).any() {
                        let diagonal = square.file() != target.file() && square.rank() != target.rank();
                        if diagonal {
                            bishop = bishop.with(target);
                        } else {
                            rook = rook.with(target);
                        }
                    }
                }
                assert_eq!(rook_attacks(square, occupied), rook);
                assert_eq!(bishop_attacks(square, occupied), bishop);
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("a1"), sq("c3")).count(), 8);
        assert_eq!(line(sq("e1"), sq("e5")), Bitboard::file(4));
    }
}
