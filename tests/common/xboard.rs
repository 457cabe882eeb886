//! An XBoard (CECP 2) session with the real engine binary, for integration tests.

use std::time::Duration;

use super::uci::Engine;

/// Longest wait for any answer the tests expect.
pub const ANSWER: Duration = Duration::from_secs(20);

/// The engine after `xboard` and `protover 2`, with the `feature` lines it sent.
pub fn start() -> (Engine, Vec<String>) {
    let mut engine = Engine::start_program(env!("CARGO_BIN_EXE_ferrochamp"), true);
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until("feature done=1", ANSWER);
    (engine, features)
}

/// Sends `ping n` and returns every line before its `pong n`.
pub fn ping(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    let mut lines = engine.read_until(&format!("pong {n}"), ANSWER);
    lines.pop();
    lines
}

/// Whether `line` ends the engine's turn: its move, a resignation or a result.
pub fn ends_turn(line: &str) -> bool {
    line.starts_with("move ") || line == "resign" || ["1-0", "0-1", "1/2-1/2"].iter().any(|r| line.starts_with(r))
}

/// Reads until the engine's turn ends; returns every line read, that one last.
pub fn turn(engine: &Engine) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let line = engine.next_line(ANSWER).unwrap_or_else(|| panic!("no move within {ANSWER:?}; got {seen:?}"));
        let done = ends_turn(&line);
        seen.push(line);
        if done {
            return seen;
        }
    }
}

/// The move of a `move X` line.
pub fn move_of(line: &str) -> Option<&str> {
    line.strip_prefix("move ").map(str::trim)
}
