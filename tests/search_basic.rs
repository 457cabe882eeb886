//! The search's contract with the controller: legal moves in every case,
//! draws by rule, limits, MultiPV, `info` lines, reproducible node counts and
//! helpers that stop with the main worker.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use common::position::{legal_moves, played, position};
use common::search::{depth_limits, search, search_as_main, search_with, Lines};
use ferrochamp::board::Move;
use ferrochamp::search::score::{mate_in_moves, MATE_BOUND};
use ferrochamp::search::{MainDuties, NoClock, SearchLimits, SharedState, TranspositionTable, Worker};

const POSITIONS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
];

#[test]
fn depth_one_returns_a_legal_move_and_matching_pv() {
    for fen in POSITIONS {
        let pos = position(fen);
        let outcome = search(&pos, &depth_limits(1));
        let result = &outcome.result;
        assert!(legal_moves(&pos).contains(&result.best_move), "{fen}");
        assert_eq!(result.pv.first(), Some(&result.best_move), "{fen}");
        assert_eq!(result.depth, 1);
        assert!(!outcome.lines.is_empty());
    }
}

#[test]
fn deeper_pv_is_legal_and_ponder_move_follows_it() {
    for fen in POSITIONS {
        let mut pos = position(fen);
        let result = search(&pos, &depth_limits(6)).result;
        assert_eq!(result.depth, 6);
        for &mv in &result.pv {
            assert!(legal_moves(&pos).contains(&mv), "{fen}: PV move {mv} is illegal");
            pos.make_move(mv);
        }
        if result.pv.len() > 1 {
            assert_eq!(result.ponder_move, result.pv[1]);
        }
    }
}

#[test]
fn an_immediate_stop_still_gives_a_legal_move() {
    for fen in POSITIONS {
        let pos = position(fen);
        let tt = Arc::new(TranspositionTable::new(1));
        let shared = SharedState::new(tt, Arc::new(AtomicBool::new(true)));
        let limits = SearchLimits { multipv: 1, ..SearchLimits::default() };
        let main = search_as_main(&mut Worker::new(), &shared, &pos, &limits, Arc::new(NoClock(Instant::now())));
        let with_main = main.result;
        let helper = Worker::new().search(&pos, &shared, &limits, None);
        for result in [&with_main, &helper] {
            assert!(legal_moves(&pos).contains(&result.best_move), "{fen}");
        }
        // The main worker always completes its first iteration (so that its move
        // and score come from a search); a helper stops at once.
        assert_eq!(with_main.depth, 1, "{fen}: the main worker completes depth 1");
        assert_eq!(helper.depth, 0, "{fen}: a helper completes no iteration");
        let last = main.lines.last().cloned().unwrap_or_default();
        assert!(last.starts_with("info depth 1 ") && !last.contains("bound"), "final exact line: {last}");
        assert!(!last.contains(" mate "), "{fen}: no position here has a mate in one: {last}");
    }
}

#[test]
fn mate_and_stalemate_at_the_root_have_no_move() {
    let mated = search(&position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), &depth_limits(3));
    assert_eq!(mated.result.best_move, Move::NONE);
    assert_eq!(mate_in_moves(mated.result.score), Some(0));
    assert_eq!(mated.lines, vec!["info depth 0 score mate 0".to_string()]);
    let stalemate = search(&position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &depth_limits(3));
    assert_eq!(stalemate.result.best_move, Move::NONE);
    assert_eq!(stalemate.result.score, 0);
    assert_eq!(stalemate.lines, vec!["info depth 0 score cp 0".to_string()]);
}

#[test]
fn fifty_move_rule_draws_unless_the_last_move_mates() {
    // King and queen against king: winning, unless every move is the 100th half-move.
    let fresh = search(&position("8/8/8/4k3/8/8/8/3QK3 w - - 0 80"), &depth_limits(5)).result;
    assert!(fresh.score > 500, "score {}", fresh.score);
    let late = search(&position("8/8/8/4k3/8/8/8/3QK3 w - - 99 80"), &depth_limits(5)).result;
    assert_eq!(late.score, 0);
    // A mate on the 100th half-move still wins.
    let mate = search(&position("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80"), &depth_limits(3)).result;
    assert_eq!(mate_in_moves(mate.score), Some(1));
    assert_eq!(mate.best_move.to_string(), "b1b8");
}

