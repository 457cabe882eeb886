//! A UCI session with the real engine binary, for integration tests.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ferrochamp::board::Position;

use super::position::printed_move;
use super::process::wait_for_exit;

/// An engine process: its input, its output lines as they come, and its
/// stderr when the test asked for it.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Engine {
    /// This crate's engine binary, stderr discarded.
    pub fn start() -> Engine {
        Engine::start_program(env!("CARGO_BIN_EXE_ferrochamp"), false)
    }

    /// The engine `program`; with `capture_stderr`, [`Engine::stderr_text`]
    /// gives what it wrote there.
    pub fn start_program(program: impl AsRef<OsStr>, capture_stderr: bool) -> Engine {
        let stderr = if capture_stderr { Stdio::piped() } else { Stdio::null() };
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .env_remove("RUST_LOG")
            .spawn()
            .expect("the engine binary starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = child.stderr.take().map(|mut pipe| {
            thread::spawn(move || {
                let mut text = String::new();
                let _ = pipe.read_to_string(&mut text);
                text
            })
        });
        Engine { child, stdin, lines, stderr }
    }

    pub fn send(&mut self, line: &str) {
        self.try_send(line.as_bytes()).expect("the engine reads its input");
    }

    /// Sends `bytes` and a newline, for a test that must survive a dead engine.
    pub fn try_send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.stdin.write_all(bytes)?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()
    }

    /// The next line within `timeout`, or None.
    pub fn next_line(&self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Reads lines until one starts with `prefix`; returns every line read, that one last.
    pub fn read_until(&self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                None => panic!("no line starting with '{prefix}' within {timeout:?}; got {seen:?}"),
            }
        }
    }

    /// Lines that arrive within `window` (for checking that nothing is sent).
    pub fn drain(&self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            seen.push(line);
        }
        seen
    }

    /// The `uci` handshake; returns its lines, `uciok` last.
    pub fn uci(&mut self) -> Vec<String> {
        self.send("uci");
        self.read_until("uciok", Duration::from_secs(10))
    }

    /// Sends `command` (a `go`, a `stop`...) and returns every line up to the
    /// `bestmove` it brings, that one last.
    pub fn bestmove_after(&mut self, command: &str, timeout: Duration) -> Vec<String> {
        self.send(command);
        self.read_until("bestmove", timeout)
    }

    pub fn isready(&mut self) {
        self.send("isready");
        self.read_until("readyok", Duration::from_secs(10));
    }

    /// Waits for the process to exit; true if it did within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        self.wait_status(timeout).is_some()
    }

    /// The exit status, if the process ends within `timeout`.
    pub fn wait_status(&mut self, timeout: Duration) -> Option<ExitStatus> {
        wait_for_exit(&mut self.child, timeout)
    }

    /// Everything the engine wrote to stderr, once it has exited (empty when
    /// it was not captured).
    pub fn stderr_text(&mut self) -> String {
        self.stderr.take().and_then(|reader| reader.join().ok()).unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line, and its ponder move if any.
pub fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "not a bestmove line: {line}");
    let best = words.get(1).expect("bestmove names a move").to_string();
    let ponder = match words.get(2) {
        Some(&"ponder") => Some(words.get(3).expect("ponder names a move").to_string()),
        _ => None,
    };
    (best, ponder)
}

/// The move of a `bestmove` line, once checked to be legal in `pos` in
/// standard notation, and its ponder move, if any, legal after it.
pub fn legal_bestmove(pos: &Position, line: &str) -> Result<String, String> {
    let (best, ponder) = parse_bestmove(line);
    let Some(mv) = printed_move(pos, &best, false) else {
        return Err(format!("illegal bestmove {best} in {}", pos.to_fen()));
    };
    if let Some(ponder) = ponder {
        let mut after = pos.clone();
        after.make_move(mv);
        if printed_move(&after, &ponder, false).is_none() {
            return Err(format!("illegal ponder move {ponder} after {best} in {}", pos.to_fen()));
        }
    }
    Ok(best)
}
