//! What the GUI shows last is the search's answer: every `bestmove` comes
//! right after the final `info` lines, whose first PV starts with the move
//! played, however the search ended (`stop`, `ponderhit`, `movetime`, the
//! clock, a depth limit); and no bound line is printed in a search's first
//! seconds, where a GUI that does not mark bounds would show it as a real line.
//!
//! No assertion here depends on how fast the machine is: each test reads the
//! lines, in the order they came.

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use common::search::search_as_main;
use common::uci::{parse_bestmove, Engine};
use ferrochamp::board::Position;
use ferrochamp::search::{IterationReport, SearchClock, SearchLimits, SharedState, TranspositionTable, Worker};

const LONG: Duration = Duration::from_secs(60);

const MIDDLEGAME: &str = "r1bqk2r/pp2bppp/2nppn2/8/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQkq - 2 8";

/// Positions whose searches fail their aspiration windows within a few plies.
const RESTLESS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NPP2/1BN1B3/PPP3PP/R2Q1RK1 w - - 0 12",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/P1NBPN2/1PQ2PPP/2R2RK1 w - - 3 14",
    "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
];

/// The value after `name` in an `info` line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.by_ref().find(|&word| word == name)?;
    words.next()
}

/// The moves after ` pv `.
fn pv(line: &str) -> Vec<&str> {
    line.split_once(" pv ").map(|(_, moves)| moves.split_whitespace().collect()).unwrap_or_default()
}

fn is_bound(line: &str) -> bool {
    line.contains(" lowerbound") || line.contains(" upperbound")
}

/// `lines` end with `bestmove`, right after the `multipv` final PV lines
/// (1 to `multipv`, in order), each a full line with an exact score, except
/// that the first may be the `lowerbound` of a move that failed high just
/// before the stop (it is played); the first one's PV starts with the move played.
fn assert_final_lines(lines: &[String], multipv: usize, what: &str) {
    let (bestmove, before) = lines.split_last().unwrap_or_else(|| panic!("{what}: no output"));
    let (best, _) = parse_bestmove(bestmove);
    assert!(before.len() >= multipv, "{what}: too few lines before bestmove: {lines:?}");
    let finals = &before[before.len() - multipv..];
    for (index, line) in finals.iter().enumerate() {
        assert!(line.starts_with("info depth "), "{what}: not a PV line right before bestmove: {line}");
        assert_eq!(field(line, "multipv"), Some((index + 1).to_string().as_str()), "{what}: {finals:?}");
        for name in ["score", "nodes", "time"] {
            assert!(field(line, name).is_some(), "{what}: no {name} in the final line {line}");
        }
        let played_fail_high = index == 0 && line.contains(" lowerbound");
        assert!(!is_bound(line) || played_fail_high, "{what}: a bound as the final line: {line}");
        assert!(!pv(line).is_empty(), "{what}: a final line without a PV: {line}");
    }
    assert_eq!(pv(&finals[0]).first(), Some(&best.as_str()), "{what}: bestmove {best} after {:?}", finals[0]);
}

/// Reads lines until the `info depth D ... multipv K ... pv` line with
/// `D >= depth` and `K == multipv` (the last line of such an iteration), or `bestmove`.
fn read_until_depth(engine: &Engine, depth: u32, multipv: usize) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let line = engine.next_line(LONG).unwrap_or_else(|| panic!("no depth {depth} line: {seen:?}"));
        let reached = field(&line, "depth").and_then(|d| d.parse::<u32>().ok()).is_some_and(|d| d >= depth);
        let last_of_set = field(&line, "multipv") == Some(multipv.to_string().as_str());
        let done = line.starts_with("bestmove") || (reached && last_of_set && line.contains(" pv "));
        seen.push(line);
        if done {
            return seen;
        }
    }
}

/// Sends `go`, reads its lines up to depth `depth`, then sends `then` (`stop`,
/// `ponderhit`) and returns every line up to `bestmove`.
fn interrupted(engine: &mut Engine, go: &str, depth: u32, multipv: usize, then: &str) -> Vec<String> {
    engine.send(go);
    let mut lines = read_until_depth(engine, depth, multipv);
    assert!(lines.iter().all(|line| !line.starts_with("bestmove")), "{go}: bestmove before {then}: {lines:?}");
    lines.extend(engine.bestmove_after(then, LONG));
    lines
}

