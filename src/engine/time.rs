//! The clock of one search: when it started, when it must end, and the
//! time-manager thread that enforces it.
//!
//! [`super::budget`] turns a `go` into two limits:
//! - the **soft** limit: after an iteration the search asks
//!   [`SearchClock::stop_after_iteration`] and does not start another one once
//!   the soft limit has passed. It stretches when the best move is unstable or
//!   the score drops, and shrinks when one move clearly dominates;
//! - the **hard** limit, enforced twice: the time-manager thread ([`TimeKeeper`],
//!   one for the engine's life) raises the stop flag at that moment, and the
//!   main search thread itself looks at the clock every thousand nodes or so
//!   ([`SearchClock::hard_limit_reached`]). On a busy machine a sleeping
//!   thread may wake tens of milliseconds late; a thread that is searching
//!   sees the deadline as soon as it runs at all.
//!
//! What still comes between the end of the search and the `bestmove` line
//! (threads handing the result on, being scheduled) the controller measures
//! and adds to the overhead of later moves ([`super::overshoot`]).
//!
//! Both limits count from the moment the `go` line was read, a `go ponder`
//! included: what the search found while pondering was found for this very
//! move. While pondering neither limit stops the search; at `ponderhit` the
//! search goes on only for what is left of them, and stops at once when
//! pondering already used them up. The GUI starts our clock at `ponderhit`, so
//! a limit counted from the earlier `go` never ends later than it would
//! counted from `ponderhit`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};

use super::budget::{adjusted_soft_ms, budget, Budget, TimeControl};
use crate::board::Color;
use crate::search::{IterationReport, SearchClock};
use crate::uci::GoParams;

/// Whole milliseconds from `from` to now (0 if `from` is later).
fn millis_since(from: Instant) -> u64 {
    u64::try_from(Instant::now().saturating_duration_since(from).as_millis()).unwrap_or(u64::MAX)
}

/// When the clock started, shared with the time-manager thread.
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

    /// The moment the hard limit passes, counted from the `go`; `None` while
    /// pondering (only `stop` or `ponderhit` may end a ponder search).
    fn deadline(&self, hard_ms: u64) -> Option<Instant> {
        if self.pondering.load(Ordering::SeqCst) {
            return None;
        }
        self.origin.checked_add(Duration::from_millis(hard_ms))
    }
}

/// The clock of one search: its budget, when it started, and the stretched soft limit.
pub struct TimeManager {
    budget: Option<Budget>,
    soft_ms: AtomicU64,
    start: Arc<StartClock>,
    /// Set while pondering when an iteration ended past the soft limit: the
    /// search would have stopped there, so it stops at `ponderhit`.
    stop_on_ponderhit: AtomicBool,
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
            stop_on_ponderhit: AtomicBool::new(false),
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

    /// The opponent played the expected move: the limits apply from now on,
    /// still counted from the `go`. Wakes the time-manager thread so that it
    /// watches the hard limit. Does nothing if not pondering.
    /// True when the search should stop at once: while pondering it already
    /// finished an iteration past the soft limit, or ran past the hard limit.
    #[must_use]
    pub fn ponderhit(&self, now: Instant) -> bool {
        if !self.is_pondering() {
            return false;
        }
        let offset = now.saturating_duration_since(self.start.origin).as_nanos();
        self.start.offset_ns.store(u64::try_from(offset).unwrap_or(u64::MAX), Ordering::SeqCst);
        self.start.pondering.store(false, Ordering::SeqCst);
        // The channel holds one message; a full channel already holds the wake-up.
        let _ = self.ponderhit_tx.try_send(());
        self.stop_on_ponderhit.load(Ordering::SeqCst) || self.hard_deadline().is_some_and(|deadline| now >= deadline)
    }

    /// Whether the search is a `go ponder` not yet turned into a real one by `ponderhit`.
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

    /// When the GUI's clock started: the `go`, or the `ponderhit` when
    /// pondering (no answer could be given before it).
    #[must_use]
    pub fn started(&self) -> Instant {
        self.start.start()
    }

    /// Milliseconds the GUI's clock has run on this move: since [`TimeManager::started`].
    #[must_use]
    pub fn charged_ms(&self) -> u64 {
        millis_since(self.started())
    }

    /// The moment the hard limit passes; `None` without one or while pondering.
    #[must_use]
    pub fn hard_deadline(&self) -> Option<Instant> {
        self.budget.and_then(|budget| self.start.deadline(budget.hard_ms))
    }

    /// What the time-manager thread needs to enforce this clock's hard limit.
    fn watched(&self, id: u64, stop: Arc<AtomicBool>) -> Option<Watched> {
        let budget = self.budget?;
        Some(Watched {
            id,
            start: Arc::clone(&self.start),
            hard_ms: budget.hard_ms,
            stop,
            ponderhit: self.ponderhit_rx.clone(),
        })
    }
}

