//! Alpha-beta search: iterative deepening PVS with quiescence, pruning, staged
//! move ordering and a transposition table shared by all threads.
//!
//! Who is who (the engine's `ThreadPool` runs one search on every thread):
//! - [`Worker`]: one thread's long-lived search state (histories, pawn hash);
//!   [`Worker::search`] runs one search.
//! - `SearchRun` (`run.rs`): one search's state on one thread, the recursive search's `self`.
//! - [`SharedState`]: what every thread of one search shares (TT, stop flag, counters, tables).
//! - [`MainDuties`]: what only thread 0 does (clock, `info` output).
//!
//! Files: `worker` ([`Worker`]), `run` (one search's state, node counting),
//! `iterative` (iterative deepening, aspiration, limits), `root` (root moves),
//! `negamax` (the recursive search), `pruning` (pruning and reduction
//! decisions), `qsearch`, `picker`, `history`, `see`, `tt`, `claims` (Lazy SMP
//! node claims), `params` (with `tunables`), `score`, `info`. The search calls
//! into `crate::tablebase::probe` for tablebase probes in the tree and into
//! `crate::wdl` for the win/draw/loss chances of a score.

pub mod claims;
pub(crate) mod correction;
pub(crate) mod history;
pub(crate) mod info;
mod iterative;
mod limits;
mod negamax;
pub(crate) mod params;
pub(crate) mod picker;
mod pruning;
mod qsearch;
mod root;
mod run;
pub mod score;
pub mod see;
pub mod tt;
pub mod tunables;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;

use crate::board::Move;
use crate::eval::score::S;
use crate::tablebase::SearchTables;

pub use limits::{InfoSink, IterationReport, NoClock, NoInfo, SearchClock, SearchLimits};
pub use tt::{HashError, TranspositionTable};
pub use worker::Worker;

use claims::NodeClaims;

/// What every thread of one search shares. The engine builds one per `go`
/// and hands an `Arc` of it to every thread; the search reads it by reference.
pub struct SharedState {
    /// The transposition table (replaced, not resized, on a `Hash` change).
    pub tt: Arc<TranspositionTable>,
    /// Raised to end the search: by the controller, the time-manager thread or thread 0.
    pub stop: Arc<AtomicBool>,
    /// Node, depth and tablebase-hit counters of all threads.
    pub progress: SearchProgress,
    /// Syzygy tables to probe inside the tree (`None`: no probing at all).
    pub tablebase: Option<SearchTables>,
    /// The play style's evaluation weights (`None`: the compiled ones).
    pub weights: Option<Arc<[S]>>,
    /// Centipawns a draw is worth less than an even position to the side to
    /// move at the root (`Contempt`); 0 scores draws as exactly even.
    pub contempt: i32,
}

impl SharedState {
    /// A fresh state for one search over `tt`, without tablebases, with the compiled weights.
    #[must_use]
    pub fn new(tt: Arc<TranspositionTable>, stop: Arc<AtomicBool>) -> SharedState {
        SharedState { tt, stop, progress: SearchProgress::default(), tablebase: None, weights: None, contempt: 0 }
    }

    /// The same state evaluating with a play style's `weights` (`None`: the compiled ones).
    #[must_use]
    pub fn with_weights(mut self, weights: Option<Arc<[S]>>) -> SharedState {
        self.weights = weights;
        self
    }

    /// The same state scoring draws `contempt` centipawns below even for the root's side to move.
    #[must_use]
    pub fn with_contempt(mut self, contempt: i32) -> SharedState {
        self.contempt = contempt;
        self
    }

    /// The same state probing `tables`; `root_probes` start the `tbhits` count.
    #[must_use]
    pub fn with_tablebase(mut self, tables: Option<SearchTables>, root_probes: u64) -> SharedState {
        self.tablebase = tables;
        self.progress.tb_hits.store(root_probes, Ordering::Relaxed);
        self
    }
}

/// How far the threads of one search have got; all atomics, so one value is
/// shared by every thread.
#[derive(Debug, Default)]
pub struct SearchProgress {
    /// Nodes of all threads; each thread adds its local count every 1024 nodes.
    pub nodes: AtomicU64,
    /// The iteration the main worker is searching. Helpers start each
    /// iteration one deeper, so that the threads fill the table ahead of the
    /// main worker instead of repeating its work.
    pub main_depth: AtomicI32,
    /// Successful tablebase probes of all threads (root probes included).
    pub tb_hits: AtomicU64,
    /// The nodes near the root that threads are inside now (`claims.rs`).
    pub claims: NodeClaims,
}

/// What only thread 0 does during one search: watch the limits and the clock, print `info`.
#[derive(Clone)]
pub struct MainDuties {
    /// Time limits, checked by thread 0 (node and depth limits are in `SearchLimits`).
    pub clock: Arc<dyn SearchClock + Send>,
    /// Where thread 0 prints its `info` lines (the UCI writer, or a filter of it).
    pub info: Arc<dyn InfoSink + Send>,
    /// Print castling as king-takes-rook (`UCI_Chess960`).
    pub chess960: bool,
    /// Add `wdl W D L` after each score (`UCI_ShowWDL`).
    pub show_wdl: bool,
}

/// What one thread's search found: the move to play and the line it expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `Move::NONE` only when the root position has no legal move.
    pub best_move: Move,
    /// The expected reply (`Move::NONE` if unknown).
    pub ponder_move: Move,
    /// Centipawns (or a mate score, see [`score`]) from the root's side to move.
    pub score: i32,
    /// Last completed iteration (0 if none completed).
    pub depth: i32,
    /// Deepest ply reached under the best move.
    pub seldepth: usize,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// The first `multipv` root moves with their scores and lines, best first
    /// as the search ranked them (the first is `best_move`'s). A strength
    /// limit chooses among them.
    pub lines: Vec<RootLine>,
}

/// One root move's line at the end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine {
    /// Centipawns or a mate score, from the root's side to move, as `info` shows it.
    pub score: i32,
    /// The line, starting with the root move.
    pub pv: Vec<Move>,
}
