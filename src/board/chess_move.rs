//! A move packed in 16 bits: from (6), to (6), kind (2), promotion piece (2).
//!
//! Castling is stored as "king takes own rook" (to = the rook's square), which
//! describes standard chess and Chess960 alike; notation turns it into `e1g1`
//! when the game is not Chess960.

use std::fmt;
use std::mem::MaybeUninit;

use super::types::{PieceType, Square};

/// A move in 16 bits: from square (bits 0-5), to square (bits 6-11), `MoveKind` (bits 12-13)
/// and promotion piece (bits 14-15, knight to queen). Castling is stored as king takes own rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// What a move does besides moving a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal = 0,
    /// A pawn reaching the last rank; the new piece is `Move::promotion_piece`.
    Promotion = 1,
    /// A pawn capturing en passant: the captured pawn is not on the destination square.
    EnPassant = 2,
    /// Castling, stored as the king moving to its own rook's square.
    Castling = 3,
}

const KIND_SHIFT: u16 = 12;
const PROMO_SHIFT: u16 = 14;

impl Move {
    /// No move: an empty slot in tables, or a null move.
    pub const NONE: Move = Move(0);

    /// A normal move from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    /// A move of `kind`; a `Promotion` built this way promotes to a knight (see `Move::promotion`).
    #[inline]
    #[must_use]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(Move::new(from, to).0 | (kind as u16) << KIND_SHIFT)
    }

    /// A promotion to `piece` (knight, bishop, rook or queen).
    #[inline]
    #[must_use]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        let promo = (piece as u16).wrapping_sub(PieceType::Knight as u16) & 3;
        Move(Move::with_kind(from, to, MoveKind::Promotion).0 | promo << PROMO_SHIFT)
    }

    /// The square the piece leaves.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece goes to; for castling, the square of the king's own rook.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// What the move does besides going from `from` to `to`.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> KIND_SHIFT & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// Whether this is `Move::NONE`.
    #[inline]
    #[must_use]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether this is a real move, not `Move::NONE`.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Whether a pawn promotes.
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        matches!(self.kind(), MoveKind::Promotion)
    }

    /// Whether the move castles.
    #[inline]
    #[must_use]
    pub const fn is_castling(self) -> bool {
        matches!(self.kind(), MoveKind::Castling)
    }

    /// Whether the move captures en passant.
    #[inline]
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind(), MoveKind::EnPassant)
    }

    /// The piece a pawn becomes, for promotions.
    #[inline]
    #[must_use]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        if self.is_promotion() {
            Some(PieceType::from_index((self.0 >> PROMO_SHIFT) as usize + 1))
        } else {
            None
        }
    }

    /// The raw 16 bits, for transposition-table storage.
    #[inline]
    #[must_use]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The move whose bits `Move::raw` gave; the bits are not checked.
    #[inline]
    #[must_use]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }
}

/// Prints the move's internal squares (castling as king-takes-rook); for UCI
/// output use `Position::move_to_uci`, which knows whether the game is Chess960.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(piece) = self.promotion_piece() {
            write!(f, "{}", piece.letter())?;
        }
        Ok(())
    }
}

/// A fixed-capacity list of moves.
///
/// No position reachable in a game has more than 218 legal moves, and the FEN
/// parser refuses material no game can reach, so 256 slots always suffice. A
/// push beyond them is dropped rather than a panic: the index check is paid
/// either way, and an engine that plays one of its 256 moves is better than an
/// engine that dies on a hand-made position.
///
/// The slots start uninitialised: a list is made at every node of the search,
/// often to hold a handful of moves, and zeroing 512 bytes each time cost about
/// 2% of the search's time.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MoveList::CAPACITY],
    /// The first `len` slots are initialised (every write goes through `push`).
    len: usize,
}

impl MoveList {
    /// How many moves a list holds; pushes beyond are dropped.
    pub const CAPACITY: usize = 256;

    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList { moves: [const { MaybeUninit::uninit() }; MoveList::CAPACITY], len: 0 }
    }

    /// Appends `mv`; does nothing when the list is full.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(mv);
            self.len += 1;
        }
    }

    /// How many moves the list holds.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves, in the order they were pushed.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        let filled = &self.moves[..self.len];
        // SAFETY: `push` initialised every slot below `len` (the only place `len`
        // grows), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { &*(std::ptr::from_ref(filled) as *const [Move]) }
    }

    /// The moves, to reorder or change in place.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        let filled = &mut self.moves[..self.len];
        // SAFETY: as in `as_slice`; writes through the slice keep the slots initialised.
        unsafe { &mut *(std::ptr::from_mut(filled) as *mut [Move]) }
    }

    /// Iterates over the moves in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `mv` is in the list.
    #[must_use]
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let from = Square::parse("e7").unwrap();
        let to = Square::parse("f8").unwrap();
        for piece in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
            let mv = Move::promotion(from, to, piece);
            assert_eq!((mv.from(), mv.to()), (from, to));
            assert_eq!(mv.promotion_piece(), Some(piece));
            assert_eq!(Move::from_raw(mv.raw()), mv);
        }
        let castle = Move::with_kind(Square::E1, Square::H1, MoveKind::Castling);
        assert!(castle.is_castling() && !castle.is_promotion());
        assert_eq!(castle.to_string(), "e1h1");
    }

    #[test]
    fn a_full_list_drops_further_moves_instead_of_panicking() {
        let mut list = MoveList::new();
        let mv = Move::new(Square::E1, Square::H1);
        for _ in 0..MoveList::CAPACITY + 10 {
            list.push(mv);
        }
        assert_eq!(list.len(), MoveList::CAPACITY);
    }

    /// Also run under Miri (`scripts/sanitize.sh`): the slices must cover
    /// exactly the initialised slots, before and after `clear`.
    #[test]
    fn the_slices_show_exactly_the_pushed_moves() {
        let mut list = MoveList::new();
        assert!(list.is_empty() && list.as_slice().is_empty());
        let moves =
            [Move::new(Square::E1, Square::H1), Move::new(Square::A1, Square::A8), Move::new(Square::G1, Square::E8)];
        for mv in moves {
            list.push(mv);
        }
        assert_eq!(list.as_slice(), &moves);
        list.as_mut_slice().reverse();
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), [moves[2], moves[1], moves[0]]);
        assert!(list.contains(moves[1]) && !list.contains(Move::new(Square::B1, Square::A8)));
        list.clear();
        assert!(list.as_slice().is_empty() && !list.contains(moves[0]));
        list.push(moves[1]);
        assert_eq!(list.as_slice(), &moves[1..2]);
    }
}