impl SearchClock for TimeManager {
    fn elapsed_ms(&self) -> u64 {
        millis_since(self.start.origin)
    }

    fn stop_after_iteration(&self, report: &IterationReport) -> bool {
        let Some(budget) = self.budget else {
            return false;
        };
        let soft_ms = adjusted_soft_ms(&budget, report);
        self.soft_ms.store(soft_ms, Ordering::Relaxed);
        let past_soft_limit = self.elapsed_ms() >= soft_ms;
        if self.is_pondering() {
            // Under ponder only `stop` or `ponderhit` may end the search.
            if past_soft_limit {
                self.stop_on_ponderhit.store(true, Ordering::SeqCst);
            }
            return false;
        }
        past_soft_limit
    }

    /// Called by the main search thread every thousand nodes or so: one
    /// clock read, no system call on the platforms that matter.
    fn hard_limit_reached(&self) -> bool {
        self.hard_deadline().is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// The time-manager thread: one for the engine's life, started with the
/// controller. The controller hands it each search's clock with
/// [`TimeKeeper::watch`]; the thread sleeps until that search's hard deadline
/// (waking at `ponderhit`, when the deadline moves) and then raises the stop
/// flag. Dropping the returned [`Watch`] takes the clock back.
pub struct TimeKeeper {
    commands: Option<Sender<KeeperCommand>>,
    thread: Option<JoinHandle<()>>,
    next_id: AtomicU64,
}

enum KeeperCommand {
    /// Enforce this search's hard limit (replacing any other).
    Watch(Watched),
    /// Forget search `id`, then acknowledge: after the answer the thread
    /// never touches that search's stop flag again.
    Release { id: u64, ack: Sender<()> },
}

/// One search's hard limit, as the time-manager thread keeps it.
struct Watched {
    id: u64,
    start: Arc<StartClock>,
    hard_ms: u64,
    stop: Arc<AtomicBool>,
    ponderhit: Receiver<()>,
}

impl TimeKeeper {
    /// Starts the time-manager thread. If the system cannot start it, the
    /// searches still stop themselves at the hard limit (the main search
    /// thread checks the clock); only the second guard is missing.
    #[must_use]
    pub fn start() -> TimeKeeper {
        let (commands, receiver) = crossbeam_channel::unbounded();
        let spawned = std::thread::Builder::new().name("time-manager".into()).spawn(move || keep_time(&receiver));
        match spawned {
            Ok(thread) => TimeKeeper { commands: Some(commands), thread: Some(thread), next_id: AtomicU64::new(0) },
            Err(e) => {
                log::error!("cannot start the time-manager thread: {e}; the search checks its clock alone");
                TimeKeeper { commands: None, thread: None, next_id: AtomicU64::new(0) }
            }
        }
    }

    /// Raises `stop` at `clock`'s hard deadline (not before `ponderhit` when
    /// pondering) until the returned [`Watch`] is dropped. One search at a
    /// time: a new watch replaces the previous one.
    #[must_use]
    pub fn watch(&self, clock: &TimeManager, stop: Arc<AtomicBool>) -> Watch {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let commands = match (&self.commands, clock.watched(id, stop)) {
            (Some(commands), Some(watched)) => {
                commands.send(KeeperCommand::Watch(watched)).ok().map(|()| commands.clone())
            }
            _ => None,
        };
        Watch { id, commands }
    }
}

impl Drop for TimeKeeper {
    fn drop(&mut self) {
        drop(self.commands.take()); // the thread's command channel closes and it returns
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                log::error!("the time-manager thread panicked");
            }
        }
    }
}

/// One search's claim on the time-manager thread; dropping it releases the
/// search, and returns only once the thread has let go of its stop flag.
pub struct Watch {
    id: u64,
    commands: Option<Sender<KeeperCommand>>,
}

impl Watch {
    /// Ends the watch without raising the stop flag (same as dropping it).
    pub fn cancel(self) {}
}

impl Drop for Watch {
    fn drop(&mut self) {
        let Some(commands) = self.commands.take() else { return };
        let (ack, acknowledged) = crossbeam_channel::bounded(1);
        if commands.send(KeeperCommand::Release { id: self.id, ack }).is_ok() {
            // Without this wait the thread could still fire for this search
            // after the controller has cleared the flag for the next one.
            let _ = acknowledged.recv();
        }
    }
}

