//! One thread's long-lived search state: what it keeps from one search to the
//! next (histories, pawn hash) and the entry point of each search.

use std::sync::Arc;

use crate::board::Position;
use crate::eval::score::S;
use crate::eval::PawnTable;

use super::history::Histories;
use super::params::LmrTable;
use super::run::SearchRun;
use super::{MainDuties, SearchLimits, SearchResult, SharedState};

/// One search thread's private state, kept across searches and cleared on `ucinewgame`.
pub struct Worker {
    histories: Histories,
    pawns: PawnTable,
    lmr: LmrTable,
    /// The evaluation weights of the last search; `None`: the compiled ones.
    weights: Option<Arc<[S]>>,
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

impl Worker {
    /// Fresh per-thread state: empty histories and pawn table, the LMR table, the compiled weights.
    #[must_use]
    pub fn new() -> Worker {
        Worker { histories: Histories::new(), pawns: PawnTable::new(), lmr: LmrTable::new(), weights: None }
    }

    /// Forgets everything learned in earlier games (`ucinewgame`).
    pub fn clear(&mut self) {
        self.histories.clear();
        self.pawns.clear();
    }

    /// Searches `root` (with its game history, for repetitions) until a limit
    /// is reached (thread 0, the one with `main` duties) or `shared.stop` is
    /// raised. Thread 0 raises `shared.stop` itself before returning, so that
    /// the helpers finish too. Evaluates with `shared.weights`.
    pub fn search(
        &mut self,
        root: &Position,
        shared: &SharedState,
        limits: &SearchLimits,
        main: Option<&MainDuties>,
    ) -> SearchResult {
        self.use_weights(shared.weights.as_ref());
        self.histories.clear_killers();
        let mut run =
            SearchRun::new(root.clone(), &mut self.histories, &mut self.pawns, &self.lmr, shared, limits, main);
        run.weights = self.weights.as_deref();
        run.iterative_deepening()
    }

    /// Evaluates with `weights` (a flat vector, see `eval::layout`) from now
    /// on. The pawn hash holds scores of the old weights, so a change empties it.
    fn use_weights(&mut self, weights: Option<&Arc<[S]>>) {
        if self.weights.as_deref() != weights.map(|weights| &**weights) {
            self.pawns.clear();
            self.weights = weights.cloned();
        }
    }
}
