//! Lazy-SMP search workers: persistent threads, parked between searches, that
//! search the same root over one shared transposition table.
//!
//! Worker 0 is the main worker: it checks the limits, talks to the clock and
//! prints `info` lines. Helpers search the same iterative deepening without
//! limits until the shared stop flag rises. Each worker keeps its own
//! histories, killers, pawn hash and stack across searches (cleared on
//! `ucinewgame`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use crate::board::Position;
use crate::eval::score::S;
use crate::search::tt::TranspositionTable;
use crate::tablebase::SearchTables;
use crate::search::info::{result_line, SearchTotals};
use crate::search::{
    InfoSink, MainDuties, SearchClock, SearchLimits, SearchProgress, SearchResult, Searcher, SharedSearch,
};

/// Search threads get a large stack: the recursive search keeps its move
/// lists on the stack.
const WORKER_STACK_BYTES: usize = 32 * 1024 * 1024;

/// What every worker of one search shares.
pub struct SharedContext {
    pub tt: Arc<TranspositionTable>,
    pub stop: Arc<AtomicBool>,
    pub progress: SearchProgress,
    /// Syzygy tables to probe in the tree, with the search's options.
    pub tablebase: Option<SearchTables>,
    /// The play style's evaluation weights (`None`: the compiled ones).
    pub weights: Option<Arc<[S]>>,
}

impl SharedContext {
    /// A fresh context for one search over `tt`, without tablebases.
    #[must_use]
    pub fn new(tt: Arc<TranspositionTable>, stop: Arc<AtomicBool>) -> SharedContext {
        SharedContext { tt, stop, progress: SearchProgress::default(), tablebase: None, weights: None }
    }

    /// The same context evaluating with a play style's `weights` (`None`: the compiled ones).
    #[must_use]
    pub fn with_weights(mut self, weights: Option<Arc<[S]>>) -> SharedContext {
        self.weights = weights;
        self
    }

    /// The same context probing `tables`; `root_probes` start the `tbhits` count.
    #[must_use]
    pub fn with_tablebase(mut self, tables: Option<SearchTables>, root_probes: u64) -> SharedContext {
        self.tablebase = tables;
        self.progress.tb_hits.store(root_probes, Ordering::Relaxed);
        self
    }
}

/// The main worker's duties for one search.
#[derive(Clone)]
pub struct MainSetup {
    pub clock: Arc<dyn SearchClock + Send>,
    pub info: Arc<dyn InfoSink + Send>,
    pub chess960: bool,
}

enum Job {
    Search { root: Box<Position>, limits: SearchLimits, shared: Arc<SharedContext>, main: Option<MainSetup> },
    Clear,
}

/// One finished search of one worker.
struct WorkerReport {
    is_main: bool,
    result: SearchResult,
    /// When the worker's search returned.
    finished: Instant,
}

struct Worker {
    jobs: Sender<Job>,
    handle: JoinHandle<()>,
}

/// The result of a whole search, chosen among the workers.
#[derive(Clone, Debug)]
pub struct PoolResult {
    pub result: SearchResult,
    pub nodes: u64,
    /// When the main worker's search returned: the controller measures its
    /// own delay in answering from there (see `overshoot`).
    pub main_finished: Option<Instant>,
}

pub struct WorkerPool {
    workers: Vec<Worker>,
    reports: Receiver<WorkerReport>,
    report_sender: Sender<WorkerReport>,
    /// Acknowledgements of `Clear` jobs.
    cleared: Receiver<()>,
    cleared_sender: Sender<()>,
}

impl WorkerPool {
    /// Starts `threads` parked workers (at least one).
    #[must_use]
    pub fn new(threads: usize) -> WorkerPool {
        let (report_sender, reports) = unbounded();
        let (cleared_sender, cleared) = unbounded();
        let mut pool = WorkerPool { workers: Vec::new(), reports, report_sender, cleared, cleared_sender };
        for id in 0..threads.max(1) {
            pool.workers.push(pool.spawn_worker(id));
        }
        pool
    }

