//! Lazy SMP: persistent search threads, parked between searches, that search
//! the same root over one shared transposition table.
//!
//! Who is who (Stockfish's split as the model):
//! - [`ThreadPool`]: the pool of parked OS threads; runs one search on all of them.
//! - `PoolThread` (private): one OS thread with its job channel.
//! - [`Worker`]: one thread's long-lived search state; runs each search as a `SearchRun`.
//! - [`SharedState`]: what every thread of one search shares; one per `go`, in an `Arc`.
//! - [`MainDuties`]: what only thread 0 does (clock, `info` lines).
//!
//! Thread 0 checks the limits and talks to the clock; the helpers search the
//! same iterative deepening without limits until the shared stop flag rises.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Instant;

use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use crate::board::Position;
use crate::search::info::{result_line, SearchTotals};
use crate::search::{MainDuties, SearchLimits, SearchResult, SharedState, Worker};

/// Search threads get a large stack: the recursive search keeps its move
/// lists on the stack.
const THREAD_STACK_BYTES: usize = 32 * 1024 * 1024;

/// What thread 0 does with the result of a whole search before sending it:
/// the strength limit's drawn line. It gets the root, the search's shared
/// state and thread 0's duties.
pub type Finish = Box<dyn FnOnce(&mut PoolResult, &Position, &SharedState, &MainDuties) + Send>;

enum Job {
    /// A helper's search: no limits, no output; it reports to thread 0.
    Search {
        root: Box<Position>,
        limits: SearchLimits,
        shared: Arc<SharedState>,
    },
    /// Thread 0's search, and everything up to the answer.
    Main(Box<MainJob>),
    /// Other work for thread 0, answered on `done`.
    Run {
        work: Box<dyn FnOnce() -> PoolResult + Send>,
        done: Sender<PoolResult>,
    },
    Clear,
}

/// Thread 0's part of one search.
struct MainJob {
    root: Box<Position>,
    limits: SearchLimits,
    shared: Arc<SharedState>,
    duties: MainDuties,
    finish: Option<Finish>,
    /// How many helper results to collect.
    helpers: usize,
    helper_reports: Receiver<ThreadReport>,
    done: Sender<PoolResult>,
}

/// One finished search of one thread.
struct ThreadReport {
    is_main: bool,
    result: SearchResult,
}

/// One OS thread of the pool and the channel its jobs come on.
struct PoolThread {
    jobs: Sender<Job>,
    handle: JoinHandle<()>,
}

/// The result of a whole search, chosen among the threads.
#[derive(Clone, Debug)]
pub struct PoolResult {
    /// The chosen thread's result: best move, ponder move, score, PV and MultiPV lines.
    pub result: SearchResult,
    /// Nodes of all threads together.
    pub nodes: u64,
    /// When the main worker's search returned: the controller measures its
    /// own delay in answering from there (see `overshoot`).
    pub main_finished: Option<Instant>,
}

impl PoolResult {
    /// No move at all (no thread found one), with the nodes searched.
    fn no_move(nodes: u64) -> PoolResult {
        let none = crate::board::Move::NONE;
        let result = SearchResult {
            best_move: none,
            ponder_move: none,
            score: 0,
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        };
        PoolResult { result, nodes, main_finished: None }
    }
}

/// The search threads, parked between searches (thread 0 runs the main worker).
pub struct ThreadPool {
    threads: Vec<PoolThread>,
    /// Helpers' results, read by thread 0.
    reports: Receiver<ThreadReport>,
    report_sender: Sender<ThreadReport>,
    /// Acknowledgements of `Clear` jobs.
    cleared: Receiver<()>,
    cleared_sender: Sender<()>,
}

impl ThreadPool {
    /// Starts `threads` parked threads (at least one).
    #[must_use]
    pub fn new(threads: usize) -> ThreadPool {
        let (report_sender, reports) = unbounded();
        let (cleared_sender, cleared) = unbounded();
        let mut pool = ThreadPool { threads: Vec::new(), reports, report_sender, cleared, cleared_sender };
        for id in 0..threads.max(1) {
            pool.threads.push(pool.spawn_thread(id));
        }
        pool
    }

    fn spawn_thread(&self, id: usize) -> PoolThread {
        let (jobs, job_receiver) = bounded::<Job>(1);
        let reports = self.report_sender.clone();
        let cleared = self.cleared_sender.clone();
        let handle = thread::Builder::new()
            .name(format!("search-{id}"))
            .stack_size(THREAD_STACK_BYTES)
            .spawn(move || thread_loop(&job_receiver, &reports, &cleared))
            .expect("the operating system can start a search thread");
        PoolThread { jobs, handle }
    }

    /// How many search threads the pool has.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Clears every thread's histories and waits until all are done.
    pub fn clear(&self) {
        for pool_thread in &self.threads {
            // A send fails only if the thread died; there is nothing left to clear then.
            let _ = pool_thread.jobs.send(Job::Clear);
        }
        for _ in &self.threads {
            let _ = self.cleared.recv();
        }
    }

