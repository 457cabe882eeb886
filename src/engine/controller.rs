//! The controller: owns the position, the options, the transposition table and
//! the search workers, and answers every command. It never blocks on a running
//! search: searches run on the thread pool, whose thread 0 sends the answer
//! back over a channel, and the long-lived time-manager thread enforces each
//! search's hard limit.
//!
//! In XBoard mode it also keeps the CECP session (`xboard.rs`): the game, the
//! clocks and the resign and draw decisions, and answers with `move` lines.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use crossbeam_channel::{select, unbounded, Receiver, Sender};

mod xboard;

use super::budget::TimeControl;
use super::front::Incoming;
use super::go::{self, GoDecision, GoPlan};
use super::lag::LagTracker;
use super::overshoot::OvershootTracker;
use super::pool::{Finish, PoolResult, ThreadPool};
use super::setup;
use super::shown::ShownPv;
use super::strength::{Handicap, ShownLines};
use super::time::{TimeKeeper, TimeManager, Watch};
use crate::board::Position;
use crate::book::{BookPlayer, BookReply, BookSettings};
use crate::rng::Rng;
use crate::search::tt::TranspositionTable;
use crate::search::{InfoSink, MainDuties, SharedState};
use crate::style::selection::{InForce, StyleState};
use crate::tablebase::engine_setup;
use crate::tablebase::{SearchTables, Tablebase};
use crate::uci::options::names;
use crate::uci::options::tuning::{self, TunableChange};
use crate::uci::{Command, GoParams, OptionTable, OptionValues, Output, SetOutcome};

/// A search in flight, or finished but held back until `stop`/`ponderhit`.
struct ActiveSearch {
    plan: GoPlan,
    clock: Arc<TimeManager>,
    /// The time-manager thread's hold on this search; dropped when it answers.
    watch: Watch,
    /// `go infinite`, or `go ponder` before `ponderhit`: no `bestmove` until told.
    hold_result: bool,
    /// The pool's answer, kept while `hold_result` is set.
    finished: Option<PoolResult>,
    /// Print nothing when it ends: an XBoard analysis, or a ponder search the
    /// opponent's move made useless.
    discard: bool,
    /// The PV lines the search showed (UCI only), to show again before
    /// `bestmove` when they all came before `ponderhit`.
    shown: Option<Arc<ShownPv>>,
}

/// The engine's state between commands, and the one place that acts on them (see the module comment).
pub struct Controller {
    output: Output,
    options: OptionValues,
    position: Position,
    tt: Arc<TranspositionTable>,
    pool: ThreadPool,
    time_keeper: TimeKeeper,
    stop: Arc<AtomicBool>,
    done_sender: Sender<PoolResult>,
    done: Receiver<PoolResult>,
    search: Option<ActiveSearch>,
    lag: LagTracker,
    overshoot: OvershootTracker,
    debug: bool,
    /// A `go perft` counting on its own thread, so that `isready` and `stop` are still answered.
    perft: Option<thread::JoinHandle<()>>,
    book: BookPlayer,
    /// Syzygy tables from `SyzygyPath` (`None`: not set, or not usable).
    tablebase: Option<Arc<Tablebase>>,
    /// The play style the next `go` uses.
    style: StyleState,
    /// Seeds the draw among the lines of each search with a strength limit.
    strength_seeds: Rng,
    /// The CECP session, in XBoard mode only.
    xboard: Option<Box<crate::xboard::Session>>,
}

