//! The PV lines a search last showed the GUI, kept so that the controller can
//! show them again before `bestmove` when the GUI may not count them as this
//! move's: lines printed while pondering, before `ponderhit`, are the ponder
//! search's, and a GUI may set them aside or clear them at `ponderhit`.

use std::sync::{Arc, Mutex, PoisonError};

use crate::search::InfoSink;

/// An `info` sink that passes every line on and remembers the last
/// `info ... pv ...` line of each MultiPV index.
pub struct ShownPv {
    inner: Arc<dyn InfoSink + Send>,
    state: Mutex<Shown>,
}

#[derive(Default)]
struct Shown {
    /// The last PV line of MultiPV index `i + 1` at `i`.
    lines: Vec<String>,
    /// A mark was set and no PV line came after it.
    stale: bool,
}

impl ShownPv {
    /// A sink passing every line on to `inner`.
    #[must_use]
    pub fn new(inner: Arc<dyn InfoSink + Send>) -> ShownPv {
        ShownPv { inner, state: Mutex::new(Shown::default()) }
    }

    /// The lines shown so far may not count for the GUI (`ponderhit`): unless
    /// the search shows its lines again, [`ShownPv::to_repeat`] returns them.
    pub fn mark(&self) {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).stale = true;
    }

    /// The lines to show again before `bestmove`, in MultiPV order: the last
    /// ones shown when no PV line came since [`ShownPv::mark`], else none.
    /// The search's own last lines are always its final ones, so any PV line
    /// after the mark means the final lines came after it too.
    #[must_use]
    pub fn to_repeat(&self) -> Vec<String> {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.stale {
            state.lines.iter().filter(|line| !line.is_empty()).cloned().collect()
        } else {
            Vec::new()
        }
    }
}

impl InfoSink for ShownPv {
    fn info(&self, line: &str) {
        // Kept before it is passed on: a `ponderhit` answering this very line
        // must find it here, or its mark would be undone by the line it saw.
        if let Some(index) = pv_line_index(line) {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.lines.len() <= index {
                state.lines.resize(index + 1, String::new());
            }
            state.lines[index] = line.to_string();
            state.stale = false;
        }
        self.inner.info(line);
    }
}

/// The 0-based MultiPV index of an `info ... pv ...` line (1 without a
/// `multipv` field); `None` for other lines.
fn pv_line_index(line: &str) -> Option<usize> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") || !words.contains(&"pv") {
        return None;
    }
    let multipv = match words.iter().position(|&word| word == "multipv") {
        Some(at) => words.get(at + 1)?.parse::<usize>().ok()?,
        None => 1,
    };
    multipv.checked_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Collect(Mutex<Vec<String>>);

    impl InfoSink for Collect {
        fn info(&self, line: &str) {
            self.0.lock().expect("not poisoned").push(line.to_string());
        }
    }

    const ONE: &str = "info depth 9 seldepth 12 multipv 1 score cp 20 nodes 9 time 1 pv e2e4 e7e5";
    const TWO: &str = "info depth 9 seldepth 11 multipv 2 score cp 10 nodes 9 time 1 pv d2d4";

    #[test]
    fn passes_everything_on_and_repeats_only_after_a_mark_without_new_lines() {
        let collect = Arc::new(Collect::default());
        let shown = ShownPv::new(collect.clone());
        shown.info(TWO);
        shown.info(ONE);
        shown.info("info depth 10 currmove e2e4 currmovenumber 1");
        assert_eq!(collect.0.lock().expect("not poisoned").len(), 3, "every line is passed on");
        assert!(shown.to_repeat().is_empty(), "no mark: the GUI has the lines");
        shown.mark();
        assert_eq!(shown.to_repeat(), [ONE, TWO], "in MultiPV order");
        shown.info("info depth 10 currmove d2d4 currmovenumber 2");
        assert_eq!(shown.to_repeat().len(), 2, "a currmove line is not a PV line");
        shown.info(ONE);
        assert!(shown.to_repeat().is_empty(), "the search showed its lines after the mark");
    }

    #[test]
    fn reads_the_multipv_index() {
        assert_eq!(pv_line_index(ONE), Some(0));
        assert_eq!(pv_line_index(TWO), Some(1));
        assert_eq!(pv_line_index("info depth 3 score cp 1 pv e2e4"), Some(0));
        assert_eq!(pv_line_index("info depth 0 score mate 0"), None);
        assert_eq!(pv_line_index("info string pv e2e4"), None);
        assert_eq!(pv_line_index("bestmove e2e4"), None);
    }
}
