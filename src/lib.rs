//! Ferrochamp: a UCI chess engine with magic-bitboard move generation, a
//! tapered hand-crafted evaluation and a Lazy-SMP alpha-beta search.
//!
//! The modules mirror the engine's boxes:
//! - [`board`]: squares, bitboards, attack tables, the position, move generation, FEN, perft;
//! - [`book`]: the Polyglot opening book, its builder and the PGN reader it uses;
//! - [`eval`]: the tapered evaluation and its parameters;
//! - [`search`]: alpha-beta search, quiescence, move ordering, the transposition table;
//! - [`engine`]: the controller, the time manager, the search workers, bench;
//! - [`uci`]: the protocol's commands, options and the one stdout writer;
//! - [`xboard`]: the XBoard protocol (CECP 2), chosen when the first line is `xboard`;
//! - [`style`]: play styles (weight sets, knobs, style files) and the one the options select;
//! - [`tablebase`]: Syzygy endgame tablebases (loading, probing, root move ranking);
//! - [`tune`]: the Texel tuner of the evaluation's weights and self-play data generation;
//! - [`wdl`]: the win/draw/loss model of `UCI_ShowWDL` and its fit (`ferrochamp wdl-fit`);
//! - [`epd`]: the test-suite runner (`ferrochamp epd`);
//! - [`progress`]: progress bars of long command-line work, on stderr;
//! - [`rng`]: the one small deterministic random generator (engine, book, tuner);
//! - [`turochamp`]: Turing and Champernowne's 1948 algorithm, playable as a style.
//!
//! The command-line front ends (`ferrochamp perft`, `bench`, `tune`, `epd`, `book`, ...) are not
//! part of the library: they live in the binary, `src/main.rs` and `src/cli/`, and call the modules above.

// Crate-wide rules (checked by `cargo clippy -- -D warnings` in `.ci/run`): every `unsafe` block
// says why it is sound, and every public item is documented.
#![deny(clippy::undocumented_unsafe_blocks)]
#![deny(missing_docs)]

/// The version: the package's, plus ` (<commit>)` for a build between releases
/// (`build/version.rs`). `ferrochamp --version` prints it.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("FERROCHAMP_BUILD_SUFFIX"));

/// The engine's name as `id name` gives it, version included.
pub const ENGINE_NAME: &str = concat!("Ferrochamp ", env!("CARGO_PKG_VERSION"), env!("FERROCHAMP_BUILD_SUFFIX"));

pub mod board;
pub mod book;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod progress;
pub mod rng;
pub mod search;
pub mod style;
pub mod tablebase;
pub mod tune;
pub mod turochamp;
pub mod uci;
pub mod wdl;
pub mod xboard;
