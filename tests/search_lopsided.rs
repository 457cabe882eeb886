//! Decided games: once the root's score is a queen or more from even
//! (`score::is_lopsided`), the pruning that trusts the static eval is off and
//! quiescence tries quiet checks at its first ply, so that a mate is found even
//! where another move wins a queen. Long mates of `data/mates/long_mates.epd`
//! that the build before each rule searched a million nodes a position without
//! proving: here each must be proven within a budget (smaller but for long.213). About ten seconds.

use std::sync::Arc;

use common::search::search_with;
use ferrochamp::epd::parse::parse_problem;
use ferrochamp::search::score::mate_in_moves;
use ferrochamp::search::{SearchLimits, TranspositionTable, Worker};

mod common;

const SET: &str = include_str!("../data/mates/long_mates.epd");

/// Before the pruning rule, each of these ended a 1,000,000-node search on a
/// material score (it proved a mate only on that first move being forbidden);
/// with it, each first showed its mate within 65,000 nodes.
const HIDDEN_BY_A_MATERIAL_WIN: [&str; 5] = ["long.027", "long.037", "long.044", "long.101", "long.204"];

/// Before quiet checks in a decided game's quiescence, neither was proven in
/// 1,000,000 nodes; with them, both were proven (as mate in 5 and in 9) within
/// 400,000. Since the threatened-squares history (f289bff) long.213 shows its
/// mate only after about 1,000,000 nodes (mate in 12 at 1,234,645), and since
/// the ordering by cheaper attackers after about 4,200,000 (mate in 12): it
/// keeps a budget of its own, so that losing the mate altogether still fails.
const ONE_QUIET_CHECK_PAST_THE_HORIZON: [&str; 1] = ["long.018"];
const ONE_QUIET_CHECK_PAST_THE_HORIZON_DEEPER: [&str; 1] = ["long.213"];

#[test]
fn mates_behind_a_material_win_are_proven() {
    assert_mates_proven(&HIDDEN_BY_A_MATERIAL_WIN, 200_000);
}

#[test]
fn mates_a_quiet_check_past_the_horizon_are_proven() {
    assert_mates_proven(&ONE_QUIET_CHECK_PAST_THE_HORIZON, 400_000);
    assert_mates_proven(&ONE_QUIET_CHECK_PAST_THE_HORIZON_DEEPER, 5_000_000);
}

/// Searches each position of `ids` alone with `node_budget` nodes and fails
/// unless every search ends on a mate for the side to move.
fn assert_mates_proven(ids: &[&str], node_budget: u64) {
    let tt = Arc::new(TranspositionTable::new(16));
    let mut searcher = Worker::new();
    let mut missed = Vec::new();
    for id in ids {
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
        let limits = SearchLimits { nodes: Some(node_budget), multipv: 1, ..SearchLimits::default() };
        let outcome = search_with(&mut searcher, &tt, &problem.position, &limits);
        // A mate for the side to move: a positive number of moves.
        let mated_or_no_mate = mate_in_moves(outcome.result.score).is_none_or(|moves| moves <= 0);
        if mated_or_no_mate {
            let last = outcome.lines.last().cloned().unwrap_or_default();
            missed.push(format!("{id}: {last}"));
        }
    }
    assert!(missed.is_empty(), "no mate proven in {node_budget} nodes:\n{}", missed.join("\n"));
}
