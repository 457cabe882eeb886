//! A search stopped inside an iteration answers with finished lines, with
//! MultiPV 3 as with a single line: each last line is either one this
//! iteration completed (shown at the new depth) or the line the previous
//! iteration printed for that move, with its score and PV unchanged — never a
//! bound or a short line from a move the stopped iteration had only begun
//! (but for a first move that failed high: it is played, and shown as the
//! `lowerbound` it is), and `bestmove` plays the first of them. The node limit stops the search at
//! a repeatable point, so each case is the same on every run.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::uci::Engine;

/// One `info … multipv …` line: depth, multipv index, score text and PV.
#[derive(Clone, Debug, PartialEq)]
struct PvLine {
    depth: u32,
    multipv: usize,
    score: String,
    pv: Vec<String>,
}

fn field<'a>(words: &[&'a str], name: &str) -> Option<&'a str> {
    words.iter().position(|&word| word == name).and_then(|at| words.get(at + 1).copied())
}

fn parse_pv_line(line: &str) -> Option<PvLine> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let multipv = field(&words, "multipv")?.parse().ok()?;
    let depth = field(&words, "depth")?.parse().ok()?;
    let score_at = words.iter().position(|&word| word == "score")?;
    let pv_at = words.iter().position(|&word| word == "pv")?;
    // "cp 35" or "mate 3", with "lowerbound"/"upperbound" when it is a bound.
    let score = words[score_at + 1..]
        .iter()
        .take_while(|&&word| word != "nodes" && word != "wdl")
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let pv = words[pv_at + 1..].iter().map(|word| (*word).to_string()).collect();
    Some(PvLine { depth, multipv, score, pv })
}

/// Runs `go nodes N` from `fen` and returns every PV line, in order, and the move played.
fn search_lines(engine: &mut Engine, fen: &str, nodes: u64) -> (Vec<PvLine>, String) {
    engine.send("ucinewgame");
    engine.send(&format!("position fen {fen}"));
    engine.isready();
    let output = engine.bestmove_after(&format!("go nodes {nodes}"), Duration::from_secs(60));
    let bestmove = output.last().and_then(|line| line.strip_prefix("bestmove ")).expect("a bestmove line");
    let played = bestmove.split_whitespace().next().expect("a move").to_string();
    (output.iter().filter_map(|line| parse_pv_line(line)).collect(), played)
}

/// The lines printed at the end of each completed iteration, by depth and move.
fn completed_iterations(lines: &[PvLine]) -> HashMap<(u32, String), PvLine> {
    lines
        .iter()
        .filter(|line| !line.score.contains("bound"))
        .map(|line| ((line.depth, line.pv[0].clone()), line.clone()))
        .collect()
}

#[test]
fn a_stopped_multipv_search_ends_with_finished_lines() {
    let compared = check_stopped_searches(3);
    assert!(compared > 0, "no search was stopped inside an iteration: the test compared nothing");
}

/// With one line the stopped iteration's own bound (a new move failing high,
/// the old one failing low) used to be printed as the completed depth's line;
/// now the last line is the completed iteration's, shown once, a line of the
/// new depth with an exact score, or the new depth's `lowerbound` of the
/// move played. The first passes the checks without a comparison, so
/// nothing is asked of the count.
#[test]
fn a_stopped_single_line_search_ends_with_a_finished_line() {
    check_stopped_searches(1);
}

/// Stops searches with `lines_wanted` lines at many node counts and checks their
/// last lines; returns how many last lines were compared with an earlier print.
fn check_stopped_searches(lines_wanted: usize) -> usize {
    let positions = [
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8",
        "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/P1NBPN2/1PQ2PPP/2R2RK1 w - - 3 14",
    ];
    let mut engine = Engine::start();
    engine.uci();
    engine.send(&format!("setoption name MultiPV value {lines_wanted}"));
    let mut lines_compared = 0;
    for fen in positions {
        for nodes in (40_000..=400_000).step_by(45_000) {
            let (lines, played) = search_lines(&mut engine, fen, nodes);
            let last: Vec<&PvLine> = lines.iter().rev().take(lines_wanted).rev().collect();
            let indices: Vec<usize> = last.iter().map(|line| line.multipv).collect();
            let expected: Vec<usize> = (1..=lines_wanted).collect();
            assert_eq!(indices, expected, "{fen} at {nodes} nodes: the last lines are not one set: {lines:?}");
            assert_eq!(last[0].pv[0], played, "{fen} at {nodes} nodes: bestmove is not the first line's move");
            let moves: Vec<&String> = last.iter().map(|line| &line.pv[0]).collect();
            assert!(moves.iter().all(|mv| moves.iter().filter(|other| *other == mv).count() == 1), "{moves:?}");
            let earlier = completed_iterations(&lines[..lines.len() - lines_wanted]);
            let last_completed = earlier.keys().map(|&(depth, _)| depth).max().unwrap_or(0);
            for (index, line) in last.iter().enumerate() {
                // A line deeper than the last completed iteration was finished
                // by the stopped one and was never printed before; the first
                // may also be the played move's fail high.
                if line.depth > last_completed {
                    let played_fail_high = index == 0 && line.score.ends_with("lowerbound");
                    assert!(!line.score.contains("bound") || played_fail_high, "{fen} at {nodes} nodes: {line:?}");
                    continue;
                }
                assert!(!line.score.contains("bound"), "{fen} at {nodes} nodes: a final line is a bound: {line:?}");
                let first_print = earlier.get(&(line.depth, line.pv[0].clone()));
                let same = first_print.is_some_and(|first| first.score == line.score && first.pv == line.pv);
                assert!(same, "{fen} at {nodes} nodes: {line:?} is not the completed iteration's {first_print:?}");
                lines_compared += 1;
            }
        }
    }
    engine.send("quit");
    lines_compared
}
