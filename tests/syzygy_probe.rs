//! Syzygy probing against python-chess's independent prober: WDL and DTZ of
//! random 3- and 4-piece positions, and the root moves the tables let the
//! search choose from (expectations in tests/data, written by
//! scripts/syzygy_expectations.py).
//!
//! The prober keeps one set of tables per process, so the tests of this file
//! share one loaded set.

mod common;

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use common::position::{legal_moves, position};
use ferrochamp::tablebase::root::filter_root_moves;
use ferrochamp::tablebase::{SearchTables, Tablebase, Wdl};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn tables() -> &'static Arc<Tablebase> {
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let outcome = Tablebase::load(&data("syzygy"));
        let tables = outcome.tables.unwrap_or_else(|| panic!("test tables load: {:?}", outcome.messages));
        Arc::new(tables)
    })
}

fn search_tables(use_rule50: bool) -> SearchTables {
    SearchTables { tables: Arc::clone(tables()), max_pieces: 7, probe_depth: 1, use_rule50 }
}

/// The data lines of an expectations file, split at `|`.
fn records(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(data(name)).expect("expectations file is readable");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('|').map(|field| field.trim().to_string()).collect())
        .collect()
}

#[test]
fn loading_reports_the_tables_found() {
    assert_eq!(tables().largest(), 4);
}

#[test]
fn wdl_and_dtz_agree_with_python_chess() {
    let cases = records("syzygy_expected.txt");
    assert!(cases.len() >= 300, "only {} positions", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let pos = position(&case[0]);
        let expected_wdl: i32 = case[1].parse().expect("WDL is a number");
        let expected_dtz: i32 = case[2].parse().expect("DTZ is a number");
        let wdl = tables().probe_wdl(&pos).map(Wdl::signed);
        let dtz = tables().probe_dtz(&pos);
        if wdl != Some(expected_wdl) || dtz != Some(expected_dtz) {
            wrong.push(format!("{}: WDL {wdl:?} DTZ {dtz:?}, python-chess {expected_wdl} {expected_dtz}", case[0]));
        }
    }
    assert!(wrong.is_empty(), "{} of {} positions differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn root_filter_keeps_exactly_the_moves_that_hold_the_result() {
    let cases = records("syzygy_root_expected.txt");
    assert!(cases.len() >= 100, "only {} root positions", cases.len());
    let tables = search_tables(true);
    let mut wrong = Vec::new();
    for case in &cases {
        let pos = position(&case[0]);
        let expected: BTreeSet<String> = case[1].split_whitespace().map(str::to_string).collect();
        let filter = filter_root_moves(&tables, &pos, &legal_moves(&pos)).expect("root is in the tables");
        let kept: BTreeSet<String> = filter.moves.iter().map(|&(mv, _)| pos.move_to_uci(mv, false)).collect();
        if kept != expected {
            wrong.push(format!("{}: kept {kept:?}, expected {expected:?}", case[0]));
        }
    }
    assert!(wrong.is_empty(), "{} of {} roots differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn root_filter_respects_searchmoves_and_keeps_the_best_of_them() {
    // KRvK, White to move: every move but a rook blunder wins; asked only
    // about a move that hangs the rook and one that wins, the filter keeps the win.
    let pos = position("8/8/8/8/8/2k5/8/1R5K w - - 0 1");
    let hang = pos.parse_uci_move("b1b2", false).expect("legal");
    let win = pos.parse_uci_move("b1b8", false).expect("legal");
    let filter = filter_root_moves(&search_tables(true), &pos, &[hang, win]).expect("in the tables");
    assert_eq!(filter.moves.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(), vec![win]);
    // Only the blunder allowed: it is kept, with a draw score.
    let filter = filter_root_moves(&search_tables(true), &pos, &[hang]).expect("in the tables");
    assert_eq!(filter.moves, vec![(hang, 0)]);
}

#[test]
fn a_repeated_won_position_keeps_only_dtz_optimal_moves() {
    // KQvK: shuffle the kings back and forth so the start position repeats.
    let mut pos = position("3Q4/8/8/8/8/7k/3K4/8 w - - 0 1");
    let fresh = filter_root_moves(&search_tables(true), &pos, &legal_moves(&pos)).expect("in the tables");
    for text in ["d2e2", "h3g3", "e2d2", "g3h3"] {
        let mv = pos.parse_uci_move(text, false).expect("legal");
        pos.make_move(mv);
    }
    let repeated = filter_root_moves(&search_tables(true), &pos, &legal_moves(&pos)).expect("in the tables");
    assert!(repeated.moves.len() < fresh.moves.len(), "{repeated:?}");
    assert_eq!(repeated.moves.iter().map(|&(mv, _)| pos.move_to_uci(mv, false)).collect::<Vec<_>>(), ["d8g5"]);
}

#[test]
fn positions_outside_the_tables_are_not_probed() {
    let castling = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(tables().probe_wdl(&castling), None, "castling rights are not in the tables");
    let five = position("4k3/8/8/8/8/8/3PP3/4K2R w - - 0 1");
    assert_eq!(tables().probe_wdl(&five), None, "five pieces with only 3-4-man tables");
    let missing = position("4k3/8/8/8/8/8/3P4/4K2R w - - 0 1");
    assert_eq!(tables().probe_wdl(&missing), None, "KRPvK is not among the test tables");
    let lone = position("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(tables().probe_wdl(&lone), Some(Wdl::Win));
}
