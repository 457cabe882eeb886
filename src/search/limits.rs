//! What a search is asked to do, and the clock it asks whether to go on.
//!
//! These types are the contract between the search workers and the engine's
//! controller and time manager, so they live apart from either.

use crate::board::Move;

/// Limits of one `go` that the search itself enforces (time is the clock's job).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration to run.
    pub depth: Option<i32>,
    /// Nodes to search, counted over all threads.
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is proven.
    pub mate: Option<i32>,
    /// Root moves to consider; empty means all legal moves.
    pub searchmoves: Vec<Move>,
    /// How many best root moves to report, each with its own line (at least 1).
    pub multipv: usize,
    /// Root moves ranked by the tablebases, with the score to show for each
    /// unless the search proves a mate (empty: the root is not in the tables).
    pub tablebase_scores: Vec<(Move, i32)>,
}

/// What the main worker knows after finishing an iteration, for the time manager
/// to stretch or shrink its soft limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IterationReport {
    /// The depth of the iteration just finished.
    pub depth: i32,
    /// Score of this iteration, centipawns from the side to move.
    pub score: i32,
    /// Score of the previous iteration.
    pub previous_score: i32,
    /// How many consecutive iterations kept the same best move (0 = it just changed).
    pub best_move_stability: u32,
    /// Share of the root's nodes (per mille) spent below the best move.
    pub best_move_effort_permille: u32,
}

/// The time manager as the main worker sees it.
pub trait SearchClock: Sync {
    /// Milliseconds since the search started (the `go`, pondering included).
    fn elapsed_ms(&self) -> u64;
    /// Asked after each completed iteration: true means do not start another one.
    fn stop_after_iteration(&self, report: &IterationReport) -> bool;
    /// Asked by the main worker every thousand nodes or so: true means the hard
    /// limit has passed and the search must stop now. The time-manager thread raises
    /// the stop flag too, but on a busy machine it may wake late; the searching
    /// thread is running already. Clocks without a hard limit keep the default.
    fn hard_limit_reached(&self) -> bool {
        false
    }
}

/// An `info` sink that drops every line: bench, datagen and tests.
pub struct NoInfo;

impl InfoSink for NoInfo {
    fn info(&self, _line: &str) {}
}

/// A clock that never asks the search to stop: depth, node and infinite searches.
pub struct NoClock(pub std::time::Instant);

impl SearchClock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn stop_after_iteration(&self, _report: &IterationReport) -> bool {
        false
    }
}

/// Where the main worker sends its `info` lines (the UCI output writer in the engine).
pub trait InfoSink: Sync {
    /// Sends one complete `info ...` line (without the newline).
    fn info(&self, line: &str);
}
