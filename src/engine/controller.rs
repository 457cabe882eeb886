//! The controller: owns the position, the options, the transposition table and
//! the search workers, and answers every command. It never blocks on a running
//! search: searches run on the worker pool, driven by a short-lived runner
//! thread that reports back over a channel.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use crossbeam_channel::{select, unbounded, Receiver, Sender};

use super::front::Incoming;
use super::go::{self, GoPlan};
use super::lag::LagTracker;
use super::overshoot::OvershootTracker;
use super::pool::{MainSetup, PoolResult, SharedContext, WorkerPool};
use super::setup;
use super::time::{TimeManager, Watchdog};
use crate::board::Position;
use crate::search::tt::TranspositionTable;
use crate::uci::options::names;
use crate::uci::{Command, GoParams, OptionValues, Output, SetOutcome};

/// A search in flight, or finished but held back until `stop`/`ponderhit`.
struct ActiveSearch {
    plan: GoPlan,
    clock: Arc<TimeManager>,
    watchdog: Option<Watchdog>,
    /// `go infinite`, or `go ponder` before `ponderhit`: no `bestmove` until told.
    hold_result: bool,
    /// The pool's answer, kept while `hold_result` is set.
    finished: Option<PoolResult>,
}

pub struct Controller {
    output: Output,
    options: OptionValues,
    position: Position,
    tt: Arc<TranspositionTable>,
    pool: Arc<WorkerPool>,
    stop: Arc<AtomicBool>,
    done_sender: Sender<PoolResult>,
    done: Receiver<PoolResult>,
    search: Option<ActiveSearch>,
    lag: LagTracker,
    overshoot: OvershootTracker,
    debug: bool,
}

impl Controller {
    #[must_use]
    pub fn new(output: Output, stop: Arc<AtomicBool>) -> Controller {
        let options = OptionValues::default();
        let hash_mb = usize::try_from(options.spin(names::HASH)).unwrap_or(16);
        let threads = usize::try_from(options.spin(names::THREADS)).unwrap_or(1);
        let (done_sender, done) = unbounded();
        Controller {
            output,
            options,
            position: Position::startpos(),
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            pool: Arc::new(WorkerPool::new(threads)),
            stop,
            done_sender,
            done,
            search: None,
            lag: LagTracker::default(),
            overshoot: OvershootTracker::default(),
            debug: false,
        }
    }

    /// Serves commands until `quit` or the end of input.
    pub fn run(mut self, commands: &Receiver<Incoming>) {
        loop {
            select! {
                recv(commands) -> incoming => match incoming {
                    Ok(incoming) => {
                        if !self.handle(incoming) {
                            break;
                        }
                    }
                    Err(_) => break,
                },
                recv(self.done) -> result => {
                    if let Ok(result) = result {
                        self.on_search_done(result);
                    }
                }
            }
        }
        self.stop_and_wait();
    }

    /// Handles one line; false means quit.
    fn handle(&mut self, incoming: Incoming) -> bool {
        self.output.log_input(&incoming.raw);
        let command = match incoming.command {
            Ok(command) => command,
            Err(err) => {
                self.info_string(&err.to_string());
                return true;
            }
        };
        match command {
            Command::Empty | Command::Register | Command::Xboard => {}
            Command::Uci => self.identify(),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.new_game(),
            Command::Position(setup) => {
                let (position, error) = setup::build_position(&self.position, &setup, self.chess960());
                self.position = position;
                if let Some(error) = error {
                    self.info_string(&error);
                }
            }
            Command::Go(params) => self.go(&params, incoming.received),
            Command::Perft(depth) => self.perft(depth),
            Command::Stop => self.on_stop(),
            Command::PonderHit => self.on_ponderhit(incoming.received),
            Command::Quit => return false,
            Command::Display => {
                for line in setup::display(&self.position).lines() {
                    self.output.line(line);
                }
            }
            Command::Eval => {
                for line in crate::eval::eval_report(&self.position).lines() {
                    self.output.line(line);
                }
            }
            Command::Bench(params) => self.bench(params),
        }
        true
    }

