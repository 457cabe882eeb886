//! One 16-byte Polyglot book entry and the format's 16-bit move encoding.
//!
//! An entry is four big-endian fields: key (u64), move (u16), weight (u16),
//! learn (u32). A move holds to-file (bits 0-2), to-rank (3-5), from-file
//! (6-8), from-rank (9-11) and the promotion piece (12-14: none, knight,
//! bishop, rook, queen). Castling is written as the king taking its own rook
//! (`e1h1`), which is also how the engine stores castling internally.

use crate::board::movegen::generate_legal;
use crate::board::{Move, MoveList, PieceType, Position, Square};

/// The size of one entry on disk.
pub const ENTRY_SIZE: usize = 16;

/// One book entry: a move for the positions of one key, and how often to play it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The Polyglot key of the position (see [`crate::book::keys::polyglot_key`]).
    pub key: u64,
    /// The move in Polyglot's encoding; see [`decode_move`].
    pub raw_move: u16,
    /// The move's share of the position's total weight; 0 marks a deleted entry.
    pub weight: u16,
    /// The format's learning field: written as 0 by the builder, shown by `book show`, otherwise unused.
    pub learn: u32,
}

impl BookEntry {
    /// Reads an entry from its 16 bytes.
    #[must_use]
    pub fn from_bytes(bytes: &[u8; ENTRY_SIZE]) -> BookEntry {
        let field = |range: std::ops::Range<usize>| bytes[range].iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b));
        BookEntry {
            key: field(0..8),
            raw_move: u16::try_from(field(8..10)).unwrap_or(0),
            weight: u16::try_from(field(10..12)).unwrap_or(0),
            learn: u32::try_from(field(12..16)).unwrap_or(0),
        }
    }

    /// The entry's 16 bytes as written to disk.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut bytes = [0u8; ENTRY_SIZE];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// The parts of a Polyglot move, before it is matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to; for castling, the rook's square.
    pub to: Square,
    /// The piece a pawn promotes to, or `None` for any other move.
    pub promotion: Option<PieceType>,
}

/// The move as the file writes it (`e1h1` for White's O-O), for listings.
impl std::fmt::Display for RawMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(piece) => write!(f, "{}", piece.letter()),
            None => Ok(()),
        }
    }
}

/// Splits a Polyglot move into its squares and promotion piece; `None` for a
/// promotion code outside 0..=4.
#[must_use]
pub fn split_move(raw: u16) -> Option<RawMove> {
    let square = |bits: u16| Square::from_file_rank((bits & 7) as u8, (bits >> 3 & 7) as u8);
    let promotion = match raw >> 12 & 7 {
        0 => None,
        code @ 1..=4 => Some(PieceType::from_index(usize::from(code))),
        _ => return None,
    };
    Some(RawMove { from: square(raw >> 6 & 63), to: square(raw & 63), promotion })
}

/// The legal move of `pos` that a Polyglot move stands for, if there is one.
/// Every book move goes through here, so a corrupt or colliding entry can
/// never make the engine play an illegal move.
#[must_use]
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    let wanted = split_move(raw)?;
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    legal
        .iter()
        .copied()
        .find(|mv| mv.from() == wanted.from && mv.to() == wanted.to && mv.promotion_piece() == wanted.promotion)
}

/// A move of the engine in Polyglot's encoding (castling as king takes rook).
#[must_use]
pub fn encode_move(mv: Move) -> u16 {
    let square = |sq: Square| u16::from(sq.rank()) << 3 | u16::from(sq.file());
    // Knight..Queen are 1..=4 in both the engine's PieceType and the format.
    let promotion = mv.promotion_piece().map_or(0, |piece| piece.index() as u16);
    promotion << 12 | square(mv.from()) << 6 | square(mv.to())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_big_endian() {
        let entry = BookEntry { key: 0x463b_9618_1691_fc9c, raw_move: 0x031c, weight: 0xbeef, learn: 0x0102_0304 };
        let bytes = entry.to_bytes();
        assert_eq!(bytes[0], 0x46);
        assert_eq!(&bytes[8..10], &[0x03, 0x1c]);
        assert_eq!(&bytes[12..16], &[1, 2, 3, 4]);
        assert_eq!(BookEntry::from_bytes(&bytes), entry);
    }

    #[test]
    fn moves_decode_with_castling_and_promotions() {
        let start = Position::startpos();
        let e2e4 = decode_move(&start, 0x031c).expect("e2e4 is legal");
        assert_eq!(start.move_to_uci(e2e4, false), "e2e4");
        assert_eq!(encode_move(e2e4), 0x031c);
        let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid FEN");
        // e1h1 in the book is White's O-O.
        let e1h1 = (4 << 6) | 7;
        let mv = decode_move(&castle, e1h1).expect("castling is legal");
        assert!(mv.is_castling());
        assert_eq!(castle.move_to_uci(mv, false), "e1g1");
        assert_eq!(encode_move(mv), e1h1);
        let promo = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").expect("valid FEN");
        // a7a8, promotion code 3 = rook.
        let a7a8r = (3 << 12) | (48 << 6) | 56;
        let mv = decode_move(&promo, a7a8r).expect("promotion is legal");
        assert_eq!(promo.move_to_uci(mv, false), "a7a8r");
        assert_eq!(encode_move(mv), a7a8r);
        // The same squares without a promotion piece are no legal move.
        assert_eq!(decode_move(&promo, (48 << 6) | 56), None);
        assert_eq!(split_move(7 << 12), None);
    }
}
