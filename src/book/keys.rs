//! Polyglot position keys: the hash every Polyglot book is sorted by.
//!
//! The key is the XOR of table numbers for each piece on its square, each
//! castling right, the en-passant file and White to move. It is unrelated to the
//! engine's own Zobrist key (`Position::key`), which uses other numbers.

use super::random64::RANDOM64;
use crate::board::attacks::pawn_attacks;
use crate::board::{Color, Move, MoveKind, Piece, PieceType, Position, Square};

const CASTLING_OFFSET: usize = 768;
const EN_PASSANT_OFFSET: usize = 772;
const WHITE_TO_MOVE: usize = 780;

/// The Polyglot key of `pos`.
///
/// En passant counts, as Polyglot defines it, when a pawn of the side to move
/// stands next to the pawn that just advanced two squares, whether or not the
/// capture would be legal. The engine's position keeps an en-passant square only
/// when the capture is legal, so the square is also recovered from the last move
/// (a double pawn push). A position set up by a FEN whose en-passant capture is
/// pseudo-legal but illegal (the capturing pawn pinned) has lost that square and
/// gets the key without it; positions reached by moves are exact.
#[must_use]
pub fn polyglot_key(pos: &Position) -> u64 {
    let mut key = 0;
    let mut occupied = pos.occupied();
    while occupied.any() {
        let square = occupied.pop_lsb();
        if let Some(piece) = pos.piece_on(square) {
            key ^= RANDOM64[piece_offset(piece, square)];
        }
    }
    let rights = pos.castling_rights();
    for bit in 0..4 {
        if rights & (1 << bit) != 0 {
            // Our rights mask is White O-O, White O-O-O, Black O-O, Black O-O-O: Polyglot's order.
            key ^= RANDOM64[CASTLING_OFFSET + bit];
        }
    }
    if let Some(square) = en_passant_target(pos) {
        key ^= RANDOM64[EN_PASSANT_OFFSET + usize::from(square.file())];
    }
    if pos.side_to_move() == Color::White {
        key ^= RANDOM64[WHITE_TO_MOVE];
    }
    key
}

/// Polyglot numbers its piece kinds black pawn 0, white pawn 1, black knight 2, ... white king 11.
fn piece_offset(piece: Piece, square: Square) -> usize {
    let white = usize::from(piece.color() == Color::White);
    let kind = 2 * piece.piece_type().index() + white;
    64 * kind + square.index()
}

/// The en-passant square when a pawn of the side to move could capture there
/// (legality aside), following Polyglot's rule.
fn en_passant_target(pos: &Position) -> Option<Square> {
    let square = pos.en_passant().or_else(|| double_push_target(pos))?;
    let us = pos.side_to_move();
    let capturers = pawn_attacks(us.flip(), square) & pos.pieces(us, PieceType::Pawn);
    capturers.any().then_some(square)
}

/// The square a pawn skipped if the last move was a double pawn push.
fn double_push_target(pos: &Position) -> Option<Square> {
    let last: Move = pos.last_move();
    if last.is_none() || last.kind() != MoveKind::Normal {
        return None;
    }
    let mover = pos.side_to_move().flip();
    let (from, to) = (last.from().index(), last.to().index());
    let is_pawn = pos.piece_on(last.to()) == Some(Piece::new(mover, PieceType::Pawn));
    (is_pawn && from.abs_diff(to) == 16).then(|| Square::new(u8::try_from((from + to) / 2).unwrap_or(0)))
}
