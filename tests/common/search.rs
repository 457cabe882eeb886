//! Running a single-threaded search with a collecting `info` sink.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ferrochamp::board::Position;
use ferrochamp::search::{
    InfoSink, MainDuties, NoClock, SearchClock, SearchLimits, SearchResult, SharedState, TranspositionTable, Worker,
};

/// Collects `info` lines instead of printing them.
#[derive(Default)]
pub struct Lines(pub Mutex<Vec<String>>);

impl InfoSink for Lines {
    fn info(&self, line: &str) {
        self.0.lock().expect("info lock").push(line.to_string());
    }
}

impl Lines {
    pub fn all(&self) -> Vec<String> {
        self.0.lock().expect("info lock").clone()
    }
}

/// Result, info lines and node count of one single-threaded search.
pub struct Outcome {
    pub result: SearchResult,
    pub lines: Vec<String>,
    pub nodes: u64,
}

/// One search by `searcher` as thread 0 on the caller's `shared` state (its
/// stop flag raised already, or raised by the search when it ends) and clock.
pub fn search_as_main(
    searcher: &mut Worker,
    shared: &SharedState,
    pos: &Position,
    limits: &SearchLimits,
    clock: Arc<dyn SearchClock + Send>,
) -> Outcome {
    let lines = Arc::new(Lines::default());
    let main = MainDuties { clock, info: lines.clone(), chess960: false, show_wdl: false };
    let result = searcher.search(pos, shared, limits, Some(&main));
    Outcome { result, lines: lines.all(), nodes: shared.progress.nodes.load(Ordering::Relaxed) }
}

/// One search by `searcher` on `tt`, stopped only by its `limits`.
pub fn search_with(
    searcher: &mut Worker,
    tt: &Arc<TranspositionTable>,
    pos: &Position,
    limits: &SearchLimits,
) -> Outcome {
    let shared = SharedState::new(Arc::clone(tt), Arc::new(AtomicBool::new(false)));
    search_as_main(searcher, &shared, pos, limits, Arc::new(NoClock(Instant::now())))
}

pub fn search(pos: &Position, limits: &SearchLimits) -> Outcome {
    let tt = Arc::new(TranspositionTable::new(16));
    search_with(&mut Worker::new(), &tt, pos, limits)
}

pub fn depth_limits(depth: i32) -> SearchLimits {
    SearchLimits { depth: Some(depth), multipv: 1, ..SearchLimits::default() }
}
