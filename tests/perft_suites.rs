//! Data-driven perft: every position of the standard suite (128), the Chess960
//! suite (960, Shredder-FEN castling) and the six CPW positions, checked
//! against the published node counts.
//!
//! By default each position is searched to the deepest listed depth whose
//! node count fits a budget (and always to its shallowest listed depth), so
//! the whole file runs in about two minutes in release on two cores. Raise the
//! budget with `FERROCHAMP_PERFT_NODES=<nodes>`, or run every listed depth with
//! `cargo test --release -- --ignored`.

mod common;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use common::perft::{load_suite, PerftEntry, CPW_SUITE, FISCHER_SUITE, STANDARD_SUITE};
use ferrochamp::board::perft::{divide, perft};
use ferrochamp::board::Position;

/// Nodes per position and depth in the default run: chosen so the three suites
/// together take about two minutes on the two-core CI machine.
const DEFAULT_NODE_BUDGET: u64 = 200_000_000;
const BUDGET_VARIABLE: &str = "FERROCHAMP_PERFT_NODES";
/// Failures printed with a full divide; the rest only by FEN and count.
const DIVIDES_SHOWN: usize = 8;

fn node_budget() -> u64 {
    match std::env::var(BUDGET_VARIABLE) {
        Err(_) => DEFAULT_NODE_BUDGET,
        // A typo must not silently fall back to the small default.
        Ok(text) => text
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{BUDGET_VARIABLE} must be a node count, found `{text}`")),
    }
}

/// The listed depths to check: all of them up to the deepest whose count fits
/// the budget, and at least the shallowest one so that no position goes untested.
fn depths_within(entry: &PerftEntry, budget: u64) -> &[(u8, u64)] {
    let fitting = entry.counts.iter().take_while(|&&(_, nodes)| nodes <= budget).count();
    &entry.counts[..fitting.max(1)]
}

#[derive(Debug)]
struct Failure {
    line: usize,
    fen: String,
    depth: u8,
    expected: u64,
    got: Option<u64>,
    detail: String,
}

impl Failure {
    fn describe(&self, with_detail: bool) -> String {
        let got = self.got.map_or_else(|| "-".to_string(), |n| n.to_string());
        let mut text =
            format!("line {}: {} depth {}: expected {} got {}", self.line, self.fen, self.depth, self.expected, got);
        if with_detail && !self.detail.is_empty() {
            text.push('\n');
            text.push_str(&self.detail);
        }
        text
    }
}

/// Checks one position at the given depths; stops at the first wrong depth
/// (deeper ones would only repeat the error) and records a divide for it.
fn check_position(entry: &PerftEntry, depths: &[(u8, u64)], chess960: bool, nodes: &AtomicU64) -> Option<Failure> {
    let mut pos = match Position::from_fen(&entry.fen) {
        Ok(pos) => pos,
        Err(err) => {
            let (depth, expected) = depths[0];
            let detail = format!("FEN rejected: {err}");
            return Some(Failure { line: entry.line, fen: entry.fen.clone(), depth, expected, got: None, detail });
        }
    };
    let fen_before = pos.to_fen();
    for &(depth, expected) in depths {
        let got = perft(&mut pos, depth.into());
        nodes.fetch_add(got, Ordering::Relaxed);
        if got != expected {
            let detail = divide_text(&mut pos, depth, chess960);
            return Some(Failure { line: entry.line, fen: entry.fen.clone(), depth, expected, got: Some(got), detail });
        }
    }
    let fen_after = pos.to_fen();
    (fen_after != fen_before).then(|| Failure {
        line: entry.line,
        fen: entry.fen.clone(),
        depth: depths[depths.len() - 1].0,
        expected: depths[depths.len() - 1].1,
        got: None,
        detail: format!("perft changed the position: {fen_before} -> {fen_after}"),
    })
}

