//! The rules of chess: board representation, move generation, FEN and perft.

pub mod bitboard;
pub mod chess_move;
pub mod types;

pub use bitboard::Bitboard;
pub use chess_move::{Move, MoveKind, MoveList};
pub use types::{Color, Piece, PieceType, Square};
