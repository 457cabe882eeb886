//! Lazy-SMP search workers: persistent threads, parked between searches, that
//! search the same root over one shared transposition table.
//!
//! Worker 0 is the main worker: it checks the limits, talks to the clock and
//! prints `info` lines. Helpers search the same iterative deepening without
//! limits until the shared stop flag rises. Each worker keeps its own
//! histories, killers, pawn hash and stack across searches (cleared on
//! `ucinewgame`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use crate::board::Position;
use crate::search::tt::TranspositionTable;
use crate::search::{InfoSink, MainDuties, SearchClock, SearchLimits, SearchResult, Searcher, SharedSearch};

/// Search threads get a large stack: the recursive search keeps its move
/// lists on the stack.
const WORKER_STACK_BYTES: usize = 32 * 1024 * 1024;

/// What every worker of one search shares.
pub struct SharedContext {
    pub tt: Arc<TranspositionTable>,
    pub stop: Arc<AtomicBool>,
    pub nodes: AtomicU64,
}

/// The main worker's duties for one search.
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
        let result = choose_result(results).unwrap_or_else(|| SearchResult {
            best_move: crate::board::Move::NONE,
            ponder_move: crate::board::Move::NONE,
            score: 0,
            depth: 0,
            pv: Vec::new(),
        });
        PoolResult { result, nodes: shared.nodes.load(Ordering::Relaxed) }
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
                let result = {
                    let view = SharedSearch { tt: &shared.tt, stop: &shared.stop, nodes: &shared.nodes };
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
                let _ = reports.send(WorkerReport { is_main, result });
            }
        }
    }
}

/// Picks the final move: the main worker's, because its PV is the one the
/// GUI saw last and `bestmove` must be that PV's first move. A helper's result
/// is used only if the main worker somehow found no move.
fn choose_result(reports: Vec<WorkerReport>) -> Option<SearchResult> {
    let mut fallback = None;
    for report in reports {
        if report.is_main && report.result.best_move.is_some() {
            return Some(report.result);
        }
        if report.result.best_move.is_some() {
            fallback.get_or_insert(report.result);
        }
    }
    fallback
}