#[test]
fn repetition_before_the_root_saves_the_losing_side() {
    // Black, a queen down, can repeat the start position a third time with Kh8.
    let start = "7k/p7/8/8/8/Q7/8/K5N1 w - - 0 1";
    let shuffles = ["g1f3", "h8g8", "f3g1", "g8h8", "g1f3", "h8g8", "f3g1"];
    let with_history = played(start, shuffles);
    let saved = search(&with_history, &depth_limits(6)).result;
    assert_eq!(saved.score, 0);
    assert_eq!(saved.best_move.to_string(), "g8h8");
    // The same position without its history is simply lost.
    let without_history = position(&with_history.to_fen());
    let lost = search(&without_history, &depth_limits(6)).result;
    assert!(lost.score < -500, "score {}", lost.score);
}

#[test]
fn node_counts_are_reproducible() {
    for fen in POSITIONS {
        let pos = position(fen);
        let first = search(&pos, &depth_limits(7));
        let second = search(&pos, &depth_limits(7));
        assert_eq!(first.nodes, second.nodes, "{fen}");
        assert_eq!(first.result, second.result, "{fen}");
        // Reusing a searcher after `clear` (ucinewgame) and a cleared table gives the same count too.
        let tt = Arc::new(TranspositionTable::new(16));
        let mut searcher = Worker::new();
        let _ = search_with(&mut searcher, &tt, &position(POSITIONS[1]), &depth_limits(5));
        searcher.clear();
        tt.clear();
        let reused = search_with(&mut searcher, &tt, &pos, &depth_limits(7));
        assert_eq!(reused.nodes, first.nodes, "{fen}");
    }
}

#[test]
fn node_limit_stops_the_search_close_to_the_budget() {
    let pos = position(POSITIONS[1]);
    let limits = SearchLimits { nodes: Some(20_000), multipv: 1, ..SearchLimits::default() };
    let outcome = search(&pos, &limits);
    assert!(outcome.nodes >= 20_000 && outcome.nodes < 20_100, "nodes {}", outcome.nodes);
    assert!(legal_moves(&pos).contains(&outcome.result.best_move));
}

#[test]
fn mate_limit_stops_once_the_mate_is_proven() {
    let pos = position("1qrrk3/8/pp1p4/4p1Q1/2P5/1P6/PB6/5RK1 w - - 0 1");
    let limits = SearchLimits { mate: Some(2), multipv: 1, ..SearchLimits::default() };
    let result = search(&pos, &limits).result;
    assert_eq!(mate_in_moves(result.score), Some(2));
    assert!(result.depth < 20, "stopped at depth {}", result.depth);
}

#[test]
fn multipv_reports_distinct_moves_best_first() {
    let pos = position(POSITIONS[1]);
    let limits = SearchLimits { depth: Some(5), multipv: 3, ..SearchLimits::default() };
    let outcome = search(&pos, &limits);
    let last_depth: Vec<&String> = outcome.lines.iter().filter(|line| line.starts_with("info depth 5 ")).collect();
    assert_eq!(last_depth.len(), 3, "{last_depth:?}");
    let mut first_moves = Vec::new();
    let mut scores = Vec::new();
    for (index, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", index + 1)), "{line}");
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |name: &str| words.iter().position(|word| *word == name).map(|at| words[at + 1]);
        scores.push(field("cp").and_then(|cp| cp.parse::<i32>().ok()).unwrap_or(i32::MAX));
        first_moves.push(field("pv").unwrap_or_default().to_string());
    }
    assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "{scores:?}");
    first_moves.sort();
    first_moves.dedup();
    assert_eq!(first_moves.len(), 3);
}

