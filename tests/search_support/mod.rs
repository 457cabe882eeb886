//! Helpers shared by the search tests: running a search with a collecting
//! `info` sink, and reading the mate test data.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{Move, MoveList, Position};
use ferrochamp::search::{
    InfoSink, MainDuties, NoClock, SearchLimits, SearchResult, SharedState, TranspositionTable, Worker,
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

/// Result, info lines and node count of one single-threaded search on a fresh table.
pub struct Outcome {
    pub result: SearchResult,
    pub lines: Vec<String>,
    pub nodes: u64,
}

pub fn search_with(
    searcher: &mut Worker,
    tt: &Arc<TranspositionTable>,
    pos: &Position,
    limits: &SearchLimits,
) -> Outcome {
    let shared = SharedState::new(Arc::clone(tt), Arc::new(AtomicBool::new(false)));
    let lines = Arc::new(Lines::default());
    let clock = Arc::new(NoClock(Instant::now()));
    let main = MainDuties { clock, info: lines.clone(), chess960: false, show_wdl: false };
    let result = searcher.search(pos, &shared, limits, Some(&main));
    Outcome { result, lines: lines.all(), nodes: shared.progress.nodes.load(Ordering::Relaxed) }
}

pub fn search(pos: &Position, limits: &SearchLimits) -> Outcome {
    let tt = Arc::new(TranspositionTable::new(16));
    search_with(&mut Worker::new(), &tt, pos, limits)
}

pub fn depth_limits(depth: i32) -> SearchLimits {
    SearchLimits { depth: Some(depth), multipv: 1, ..SearchLimits::default() }
}

pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list.as_slice().to_vec()
}

/// A move in the mate files' long algebraic form (`Qd8-f6`, `e7xf8N+`, `O-O-O`).
pub fn parse_long_algebraic(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim_end_matches(['+', '#']);
    if text == "O-O" || text == "O-O-O" {
        let king_side = text == "O-O";
        return legal_moves(pos)
            .into_iter()
            .find(|mv| mv.is_castling() && (mv.to().file() > mv.from().file()) == king_side)
            .ok_or_else(|| format!("no {text} here"));
    }
    let squares: String =
        text.trim_start_matches(['K', 'Q', 'R', 'B', 'N']).chars().filter(|c| !matches!(c, 'x' | '-')).collect();
    pos.parse_uci_move(&squares.to_ascii_lowercase(), false)
}

/// One line of a mate file: the position, the mate length, the best moves.
pub struct MateCase {
    pub fen: String,
    pub moves: i32,
    pub best: Vec<String>,
}

pub fn parse_mate_line(line: &str) -> Option<MateCase> {
    let (fen, ops) = line.split_once(" bm ")?;
    let mut best = Vec::new();
    let mut moves = None;
    for op in ops.split(';').map(str::trim) {
        if let Some(rest) = op.strip_prefix("ce +M") {
            moves = rest.trim().parse().ok();
        } else if !op.starts_with("pv") && !op.starts_with("ce") && !op.is_empty() {
            best = op.split_whitespace().filter(|token| *token != "bm").map(str::to_string).collect();
        }
    }
    Some(MateCase { fen: fen.trim().to_string(), moves: moves?, best })
}
