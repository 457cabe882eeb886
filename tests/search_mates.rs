//! Mate finding: samples of the shared mate suites (every 10th position of
//! `mate_in_{2,3,4}.epd`, all 64 of `mate_in_1.epd`), copied to `tests/data/`.
//! Each search runs with `go mate N` and a node budget; it must report
//! `score mate N` exactly and play one of the listed best moves, for every mate
//! in 1 and 2 and for at least 99% of the whole sample.

mod common;

use common::mate_suite::{parse_long_algebraic, parse_mate_line};
use common::position::position;
use common::search::search_with;
use ferrochamp::search::score::mate_in_moves;
use std::sync::Arc;

use ferrochamp::search::{SearchLimits, TranspositionTable, Worker};

const NODE_BUDGET: u64 = 1_000_000;

/// Searches every position of one suite; returns (positions, failures).
fn run_suite(text: &str, expected_moves: i32) -> (usize, Vec<String>) {
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Worker::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let case = parse_mate_line(line).unwrap_or_else(|| panic!("unreadable line: {line}"));
        assert_eq!(case.moves, expected_moves, "{line}");
        let pos = position(&case.fen);
        let best: Vec<_> = case
            .best
            .iter()
            .map(|text| parse_long_algebraic(&pos, text).unwrap_or_else(|err| panic!("{line}: {err}")))
            .collect();
        tt.clear();
        searcher.clear();
        let limits =
            SearchLimits { nodes: Some(NODE_BUDGET), mate: Some(case.moves), multipv: 1, ..SearchLimits::default() };
        let outcome = search_with(&mut searcher, &tt, &pos, &limits);
        let found = mate_in_moves(outcome.result.score);
        let last_line = outcome.lines.last().cloned().unwrap_or_default();
        if found == Some(case.moves) {
            assert!(last_line.contains(&format!("score mate {}", case.moves)), "last info line: {last_line}");
        }
        if found != Some(case.moves) || !best.contains(&outcome.result.best_move) {
            failures.push(format!("{}: found {found:?}, played {}", case.fen, outcome.result.best_move));
        }
        count += 1;
    }
    (count, failures)
}

#[test]
fn finds_sampled_mates_in_one_to_four() {
    let suites = [
        (include_str!("data/mate_in_1_sample.epd"), 1),
        (include_str!("data/mate_in_2_sample.epd"), 2),
        (include_str!("data/mate_in_3_sample.epd"), 3),
        (include_str!("data/mate_in_4_sample.epd"), 4),
    ];
    let mut total = 0;
    let mut failures = Vec::new();
    for (text, moves) in suites {
        let (count, suite_failures) = run_suite(text, moves);
        assert!(count > 30, "mate in {moves}: the sample has enough positions");
        if moves <= 2 {
            assert!(suite_failures.is_empty(), "mates in {moves} never fail: {suite_failures:?}");
        }
        total += count;
        failures.extend(suite_failures);
    }
    // The goal is 99%, rounded up to whole problems (4 of 390). Some problems
    // hinge on zugzwang or on quiet moves that null-move and futility pruning
    // hide at this budget: the first lines of the mate-in-3 and mate-in-4
    // samples are two of them.
    let allowed = total.div_ceil(100);
    assert!(failures.len() <= allowed, "{} of {total} failed:\n{}", failures.len(), failures.join("\n"));
}
