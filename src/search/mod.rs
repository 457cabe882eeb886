//! Alpha-beta search: iterative deepening, quiescence, move ordering, the shared
//! transposition table.

pub mod history;
pub mod limits;
pub mod params;
pub mod score;
pub mod tt;

pub use limits::{InfoSink, IterationReport, NoClock, SearchClock, SearchLimits};
pub use tt::TranspositionTable;
