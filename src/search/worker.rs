//! One thread's long-lived search state: what it keeps from one search to the
//! next (histories, pawn hash, eval cache) and the entry point of each search.

use std::sync::Arc;

use crate::board::Position;
use crate::eval::score::S;
use crate::eval::EvalTables;

use super::history::Histories;
use super::params::LmrTable;
use super::run::SearchRun;
use super::{MainDuties, SearchLimits, SearchResult, SharedState};

/// One search thread's private state, kept across searches and cleared on `ucinewgame`.
pub struct Worker {
    histories: Histories,
    eval_tables: EvalTables,
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
        Worker { histories: Histories::new(), eval_tables: EvalTables::default(), lmr: LmrTable::new(), weights: None }
    }

    /// Forgets everything learned in earlier games (`ucinewgame`).
    pub fn clear(&mut self) {
        self.histories.clear();
        self.eval_tables.clear();
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
            SearchRun::new(root.clone(), &mut self.histories, &mut self.eval_tables, &self.lmr, shared, limits, main);
        run.weights = self.weights.as_deref();
        run.iterative_deepening()
    }

    /// Evaluates with `weights` (a flat vector, see `eval::layout`) from now
    /// on. The pawn hash and the eval cache hold scores of the old weights, so a
    /// change empties them.
    fn use_weights(&mut self, weights: Option<&Arc<[S]>>) {
        if self.weights.as_deref() != weights.map(|weights| &**weights) {
            self.eval_tables.clear();
            self.weights = weights.cloned();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::layout;

    #[test]
    fn new_weights_empty_the_eval_caches_and_the_same_weights_keep_them() {
        let compiled: Arc<[S]> = layout::current().into();
        let mut doubled = layout::current();
        doubled.iter_mut().for_each(|weight| *weight = *weight * 2);
        let doubled: Arc<[S]> = doubled.into();
        let key = 0x0F1E_2D3C_4B5A_6978;

        let mut worker = Worker::new();
        worker.use_weights(Some(&compiled));
        worker.eval_tables.evals.store(key, 120);
        worker.use_weights(Some(&Arc::clone(&compiled)));
        assert_eq!(worker.eval_tables.evals.probe(key), Some(120), "equal weights keep the cache");

        worker.use_weights(Some(&doubled));
        assert_eq!(worker.eval_tables.evals.probe(key), None, "an eval of other weights must not be reused");
    }
}
