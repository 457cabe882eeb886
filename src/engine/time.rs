//! The clock of one search: when it started, when it must end, and the
//! watchdog that enforces it.
//!
//! [`super::budget`] turns a `go` into two limits:
//! - the **soft** limit: after an iteration the search asks
//!   [`SearchClock::stop_after_iteration`] and does not start another one once
//!   the soft limit has passed. It stretches when the best move is unstable or
//!   the score drops, and shrinks when one move clearly dominates;
//! - the **hard** limit, enforced twice: the [`Watchdog`] thread raises the stop
//!   flag at that moment, and the main search thread itself looks at the clock
//!   every thousand nodes or so ([`SearchClock::hard_limit_reached`]). On a
//!   busy machine a sleeping thread may wake tens of milliseconds late; a
//!   thread that is searching sees the deadline as soon as it runs at all.
//!
//! What still comes between the end of the search and the `bestmove` line
//! (threads handing the result on, being scheduled) the controller measures
//! and adds to the overhead of later moves ([`super::overshoot`]).
//! The clock starts when the `go` line was read, or at `ponderhit` when pondering.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};

use super::budget::{adjusted_soft_ms, budget, Budget, TimeControl};
use crate::board::Color;
use crate::search::{IterationReport, SearchClock};
use crate::uci::GoParams;

/// When the clock started, shared with the watchdog thread.
struct StartClock {
    origin: Instant,
    /// Nanoseconds from `origin` to the start (0 until `ponderhit`).
    offset_ns: AtomicU64,
    pondering: AtomicBool,
}

impl StartClock {
    fn start(&self) -> Instant {
        let offset = Duration::from_nanos(self.offset_ns.load(Ordering::SeqCst));
        self.origin.checked_add(offset).unwrap_or(self.origin)
    }

    /// The moment the hard limit passes; `None` while pondering (no clock yet).
    fn deadline(&self, hard_ms: u64) -> Option<Instant> {
        if self.pondering.load(Ordering::SeqCst) {
            return None;
        }
        self.start().checked_add(Duration::from_millis(hard_ms))
    }
}

/// The clock of one search: its budget, when it started, and the stretched soft limit.
pub struct TimeManager {
    budget: Option<Budget>,
    soft_ms: AtomicU64,
    start: Arc<StartClock>,
    ponderhit_tx: Sender<()>,
    ponderhit_rx: Receiver<()>,
}

impl TimeManager {
    /// A clock that started at `go_time` (the moment `go` was read).
    #[must_use]
    pub fn new(control: &TimeControl, overhead_ms: u64, go_time: Instant) -> TimeManager {
        let budget = budget(control, overhead_ms);
        let (ponderhit_tx, ponderhit_rx) = crossbeam_channel::bounded(1);
        TimeManager {
            budget,
            soft_ms: AtomicU64::new(budget.map_or(u64::MAX, |b| b.soft_ms)),
            start: Arc::new(StartClock {
                origin: go_time,
                offset_ns: AtomicU64::new(0),
                pondering: AtomicBool::new(false),
            }),
            ponderhit_tx,
            ponderhit_rx,
        }
    }

    /// A clock for `go ponder`: the limits apply from [`TimeManager::ponderhit`] on.
    #[must_use]
    pub fn pondering(control: &TimeControl, overhead_ms: u64, go_time: Instant) -> TimeManager {
        let manager = TimeManager::new(control, overhead_ms, go_time);
        manager.start.pondering.store(true, Ordering::SeqCst);
        manager
    }

    /// The clock for `params` played by `us`, pondering if `params.ponder`.
    #[must_use]
    pub fn from_go(params: &GoParams, us: Color, overhead_ms: u64, go_time: Instant) -> TimeManager {
        let control = TimeControl::from_go(params, us);
        if params.ponder {
            TimeManager::pondering(&control, overhead_ms, go_time)
        } else {
            TimeManager::new(&control, overhead_ms, go_time)
        }
    }

