//! The engine's own opening book in the Polyglot `.bin` format: position keys,
//! probing, choosing a move for `go`, and a book builder that reads PGN.
//!
//! - [`keys`]: Polyglot position keys from the format's published numbers ([`random64`]);
//! - [`entry`]: the 16-byte entry and the format's move encoding;
//! - [`probe`]: a book in memory, binary search, weighted choice;
//! - [`player`]: when and how the book answers a UCI `go`;
//! - [`pgn`]: reading PGN games (their SAN moves are resolved by [`crate::board::san`]);
//! - [`builder`]: a book from PGN games (`ferrochamp book build`; its front end is `src/cli/book.rs`).

pub mod builder;
pub mod entry;
pub mod keys;
pub mod pgn;
pub mod player;
pub mod probe;
pub mod random64;

pub use keys::polyglot_key;
pub use player::{BookPlayer, BookReply, BookSettings};
pub use probe::{Book, BookError, BookMove, Pick};