/// The time-manager thread's loop: raise the watched search's stop flag at
/// its deadline; sleep until then, a command or a `ponderhit`.
fn keep_time(commands: &Receiver<KeeperCommand>) {
    let mut watched: Option<Watched> = None;
    loop {
        // Commands already sent come first: a search released just before its
        // deadline (the thread woke late) must not be stopped afterwards.
        loop {
            match commands.try_recv() {
                Ok(command) => apply(command, &mut watched),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let deadline = watched.as_ref().and_then(|w| w.start.deadline(w.hard_ms));
        if let (Some(w), Some(deadline)) = (&watched, deadline) {
            if Instant::now() >= deadline {
                w.stop.store(true, Ordering::SeqCst);
                watched = None;
                continue;
            }
        }
        let timer = deadline.map_or_else(crossbeam_channel::never, crossbeam_channel::at);
        let ponderhit = watched.as_ref().map_or_else(crossbeam_channel::never, |w| w.ponderhit.clone());
        crossbeam_channel::select! {
            recv(commands) -> command => match command {
                Ok(command) => apply(command, &mut watched),
                Err(_) => return, // the keeper is gone
            },
            recv(ponderhit) -> message => {
                if message.is_err() {
                    // The clock is gone: no ponderhit can come, and no deadline either.
                    watched = None;
                }
            }
            recv(timer) -> _ => {}
        }
    }
}

fn apply(command: KeeperCommand, watched: &mut Option<Watched>) {
    match command {
        KeeperCommand::Watch(new) => *watched = Some(new),
        KeeperCommand::Release { id, ack } => {
            if watched.as_ref().is_some_and(|w| w.id == id) {
                *watched = None;
            }
            let _ = ack.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::test_controls::{clock, go_params, movetime, OVERHEAD};

    #[test]
    fn huge_numbers_do_not_overflow_the_time_manager() {
        let control =
            TimeControl { time: Some(i64::MAX), increment: i64::MAX, movestogo: Some(u32::MAX), movetime: None };
        let manager = TimeManager::new(&control, 0, Instant::now());
        assert!(!manager.hard_limit_reached(), "a deadline beyond any clock is never reached");
        let stop = Arc::new(AtomicBool::new(false));
        drop(TimeKeeper::start().watch(&manager, Arc::clone(&stop)));
        assert!(!stop.load(Ordering::SeqCst));
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
        assert!(pondering.ponderhit(Instant::now()), "it pondered past the soft limit: stop at ponderhit");
        assert!(pondering.stop_after_iteration(&report), "the pondering time counts towards the soft limit");
        assert!(pondering.elapsed_ms() >= 5000, "the search's time counts from the go ponder");
        assert!(pondering.hard_limit_reached(), "and so does the hard limit");
    }

    #[test]
    fn after_ponderhit_only_what_is_left_of_the_limits_is_searched() {
        // 2 min + 1 s: a hard limit of some seconds, used up by 22 s of
        // pondering, after which the search used to go on for seconds more.
        let control = clock(120_000, 1000, None);
        let hard = Duration::from_millis(budget(&control, OVERHEAD).expect("timed").hard_ms);
        assert!(hard > Duration::from_secs(2) && hard < Duration::from_secs(22), "{hard:?}");
        let go_time = Instant::now().checked_sub(Duration::from_secs(30)).expect("clock has run 30 s");

        let long = TimeManager::pondering(&control, OVERHEAD, go_time);
        let hit = go_time + Duration::from_secs(22);
        assert!(long.ponderhit(hit), "22 s of pondering used up the hard limit: stop at once");
        assert_eq!(long.hard_deadline(), Some(go_time + hard), "the limit counts from the go ponder");
        assert_eq!(long.started(), hit, "the GUI's clock started at ponderhit");
        assert!(long.charged_ms() < 10_000 && long.elapsed_ms() >= 30_000, "the GUI charges from ponderhit");

        let short = TimeManager::pondering(&control, OVERHEAD, go_time);
        let hit = go_time + Duration::from_secs(1);
        assert!(!short.ponderhit(hit), "a second of pondering leaves time to search");
        let left = short.hard_deadline().expect("a deadline after ponderhit") - hit;
        assert_eq!(left, hard - Duration::from_secs(1), "the pondering time is taken off the hard limit");

        let unlimited = TimeManager::pondering(&TimeControl::default(), OVERHEAD, go_time);
        assert!(!unlimited.ponderhit(go_time + Duration::from_secs(600)), "go ponder infinite has no limit");
        assert_eq!(unlimited.hard_deadline(), None);
    }

    #[test]
    fn a_short_ponder_goes_on_after_ponderhit() {
        let report = IterationReport { depth: 5, best_move_stability: 3, ..IterationReport::default() };
        let pondering = TimeManager::pondering(&clock(100_000, 0, None), OVERHEAD, Instant::now());
        assert!(!pondering.stop_after_iteration(&report));
        assert!(!pondering.ponderhit(Instant::now()), "no iteration ended past the soft limit");
        assert!(!pondering.stop_after_iteration(&report));
        assert!(!pondering.ponderhit(Instant::now()), "a second ponderhit does nothing");
    }

    #[test]
    fn the_search_thread_sees_the_hard_limit_the_time_manager_enforces() {
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
        let hit = go_time + Duration::from_millis(50);
        assert!(!pondering.ponderhit(hit), "no iteration was reported and time is left: go on");
        assert_eq!(pondering.started(), hit, "the GUI's clock runs from ponderhit");
        assert_eq!(pondering.hard_deadline(), Some(go_time + Duration::from_millis(190)), "counted from the go");
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
    fn time_manager_raises_the_stop_flag_at_the_hard_limit() {
        let keeper = TimeKeeper::start();
        let go_time = Instant::now();
        let manager = TimeManager::new(&movetime(60), OVERHEAD, go_time);
        let stop = Arc::new(AtomicBool::new(false));
        let _watch = keeper.watch(&manager, Arc::clone(&stop));
        let raised = wait_for(&stop).expect("the time manager fired");
        assert!(raised.duration_since(go_time) >= Duration::from_millis(50), "not before the deadline");
        assert!(manager.hard_limit_reached());
    }

    #[test]
    fn pondering_search_waits_for_ponderhit() {
        let keeper = TimeKeeper::start();
        let go_time = Instant::now();
        let manager = TimeManager::from_go(&go_params("go ponder movetime 60"), Color::White, OVERHEAD, go_time);
        assert!(manager.is_pondering());
        let stop = Arc::new(AtomicBool::new(false));
        let _watch = keeper.watch(&manager, Arc::clone(&stop));
        std::thread::sleep(Duration::from_millis(200));
        assert!(!stop.load(Ordering::SeqCst) && !manager.hard_limit_reached(), "fired while pondering");
        let hit = Instant::now();
        assert!(manager.ponderhit(hit), "pondering ran past the hard limit: stop at once");
        let raised = wait_for(&stop).expect("fired after ponderhit");
        assert!(raised >= hit, "not before ponderhit");

        // A longer limit: the thread fires at its end, counted from the go.
        let go_time = Instant::now();
        let manager = TimeManager::from_go(&go_params("go ponder movetime 400"), Color::White, OVERHEAD, go_time);
        let stop = Arc::new(AtomicBool::new(false));
        let _watch = keeper.watch(&manager, Arc::clone(&stop));
        std::thread::sleep(Duration::from_millis(100));
        assert!(!manager.ponderhit(Instant::now()), "time is left");
        let raised = wait_for(&stop).expect("fired after ponderhit");
        assert!(raised.duration_since(go_time) >= Duration::from_millis(380), "not before the deadline");
    }

    #[test]
    fn a_released_search_is_never_stopped() {
        let keeper = TimeKeeper::start();
        let manager = TimeManager::new(&movetime(150), OVERHEAD, Instant::now());
        let stop = Arc::new(AtomicBool::new(false));
        let watch = keeper.watch(&manager, Arc::clone(&stop));
        let before = Instant::now();
        watch.cancel();
        assert!(before.elapsed() < Duration::from_secs(1));
        std::thread::sleep(Duration::from_millis(400));
        assert!(!stop.load(Ordering::SeqCst), "released before its deadline, yet stopped");
        let pondering = TimeManager::pondering(&movetime(100), OVERHEAD, Instant::now());
        let watch = keeper.watch(&pondering, Arc::clone(&stop));
        drop(pondering); // the ponderhit channel closes; the thread forgets the search
        drop(watch);
        assert!(!stop.load(Ordering::SeqCst));
    }

    #[test]
    fn one_thread_serves_search_after_search() {
        let keeper = TimeKeeper::start();
        for _ in 0..3 {
            let go_time = Instant::now();
            let manager = TimeManager::new(&movetime(60), OVERHEAD, go_time);
            let stop = Arc::new(AtomicBool::new(false));
            let watch = keeper.watch(&manager, Arc::clone(&stop));
            let raised = wait_for(&stop).expect("the time manager fired");
            assert!(raised.duration_since(go_time) >= Duration::from_millis(50), "not before the deadline");
            drop(watch);
        }
        // A later watch replaces an earlier one: only the later search is stopped.
        let first_stop = Arc::new(AtomicBool::new(false));
        let second_stop = Arc::new(AtomicBool::new(false));
        let first = TimeManager::new(&movetime(60_000), OVERHEAD, Instant::now());
        let second = TimeManager::new(&movetime(60), OVERHEAD, Instant::now());
        let _first_watch = keeper.watch(&first, Arc::clone(&first_stop));
        let _second_watch = keeper.watch(&second, Arc::clone(&second_stop));
        assert!(wait_for(&second_stop).is_some());
        assert!(!first_stop.load(Ordering::SeqCst));
    }
}
