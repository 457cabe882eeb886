//! The controller's XBoard half: it follows the CECP session's game and
//! starts the same searches as UCI's `go` (timed by the same time manager),
//! answering with `move`, `resign` and `offer draw` instead of `bestmove`.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Controller, PoolResult};
use crate::board::movegen::generate_legal;
use crate::board::{Move, MoveList, Position};
use crate::uci::options::names;
use crate::uci::{shorten, GoParams};
use crate::xboard::adjudicate::{tablebase_outcome, Settings, Verdict};
use crate::xboard::{features, game, visible, Mode, Session, XbCommand};

impl Controller {
    /// Acts on one CECP command; `raw` is the line, for error messages.
    pub(super) fn cecp(&mut self, command: XbCommand, raw: &str, received: Instant) {
        if self.xboard.is_none() || command == XbCommand::Start {
            self.cancel_search();
            self.xboard = Some(Box::default());
        }
        match command {
            XbCommand::Start | XbCommand::Ignored | XbCommand::Status => {}
            XbCommand::Protover(version) if version >= 2 => {
                self.output.lines(&features::feature_lines(self.options.table()));
            }
            XbCommand::Protover(_) => {}
            XbCommand::New => {
                self.cancel_search();
                self.new_game();
                self.set_chess960(false);
                self.session().new_game();
            }
            XbCommand::Variant(chess960) => self.set_chess960(chess960),
            XbCommand::Force => {
                self.cancel_search();
                self.session().mode = Mode::Force;
            }
            XbCommand::Go => {
                self.cancel_search();
                let session = self.session();
                // A `go` after `result` or a resignation still asks for a move.
                session.over = false;
                session.mode = Mode::Play(session.game.position().side_to_move());
                self.think(received);
            }
            XbCommand::PlayOther => {
                self.cancel_search();
                let session = self.session();
                session.over = false;
                session.mode = Mode::Play(session.game.position().side_to_move().flip());
            }
            XbCommand::UserMove(text) => self.usermove(&text, received),
            XbCommand::MoveNow => {
                // Only a search for the engine's own move answers `?`; analysis and pondering go on.
                if self.search.as_ref().is_some_and(|search| !search.hold_result && !search.discard) {
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            XbCommand::Undo | XbCommand::Remove => {
                self.cancel_search();
                let plies = if command == XbCommand::Undo { 1 } else { 2 };
                let session = self.session();
                if session.game.take_back(plies) {
                    session.over = false;
                    session.expected = Move::NONE;
                    self.after_position_change(received);
                } else {
                    self.output.line(&format!("Error (no move to take back): {}", shorten(raw)));
                }
            }
            XbCommand::SetBoard(fen) => self.setboard(&fen, raw, received),
            XbCommand::Ping(n) => self.output.line(&format!("pong {n}")),
            XbCommand::Time(cs) => self.session().clock.set_engine_time(cs),
            XbCommand::Otim(cs) => self.session().clock.set_opponent_time(cs),
            XbCommand::Level { moves, base_ms, inc_ms } => self.session().clock.set_level(moves, base_ms, inc_ms),
            XbCommand::St(ms) => self.session().clock.set_per_move(ms),
            XbCommand::Sd(depth) => self.session().clock.set_depth(Some(depth)),
            XbCommand::Nps(nps) => self.session().clock.set_nps(nps),
            XbCommand::Post(on) => self.session().post.store(on, Ordering::Relaxed),
            XbCommand::Hard(on) => {
                if !on && self.pondering() {
                    self.cancel_search();
                }
                self.session().ponder = on;
            }
            XbCommand::Analyze => {
                self.session().mode = Mode::Analyze;
                self.analyze();
            }
            XbCommand::Exit => {
                if self.session().mode == Mode::Analyze {
                    self.cancel_search();
                    self.session().mode = Mode::Force;
                }
            }
            XbCommand::Book => self.output.lines(&["\tno book moves listed", ""]),
            XbCommand::Hint => self.hint(),
            XbCommand::Result(_) => {
                self.cancel_search();
                self.session().over = true;
            }
            XbCommand::Draw => self.draw_offered(),
        }
    }

    /// `option`, `memory`, `cores` and `egtpath` in XBoard mode: as UCI's
    /// `setoption`, with CECP's `1`/`0` for checks and its error replies.
    pub(super) fn cecp_set_option(&mut self, name: &str, value: Option<String>, raw: &str) {
        let name = &features::table_name(self.options.table(), name);
        let value = features::table_value(self.options.table(), name, value);
        let touches_workers = [names::HASH, names::THREADS, names::CLEAR_HASH, names::SYZYGY_PATH]
            .iter()
            .any(|option| option.eq_ignore_ascii_case(name.trim()));
        if touches_workers {
            // Only pondering or analysis can run here: XBoard sets these between moves.
            self.cancel_search();
        }
        match self.options.set(name, value.as_deref()) {
            Ok(outcome) => self.apply_option(&outcome),
            Err(err) => self.output.line(&format!("Error ({}): {}", visible(&err.to_string()), shorten(raw))),
        }
    }

    /// `uci` after `xboard`: back to UCI, the game forgotten.
    pub(super) fn leave_xboard(&mut self) {
        if self.xboard.take().is_some() {
            self.stop_and_wait_discarding();
        }
    }

    /// A book move found for the engine's turn: played as a searched one is.
    pub(super) fn xboard_book_move(&mut self, lines: &[String]) {
        let chess960 = self.chess960();
        let text = lines.iter().find_map(|line| line.strip_prefix("bestmove ")).unwrap_or_default();
        let word = text.split_whitespace().next().unwrap_or_default();
        match self.position.parse_uci_move(word, chess960) {
            Ok(mv) => {
                let root = self.position.clone();
                self.play_engine_move(&root, mv, Move::NONE, 0, Vec::new());
            }
            Err(err) => self.info_string(&format!("book: {err}")),
        }
    }

    /// The answer to a search for the engine's move: `resign`, or `move` with
    /// `offer draw` before it when due. True when a ponder search should follow.
    pub(super) fn xboard_answer(&mut self, search: &super::ActiveSearch, result: &PoolResult, elapsed: u64) -> bool {
        let settings = Settings::from_options(&self.options);
        let root = &search.plan.root;
        let Some(session) = self.xboard.as_mut() else { return false };
        if root.key() != session.game.position().key() || !session.engine_on_move() {
            return false; // the game moved on while this search ran
        }
        let found = &result.result;
        let best =
            if search.plan.candidates.contains(&found.best_move) { found.best_move } else { search.plan.candidates[0] };
        let known = tablebase_outcome(&search.plan.limits.tablebase_scores);
        let verdict = session.adjudicator.after_search(found.score, known, root, &settings);
        if verdict == Verdict::Resign {
            session.over = true;
            self.output.line("resign");
            return false;
        }
        let accept = session.draw_offered && session.adjudicator.accepts_draw(&settings);
        session.draw_offered = false;
        let lines = if verdict == Verdict::OfferDraw || accept { vec!["offer draw".to_string()] } else { Vec::new() };
        let ponder = if best == found.best_move { found.ponder_move } else { Move::NONE };
        self.play_engine_move(root, best, ponder, elapsed, lines)
    }

    /// Prints `lines`, then `move` and the result if the move ends the game;
    /// records the move. True when a ponder search should follow.
    fn play_engine_move(
        &mut self,
        root: &Position,
        best: Move,
        ponder: Move,
        elapsed: u64,
        mut lines: Vec<String>,
    ) -> bool {
        let chess960 = self.chess960();
        let Some(session) = self.xboard.as_mut() else { return false };
        lines.push(format!("move {}", game::move_text(root, best, chess960)));
        let us = root.side_to_move();
        session.game.play(best);
        let made = session.game.moves_made_by(us);
        session.clock.on_engine_move(i64::try_from(elapsed).unwrap_or(i64::MAX), made);
        session.expected = if is_legal(session.game.position(), ponder) { ponder } else { Move::NONE };
        if let Some(result) = session.game.result_line() {
            lines.push(result.to_string());
            session.over = true;
        }
        self.output.lines(&lines);
        let session = self.session();
        session.ponder && !session.over && session.expected.is_some()
    }

    /// Searches the position after the expected reply until the opponent moves.
    pub(super) fn xboard_ponder(&mut self) {
        let session = self.session();
        let mut position = session.game.position().clone();
        let us = position.side_to_move().flip();
        position.make_move(session.expected);
        let mut params = session.clock.go_params(us, session.game.moves_made_by(us));
        params.ponder = true;
        self.position = position;
        self.go(&params, Instant::now());
    }

    /// The opponent's move: a ponder hit goes on as the real search; anything
    /// else is played and the engine thinks, analyses or waits as the mode says.
    fn usermove(&mut self, text: &str, received: Instant) {
        let chess960 = self.chess960();
        let pondering = self.pondering();
        let session = self.session();
        let Ok(mv) = game::parse_move(session.game.position(), text, chess960) else {
            self.output.line(&format!("Illegal move: {}", shorten(text)));
            return;
        };
        if pondering && mv == session.expected {
            session.game.play(mv);
            session.expected = Move::NONE;
            self.on_ponderhit(received);
            return;
        }
        self.cancel_search();
        let session = self.session();
        session.game.play(mv);
        session.expected = Move::NONE;
        self.after_position_change(received);
    }

    fn setboard(&mut self, fen: &str, raw: &str, received: Instant) {
        match Position::from_fen(fen) {
            Ok(position) => {
                self.cancel_search();
                let session = self.session();
                session.game = game::Game::from_position(position);
                session.over = false;
                session.expected = Move::NONE;
                self.after_position_change(received);
            }
            Err(err) => {
                self.output.line("tellusererror Illegal position");
                let reason = visible(&err.to_string());
                self.output.line(&format!("Error (illegal position: {reason}): {}", shorten(raw)));
            }
        }
    }

    fn after_position_change(&mut self, received: Instant) {
        match self.session().mode {
            Mode::Analyze => self.analyze(),
            Mode::Play(_) => self.think(received),
            Mode::Force => {}
        }
    }

    /// Starts the search for the engine's move when it is on move; ends the
    /// game instead when the rules already have.
    fn think(&mut self, received: Instant) {
        let session = self.session();
        if !session.engine_on_move() {
            return;
        }
        if let Some(result) = session.game.result_line() {
            session.over = true;
            self.output.line(result);
            return;
        }
        let us = session.game.position().side_to_move();
        let params = session.clock.go_params(us, session.game.moves_made_by(us));
        self.position = session.game.position().clone();
        self.go(&params, received);
    }

    /// (Re)starts the analysis of the current position; its result is never played.
    fn analyze(&mut self) {
        self.cancel_search();
        let position = self.session().game.position().clone();
        let mut legal = MoveList::new();
        generate_legal(&position, &mut legal);
        if legal.is_empty() {
            return;
        }
        self.position = position;
        self.go(&GoParams { infinite: true, ..GoParams::default() }, Instant::now());
        if let Some(search) = self.search.as_mut() {
            search.discard = true;
        }
    }

    fn hint(&mut self) {
        let chess960 = self.chess960();
        let session = self.session();
        if session.expected.is_some() {
            let text = game::move_text(session.game.position(), session.expected, chess960);
            self.output.line(&format!("Hint: {text}"));
        }
    }

    /// `draw`: accepted at once when the last score allows, otherwise (or
    /// during the engine's search) answered after its next search, whose
    /// fresh score decides.
    fn draw_offered(&mut self) {
        let settings = Settings::from_options(&self.options);
        let searching = self.search.as_ref().is_some_and(|search| !search.hold_result && !search.discard);
        let session = self.session();
        if session.over {
            return;
        }
        if !searching && session.adjudicator.accepts_draw(&settings) {
            self.output.line("offer draw");
        } else {
            session.draw_offered = true;
        }
    }

    fn set_chess960(&mut self, on: bool) {
        self.session().chess960 = on;
        let _ = self.options.set(names::UCI_CHESS960, Some(if on { "true" } else { "false" }));
    }

    /// A ponder search waiting for the opponent's move.
    fn pondering(&self) -> bool {
        self.search.as_ref().is_some_and(|search| search.hold_result && !search.plan.infinite && !search.discard)
    }

    /// Stops any search without printing its result.
    fn cancel_search(&mut self) {
        if self.search.is_some() {
            self.stop_and_wait_discarding();
        }
    }

    fn stop_and_wait_discarding(&mut self) {
        if let Some(search) = self.search.as_mut() {
            search.discard = true;
        }
        self.stop_and_wait();
    }

    /// The session; only called in XBoard mode, where `cecp` has made one.
    fn session(&mut self) -> &mut Session {
        self.xboard.get_or_insert_with(Box::default)
    }
}

fn is_legal(position: &Position, mv: Move) -> bool {
    let mut legal = MoveList::new();
    generate_legal(position, &mut legal);
    mv.is_some() && legal.contains(mv)
}