    /// The opponent played the expected move: the clock starts now. Wakes the
    /// watchdog so that it starts counting. Does nothing if not pondering.
    pub fn ponderhit(&self, now: Instant) {
        if !self.is_pondering() {
            return;
        }
        let offset = now.saturating_duration_since(self.start.origin).as_nanos();
        self.start.offset_ns.store(u64::try_from(offset).unwrap_or(u64::MAX), Ordering::SeqCst);
        self.start.pondering.store(false, Ordering::SeqCst);
        // The channel holds one message; a full channel already holds the wake-up.
        let _ = self.ponderhit_tx.try_send(());
    }

    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.start.pondering.load(Ordering::SeqCst)
    }

    /// The limits of this move; `None` when only `stop` (or depth/nodes) ends it.
    #[must_use]
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// The current soft limit after stretching; `None` without a time limit.
    #[must_use]
    pub fn soft_limit_ms(&self) -> Option<u64> {
        self.budget.map(|_| self.soft_ms.load(Ordering::Relaxed))
    }

    /// When the clock started: the `go`, or the `ponderhit` when pondering.
    #[must_use]
    pub fn started(&self) -> Instant {
        self.start.start()
    }

    /// The moment the hard limit passes; `None` without one or while pondering.
    #[must_use]
    pub fn hard_deadline(&self) -> Option<Instant> {
        self.budget.and_then(|budget| self.start.deadline(budget.hard_ms))
    }

    /// Starts a thread that raises `stop` at the hard deadline (not before
    /// `ponderhit` when pondering). Dropping the returned [`Watchdog`] ends the
    /// thread at once. Start one watchdog per search.
    #[must_use]
    pub fn start_watchdog(&self, stop: Arc<AtomicBool>) -> Watchdog {
        let Some(budget) = self.budget else {
            return Watchdog { cancel: None, thread: None };
        };
        let (cancel_tx, cancel_rx) = crossbeam_channel::bounded::<()>(0);
        let start = Arc::clone(&self.start);
        let ponderhit = self.ponderhit_rx.clone();
        let spawned = std::thread::Builder::new()
            .name("time-watchdog".into())
            .spawn(move || watch(&start, budget.hard_ms, &stop, &cancel_rx, ponderhit));
        match spawned {
            Ok(thread) => Watchdog { cancel: Some(cancel_tx), thread: Some(thread) },
            Err(e) => {
                log::error!("cannot start the time watchdog: {e}; only the soft limit applies");
                Watchdog { cancel: None, thread: None }
            }
        }
    }
}

impl SearchClock for TimeManager {
    fn elapsed_ms(&self) -> u64 {
        let elapsed = Instant::now().saturating_duration_since(self.start.start());
        u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
    }

    fn stop_after_iteration(&self, report: &IterationReport) -> bool {
        let Some(budget) = self.budget else {
            return false;
        };
        if self.is_pondering() {
            return false; // under ponder only `stop` or `ponderhit` may end the search
        }
        let soft_ms = adjusted_soft_ms(&budget, report);
        self.soft_ms.store(soft_ms, Ordering::Relaxed);
        self.elapsed_ms() >= soft_ms
    }

