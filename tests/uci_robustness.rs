//! Regression tests through the real binary: a `go` with malformed values,
//! positions with more moves than a move list holds, a hash table that does
//! not fit in memory, and perft depths that overflowed the stack or blocked
//! the engine. Each of these used to hang the GUI or kill the engine, until
//! the fixes of 3957be9 (2026-11-25).

mod common;

use std::time::Duration;

use common::uci::{legal_bestmove, Engine};
use ferrochamp::board::Position;
use ferrochamp::search::tt::available_memory_mb;

const WAIT: Duration = Duration::from_secs(10);

/// Sends `go_line` from the start position, returns every line up to the
/// `bestmove`, and checks that the move is legal and that no second one follows.
fn go_answers_once(engine: &mut Engine, go_line: &str) -> Vec<String> {
    engine.send("position startpos");
    let lines = engine.bestmove_after(go_line, WAIT);
    if let Err(err) = legal_bestmove(&Position::startpos(), lines.last().expect("a bestmove line")) {
        panic!("{go_line}: {err}");
    }
    engine.send("isready");
    let after = engine.read_until("readyok", WAIT);
    assert!(after.iter().all(|line| !line.starts_with("bestmove")), "{go_line}: a second bestmove in {after:?}");
    lines
}

#[test]
fn every_go_with_a_malformed_value_still_answers_one_bestmove() {
    let mut engine = Engine::start();
    engine.isready();
    let malformed = [
        "go depth -5",
        "go wtime abc",
        "go movetime 1e9",
        "go depth",
        "go mate -1",
        "go nodes 3.5",
        "go winc --1 movestogo 0x10",
        "go depth 2\0",
        "go perft 20000",
        "go perft 4294967295",
        "go wtime btime 100 winc 0 binc 0",
        "go xyzzy",
    ];
    for line in malformed {
        let lines = go_answers_once(&mut engine, line);
        assert!(lines.iter().any(|l| l.starts_with("info string go:")), "{line}: no explanation in {lines:?}");
    }
    // The usable rest of a damaged `go` is obeyed: depth 3 stops at depth 3.
    let lines = go_answers_once(&mut engine, "go nodes 3.5 depth 3");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    assert!(lines.iter().all(|l| !l.starts_with("info depth 4 ")), "{lines:?}");
}

const TOO_MANY_MOVES: [&str; 2] = [
    "knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1",
    "KNqqqqqq/NNq4q/qq5q/q6q/q6q/q6q/q6q/qqqqqqqk b - - 0 1",
];

#[test]
fn impossible_positions_are_refused_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    for fen in TOO_MANY_MOVES {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.read_until("info string", WAIT);
        assert!(lines.last().is_some_and(|l| l.contains("invalid FEN")), "{lines:?}");
        for go in ["go depth 1", "go perft 2"] {
            engine.send(go);
        }
        let lines = engine.read_until("Nodes searched", WAIT);
        let best = lines.iter().find(|l| l.starts_with("bestmove")).expect("a bestmove for go depth 1");
        if let Err(err) = legal_bestmove(&Position::startpos(), best) {
            panic!("{err}");
        }
        // The position stayed the start position: 400 leaves at depth 2.
        assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 400"));
        engine.send(&format!("position fen {fen} moves a8a7"));
        engine.isready();
    }
    engine.send("quit");
    assert!(engine.wait_exit(WAIT));
}

#[test]
fn a_hash_size_beyond_the_memory_keeps_the_old_table() {
    // On a machine with more memory than the maximum the allocation would
    // succeed; the test is about the one that does not have it.
    if available_memory_mb().is_none_or(|mb| mb > 60_000) {
        return;
    }
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 65536");
    engine.send("isready");
    let lines = engine.read_until("readyok", WAIT);
    assert!(
        lines.iter().any(|l| l.starts_with("info string cannot allocate a hash table of 65536 MB")
            && l.contains("keeping the current 16 MB table")),
        "{lines:?}"
    );
    go_answers_once(&mut engine, "go depth 4");
    engine.send("setoption name Hash value 2");
    engine.send("bench 1 1 65536");
    let lines = engine.read_until("info string bench:", WAIT);
    assert!(lines.last().is_some_and(|l| l.contains("cannot allocate")), "{lines:?}");
    engine.send("quit");
    assert!(engine.wait_exit(WAIT));
}

#[test]
fn a_deep_perft_leaves_isready_and_stop_answered() {
    let mut engine = Engine::start();
    engine.send("go perft 64");
    engine.send("isready");
    engine.read_until("readyok", Duration::from_secs(2));
    engine.send("stop");
    let lines = engine.read_until("info string perft stopped", Duration::from_secs(5));
    assert!(lines.iter().all(|l| !l.starts_with("Nodes searched")), "{lines:?}");
    // A go during a perft stops it and searches.
    engine.send("go perft 40");
    go_answers_once(&mut engine, "go depth 2");
    // A complete perft still prints its divide.
    engine.send("go perft 3");
    let lines = engine.read_until("Nodes searched", WAIT);
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 8902"));
    engine.send("go perft 64");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)), "quit during a perft");
}
