//! The search's `info` lines as CECP thinking output (`ply score time nodes
//! pv`), so that the search itself stays protocol-blind.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::search::InfoSink;
use crate::uci::Output;

/// XBoard's mate scores: `100000 + N` for mate in N moves, negated when mated.
const MATE_BASE: i64 = 100_000;

/// Where the main worker's lines go in XBoard mode: thinking lines while
/// `post` is on, `info string` text as `#` comments always.
pub struct Thinking {
    output: Output,
    /// Shared with the session, so that `post`/`nopost` during a search count at once.
    post: Arc<AtomicBool>,
}

impl Thinking {
    /// A sink writing to `output` while `post` is set.
    #[must_use]
    pub fn new(output: Output, post: Arc<AtomicBool>) -> Thinking {
        Thinking { output, post }
    }
}

impl InfoSink for Thinking {
    fn info(&self, line: &str) {
        if let Some(text) = line.strip_prefix("info string ") {
            self.output.line(&super::comment_line(text));
        } else if self.post.load(Ordering::Relaxed) {
            if let Some(thinking) = thinking_line(line) {
                self.output.line(&thinking);
            }
        }
    }
}

/// `ply score time nodes pv` (time in centiseconds) from a UCI `info` line
/// with a PV; `None` for lines without one, bound lines and other MultiPV lines.
#[must_use]
pub fn thinking_line(info: &str) -> Option<String> {
    let mut words = info.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut score, mut time_ms, mut nodes) = (None, None, 0, 0);
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next().and_then(|d| d.parse::<u32>().ok()),
            "multipv" if words.next() != Some("1") => return None,
            "lowerbound" | "upperbound" => return None,
            "score" => {
                score = match (words.next(), words.next().and_then(|n| n.parse::<i64>().ok())) {
                    (Some("cp"), Some(cp)) => Some(cp),
                    (Some("mate"), Some(m)) if m > 0 => Some(MATE_BASE + m),
                    (Some("mate"), Some(m)) if m < 0 => Some(-MATE_BASE + m),
                    _ => None,
                };
            }
            "time" => time_ms = words.next().and_then(|t| t.parse::<u64>().ok()).unwrap_or(0),
            "nodes" => nodes = words.next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0),
            "pv" => {
                let pv: Vec<&str> = words.collect();
                if pv.is_empty() {
                    return None;
                }
                return Some(format!("{} {} {} {} {}", depth?, score?, time_ms / 10, nodes, pv.join(" ")));
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_become_thinking_lines() {
        let line = "info depth 12 seldepth 18 multipv 1 score cp -35 nodes 123456 nps 1000 hashfull 3 tbhits 0 \
                    time 1234 pv e2e4 e7e5 g1f3";
        assert_eq!(thinking_line(line).as_deref(), Some("12 -35 123 123456 e2e4 e7e5 g1f3"));
        let mate = "info depth 5 seldepth 5 multipv 1 score mate 3 nodes 10 nps 1 time 9 pv h5f7";
        assert_eq!(thinking_line(mate).as_deref(), Some("5 100003 0 10 h5f7"));
        let mated = "info depth 5 score mate -2 nodes 10 time 20 pv g8h8";
        assert_eq!(thinking_line(mated).as_deref(), Some("5 -100002 2 10 g8h8"));
    }

    #[test]
    fn lines_without_a_full_pv_are_not_thinking_lines() {
        for line in [
            "info depth 3 currmove e2e4 currmovenumber 1",
            "info depth 4 multipv 2 score cp 3 nodes 5 time 1 pv d2d4",
            "info depth 4 score cp 3 lowerbound nodes 5 time 1 pv d2d4",
            "info depth 0 score mate 0",
            "bestmove e2e4",
        ] {
            assert_eq!(thinking_line(line), None, "{line}");
        }
    }
}
