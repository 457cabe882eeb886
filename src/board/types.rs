//! The small value types every other module speaks: colours, squares, pieces.

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first; index 0.
    White = 0,
    /// The side that moves second; index 1.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the index into per-colour tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White, -1 for Black: turns a White-relative score into a side-relative one.
    #[inline]
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The rank a square of this colour's pieces sees as `rank` (rank 0 is the home rank).
    #[inline]
    #[must_use]
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::White => rank,
            Color::Black => 7 - rank,
        }
    }
}

/// A square, 0 = a1, 1 = b1, ..., 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1, index 0.
    pub const A1: Square = Square(0);
    /// b1, index 1.
    pub const B1: Square = Square(1);
    /// c1, index 2.
    pub const C1: Square = Square(2);
    /// d1, index 3.
    pub const D1: Square = Square(3);
    /// e1, index 4.
    pub const E1: Square = Square(4);
    /// f1, index 5.
    pub const F1: Square = Square(5);
    /// g1, index 6.
    pub const G1: Square = Square(6);
    /// h1, index 7.
    pub const H1: Square = Square(7);
    /// a8, index 56.
    pub const A8: Square = Square(56);
    /// e8, index 60.
    pub const E8: Square = Square(60);
    /// h8, index 63.
    pub const H8: Square = Square(63);

    /// Builds a square from an index 0..64.
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// The square on `file` (0 = a-file) and `rank` (0 = first rank), both 0..8.
    #[inline]
    #[must_use]
    pub const fn from_file_rank(file: u8, rank: u8) -> Square {
        Square::new(rank * 8 + file)
    }

    /// The index 0..64 (a1 = 0, b1 = 1, ..., h8 = 63): the bit of this square in a `Bitboard`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a-file) to 7 (h-file).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (first rank) to 7 (eighth rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square mirrored top to bottom (a1 <-> a8): how Black sees White's tables.
    #[inline]
    #[must_use]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// This square as seen from `color`'s side of the board.
    #[inline]
    #[must_use]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square `delta` steps away in index order; the caller knows it stays on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i8) -> Square {
        Square::new((self.0 as i8 + delta) as u8)
    }

    /// One step towards the far side for `color`'s pawns.
    #[inline]
    #[must_use]
    pub const fn forward(self, color: Color) -> Square {
        match color {
            Color::White => self.offset(8),
            Color::Black => self.offset(-8),
        }
    }

    /// Parses `e4`-style coordinates.
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square::from_file_rank(file, rank))
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

/// A kind of piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceType {
    /// Index 0, letter `p`.
    Pawn = 0,
    /// Index 1, letter `n`.
    Knight = 1,
    /// Index 2, letter `b`.
    Bishop = 2,
    /// Index 3, letter `r`.
    Rook = 3,
    /// Index 4, letter `q`.
    Queen = 4,
    /// Index 5, letter `k`.
    King = 5,
}

impl PieceType {
    /// Every piece type in index order, pawn first.
    pub const ALL: [PieceType; 6] =
        [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King];

    /// 0 (pawn) to 5 (king): the index into per-type tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece type of index `index`; panics unless it is 0..6.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> PieceType {
        PieceType::ALL[index]
    }

    /// The lowercase letter used in FEN and UCI promotions.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    /// The piece type of a FEN letter in either case; `None` for any other character.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<PieceType> {
        PieceType::ALL.into_iter().find(|pt| pt.letter() == letter.to_ascii_lowercase())
    }
}

/// A coloured piece, indexed 0..12 (White pawn .. White king, then Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// `color`'s piece of type `piece_type`, index `color * 6 + piece_type`.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, piece_type: PieceType) -> Piece {
        Piece(color as u8 * 6 + piece_type as u8)
    }

    /// Whose piece it is.
    #[inline]
    #[must_use]
    pub const fn color(self) -> Color {
        if self.0 < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The kind of piece, without its colour.
    #[inline]
    #[must_use]
    pub const fn piece_type(self) -> PieceType {
        // A table lookup instead of a division by 6 (pieces are 0..12; `& 15` keeps it in bounds).
        const TYPE_OF: [PieceType; 16] = {
            let mut table = [PieceType::Pawn; 16];
            let mut index = 0;
            while index < 12 {
                table[index] = PieceType::ALL[index % 6];
                index += 1;
            }
            table
        };
        TYPE_OF[(self.0 & 15) as usize]
    }

    /// 0..12 (White pawn to White king, then Black): the index into per-piece tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// FEN letter: uppercase for White.
    #[must_use]
    pub fn letter(self) -> char {
        let letter = self.piece_type().letter();
        match self.color() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The piece of a FEN letter, uppercase for White; `None` for any other character.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Piece> {
        let piece_type = PieceType::from_letter(letter)?;
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece::new(color, piece_type))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        let e4 = Square::parse("e4").expect("valid square");
        assert_eq!(e4.index(), 28);
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }

    #[test]
    fn pieces_round_trip_letters() {
        for letter in "PNBRQKpnbrqk".chars() {
            let piece = Piece::from_letter(letter).expect("valid letter");
            assert_eq!(piece.letter(), letter);
        }
        assert_eq!(Piece::from_letter('x'), None);
    }
}
