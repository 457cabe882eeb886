//! Castling rights that remember each rook's square, so that standard chess and
//! Chess960 share one implementation.

use super::attacks::between;
use super::bitboard::Bitboard;
use super::types::{Color, Square};

/// One of the four castling rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    /// Towards the h-file ("O-O").
    King = 0,
    /// Towards the a-file ("O-O-O").
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

/// The bit of a right in the 4-bit rights mask: White O-O, White O-O-O, Black O-O, Black O-O-O.
#[inline]
#[must_use]
pub const fn right_bit(color: Color, side: CastleSide) -> u8 {
    1 << (color as u8 * 2 + side as u8)
}

/// Where the pieces of one castling move start and end, and what must be empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlePath {
    /// Where the king stands before castling.
    pub king_from: Square,
    /// Where the castling rook stands before castling.
    pub rook_from: Square,
    /// Where the king lands: the g-file for O-O, the c-file for O-O-O.
    pub king_to: Square,
    /// Where the rook lands: the f-file for O-O, the d-file for O-O-O.
    pub rook_to: Square,
    /// Squares that must be empty apart from the castling king and rook.
    pub must_be_empty: Bitboard,
    /// Squares the king crosses or lands on, which must not be attacked.
    pub king_walk: Bitboard,
}

impl CastlePath {
    /// Works out the landing squares and the squares to check for `color` castling on `side`
    /// with the king on `king_from` and the rook on `rook_from` (any files, as in Chess960).
    #[must_use]
    pub fn new(color: Color, side: CastleSide, king_from: Square, rook_from: Square) -> CastlePath {
        let home = color.relative_rank(0);
        let (king_file, rook_file) = match side {
            CastleSide::King => (6, 5),
            CastleSide::Queen => (2, 3),
        };
        let king_to = Square::from_file_rank(king_file, home);
        let rook_to = Square::from_file_rank(rook_file, home);
        let king_walk = between(king_from, king_to) | Bitboard::from_square(king_to);
        let rook_walk = between(rook_from, rook_to) | Bitboard::from_square(rook_to);
        let pieces = Bitboard::from_square(king_from) | Bitboard::from_square(rook_from);
        CastlePath {
            king_from,
            rook_from,
            king_to,
            rook_to,
            must_be_empty: (king_walk | rook_walk) & !pieces,
            king_walk,
        }
    }
}

/// The castling rights of a position and the geometry they refer to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRules {
    /// Paths indexed by `color * 2 + side`; `None` where the right was never granted.
    paths: [Option<CastlePath>; 4],
    /// Rights lost when a piece moves from or to each square.
    lost_by_square: [u8; 64],
}

impl CastlingRules {
    /// No right granted.
    #[must_use]
    pub fn empty() -> CastlingRules {
        CastlingRules { paths: [None; 4], lost_by_square: [0; 64] }
    }

    /// Records a right with its king and rook squares.
    pub fn grant(&mut self, color: Color, side: CastleSide, king: Square, rook: Square) {
        let bit = right_bit(color, side);
        self.paths[bit.trailing_zeros() as usize] = Some(CastlePath::new(color, side, king, rook));
        self.lost_by_square[king.index()] |= bit;
        self.lost_by_square[rook.index()] |= bit;
    }

    /// The path of `color`'s right on `side`; `None` if it was never granted (a right lost
    /// in the game keeps its path).
    #[inline]
    #[must_use]
    pub fn path(&self, color: Color, side: CastleSide) -> Option<&CastlePath> {
        self.paths[color as usize * 2 + side as usize].as_ref()
    }

    /// The rights that a move touching `square` takes away.
    #[inline]
    #[must_use]
    pub fn lost_by(&self, square: Square) -> u8 {
        self.lost_by_square[square.index()]
    }

    /// The side whose rook stands on `rook` for `color`, if any.
    #[must_use]
    pub fn side_of_rook(&self, color: Color, rook: Square) -> Option<CastleSide> {
        CastleSide::BOTH.into_iter().find(|&side| self.path(color, side).is_some_and(|p| p.rook_from == rook))
    }
}
