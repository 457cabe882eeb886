//! Helpers shared by the integration tests.
//!
//! Cargo builds every `tests/*.rs` file as a crate of its own, and each one
//! declares `mod common;` but uses only part of it: what one test binary leaves
//! unused would otherwise be reported as dead code there.
#![allow(dead_code)]

pub mod attacks;
pub mod cli;
pub mod eval;
pub mod fen;
pub mod mate_suite;
pub mod perft;
pub mod position;
pub mod process;
pub mod python;
pub mod rng;
pub mod scratch;
pub mod search;
pub mod uci;
pub mod xboard;
