//! `UCI_LimitStrength` / `UCI_Elo` / `Skill Level` through a real UCI session:
//! a limited engine stays within its node budget, shows only the lines the GUI
//! asked for, varies its moves, and a setting above its measured ceiling is
//! exactly full strength.

mod common;

use std::collections::HashSet;
use std::time::Duration;

use common::uci::{parse_bestmove, Engine};
use ferrochamp::board::Position;
use ferrochamp::engine::budget::TimeControl;
use ferrochamp::engine::strength::{Handicap, FULL_STRENGTH_ELO};

const WAIT: Duration = Duration::from_secs(30);

/// The main thread looks at its node count in steps and the flushed totals lag
/// a little behind, so a search may pass its budget by a few thousand nodes.
const NODE_CHECK_SLACK: u64 = 4096;

fn limited_engine(elo: i32) -> Engine {
    let mut engine = Engine::start();
    engine.uci();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send(&format!("setoption name UCI_Elo value {elo}"));
    engine.isready();
    engine
}

/// The `info` lines and the `bestmove` line of one `go`.
fn search(engine: &mut Engine, position: &str, go: &str) -> (Vec<String>, String) {
    engine.send(position);
    let mut lines = engine.bestmove_after(go, WAIT);
    let bestmove = lines.pop().expect("the engine answers with bestmove");
    assert!(bestmove.starts_with("bestmove"), "{bestmove}");
    (lines, bestmove)
}

fn last_node_count(infos: &[String]) -> u64 {
    infos
        .iter()
        .rev()
        .find_map(|line| {
            let mut words = line.split_whitespace().skip_while(|&word| word != "nodes");
            words.nth(1).and_then(|count| count.parse().ok())
        })
        .expect("an info line with nodes")
}

#[test]
fn a_limited_search_keeps_its_budget_and_shows_only_the_asked_lines() {
    let elo = 1800;
    let one_minute = TimeControl { time: Some(60_000), ..TimeControl::default() };
    let budget = Handicap::for_elo(elo).at_control(&one_minute).nodes;
    let mut engine = limited_engine(elo);
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let (infos, bestmove) = search(&mut engine, &format!("position fen {fen}"), "go wtime 60000 btime 60000");
    let nodes = last_node_count(&infos);
    assert!(nodes <= budget + NODE_CHECK_SLACK, "{nodes} nodes searched, budget {budget}");
    assert!(
        infos.iter().all(|line| !line.contains(" multipv 2 ")),
        "the GUI asked for one line; the extra lines drawn from are not shown: {infos:?}"
    );
    let (played, _) = parse_bestmove(&bestmove);
    let position = Position::from_fen(fen).expect("a good FEN");
    assert!(position.parse_uci_move(&played, false).is_ok(), "{played} is legal");
    let last_pv = infos.iter().rev().find(|line| line.contains(" pv ")).expect("a pv line");
    assert!(last_pv.contains(&format!(" pv {played}")), "the last line shown is the move played: {last_pv}");
}

#[test]
fn a_longer_control_searches_more_nodes_under_the_same_label() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let nodes_at = |go: &str| {
        let mut engine = limited_engine(1850);
        let (infos, _) = search(&mut engine, &format!("position fen {fen}"), go);
        last_node_count(&infos)
    };
    let short = nodes_at("go wtime 10000 btime 10000 winc 100 binc 100");
    let long = nodes_at("go wtime 60000 btime 60000 winc 600 binc 600");
    let table_budget = Handicap::for_elo(1850).nodes;
    assert!(short <= table_budget + NODE_CHECK_SLACK, "10+0.1 searched {short}, the table's budget is {table_budget}");
    assert!(long > short, "60+0.6 searched {long} nodes, 10+0.1 {short}");
}

#[test]
fn a_weak_setting_does_not_always_play_the_same_move() {
    let mut engine = limited_engine(1000);
    let mut played = HashSet::new();
    for _ in 0..24 {
        engine.send("ucinewgame");
        let (_, bestmove) = search(&mut engine, "position startpos", "go wtime 60000 btime 60000");
        played.insert(parse_bestmove(&bestmove).0);
    }
    assert!(played.len() >= 2, "24 searches from the start all chose {played:?}");
}

#[test]
fn a_setting_at_the_ceiling_is_full_strength() {
    let go = "go nodes 30000";
    let position = "position fen r2q1rk1/ppp2ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPP2PPP/R2Q1RK1 w - - 6 8";
    let mut full = Engine::start();
    full.uci();
    let (full_infos, full_move) = search(&mut full, position, go);
    let mut ceiling = limited_engine(FULL_STRENGTH_ELO);
    let (ceiling_infos, ceiling_move) = search(&mut ceiling, position, go);
    assert_eq!(ceiling_move, full_move);
    assert_eq!(last_node_count(&ceiling_infos), last_node_count(&full_infos));
}

#[test]
fn the_limit_table_shows_what_each_setting_plays_with() {
    let run = common::cli::run_binary(&["limit-table", "1350", "1850", &FULL_STRENGTH_ELO.to_string()]);
    assert!(run.success(), "{}", run.stderr);
    let rows: Vec<Vec<&str>> = run.stdout.lines().skip(1).map(|row| row.split('\t').collect()).collect();
    assert_eq!(rows.len(), 3, "{}", run.stdout);
    for (row, elo) in rows.iter().zip([1350, 1850]) {
        let handicap = Handicap::for_elo(elo);
        assert_eq!(row[..3], [elo.to_string(), handicap.nodes.to_string(), handicap.lines.to_string()]);
    }
    assert_eq!(rows[2][1], "full strength");
    let every_hundred = common::cli::run_binary(&["limit-table"]);
    let budgets: Vec<u64> =
        every_hundred.stdout.lines().skip(1).filter_map(|row| row.split('\t').nth(1)?.parse().ok()).collect();
    assert!(budgets.len() >= 10 && budgets.windows(2).all(|pair| pair[0] <= pair[1]), "{budgets:?}");
}