    /// Called by the main search thread every thousand nodes or so: one
    /// clock read, no system call on the platforms that matter.
    fn hard_limit_reached(&self) -> bool {
        self.hard_deadline().is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// The watchdog thread's loop: sleep until the deadline, a ponderhit (the
/// deadline moves) or cancellation, whichever comes first.
fn watch(start: &StartClock, hard_ms: u64, stop: &AtomicBool, cancel: &Receiver<()>, mut ponderhit: Receiver<()>) {
    loop {
        let timer = match start.deadline(hard_ms) {
            Some(deadline) if Instant::now() >= deadline => {
                stop.store(true, Ordering::SeqCst);
                return;
            }
            Some(deadline) => crossbeam_channel::at(deadline),
            None => crossbeam_channel::never(),
        };
        crossbeam_channel::select! {
            recv(cancel) -> _ => return, // cancelled, or the Watchdog was dropped
            recv(ponderhit) -> message => {
                if message.is_err() {
                    // The manager is gone; no ponderhit can come any more.
                    ponderhit = crossbeam_channel::never();
                }
            }
            recv(timer) -> _ => {}
        }
    }
}

/// The running watchdog of one search; dropping it stops the thread.
pub struct Watchdog {
    /// Dropping the sender wakes the thread, which then exits.
    cancel: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// Ends the watchdog without raising the stop flag (same as dropping it).
    pub fn cancel(self) {}
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.cancel.take());
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                log::error!("the time watchdog panicked");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::test_controls::{clock, go_params, movetime, OVERHEAD};

    #[test]
    fn huge_numbers_do_not_overflow_the_watchdog() {
        let control =
            TimeControl { time: Some(i64::MAX), increment: i64::MAX, movestogo: Some(u32::MAX), movetime: None };
        let manager = TimeManager::new(&control, 0, Instant::now());
        assert!(!manager.hard_limit_reached(), "a deadline beyond any clock is never reached");
        drop(manager.start_watchdog(Arc::new(AtomicBool::new(false))));
    }

    #[test]
    fn stop_after_iteration_compares_elapsed_time_with_the_soft_limit() {
        let long_ago = Instant::now().checked_sub(Duration::from_secs(5)).expect("clock has run 5 s");
        let report = IterationReport { depth: 5, best_move_stability: 3, ..IterationReport::default() };
        let late = TimeManager::new(&clock(10_000, 0, None), OVERHEAD, long_ago);
        assert!(late.stop_after_iteration(&report));
        let fresh = TimeManager::new(&clock(100_000, 0, None), OVERHEAD, Instant::now());
        assert!(!fresh.stop_after_iteration(&report));
        let unlimited = TimeManager::new(&TimeControl::default(), OVERHEAD, long_ago);
        assert!(!unlimited.stop_after_iteration(&report));
        let pondering = TimeManager::pondering(&clock(10_000, 0, None), OVERHEAD, long_ago);
        assert!(!pondering.stop_after_iteration(&report), "only ponderhit or stop ends a ponder search");
        pondering.ponderhit(Instant::now());
        assert!(!pondering.stop_after_iteration(&report), "the clock restarted at ponderhit");
        assert!(pondering.elapsed_ms() < 1000);
    }

    #[test]
    fn the_search_thread_sees_the_hard_limit_the_watchdog_enforces() {
        let long_ago = Instant::now().checked_sub(Duration::from_secs(5)).expect("clock has run 5 s");
        assert!(TimeManager::new(&movetime(200), OVERHEAD, long_ago).hard_limit_reached());
        assert!(!TimeManager::new(&movetime(60_000), OVERHEAD, Instant::now()).hard_limit_reached());
        assert!(!TimeManager::new(&TimeControl::default(), OVERHEAD, long_ago).hard_limit_reached());
        let pondering = TimeManager::pondering(&movetime(200), OVERHEAD, long_ago);
        assert!(!pondering.hard_limit_reached(), "no limit before ponderhit");
        assert_eq!(pondering.hard_deadline(), None);
    }

    #[test]
    fn the_hard_deadline_is_the_hard_limit_from_the_start() {
        let go_time = Instant::now();
        let manager = TimeManager::new(&movetime(200), OVERHEAD + 25, go_time);
        assert_eq!(manager.hard_deadline(), Some(go_time + Duration::from_millis(165)));
        let unlimited = TimeManager::new(&TimeControl::default(), OVERHEAD, go_time);
        assert_eq!(unlimited.hard_deadline(), None);
        assert_eq!(unlimited.started(), go_time);
        let pondering = TimeManager::pondering(&movetime(200), OVERHEAD, go_time);
        let hit = go_time + Duration::from_millis(500);
        pondering.ponderhit(hit);
        assert_eq!(pondering.started(), hit, "after ponderhit the clock runs from there");
        assert_eq!(pondering.hard_deadline(), Some(hit + Duration::from_millis(190)));
    }

    /// Waits (generously) for `flag` to be raised; returns when it was seen.
    fn wait_for(flag: &AtomicBool) -> Option<Instant> {
        let give_up = Instant::now() + Duration::from_secs(5);
        while Instant::now() < give_up {
            if flag.load(Ordering::SeqCst) {
                return Some(Instant::now());
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    }

    #[test]
    fn watchdog_raises_the_stop_flag_at_the_hard_limit() {
        let go_time = Instant::now();
        let manager = TimeManager::new(&movetime(60), OVERHEAD, go_time);
        let stop = Arc::new(AtomicBool::new(false));
        let _watchdog = manager.start_watchdog(Arc::clone(&stop));
        let raised = wait_for(&stop).expect("the watchdog fired");
        assert!(raised.duration_since(go_time) >= Duration::from_millis(50), "not before the deadline");
        assert!(manager.hard_limit_reached());
    }

    #[test]
    fn pondering_watchdog_waits_for_ponderhit() {
        let manager = TimeManager::from_go(&go_params("go ponder movetime 60"), Color::White, OVERHEAD, Instant::now());
        assert!(manager.is_pondering());
        let stop = Arc::new(AtomicBool::new(false));
        let _watchdog = manager.start_watchdog(Arc::clone(&stop));
        std::thread::sleep(Duration::from_millis(200));
        assert!(!stop.load(Ordering::SeqCst) && !manager.hard_limit_reached(), "fired while pondering");
        let hit = Instant::now();
        manager.ponderhit(hit);
        let raised = wait_for(&stop).expect("fired after ponderhit");
        assert!(raised.duration_since(hit) >= Duration::from_millis(50), "the clock starts at ponderhit");
    }

    #[test]
    fn dropping_the_watchdog_ends_it_at_once_without_stopping() {
        let manager = TimeManager::new(&movetime(60_000), OVERHEAD, Instant::now());
        let stop = Arc::new(AtomicBool::new(false));
        let watchdog = manager.start_watchdog(Arc::clone(&stop));
        let before = Instant::now();
        watchdog.cancel();
        assert!(before.elapsed() < Duration::from_secs(1));
        assert!(!stop.load(Ordering::SeqCst));
        let pondering = TimeManager::pondering(&movetime(100), OVERHEAD, Instant::now());
        let watchdog = pondering.start_watchdog(Arc::clone(&stop));
        drop(pondering); // the ponderhit channel closes; the watchdog must still exit on drop
        drop(watchdog);
        assert!(!stop.load(Ordering::SeqCst));
    }
}
