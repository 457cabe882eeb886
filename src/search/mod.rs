//! Alpha-beta search: iterative deepening PVS with quiescence, pruning, staged
//! move ordering and a transposition table shared by all threads.
//!
//! One name per role: a [`ThreadData`] holds one search thread's long-lived
//! state (histories, killers, pawn hash). Each `go`, the engine's thread pool
//! calls [`ThreadData::search`] on every thread, which runs one search as a
//! `worker::Worker` (one search's state); all threads read the same
//! [`SharedStateView`] (TT, stop flag, node counter), a borrowed view of the
//! engine's `SharedState`; only the main worker gets [`MainDutiesView`] (clock,
//! `info` output), a view of the engine's `MainDuties`.
//!
//! Files: `worker` (one search's state, node counting), `iterative` (iterative
//! deepening, aspiration, limits), `root` (root moves), `negamax` (the
//! recursive search), `pruning` (pruning and reduction decisions), `qsearch`,
//! `picker`, `history`, `see`, `tt`, `claims` (Lazy SMP node claims), `params`
//! (with `tunables`), `score`, `info`, `wdl` (win/draw/loss chances of a score).

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
pub mod score;
pub mod see;
mod tablebase_probe;
pub mod tt;
pub mod tunables;
pub mod wdl;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64};
use std::sync::Arc;

use crate::board::{Move, Position};
use crate::tablebase::SearchTables;

pub use limits::{InfoSink, IterationReport, NoClock, NoInfo, SearchClock, SearchLimits};
pub use tt::{HashError, TranspositionTable};

use crate::eval::score::S;
use crate::eval::PawnTable;
use claims::NodeClaims;
use history::Histories;
use params::LmrTable;
use worker::Worker;

/// State shared by all search threads of one `go`: atomics, and read-only tables
/// (borrowed from the engine's `SharedState`, or set up directly by a test).
pub struct SharedStateView<'a> {
    /// The transposition table all threads share.
    pub tt: &'a TranspositionTable,
    /// Raised by the controller (`stop`, time) or by the main worker (limits reached).
    pub stop: &'a AtomicBool,
    /// Node, depth and tablebase-hit counters of all threads.
    pub progress: &'a SearchProgress,
    /// Syzygy tables to probe inside the tree (`None`: no probing at all).
    pub tablebase: Option<&'a SearchTables>,
}

/// How far the workers of one search have got; all atomics, so one value is
/// shared by every thread.
#[derive(Debug, Default)]
pub struct SearchProgress {
    /// Nodes of all threads; each worker adds its local count every 1024 nodes.
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

/// What only the main worker does: watch limits and the clock, print `info`.
pub struct MainDutiesView<'a> {
    /// Time and node limits, checked by the main worker.
    pub clock: &'a dyn SearchClock,
    /// Where the main worker prints its `info` lines.
    pub info: &'a dyn InfoSink,
    /// Print castling as king-takes-rook (`UCI_Chess960`).
    pub chess960: bool,
    /// Add `wdl W D L` after each score (`UCI_ShowWDL`).
    pub show_wdl: bool,
}

/// What a worker found: the move to play and the line it expects.
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

/// One search thread's private, long-lived state.
pub struct ThreadData {
    histories: Histories,
    pawns: PawnTable,
    lmr: LmrTable,
    /// The evaluation weights of the play style; `None`: the compiled ones.
    weights: Option<Arc<[S]>>,
}

impl Default for ThreadData {
    fn default() -> Self {
        ThreadData::new()
    }
}

impl ThreadData {
    /// Fresh per-thread state: empty histories and pawn table, the LMR table, the compiled weights.
    #[must_use]
    pub fn new() -> ThreadData {
        ThreadData { histories: Histories::new(), pawns: PawnTable::new(), lmr: LmrTable::new(), weights: None }
    }

    /// Evaluates with `weights` (a flat vector, see `eval::layout`) from the
    /// next search on; `None` means the compiled weights. The pawn hash holds
    /// scores of the old weights, so a change empties it.
    pub fn set_weights(&mut self, weights: Option<Arc<[S]>>) {
        if self.weights.as_deref() != weights.as_deref() {
            self.pawns.clear();
        }
        self.weights = weights;
    }

    /// Forgets everything learned in earlier games (`ucinewgame`).
    pub fn clear(&mut self) {
        self.histories.clear();
        self.pawns.clear();
    }

    /// Searches `root` (with its game history, for repetitions) until a limit
    /// is reached (main worker) or `shared.stop` is raised. The main worker
    /// raises `shared.stop` itself before returning, so that helpers finish too.
    pub fn search(
        &mut self,
        root: &Position,
        shared: &SharedStateView,
        limits: &SearchLimits,
        main: Option<&MainDutiesView>,
    ) -> SearchResult {
        self.histories.clear_killers();
        let mut worker =
            Worker::new(root.clone(), &mut self.histories, &mut self.pawns, &self.lmr, shared, limits, main);
        worker.weights = self.weights.as_deref();
        worker.iterative_deepening()
    }
}
