//! Turochamp: Alan Turing and David Champernowne's chess algorithm of 1948,
//! the first written down, as a playable style (`setoption name Style value Turochamp`).
//!
//! Sources: Turing's chapter "Digital computers applied to games" (in Bowden,
//! *Faster than Thought*, 1953; the rules are quoted in Copeland's *The
//! Essential Turing*), and the write-ups of the public reimplementations
//! (ChessBase's 2012 reconstruction by Friedel and Kasparov; PyTuroChamp).
//! Every rule the text leaves open is decided in a doc comment next to its
//! code: [`value`] (material ratio, mates), [`eval`] (position play), [`search`]
//! (considerable moves, dead positions, the choice of move).
//!
//! The files: `value` (material), `eval` (position play), `search` (the
//! selective search), `go` (running it for a UCI `go`), `game` (replaying Turing's
//! 1952 game against Glennie move by move).

pub mod eval;
pub mod game;
pub mod go;
pub mod search;
pub mod value;

pub use eval::{position_play, PositionPlay};
pub use search::{search, TurochampResult, TurochampRootMove};
pub use value::Value;