    /// Runs one search on all threads and blocks until it ends (bench, the
    /// test-suite runner). The engine itself uses [`ThreadPool::start_search`].
    #[must_use]
    pub fn search(
        &self,
        root: &Position,
        limits: &SearchLimits,
        shared: &Arc<SharedState>,
        main: MainDuties,
    ) -> PoolResult {
        let (done, answer) = bounded(1);
        self.start_search(root, limits, Arc::clone(shared), main, None, done);
        // Thread 0 always answers unless it died; an empty result is all there is then.
        answer.recv().unwrap_or_else(|_| PoolResult::no_move(shared.progress.nodes.load(Ordering::Relaxed)))
    }

    /// Starts one search on all threads and returns at once. Thread 0 runs the
    /// main worker; when its search returns it stops the helpers, collects
    /// their results, picks the answer, applies `finish` (the strength limit's
    /// drawn line) and sends it on `done`. No other thread stands between the
    /// search and the controller.
    pub fn start_search(
        &self,
        root: &Position,
        limits: &SearchLimits,
        shared: Arc<SharedState>,
        main: MainDuties,
        finish: Option<Finish>,
        done: Sender<PoolResult>,
    ) {
        let Some((main_thread, helpers)) = self.threads.split_first() else { return };
        for helper in helpers {
            let job = Job::Search { root: Box::new(root.clone()), limits: limits.clone(), shared: Arc::clone(&shared) };
            let _ = helper.jobs.send(job);
        }
        let job = MainJob {
            root: Box::new(root.clone()),
            limits: limits.clone(),
            shared,
            duties: main,
            finish,
            helpers: helpers.len(),
            helper_reports: self.reports.clone(),
            done,
        };
        let _ = main_thread.jobs.send(Job::Main(Box::new(job)));
    }

    /// Runs `work` (a search of another kind: Turochamp's) on thread 0 and
    /// sends its result on `done`; returns at once.
    pub fn run_on_main_thread(&self, work: Box<dyn FnOnce() -> PoolResult + Send>, done: Sender<PoolResult>) {
        if let Some(main_thread) = self.threads.first() {
            let _ = main_thread.jobs.send(Job::Run { work, done });
        }
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        let threads = std::mem::take(&mut self.threads);
        for pool_thread in threads {
            drop(pool_thread.jobs);
            let _ = pool_thread.handle.join();
        }
    }
}

fn thread_loop(jobs: &Receiver<Job>, reports: &Sender<ThreadReport>, cleared: &Sender<()>) {
    let mut worker = Worker::new();
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Clear => {
                worker.clear();
                let _ = cleared.send(());
            }
            Job::Search { root, limits, shared } => {
                let result = worker.search(&root, &shared, &limits, None);
                // Release the shared table before reporting, so that the
                // controller can resize it as soon as the search is over.
                drop(shared);
                let _ = reports.send(ThreadReport { is_main: false, result });
            }
            Job::Main(job) => run_main(&mut worker, *job),
            Job::Run { work, done } => {
                let _ = done.send(work());
            }
        }
    }
}

/// Thread 0: the main worker's search, then the helpers' results, the choice
/// among them, `finish`, and the answer on `done`.
fn run_main(worker: &mut Worker, job: MainJob) {
    let MainJob { root, limits, shared, duties, finish, helpers, helper_reports, done } = job;
    let result = worker.search(&root, &shared, &limits, Some(&duties));
    let main_finished = Instant::now();
    // The main worker decides when a search ends; the helpers stop with it.
    shared.stop.store(true, Ordering::SeqCst);
    let mut reports = vec![ThreadReport { is_main: true, result }];
    reports.extend((0..helpers).map_while(|_| helper_reports.recv().ok()));
    let nodes = shared.progress.nodes.load(Ordering::Relaxed);
    let mut answer = match choose_result(reports, limits.multipv) {
        Some(chosen) => {
            if !chosen.is_main {
                let totals = SearchTotals {
                    nodes,
                    tb_hits: shared.progress.tb_hits.load(Ordering::Relaxed),
                    time_ms: duties.clock.elapsed_ms(),
                    hashfull: shared.tt.hashfull(),
                };
                duties.info.info(&result_line(&chosen.result, &root, totals, duties.chess960, duties.show_wdl));
            }
            PoolResult { result: chosen.result, nodes, main_finished: Some(main_finished) }
        }
        None => PoolResult { main_finished: Some(main_finished), ..PoolResult::no_move(nodes) },
    };
    if let Some(finish) = finish {
        finish(&mut answer, &root, &shared, &duties);
    }
    // Let go of the shared tables before answering, so that the controller
    // may resize or reload them as soon as it has the answer.
    drop(shared);
    let _ = done.send(answer);
}

/// Picks the final move: the result of the deepest completed iteration, the
/// main worker's on a tie. A helper searches one iteration ahead, so when the
/// search stops it has often completed a deeper one. With MultiPV only the
/// main worker's lines are complete, so its result is taken.
fn choose_result(reports: Vec<ThreadReport>, multipv: usize) -> Option<ThreadReport> {
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

    fn report(is_main: bool, depth: i32, best_move: Move) -> ThreadReport {
        let result = SearchResult {
            best_move,
            ponder_move: Move::NONE,
            score: 0,
            depth,
            seldepth: 0,
            pv: vec![best_move],
            lines: Vec::new(),
        };
        ThreadReport { is_main, result }
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
