//! The hard time limit holds on a busy machine: since 26c3dab (2026-11-24) the
//! main search thread checks it itself, with no watchdog to rely on.
//!
//! No test here asserts a tight timing: speed belongs in
//! `scripts/movetime_latency.py`. The first test has no timing at all
//! (a clock that counts its calls); the second only asks that `go movetime 200`
//! answers within seconds while every core is kept busy.

mod common;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use common::position::{legal_moves, startpos_after};
use common::search::search_as_main;
use common::uci::{legal_bestmove, Engine};
use ferrochamp::board::Position;
use ferrochamp::search::{IterationReport, SearchClock, SearchLimits, SharedState, TranspositionTable, Worker};

/// A clock whose hard limit passes at its `limit`-th look, never by time, and
/// that never stops between iterations: only the search's own look at the
/// hard limit can end an unlimited search.
struct CountingClock {
    looks: AtomicU32,
    limit: u32,
}

impl SearchClock for CountingClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }

    fn stop_after_iteration(&self, _report: &IterationReport) -> bool {
        false
    }

    fn hard_limit_reached(&self) -> bool {
        self.looks.fetch_add(1, Ordering::Relaxed) + 1 >= self.limit
    }
}

#[test]
fn the_main_search_thread_stops_itself_at_the_hard_limit_without_a_watchdog() {
    const LOOKS: u32 = 40;
    let (sender, receiver) = mpsc::channel();
    // On a thread of its own, so that a search that never stops fails the test instead of hanging it.
    thread::spawn(move || {
        let pos = Position::startpos();
        let tt = Arc::new(TranspositionTable::new(16));
        let shared = SharedState::new(tt, Arc::new(AtomicBool::new(false)));
        let clock = Arc::new(CountingClock { looks: AtomicU32::new(0), limit: LOOKS });
        let unlimited = SearchLimits { multipv: 1, ..SearchLimits::default() };
        let outcome = search_as_main(&mut Worker::new(), &shared, &pos, &unlimited, clock.clone());
        let looks = clock.looks.load(Ordering::Relaxed);
        let _ = sender.send((outcome.result, looks, shared.stop.load(Ordering::Relaxed), outcome.nodes));
    });
    let (result, looks, stop_raised, nodes) =
        receiver.recv_timeout(Duration::from_secs(120)).expect("the search stopped at its hard limit");
    assert!(legal_moves(&Position::startpos()).contains(&result.best_move));
    assert_eq!(looks, LOOKS, "the search stops at the first look that says the limit has passed");
    assert!(stop_raised, "the stop flag is raised for the helper threads too");
    // One look per thousand nodes or so: tens of thousands of nodes, not millions.
    assert!((10_000..=200_000).contains(&nodes), "{nodes} nodes for {LOOKS} looks at the clock");
}

/// Keeps `count` threads spinning until dropped: an artificial CPU load.
struct BusyLoad {
    running: Arc<AtomicBool>,
    threads: Vec<thread::JoinHandle<()>>,
}

impl BusyLoad {
    fn start(count: usize) -> BusyLoad {
        let running = Arc::new(AtomicBool::new(true));
        let threads = (0..count)
            .map(|_| {
                let running = Arc::clone(&running);
                thread::spawn(move || {
                    let mut spin = 0_u64;
                    while running.load(Ordering::Relaxed) {
                        spin = std::hint::black_box(spin.wrapping_mul(31).wrapping_add(7));
                    }
                })
            })
            .collect();
        BusyLoad { running, threads }
    }
}

impl Drop for BusyLoad {
    fn drop(&mut self) {
        self.running.store(false, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[test]
fn go_movetime_answers_in_time_under_cpu_load() {
    // Twice as many busy threads as cores: the engine's threads get a share at best.
    let cores = thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    let _load = BusyLoad::start(2 * cores);
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.isready();
    let positions = ["startpos", "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"];
    for round in 0..6 {
        let setup = positions[round % positions.len()];
        engine.send(&format!("position {setup}"));
        engine.isready();
        let sent = Instant::now();
        engine.send("go movetime 200");
        // Generous: ten times the movetime. Before the fix a loaded machine
        // overshot by tens of milliseconds, not seconds; this catches a
        // search that ignores its limit, not a slow scheduler.
        let lines = engine.read_until("bestmove", Duration::from_secs(10));
        let took = sent.elapsed();
        assert!(took < Duration::from_secs(2), "round {round}: bestmove after {took:?}");
        let pos = startpos_after(setup.split_whitespace().skip(2));
        if let Err(err) = legal_bestmove(&pos, lines.last().expect("bestmove line")) {
            panic!("round {round}: {err}");
        }
    }
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)));
}

#[test]
fn a_search_stopped_before_it_starts_still_completes_depth_one() {
    // A clock already run out (or `stop` right after `go`): the answer must
    // still come from a searched root, with a real score in its last line.
    let pos = Position::startpos();
    let tt = Arc::new(TranspositionTable::new(16));
    let shared = SharedState::new(tt, Arc::new(AtomicBool::new(true)));
    let clock = Arc::new(CountingClock { looks: AtomicU32::new(0), limit: 1 });
    let unlimited = SearchLimits { multipv: 1, ..SearchLimits::default() };
    let mut outcome = search_as_main(&mut Worker::new(), &shared, &pos, &unlimited, clock);
    let result = outcome.result;
    assert_eq!(result.depth, 1, "the first iteration completes, the second does not start");
    assert!(legal_moves(&pos).contains(&result.best_move));
    let last = outcome.lines.pop().expect("an info line");
    assert!(last.contains(" score cp "), "a searched score, not a mate: {last}");
}
