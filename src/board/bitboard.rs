//! A set of squares packed in 64 bits, bit `n` standing for square `n`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::types::{Color, Square};

/// A set of squares: bit `n` of the `u64` stands for square `n` (bit 0 = a1, bit 63 = h8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const ALL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank, White's home rank.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// The eighth rank, Black's home rank.
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    /// The 32 light squares (b1, h1, a8, ...).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The 32 dark squares (a1, g1, h8, ...).
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// The set of `square` alone.
    #[inline]
    #[must_use]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// The 32 squares of `square`'s colour: those a bishop standing there reaches.
    #[inline]
    #[must_use]
    pub const fn same_colour_as(square: Square) -> Bitboard {
        if Bitboard::LIGHT_SQUARES.0 & (1 << square.index()) != 0 {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        }
    }

    /// Every square of `file` (0 = a-file, 7 = h-file).
    #[inline]
    #[must_use]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << file)
    }

    /// Every square of `rank` (0 = first rank, 7 = eighth rank).
    #[inline]
    #[must_use]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Bitboard::RANK_1.0 << (8 * rank))
    }

    /// `color`'s rank `rank`, counted from its own home rank.
    #[inline]
    #[must_use]
    pub const fn relative_rank(color: Color, rank: u8) -> Bitboard {
        Bitboard::rank(color.relative_rank(rank))
    }

    /// No square set.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// At least one square set.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many squares are set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline]
    #[must_use]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `square` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The lowest square; the set must not be empty.
    #[inline]
    #[must_use]
    pub const fn lsb(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8)
    }

    /// The highest square; the set must not be empty.
    #[inline]
    #[must_use]
    pub const fn msb(self) -> Square {
        Square::new(63 - self.0.leading_zeros() as u8)
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_lsb(&mut self) -> Square {
        let square = self.lsb();
        self.0 &= self.0 - 1;
        square
    }

    /// The set plus `square`.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// The set minus `square`.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// Every square moved one rank towards `color`'s far side.
    #[inline]
    #[must_use]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    /// Every square moved one file towards the h-file; squares on the h-file fall off.
    #[inline]
    #[must_use]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_H.0) << 1)
    }

    /// Every square moved one file towards the a-file; squares on the a-file fall off.
    #[inline]
    #[must_use]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_A.0) >> 1)
    }

    /// The board mirrored top to bottom.
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(self.pop_lsb())
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, rhs: u32) -> Bitboard {
        Bitboard(self.0 << rhs)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, rhs: u32) -> Bitboard {
        Bitboard(self.0 >> rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_colour_as_gives_the_squares_a_bishop_there_reaches() {
        let (a1, b1, h8) = (Square::from_file_rank(0, 0), Square::from_file_rank(1, 0), Square::from_file_rank(7, 7));
        assert_eq!(Bitboard::same_colour_as(a1), Bitboard::DARK_SQUARES);
        assert_eq!(Bitboard::same_colour_as(h8), Bitboard::DARK_SQUARES);
        assert_eq!(Bitboard::same_colour_as(b1), Bitboard::LIGHT_SQUARES);
    }

    #[test]
    fn iteration_yields_squares_in_order() {
        let board = Bitboard(0b1010_0001);
        let squares: Vec<usize> = board.map(Square::index).collect();
        assert_eq!(squares, vec![0, 5, 7]);
    }

    #[test]
    fn shifts_do_not_wrap_files() {
        assert_eq!(Bitboard::FILE_H.east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FILE_A.west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FILE_A.east(), Bitboard::file(1));
    }
}
