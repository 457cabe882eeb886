//! Decided games: once the root's score is a queen or more from even, the
//! pruning that trusts the static eval is off (`score::is_lopsided`), so that a
//! mate is found even where another move wins a queen. Five long mates of
//! `data/mates/long_mates.epd` where the build before this rule searched a
//! million nodes a position without proving the mate: here each must be proven
//! within a fifth of that. A few tenths of a second.

use std::sync::Arc;

use common::search::search_with;
use ferrochamp::epd::parse::parse_problem;
use ferrochamp::search::score::mate_in_moves;
use ferrochamp::search::{SearchLimits, TranspositionTable, Worker};

mod common;

const SET: &str = include_str!("../data/mates/long_mates.epd");

/// Before the rule, each of these ended a 1,000,000-node search on a material
/// score (it proved a mate only on that first move being forbidden); with it,
/// each first showed its mate within 65,000 nodes.
const HIDDEN_BY_A_MATERIAL_WIN: [&str; 5] = ["long.027", "long.037", "long.044", "long.101", "long.204"];

const NODE_BUDGET: u64 = 200_000;

#[test]
fn mates_behind_a_material_win_are_proven() {
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Worker::new();
    let mut missed = Vec::new();
    for id in HIDDEN_BY_A_MATERIAL_WIN {
        let quoted = format!("id \"{id}\";");
        let (index, line) = SET
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(&quoted))
            .unwrap_or_else(|| panic!("{id} is not in the set"));
        let problem = parse_problem(line, index + 1)
            .unwrap_or_else(|err| panic!("{id}: {err}"))
            .unwrap_or_else(|| panic!("{id} is a comment"));
        tt.clear();
        searcher.clear();
        let limits = SearchLimits { nodes: Some(NODE_BUDGET), multipv: 1, ..SearchLimits::default() };
        let outcome = search_with(&mut searcher, &tt, &problem.position, &limits);
        // A mate for the side to move: a positive number of moves.
        let mated_or_no_mate = mate_in_moves(outcome.result.score).is_none_or(|moves| moves <= 0);
        if mated_or_no_mate {
            let last = outcome.lines.last().cloned().unwrap_or_default();
            missed.push(format!("{id}: {last}"));
        }
    }
    assert!(missed.is_empty(), "no mate proven in {NODE_BUDGET} nodes:\n{}", missed.join("\n"));
}
