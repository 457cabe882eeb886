//! Alpha-beta search: iterative deepening, quiescence, move ordering, the shared
//! transposition table.

pub mod limits;

pub use limits::{InfoSink, IterationReport, NoClock, SearchClock, SearchLimits};
