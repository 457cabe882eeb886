//! Ferrochamp: a UCI chess engine with magic-bitboard move generation, a
//! tapered hand-crafted evaluation and a Lazy-SMP alpha-beta search.
//!
//! The modules mirror the engine's boxes:
//! - [`board`]: squares, bitboards, attack tables, the position, move generation, FEN, perft;
//! - [`eval`]: the tapered evaluation and its parameters;
//! - [`search`]: alpha-beta search, quiescence, move ordering, the transposition table;
//! - [`engine`]: the controller, the time manager, the search workers, bench;
//! - [`uci`]: the protocol's commands, options and the one stdout writer;
//! - [`tune`]: the Texel tuner of the evaluation's weights and self-play data generation;
//! - [`turochamp`]: Turing and Champernowne's 1948 algorithm, playable as a style.

pub mod board;
pub mod engine;
pub mod eval;
pub mod search;
pub mod tune;
pub mod turochamp;
pub mod uci;