fn engine_at(fen: &str, multipv: usize) -> Engine {
    let mut engine = Engine::start();
    engine.uci();
    engine.send("setoption name Ponder value true");
    engine.send(&format!("setoption name MultiPV value {multipv}"));
    engine.send(&format!("position fen {fen}"));
    engine.isready();
    engine
}

#[test]
fn stop_ponderhit_movetime_clock_and_depth_end_with_the_final_lines() {
    for multipv in [1, 3] {
        let mut engine = engine_at(MIDDLEGAME, multipv);
        let lines = interrupted(&mut engine, "go infinite", 8, multipv, "stop");
        assert_final_lines(&lines, multipv, &format!("stop, MultiPV {multipv}"));
        // Pondering past this clock's limits: the search stops at ponderhit.
        let lines = interrupted(&mut engine, "go ponder wtime 3000 btime 3000", 7, multipv, "ponderhit");
        assert_final_lines(&lines, multipv, &format!("ponderhit, MultiPV {multipv}"));

        for go in ["go movetime 300", "go wtime 2000 btime 2000 winc 20 binc 20", "go depth 9", "go nodes 150000"] {
            let lines = engine.bestmove_after(go, LONG);
            assert_final_lines(&lines, multipv, &format!("{go}, MultiPV {multipv}"));
        }
        engine.send("quit");
    }
}

/// A ponder search that ended before `ponderhit` (here at its depth limit)
/// printed its lines while pondering; after `ponderhit` they come again, so
/// that a GUI that set the ponder output aside has the answer's line.
#[test]
fn a_ponder_search_finished_before_ponderhit_shows_its_lines_again() {
    for multipv in [1, 3] {
        let mut engine = engine_at(MIDDLEGAME, multipv);
        engine.send("go ponder depth 6 wtime 60000 btime 60000");
        let pondered = read_until_depth(&engine, 6, multipv);
        assert!(pondered.iter().all(|line| !line.starts_with("bestmove")), "bestmove while pondering");
        let last_set = &pondered[pondered.len() - multipv..];
        let lines = engine.bestmove_after("ponderhit", LONG);
        assert_final_lines(&lines, multipv, &format!("ponderhit after the end, MultiPV {multipv}"));
        assert_eq!(&lines[..multipv], last_set, "the lines shown again are the search's last ones");
    }
}

#[test]
fn no_bound_line_in_the_first_seconds() {
    let mut engine = Engine::start();
    engine.uci();
    for multipv in [1, 3] {
        engine.send(&format!("setoption name MultiPV value {multipv}"));
        for fen in RESTLESS {
            engine.send("ucinewgame");
            engine.send(&format!("position fen {fen}"));
            let lines = engine.bestmove_after("go depth 12", LONG);
            for line in lines.iter().filter(|line| is_bound(line)) {
                let time: u64 = field(line, "time").and_then(|t| t.parse().ok()).expect("a time field");
                assert!(time >= 3000, "{fen}: a bound line at {time} ms: {line}");
            }
            assert_final_lines(&lines, multipv, fen);
        }
    }
    engine.send("quit");
}

/// A clock that reads a fixed time and never stops the search.
struct FixedClock(u64);

impl SearchClock for FixedClock {
    fn elapsed_ms(&self) -> u64 {
        self.0
    }

    fn stop_after_iteration(&self, _report: &IterationReport) -> bool {
        false
    }
}

/// The same searches with the clock read as early or late: only the late
/// ones print bound lines, which shows that the early ones did fail their
/// windows and kept the bounds to themselves; the search is the same.
#[test]
fn bound_lines_wait_for_the_clock() {
    let limits = SearchLimits { depth: Some(11), multipv: 1, ..SearchLimits::default() };
    let mut late_bounds = 0;
    for fen in RESTLESS {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let run = |elapsed_ms: u64| {
            let shared = SharedState::new(Arc::new(TranspositionTable::new(16)), Arc::new(AtomicBool::new(false)));
            search_as_main(&mut Worker::new(), &shared, &pos, &limits, Arc::new(FixedClock(elapsed_ms)))
        };
        let early = run(0);
        let late = run(10_000);
        assert!(early.lines.iter().all(|line| !is_bound(line)), "{fen}: {:?}", early.lines);
        assert_eq!((early.nodes, early.result), (late.nodes, late.result), "{fen}: output only");
        late_bounds += late.lines.iter().filter(|line| is_bound(line)).count();
    }
    assert!(late_bounds > 0, "no search failed its window: the test shows nothing");
}
