//! The rules of chess: board representation, move generation, FEN and perft.

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod chess_move;
mod draws;
pub mod fen;
mod legality;
mod makemove;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod san;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use chess_move::{Move, MoveKind, MoveList};
pub use fen::FenError;
pub use position::{Position, Threats, START_FEN};
pub use types::{Color, Piece, PieceType, Square};