    fn spawn_worker(&self, id: usize) -> Worker {
        let (jobs, job_receiver) = bounded::<Job>(1);
        let reports = self.report_sender.clone();
        let cleared = self.cleared_sender.clone();
        let handle = thread::Builder::new()
            .name(format!("search-{id}"))
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || worker_loop(&job_receiver, &reports, &cleared))
            .expect("the operating system can start a search thread");
        Worker { jobs, handle }
    }

    #[must_use]
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Clears every worker's histories and waits until all are done.
    pub fn clear(&self) {
        for worker in &self.workers {
            // A send fails only if the worker died; there is nothing left to clear then.
            let _ = worker.jobs.send(Job::Clear);
        }
        for _ in &self.workers {
            let _ = self.cleared.recv();
        }
    }

    /// Runs one search on all workers and blocks until it ends. The caller
    /// runs this on a thread of its own so that it can keep answering the GUI.
    #[must_use]
    pub fn search(
        &self,
        root: &Position,
        limits: &SearchLimits,
        shared: &Arc<SharedContext>,
        main: MainSetup,
    ) -> PoolResult {
        let printer = main.clone();
        let mut main = Some(main);
        for worker in &self.workers {
            let job = Job::Search {
                root: Box::new(root.clone()),
                limits: limits.clone(),
                shared: Arc::clone(shared),
                main: main.take(),
            };
            let _ = worker.jobs.send(job);
        }
        let mut results = Vec::with_capacity(self.workers.len());
        for index in 0..self.workers.len() {
            match self.reports.recv() {
                Ok(report) => results.push(report),
                Err(_) => break,
            }
            // Once the first worker (whoever it is) is done, the others must stop too.
            if index == 0 {
                shared.stop.store(true, Ordering::SeqCst);
            }
        }
        let nodes = shared.progress.nodes.load(Ordering::Relaxed);
        let main_finished = results.iter().find(|report| report.is_main).map(|report| report.finished);
        let Some(chosen) = choose_result(results, limits.multipv) else {
            let none = crate::board::Move::NONE;
            let result = SearchResult { best_move: none, ponder_move: none, score: 0, depth: 0, seldepth: 0, pv: Vec::new() };
            return PoolResult { result, nodes, main_finished };
        };
        if !chosen.is_main {
            let totals =
                SearchTotals {
                    nodes,
                    tb_hits: shared.progress.tb_hits.load(Ordering::Relaxed),
                    time_ms: printer.clock.elapsed_ms(),
                    hashfull: shared.tt.hashfull(),
                };
            printer.info.info(&result_line(&chosen.result, root, totals, printer.chess960));
        }
        PoolResult { result: chosen.result, nodes, main_finished }
    }
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        let workers = std::mem::take(&mut self.workers);
        for worker in workers {
            drop(worker.jobs);
            let _ = worker.handle.join();
        }
    }
}

fn worker_loop(jobs: &Receiver<Job>, reports: &Sender<WorkerReport>, cleared: &Sender<()>) {
    let mut searcher = Searcher::new();
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Clear => {
                searcher.clear();
                let _ = cleared.send(());
            }
            Job::Search { root, limits, shared, main } => {
                let is_main = main.is_some();
                searcher.set_weights(shared.weights.clone());
                let result = {
                    let view = SharedSearch {
                        tt: &shared.tt,
                        stop: &shared.stop,
                        progress: &shared.progress,
                        tablebase: shared.tablebase.as_ref(),
                    };
                    let duties = main.as_ref().map(|m| MainDuties {
                        clock: m.clock.as_ref(),
                        info: m.info.as_ref(),
                        chess960: m.chess960,
                    });
                    searcher.search(&root, &view, &limits, duties.as_ref())
                };
                // Release the shared table before reporting, so that the
                // controller can resize it as soon as the search is over.
                drop(shared);
                let _ = reports.send(WorkerReport { is_main, result, finished: Instant::now() });
            }
        }
    }
}

/// Picks the final move: the result of the deepest completed iteration, the
/// main worker's on a tie. A helper searches one iteration ahead, so when the
/// search stops it has often completed a deeper one. With MultiPV only the
/// main worker's lines are complete, so its result is taken.
fn choose_result(reports: Vec<WorkerReport>, multipv: usize) -> Option<WorkerReport> {
    reports
        .into_iter()
        .filter(|report| report.result.best_move.is_some())
        .filter(|report| report.is_main || multipv <= 1)
        .max_by_key(|report| (report.result.depth, report.is_main))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn report(is_main: bool, depth: i32, best_move: Move) -> WorkerReport {
        let result = SearchResult { best_move, ponder_move: Move::NONE, score: 0, depth, seldepth: 0, pv: vec![best_move] };
        WorkerReport { is_main, result, finished: Instant::now() }
    }

    fn moves() -> (Move, Move) {
        let pos = Position::startpos();
        let first = pos.parse_uci_move("e2e4", false).expect("legal");
        let second = pos.parse_uci_move("d2d4", false).expect("legal");
        (first, second)
    }

    #[test]
    fn the_deepest_completed_iteration_wins() {
        let (main_move, helper_move) = moves();
        let chosen = choose_result(vec![report(true, 9, main_move), report(false, 10, helper_move)], 1);
        assert_eq!(chosen.map(|r| r.result.best_move), Some(helper_move));
    }

    #[test]
    fn the_main_worker_wins_ties_and_shallower_helpers() {
        let (main_move, helper_move) = moves();
        let tie = choose_result(vec![report(false, 10, helper_move), report(true, 10, main_move)], 1);
        assert_eq!(tie.map(|r| r.result.best_move), Some(main_move));
        let shallower = choose_result(vec![report(false, 8, helper_move), report(true, 10, main_move)], 1);
        assert_eq!(shallower.map(|r| r.result.best_move), Some(main_move));
    }

    #[test]
    fn multipv_always_takes_the_main_worker() {
        let (main_move, helper_move) = moves();
        let chosen = choose_result(vec![report(true, 9, main_move), report(false, 12, helper_move)], 3);
        assert_eq!(chosen.map(|r| r.result.best_move), Some(main_move));
    }

    #[test]
    fn a_worker_without_a_move_is_never_chosen() {
        let (_, helper_move) = moves();
        let chosen = choose_result(vec![report(true, 12, Move::NONE), report(false, 3, helper_move)], 1);
        assert_eq!(chosen.map(|r| r.result.best_move), Some(helper_move));
        assert!(choose_result(vec![report(true, 0, Move::NONE)], 1).is_none());
    }
}