    fn identify(&self) {
        self.output.line(&format!("id name Ferrochamp {}", env!("CARGO_PKG_VERSION")));
        self.output.line("id author the Ferrochamp developers");
        for line in self.options.table().uci_lines() {
            self.output.line(&line);
        }
        self.output.line("uciok");
    }

    fn chess960(&self) -> bool {
        self.options.check(names::UCI_CHESS960)
    }

    fn info_string(&self, text: &str) {
        // One line per message: a newline inside would start a line without a keyword.
        for line in text.lines() {
            self.output.line(&format!("info string {line}"));
        }
    }

    /// A diagnostic: to the log, and to the GUI as well under `debug on`.
    fn diagnostic(&self, text: &str) {
        log::debug!("{text}");
        if self.debug {
            self.info_string(text);
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let touches_workers = [names::HASH, names::THREADS, names::CLEAR_HASH]
            .iter()
            .any(|option| option.eq_ignore_ascii_case(name.trim()));
        if touches_workers && self.search.is_some() {
            self.info_string(&format!("option {name} cannot change during a search; send it while idle"));
            return;
        }
        match self.options.set(name, value) {
            Ok(outcome) => self.apply_option(&outcome),
            Err(err) => self.info_string(&err.to_string()),
        }
    }

    fn apply_option(&mut self, outcome: &SetOutcome) {
        let name = outcome.name().to_string();
        if let SetOutcome::Unchanged { .. } = outcome {
            return;
        }
        if name == names::HASH {
            let mb = usize::try_from(self.options.spin(names::HASH)).unwrap_or(16);
            // A fresh table rather than a resize: the old one may still be
            // referenced by a worker that is just finishing.
            self.tt = Arc::new(TranspositionTable::new(mb));
        } else if name == names::THREADS {
            let threads = usize::try_from(self.options.spin(names::THREADS)).unwrap_or(1);
            self.pool = Arc::new(WorkerPool::new(threads));
        } else if name == names::CLEAR_HASH {
            self.tt.clear();
        } else if name == names::DEBUG_LOG_FILE {
            let path = self.options.string(names::DEBUG_LOG_FILE).to_string();
            if let Err(err) = self.output.set_log_file(&path) {
                self.info_string(&err.to_string());
            }
        }
        self.diagnostic(&format!("option {name} set"));
    }

    fn new_game(&mut self) {
        if self.search.is_some() {
            self.stop_and_wait();
        }
        self.tt.clear();
        self.pool.clear();
        self.lag.forget_last_move();
        self.position = Position::startpos();
    }

    /// Starts a search; its clock runs from `go_received`, when the line was read.
    fn go(&mut self, params: &GoParams, go_received: Instant) {
        if self.search.is_some() {
            self.info_string("go while searching: finishing the previous search first");
            self.stop_and_wait();
        }
        if !params.ignored.is_empty() {
            self.info_string(&format!("go: ignored {}", params.ignored.join(" ")));
        }
        let plan = match go::plan(&self.position, params, &self.options, self.chess960()) {
            Ok(plan) => plan,
            Err(no_move) => {
                for line in no_move.lines() {
                    self.output.line(line);
                }
                return;
            }
        };
        for warning in &plan.warnings {
            self.info_string(warning);
        }
        let observed_lag = self.lag.on_go(params, self.position.side_to_move(), go_received);
        // Every move to come loses our own answering delay as well as the GUI's lag.
        let overhead = u64::try_from(self.options.spin(names::MOVE_OVERHEAD)).unwrap_or(0).max(observed_lag)
            + self.overshoot.reserve_ms();
        let clock = Arc::new(TimeManager::from_go(params, self.position.side_to_move(), overhead, go_received));
        self.stop.store(false, Ordering::SeqCst);
        let watchdog = (!params.ponder).then(|| clock.start_watchdog(Arc::clone(&self.stop)));
        self.tt.new_search();
        let shared = Arc::new(SharedContext::new(Arc::clone(&self.tt), Arc::clone(&self.stop)));
        let main = MainSetup {
            clock: Arc::clone(&clock) as Arc<dyn crate::search::SearchClock + Send>,
            info: Arc::new(self.output.clone()),
            chess960: self.chess960(),
        };
        let pool = Arc::clone(&self.pool);
        let root = self.position.clone();
        let limits = plan.limits.clone();
        let done = self.done_sender.clone();
        thread::Builder::new()
            .name("search-runner".into())
            .spawn(move || {
                let result = pool.search(&root, &limits, &shared, main);
                let _ = done.send(result);
            })
            .expect("the operating system can start the search runner");
        let hold_result = params.infinite || params.ponder;
        self.search = Some(ActiveSearch { plan, clock, watchdog, hold_result, finished: None });
    }

    fn on_search_done(&mut self, result: PoolResult) {
        let Some(search) = self.search.as_mut() else { return };
        // The pool raises the stop flag itself when a search ends, so the
        // flag says nothing about the GUI: only `stop`/`ponderhit` release.
        if search.hold_result {
            search.finished = Some(result);
            return;
        }
        self.finish(&result);
    }

    /// Prints `bestmove` for the active search and returns to idle.
    fn finish(&mut self, result: &PoolResult) {
        if let Some(search) = self.search.take() {
            drop(search.watchdog);
            let line = go::bestmove_line(&search.plan, &result.result, self.chess960());
            let elapsed = crate::search::SearchClock::elapsed_ms(search.clock.as_ref());
            self.diagnostic(&format!("search used {elapsed} ms, {} nodes", result.nodes));
            self.output.line(&line);
            let written = Instant::now();
            if let Some(deadline) = search.clock.hard_deadline() {
                // A ponder search may have ended long before `ponderhit` let it answer.
                let answerable = result.main_finished.map(|ended| ended.max(search.clock.started()));
                self.overshoot.on_bestmove(deadline, answerable, written);
            }
            self.lag.on_bestmove(written);
        }
    }

    fn on_stop(&mut self) {
        let Some(search) = self.search.as_mut() else { return };
        self.stop.store(true, Ordering::SeqCst);
        search.hold_result = false;
        if let Some(result) = search.finished.take() {
            self.finish(&result);
        }
    }

    fn on_ponderhit(&mut self, received: Instant) {
        let Some(search) = self.search.as_mut() else { return };
        if !search.hold_result {
            return;
        }
        search.hold_result = search.plan.infinite;
        search.clock.ponderhit(received);
        search.watchdog = Some(search.clock.start_watchdog(Arc::clone(&self.stop)));
        if let Some(result) = search.finished.take() {
            if !search.hold_result {
                self.finish(&result);
            } else if let Some(search) = self.search.as_mut() {
                search.finished = Some(result);
            }
        }
    }

    /// Stops any search and waits for it, printing its `bestmove`.
    fn stop_and_wait(&mut self) {
        let Some(search) = self.search.as_mut() else { return };
        self.stop.store(true, Ordering::SeqCst);
        search.hold_result = false;
        let result = match search.finished.take() {
            Some(result) => result,
            None => match self.done.recv() {
                Ok(result) => result,
                Err(_) => return,
            },
        };
        self.finish(&result);
    }

    fn perft(&mut self, depth: u32) {
        if self.search.is_some() {
            self.info_string("perft is not available during a search");
            return;
        }
        let mut position = self.position.clone();
        let start = Instant::now();
        let (lines, _) = crate::board::perft::divide_report(&mut position, depth, self.chess960());
        self.output.lines(&lines);
        self.diagnostic(&format!("perft took {} ms", start.elapsed().as_millis()));
    }

    fn bench(&mut self, params: crate::uci::BenchParams) {
        if self.search.is_some() {
            self.info_string("bench is not available during a search");
            return;
        }
        let config = super::bench::BenchConfig::from_params(&params);
        super::bench::run(&config, &|line| self.output.line(line));
    }
}
