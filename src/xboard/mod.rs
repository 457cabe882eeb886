//! The XBoard protocol (CECP version 2), chosen when the first line is `xboard`.
//!
//! - [`command`]: one CECP line -> a typed command (UCI's where they mean the same);
//! - [`clock`]: `level`, `st`, `sd`, `time`, `otim` -> the `go` the time manager knows;
//! - [`features`]: the `feature` lines that answer `protover 2`;
//! - [`game`]: the game the session follows, with take-backs and results;
//! - [`thinking`]: the search's lines in CECP's `ply score time nodes pv` form;
//! - [`adjudicate`]: resigning, offering and accepting draws.
//!
//! The controller (`engine::controller`) keeps a [`Session`] while in XBoard
//! mode and drives the same searches as in UCI; nothing here touches a search.

pub mod adjudicate;
pub mod clock;
pub mod command;
pub mod features;
pub mod game;
pub mod thinking;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use command::{parse, XbCommand};

use crate::board::{Color, Move};
use crate::uci::{shorten, CommandError};

/// What the engine is doing in the game between commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Playing this colour (thinking when it is on move).
    Play(Color),
    /// `force`: following the moves, playing neither side.
    Force,
    /// `analyze`: searching every position until `exit`.
    Analyze,
}

/// The state of an XBoard session beyond the engine's own (options, tables).
#[derive(Debug)]
pub struct Session {
    /// The game followed.
    pub game: game::Game,
    /// Play, force or analyze.
    pub mode: Mode,
    /// Clocks, time control and depth limit.
    pub clock: clock::GameClock,
    /// `post`/`nopost`: thinking output, shared with the running search's sink.
    pub post: Arc<AtomicBool>,
    /// `hard`/`easy`: pondering.
    pub ponder: bool,
    /// The move the engine expects in reply to its last one (`Move::NONE`: none).
    pub expected: Move,
    /// The opponent offered a draw that the engine has not yet answered.
    pub draw_offered: bool,
    /// Resign and draw decisions so far.
    pub adjudicator: adjudicate::Adjudicator,
    /// `variant fischerandom`.
    pub chess960: bool,
    /// The game ended (`result`, a resignation or the rules): no more thinking until `new`.
    pub over: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            game: game::Game::default(),
            mode: Mode::Play(Color::Black),
            clock: clock::GameClock::default(),
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            expected: Move::NONE,
            draw_offered: false,
            adjudicator: adjudicate::Adjudicator::default(),
            chess960: false,
            over: false,
        }
    }
}

impl Session {
    /// `new`: the starting position, the engine plays Black, no depth limit;
    /// the time control, `post`, `hard` and the variant stay as they were.
    pub fn new_game(&mut self) {
        self.game = game::Game::default();
        self.mode = Mode::Play(Color::Black);
        self.clock.set_depth(None);
        self.expected = Move::NONE;
        self.draw_offered = false;
        self.adjudicator = adjudicate::Adjudicator::default();
        self.over = false;
    }

    /// Whether it is the engine's turn to think for a move of its own.
    #[must_use]
    pub fn engine_on_move(&self) -> bool {
        !self.over && self.mode == Mode::Play(self.game.position().side_to_move())
    }
}

/// The CECP error line for a line that did not parse: `Error (reason): command`.
#[must_use]
pub fn error_line(error: &CommandError, raw: &str) -> String {
    let command = shorten(raw.trim());
    match error {
        CommandError::Unknown(_) => format!("Error (unknown command): {command}"),
        other => format!("Error ({}): {command}", visible(&other.to_string())),
    }
}

/// A diagnostic as a CECP comment line (`# text`). XBoard takes any engine
/// output containing "No such file", "not found" or "can't find" (comments
/// too) for a failed engine start; its default `egtpath` names a directory
/// that rarely exists, so the tablebase loader's report would trip it. Those
/// phrases are reworded.
#[must_use]
pub fn comment_line(text: &str) -> String {
    let mut text = visible(text);
    for (phrase, plain) in
        [("No such file or directory", "missing"), ("No such file", "missing"), ("not found", "missing")]
    {
        text = text.replace(phrase, plain);
    }
    format!("# {}", text.replace("can't find", "cannot see").replace("Can't find", "Cannot see"))
}

/// `text` fit for one protocol line: control characters (line breaks, NULs,
/// escapes echoed from input) become spaces.
#[must_use]
pub fn visible(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_reason_and_the_command() {
        let unknown = parse("frobnicate now").expect_err("unknown");
        assert_eq!(error_line(&unknown, "frobnicate now"), "Error (unknown command): frobnicate now");
        let bad = parse("sd 0").expect_err("out of range");
        let line = error_line(&bad, "sd 0");
        assert!(line.starts_with("Error (sd: ") && line.ends_with("): sd 0"), "{line}");
        let comment = comment_line("Syzygy: cannot read /EGT: No such file or directory (os error 2)");
        assert_eq!(comment, "# Syzygy: cannot read /EGT: missing (os error 2)");
        let noisy = error_line(&unknown, "\u{1b}[31m\0");
        assert!(!noisy.chars().any(char::is_control), "{noisy:?}");
    }
}