impl Controller {
    /// An idle controller with the options' defaults, writing to `output`; `stop`
    /// is the flag the front thread raises on `stop` and `quit`.
    #[must_use]
    pub fn new(output: Output, stop: Arc<AtomicBool>) -> Controller {
        let options = OptionValues::new(OptionTable::for_engine());
        let hash_mb = options.spin_count(names::HASH);
        let threads = options.spin_count(names::THREADS);
        let (done_sender, done) = unbounded();
        Controller {
            output,
            options,
            position: Position::startpos(),
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            pool: ThreadPool::new(threads),
            time_keeper: TimeKeeper::start(),
            stop,
            done_sender,
            done,
            search: None,
            lag: LagTracker::default(),
            overshoot: OvershootTracker::default(),
            debug: false,
            perft: None,
            book: BookPlayer::default(),
            tablebase: None,
            style: StyleState::default(),
            strength_seeds: Rng::new(seed_from_clock()),
            xboard: None,
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
        self.stop_perft();
        self.stop_and_wait();
    }

    /// Handles one line; false means quit.
    fn handle(&mut self, incoming: Incoming) -> bool {
        self.output.log_input(&incoming.raw);
        let command = match incoming.command {
            Ok(command) => command,
            Err(err) if self.xboard.is_some() => {
                self.output.line(&crate::xboard::error_line(&err, &incoming.raw));
                return true;
            }
            Err(err) => {
                self.info_string(&err.to_string());
                return true;
            }
        };
        match command {
            Command::Empty | Command::Register | Command::Xboard => {}
            Command::Cecp(command) => self.cecp(command, &incoming.raw, incoming.received),
            Command::SetOption { name, value } if self.xboard.is_some() => {
                self.cecp_set_option(&name, value, &incoming.raw);
            }
            Command::Uci => {
                self.leave_xboard();
                self.identify();
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.new_game(),
            Command::Position(setup) => {
                self.position = match setup::build_position(&setup, self.chess960()) {
                    Ok(position) => position,
                    Err(error) => {
                        self.info_string(&error.to_string());
                        error.into_kept_position(&self.position)
                    }
                };
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
                let report = match self.style.weights() {
                    Some(weights) => crate::eval::eval_report_with(&self.position, weights),
                    None => crate::eval::eval_report(&self.position),
                };
                for line in report.lines() {
                    self.output.line(line);
                }
            }
            Command::Bench(params) => self.bench(params),
        }
        true
    }

    fn identify(&self) {
        self.output.line(&format!("id name {}", crate::ENGINE_NAME));
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
        if self.xboard.is_some() {
            for line in text.lines() {
                self.output.line(&crate::xboard::comment_line(line));
            }
            return;
        }
        // One line per message: a newline inside would start a line without a
        // keyword. Other control characters (a NUL or a lone \r from echoed
        // input) could cut or garble the line in a GUI: they become `?`.
        for line in text.lines() {
            let visible: String = line.chars().map(|c| if c.is_control() { '?' } else { c }).collect();
            self.output.line(&format!("info string {visible}"));
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
        let touches_workers = [names::HASH, names::THREADS, names::CLEAR_HASH, names::SYZYGY_PATH]
            .iter()
            .any(|option| option.eq_ignore_ascii_case(name.trim()))
            || self.options.table().lists_tunable(name);
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
            self.resize_hash();
        } else if name == names::THREADS {
            let threads = self.options.spin_count(names::THREADS);
            self.pool = ThreadPool::new(threads);
        } else if name == names::CLEAR_HASH {
            self.tt.clear();
        } else if name == names::BOOK_FILE {
            let path = self.options.string(names::BOOK_FILE).to_string();
            if let Some(report) = self.book.load(&path) {
                self.info_string(&report);
            }
        } else if name == names::SYZYGY_PATH {
            let path = self.options.string(names::SYZYGY_PATH).to_string();
            let (tables, messages) = engine_setup::reload(self.tablebase.take(), &path);
            self.tablebase = tables;
            for message in messages {
                self.info_string(&message);
            }
        } else if StyleState::is_style_option(&name) {
            if let Err(err) = self.style.update(&self.options, &name) {
                self.info_string(&err);
            }
        } else if name == names::DEBUG_LOG_FILE {
            let path = self.options.string(names::DEBUG_LOG_FILE).to_string();
            if let Err(err) = self.output.set_log_file(&path) {
                self.info_string(&err.to_string());
            }
        } else {
            self.apply_tunable(outcome);
        }
        self.diagnostic(&format!("option {name} set"));
    }

    /// A search tunable set as an option (builds with the `tune` feature).
    fn apply_tunable(&mut self, outcome: &SetOutcome) {
        match tuning::apply_to_tunable(outcome) {
            Ok(TunableChange::AppliedRebuildThreads) => {
                self.pool = ThreadPool::new(self.options.spin_count(names::THREADS));
            }
            Ok(TunableChange::Applied | TunableChange::NotATunable) => {}
            Err(err) => self.info_string(&err),
        }
    }

    /// A fresh table of the `Hash` size rather than a resize: the old one may
    /// still be referenced by a search thread that is just finishing. When the
    /// memory is not there, the old table stays and the option says its size again.
    fn resize_hash(&mut self) {
        let mb = self.options.spin_count(names::HASH);
        match TranspositionTable::try_new(mb) {
            Ok(table) => self.tt = Arc::new(table),
            Err(err) => {
                let kept = self.tt.megabytes().max(1);
                self.info_string(&format!("{err}; keeping the current {kept} MB table"));
                let _ = self.options.set(names::HASH, Some(&kept.to_string()));
            }
        }
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
        self.stop_perft();
        if !params.ignored.is_empty() {
            self.info_string(&format!("go: ignored {}", params.ignored.join(" ")));
        }
        for reason in &params.dropped {
            self.info_string(&format!("{reason}; parameter dropped"));
        }
        let (params, note) = go::with_fallback(params, self.position.side_to_move());
        let params = &params;
        if let Some(note) = note {
            self.info_string(&note.to_string());
        }
        if self.answer_from_book(params, go_received) {
            return;
        }
        let mut plan = match go::plan(&self.position, params, &self.options, self.chess960()) {
            GoDecision::Search(plan) => *plan,
            GoDecision::NoMove { .. } if self.xboard.is_some() => return,
            GoDecision::NoMove { in_check } => {
                for line in GoDecision::no_move_lines(in_check, self.options.check(names::UCI_SHOW_WDL)) {
                    self.output.line(&line);
                }
                return;
            }
        };
        for warning in &plan.warnings {
            self.info_string(&warning.to_string());
        }
        let tables = self.search_tables();
        let root_probes = tables.as_ref().map_or(0, |tables| engine_setup::restrict_root_moves(&mut plan, tables));
        let shown_lines = plan.limits.multipv;
        let handicap = self.handicap(params);
        if let Some((handicap, _)) = &handicap {
            handicap.restrict(&mut plan.limits);
        }
        let observed_lag = self.lag.on_go(params, self.position.side_to_move(), go_received);
        // Every move to come loses our own answering delay as well as the GUI's lag.
        let overhead = u64::try_from(self.options.spin(names::MOVE_OVERHEAD)).unwrap_or(0).max(observed_lag)
            + self.overshoot.reserve_ms();
        let clock = Arc::new(TimeManager::from_go(params, self.position.side_to_move(), overhead, go_received));
        self.stop.store(false, Ordering::SeqCst);
        let watch = self.time_keeper.watch(&clock, Arc::clone(&self.stop));
        if self.style.take_changed() {
            // Scores and static evaluations of the old weights would mislead the new ones.
            self.tt.clear();
        }
        self.tt.new_search();
        let weights = match self.style.in_force() {
            InForce::Weights(weights) => weights.clone(),
            InForce::Turochamp => None,
        };
        let shared = Arc::new(
            SharedState::new(Arc::clone(&self.tt), Arc::clone(&self.stop))
                .with_tablebase(tables, root_probes)
                .with_weights(weights)
                .with_contempt(self.contempt(params)),
        );
        let shown = self.xboard.is_none().then(|| Arc::new(ShownPv::new(Arc::new(self.output.clone()))));
        let output: Arc<dyn InfoSink + Send> = match (&self.xboard, &shown) {
            (Some(session), _) => {
                Arc::new(crate::xboard::thinking::Thinking::new(self.output.clone(), Arc::clone(&session.post)))
            }
            (None, Some(shown)) => Arc::clone(shown) as Arc<dyn InfoSink + Send>,
            (None, None) => Arc::new(self.output.clone()),
        };
        let main = MainDuties {
            clock: Arc::clone(&clock) as Arc<dyn crate::search::SearchClock + Send>,
            info: if handicap.is_some() { Arc::new(ShownLines { inner: output, shown: shown_lines }) } else { output },
            chess960: self.chess960(),
            show_wdl: self.options.check(names::UCI_SHOW_WDL),
        };
        self.start_search(&plan, params, shared, main, handicap);
        let hold_result = params.infinite || params.ponder;
        self.search = Some(ActiveSearch { plan, clock, watch, hold_result, finished: None, discard: false, shown });
    }

    /// `Contempt` for a game search; none in analysis (`go infinite`), whose
    /// scores must say what the position is worth, not what the engine prefers.
    fn contempt(&self, params: &GoParams) -> i32 {
        if params.infinite {
            0
        } else {
            i32::try_from(self.options.spin(names::CONTEMPT)).unwrap_or(0)
        }
    }

    /// Plays a book move instead of searching when the book has one for this
    /// `go`; true if it did.
    fn answer_from_book(&mut self, params: &GoParams, go_received: Instant) -> bool {
        let settings = BookSettings::from_options(&self.options);
        match self.book.answer(&self.position, params, &settings) {
            BookReply::Search { note } => {
                if let Some(note) = note {
                    self.info_string(&note);
                }
                false
            }
            BookReply::Play { lines } => {
                // The lag tracker sees book moves too: they measure the GUI's lag best.
                self.lag.on_go(params, self.position.side_to_move(), go_received);
                if self.xboard.is_some() {
                    self.xboard_book_move(&lines);
                } else {
                    self.output.lines(&lines);
                }
                self.lag.on_bestmove(Instant::now());
                true
            }
        }
    }

    /// The strength limit the options ask for, at the control of `params`,
    /// with the generator of this search's draw. Turochamp, with its own
    /// fixed search, has none.
    fn handicap(&mut self, params: &GoParams) -> Option<(Handicap, Rng)> {
        if matches!(self.style.in_force(), InForce::Turochamp) {
            return None;
        }
        let control = TimeControl::from_go(params, self.position.side_to_move());
        let handicap = Handicap::from_options(&self.options)?.at_control(&control);
        Some((handicap, Rng::new(self.strength_seeds.next_u64())))
    }

    /// Starts the search the selected `Style` runs; its answer comes back on `done`.
    fn start_search(
        &self,
        plan: &GoPlan,
        params: &GoParams,
        shared: Arc<SharedState>,
        main: MainDuties,
        handicap: Option<(Handicap, Rng)>,
    ) {
        let done = self.done_sender.clone();
        match self.style.in_force() {
            InForce::Weights(_) => {
                let finish = handicap.map(|(handicap, mut rng)| -> Finish {
                    Box::new(move |result, root, shared, main| {
                        handicap.play_drawn_line(result, root, shared, main, &mut rng);
                    })
                });
                self.pool.start_search(&self.position, &plan.limits, shared, main, finish, done);
            }
            InForce::Turochamp => {
                let root = self.position.clone();
                let candidates = plan.candidates.clone();
                let max_nodes = params.nodes;
                let work = Box::new(move || {
                    let (result, nodes) = crate::turochamp::go::run(
                        &root,
                        &candidates,
                        &shared.stop,
                        max_nodes,
                        main.info.as_ref(),
                        main.chess960,
                        main.show_wdl,
                    );
                    PoolResult { result, nodes, main_finished: Some(Instant::now()) }
                });
                self.pool.run_on_main_thread(work, done);
            }
        }
    }

    /// The tables for the next search, dropping them if a probe failed badly.
    fn search_tables(&mut self) -> Option<SearchTables> {
        if self.tablebase.as_ref().is_some_and(|tables| tables.is_broken()) {
            self.tablebase = None;
            self.info_string("Syzygy: a probe failed; playing on without tablebases");
        }
        engine_setup::search_tables(self.tablebase.as_ref(), &self.options)
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
            if search.discard {
                return;
            }
            let elapsed = search.clock.charged_ms();
            self.diagnostic(&format!("search used {elapsed} ms, {} nodes", result.nodes));
            let ponder_next = if self.xboard.is_some() {
                self.xboard_answer(&search, result, elapsed)
            } else {
                let repeated = search.shown.as_ref().map(|shown| shown.to_repeat()).unwrap_or_default();
                if !repeated.is_empty() {
                    self.output.lines(&repeated);
                }
                self.output.line(&go::bestmove_line(&search.plan, &result.result, self.chess960()));
                false
            };
            let written = Instant::now();
            if let Some(deadline) = search.clock.hard_deadline() {
                // A ponder search may have ended, or reached its hard limit,
                // long before `ponderhit` let it answer.
                let answerable = search.clock.started();
                let deadline = deadline.max(answerable);
                let ended = result.main_finished.map(|ended| ended.max(answerable));
                self.overshoot.on_bestmove(deadline, ended, written);
            }
            self.lag.on_bestmove(written);
            // Released after `bestmove` is out: the release waits for the
            // time-manager thread to answer, a wake-up the GUI need not wait for.
            // The stop flag is cleared only by the next `go`, after this.
            drop(search.watch);
            if ponder_next {
                self.xboard_ponder();
            }
        }
    }

    fn on_stop(&mut self) {
        if self.perft.as_ref().is_some_and(|perft| !perft.is_finished()) {
            self.stop.store(true, Ordering::SeqCst);
        }
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
        if let Some(shown) = &search.shown {
            // What the search printed so far was pondering, as far as the GUI knows.
            shown.mark();
        }
        // The time-manager thread wakes on this and starts counting.
        if search.clock.ponderhit(received) {
            // Pondering already searched longer than this move's soft limit.
            self.stop.store(true, Ordering::SeqCst);
        }
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
            self.info_string("perft while searching: finishing the search first");
            self.stop_and_wait();
        }
        self.stop_perft();
        self.stop.store(false, Ordering::SeqCst);
        let mut position = self.position.clone();
        let (output, stop, chess960) = (self.output.clone(), Arc::clone(&self.stop), self.chess960());
        let spawned = thread::Builder::new().name("perft".into()).spawn(move || {
            let start = Instant::now();
            let (lines, _) = crate::board::perft::divide_report_until(&mut position, depth, chess960, &stop);
            output.lines(&lines);
            log::debug!("perft took {} ms", start.elapsed().as_millis());
        });
        match spawned {
            Ok(handle) => self.perft = Some(handle),
            Err(err) => self.info_string(&format!("perft: cannot start a thread: {err}")),
        }
    }

    /// Stops a running `go perft` and waits for its last lines.
    fn stop_perft(&mut self) {
        if let Some(handle) = self.perft.take() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = handle.join();
        }
    }

    fn bench(&mut self, params: crate::uci::BenchParams) {
        if self.search.is_some() {
            self.info_string("bench is not available during a search");
            return;
        }
        self.stop_perft();
        let config = super::bench::BenchConfig::from_params(&params);
        if let Err(err) = super::bench::run(&config, &|line| self.output.line(line)) {
            self.info_string(&format!("bench: {err}"));
        }
    }
}

/// A seed that differs from one engine process to the next, so that a limited
/// engine does not repeat the same game from the same moves.
fn seed_from_clock() -> u64 {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since_epoch.as_nanos() & u128::from(u64::MAX)).unwrap_or(0) ^ u64::from(std::process::id())
}