/// The GUI's view of a MultiPV search: the last line printed for each index.
fn latest_line_per_index(lines: &[String], count: usize) -> Vec<String> {
    (1..=count)
        .map(|index| {
            let tag = format!(" multipv {index} ");
            lines.iter().rev().find(|line| line.contains(&tag)).cloned().unwrap_or_default()
        })
        .collect()
}

fn first_pv_move(line: &str) -> &str {
    line.split(" pv ").nth(1).and_then(|pv| pv.split(' ').next()).unwrap_or("")
}

#[test]
fn multipv_stopped_mid_iteration_leaves_distinct_lines_led_by_the_best_move() {
    // A node limit stops the search inside an iteration, after the lines may
    // have been re-sorted: the lines a GUI shows must still differ, and the
    // first must start with the move played.
    for fen in POSITIONS {
        for nodes in [3_000, 11_000, 40_000, 90_000] {
            let limits = SearchLimits { nodes: Some(nodes), multipv: 3, ..SearchLimits::default() };
            let pos = position(fen);
            let outcome = search(&pos, &limits);
            let shown = latest_line_per_index(&outcome.lines, 3);
            let first_moves: Vec<&str> = shown.iter().map(|line| first_pv_move(line)).collect();
            let best = pos.move_to_uci(outcome.result.best_move, false);
            assert_eq!(first_moves[0], best, "{fen} at {nodes} nodes: {shown:?}");
            let mut distinct = first_moves.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 3, "{fen} at {nodes} nodes: {shown:?}");
        }
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = position(POSITIONS[0]);
    let only = pos.parse_uci_move("a2a3", false).expect("legal");
    let limits = SearchLimits { depth: Some(4), searchmoves: vec![only], multipv: 1, ..SearchLimits::default() };
    assert_eq!(search(&pos, &limits).result.best_move, only);
}

#[test]
fn info_lines_have_the_uci_layout() {
    let outcome = search(&position(POSITIONS[1]), &depth_limits(4));
    let keys = ["depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"];
    for line in &outcome.lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "info");
        let mut last = 0;
        for key in keys {
            let at = words.iter().position(|word| *word == key).unwrap_or_else(|| panic!("{key} missing: {line}"));
            assert!(at > last, "{key} out of order: {line}");
            last = at;
        }
    }
    let last = outcome.lines.last().expect("lines");
    assert!(last.starts_with("info depth 4 ") && !last.contains("bound"));
}

#[test]
fn helper_threads_share_the_table_and_the_first_to_complete_the_depth_ends_the_search() {
    let pos = position(POSITIONS[1]);
    let tt = Arc::new(TranspositionTable::new(16));
    let shared = SharedState::new(tt, Arc::new(AtomicBool::new(false)));
    let (stop, progress) = (&shared.stop, &shared.progress);
    let lines = Arc::new(Lines::default());
    let clock = Arc::new(NoClock(Instant::now()));
    let limits = depth_limits(7);
    let (main_result, helper_result, helper_nodes) = std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            let result = Worker::new().search(&pos, &shared, &limits, None);
            (result, progress.nodes.load(Ordering::Relaxed))
        });
        let main = MainDuties { clock, info: lines, chess960: false, show_wdl: false };
        let main_result = Worker::new().search(&pos, &shared, &limits, Some(&main));
        let (helper_result, helper_nodes) = helper.join().expect("helper thread");
        (main_result, helper_result, helper_nodes)
    });
    assert!(stop.load(Ordering::Relaxed), "the first thread to complete depth 7 raised stop");
    assert!(legal_moves(&pos).contains(&main_result.best_move));
    assert!(legal_moves(&pos).contains(&helper_result.best_move));
    assert_eq!(main_result.depth.max(helper_result.depth), 7, "one of them completed the limit");
    assert!(main_result.depth <= 7 && helper_result.depth <= 7);
    assert!(helper_nodes > 0 && progress.nodes.load(Ordering::Relaxed) >= helper_nodes);
    assert!(main_result.score.abs() < MATE_BOUND);
}