/// The divide of a wrong position, to compare with another engine's divide.
fn divide_text(pos: &mut Position, depth: u8, chess960: bool) -> String {
    let mut lines: Vec<String> = divide(pos, depth.into())
        .into_iter()
        .map(|(mv, count)| format!("  {}: {count}", pos.move_to_uci(mv, chess960)))
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Runs the suite on every core: workers take positions from a shared index,
/// the most expensive ones first so that no core idles at the end.
fn run_suite(name: &str, entries: &[PerftEntry], budget: u64, chess960: bool) {
    let mut order: Vec<(u64, usize)> = entries
        .iter()
        .enumerate()
        .map(|(index, entry)| (depths_within(entry, budget).iter().map(|&(_, n)| n).sum(), index))
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));

    let next = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&(_, index)) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let entry = &entries[index];
                    if let Some(failure) = check_position(entry, depths_within(entry, budget), chess960, &nodes) {
                        failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(failure);
                    }
                }
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let total = nodes.load(Ordering::Relaxed);
    eprintln!(
        "{name}: {} positions, {total} nodes in {seconds:.1} s ({:.1} Mnps on {workers} threads), budget {budget}",
        entries.len(),
        total as f64 / seconds.max(1e-9) / 1e6,
    );

    let mut failures = failures.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    failures.sort_by_key(|failure| failure.line);
    if !failures.is_empty() {
        let report: Vec<String> =
            failures.iter().enumerate().map(|(i, failure)| failure.describe(i < DIVIDES_SHOWN)).collect();
        panic!("{name}: {} of {} positions wrong:\n{}", failures.len(), entries.len(), report.join("\n"));
    }
}

#[test]
fn suite_files_are_complete() {
    assert_eq!(load_suite(STANDARD_SUITE).len(), 128);
    assert_eq!(load_suite(FISCHER_SUITE).len(), 960);
    assert_eq!(load_suite(CPW_SUITE).len(), 6);
    // Every Chess960 start position appears once: the suite is not truncated or duplicated.
    let mut placements: Vec<String> = load_suite(FISCHER_SUITE).into_iter().map(|entry| entry.fen.clone()).collect();
    placements.sort();
    placements.dedup();
    assert_eq!(placements.len(), 960);
}

#[test]
fn the_epd_parser_is_robust() {
    let text = "# comment\r\n\r\n  8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ; D2 9 ;\r\n";
    let entries = common::perft::parse_perft_epd(text).expect("well-formed");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
    assert_eq!(entries[0].counts, vec![(1, 3), (2, 9)]);
    assert_eq!(entries[0].line, 3);
    for bad in ["8/8 w ;D1", "8/8 w ;X1 3", "8/8 w ;D1 three", "8/8 w", ";D1 3", "8/8 w ;D1 3 ;D1 4", "8/8 w ;D0 1"] {
        assert!(common::perft::parse_perft_epd(bad).is_err(), "accepted malformed line `{bad}`");
    }
}

#[test]
fn depth_selection_respects_the_budget() {
    let entry = PerftEntry { line: 1, fen: String::new(), counts: vec![(1, 20), (2, 400), (3, 8902)] };
    assert_eq!(depths_within(&entry, 400), &[(1, 20), (2, 400)]);
    assert_eq!(depths_within(&entry, 10), &[(1, 20)], "the shallowest depth is always checked");
    assert_eq!(depths_within(&entry, u64::MAX).len(), 3);
}

#[test]
fn standard_suite_within_node_budget() {
    run_suite("standard suite", &load_suite(STANDARD_SUITE), node_budget(), false);
}

#[test]
fn fischer960_suite_within_node_budget() {
    run_suite("Chess960 suite", &load_suite(FISCHER_SUITE), node_budget(), true);
}

#[test]
fn cpw_positions_within_node_budget() {
    run_suite("CPW positions", &load_suite(CPW_SUITE), node_budget(), false);
}

#[test]
#[ignore = "every listed depth: hours of CPU; run with --ignored"]
fn standard_suite_every_depth() {
    run_suite("standard suite (all depths)", &load_suite(STANDARD_SUITE), u64::MAX, false);
}

#[test]
#[ignore = "every listed depth: hours of CPU; run with --ignored"]
fn fischer960_suite_every_depth() {
    run_suite("Chess960 suite (all depths)", &load_suite(FISCHER_SUITE), u64::MAX, true);
}

#[test]
#[ignore = "every listed depth: hours of CPU; run with --ignored"]
fn cpw_positions_every_depth() {
    run_suite("CPW positions (all depths)", &load_suite(CPW_SUITE), u64::MAX, false);
}
