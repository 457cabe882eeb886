//! The engine binary driven over UCI the way GUIs drive it.

mod common;

use std::time::{Duration, Instant};

use common::position::position;
use common::uci::{legal_bestmove, parse_bestmove, Engine};

const LONG: Duration = Duration::from_secs(20);

fn assert_legal_bestmove(line: &str, fen: &str) {
    if let Err(err) = legal_bestmove(&position(fen), line) {
        panic!("{err}");
    }
}

#[test]
fn uci_handshake_lists_options_then_uciok() {
    let mut engine = Engine::start();
    let lines = engine.uci();
    assert_eq!(lines[0], format!("id name {}", ferrochamp::ENGINE_NAME));
    assert!(lines.iter().any(|l| l == "option name Hash type spin default 16 min 1 max 65536"));
    assert!(lines.iter().any(|l| l == "option name UCI_Chess960 type check default false"));
    engine.isready();
}

/// GUIs and match runners show the name; a release says its version, a build
/// between releases its commit too, in a shape a script can read back.
#[test]
fn the_engine_name_carries_the_version_and_maybe_the_commit() {
    let shape = regex::Regex::new(r"^Ferrochamp (\d+\.\d+\.\d+)( \([0-9a-f]{4,40}\))?$").expect("valid pattern");
    let found = shape.captures(ferrochamp::ENGINE_NAME).expect("the name has the documented shape");
    assert_eq!(&found[1], env!("CARGO_PKG_VERSION"));
    assert!(ferrochamp::ENGINE_NAME.ends_with(ferrochamp::VERSION));
}

#[test]
fn isready_is_answered_during_a_search_and_infinite_waits_for_stop() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let lines = engine.read_until("readyok", Duration::from_secs(2));
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "bestmove before stop: {lines:?}");
    let lines = engine.bestmove_after("stop", Duration::from_secs(2));
    assert_legal_bestmove(
        lines.last().expect("bestmove"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    // Exactly one bestmove per go.
    let extra = engine.drain(Duration::from_millis(300));
    assert!(extra.iter().all(|l| !l.starts_with("bestmove")), "second bestmove: {extra:?}");
}

#[test]
fn go_infinite_holds_bestmove_even_after_a_mate_is_found() {
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go infinite");
    let early = engine.drain(Duration::from_millis(700));
    assert!(early.iter().any(|l| l.contains("score mate 1")), "mate not reported: {early:?}");
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "bestmove before stop");
    let lines = engine.bestmove_after("stop", Duration::from_secs(2));
    assert_eq!(parse_bestmove(lines.last().expect("bestmove")).0, "a1a8");
}

#[test]
fn stop_and_ponderhit_while_idle_send_nothing() {
    let mut engine = Engine::start();
    engine.send("stop");
    engine.send("ponderhit");
    engine.isready();
    let lines = engine.drain(Duration::from_millis(200));
    assert!(lines.is_empty(), "unexpected output: {lines:?}");
}

#[test]
fn bad_input_gets_info_string_and_keeps_a_sane_position() {
    let mut engine = Engine::start();
    // e5e4 is blocked by the pawn on e4: the moves before it stand.
    engine.send("position startpos moves e2e4 e7e5 g1f3 e5e4 b8c6");
    let lines = engine.read_until("info string", LONG);
    assert!(lines.last().expect("line").contains("illegal move"), "{lines:?}");
    engine.send("xyzzy garbage");
    engine.read_until("info string", LONG);
    engine.send(&"x".repeat(100_000));
    engine.read_until("info string", LONG);
    engine.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    engine.read_until("info string", LONG);
    engine.send("go depth -5 nodes 99999999999999999999999");
    engine.isready();
    engine.drain(Duration::from_millis(500));
    engine.send("d");
    let board = engine.read_until("Fen:", LONG);
    // The illegal fourth move and the one after it were dropped, the bad FEN ignored.
    assert_eq!(board.last().expect("fen line"), "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    engine.isready();
}

#[test]
fn long_move_lists_are_accepted() {
    let mut engine = Engine::start();
    // Knights dancing: 1,200 plies with no capture or pawn move.
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = dance.iter().cycle().take(1200).copied().collect();
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("d");
    let board = engine.read_until("Fen:", LONG);
    assert_eq!(board.last().expect("fen"), "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1200 601");
    let lines = engine.bestmove_after("go depth 3", LONG);
    assert_legal_bestmove(lines.last().expect("bestmove"), ferrochamp::board::START_FEN);
}

#[test]
fn zero_and_negative_clocks_still_get_a_legal_move_at_once() {
    let mut engine = Engine::start();
    for go in ["go wtime 0 btime 0", "go wtime -500 btime 1000 winc 0 binc 0", "go wtime 1 btime 1 movestogo 1"] {
        engine.send("position startpos");
        let start = Instant::now();
        let lines = engine.bestmove_after(go, LONG);
        assert_legal_bestmove(lines.last().expect("bestmove"), ferrochamp::board::START_FEN);
        assert!(start.elapsed() < Duration::from_secs(2), "{go} took {:?}", start.elapsed());
    }
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut engine = Engine::start();
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let lines = engine.bestmove_after("go depth 5", LONG);
    assert_eq!(lines.last().expect("line"), "bestmove (none)");
    assert!(lines.iter().any(|l| l.contains("score cp 0")), "stalemate scores 0: {lines:?}");
    engine.send("position fen 7k/7Q/6K1/8/8/8/8/8 b - - 0 1");
    let lines = engine.bestmove_after("go depth 5", LONG);
    assert!(lines.iter().any(|l| l.contains("score mate 0")), "{lines:?}");
}

#[test]
fn ponder_then_ponderhit_gives_one_bestmove() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves d2d4 d7d5");
    engine.send("go ponder wtime 2000 btime 2000");
    let early = engine.drain(Duration::from_millis(300));
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "bestmove while pondering");
    let lines = engine.bestmove_after("ponderhit", Duration::from_secs(5));
    assert_legal_bestmove(
        lines.last().expect("bestmove"),
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3",
    );
}

#[test]
fn a_long_ponder_ends_at_ponderhit_with_the_pv_it_plays_last() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    // Pondering runs well past this clock's soft limit, and past the 3 s after
    // which `currmove` lines come between the PV lines.
    engine.send("go ponder wtime 10000 btime 10000");
    let pondered = engine.drain(Duration::from_millis(4000));
    assert!(pondered.iter().all(|l| !l.starts_with("bestmove")), "bestmove while pondering");
    engine.send("ponderhit");
    let lines = engine.read_until("bestmove", Duration::from_secs(10));
    let (best, _) = parse_bestmove(lines.last().expect("bestmove"));
    let last_info = pondered.iter().chain(&lines).rev().find(|l| l.starts_with("info")).expect("an info line");
    let pv_move = last_info.split(" pv ").nth(1).and_then(|pv| pv.split_whitespace().next());
    assert_eq!(pv_move, Some(best.as_str()), "the last info line before bestmove is not its PV: {last_info}");
}

#[test]
fn searchmoves_and_chess960_notation() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    let lines = engine.bestmove_after("go depth 4 searchmoves a2a3 h2h3", LONG);
    let (best, _) = parse_bestmove(lines.last().expect("bestmove"));
    assert!(best == "a2a3" || best == "h2h3", "{best} is not among searchmoves");

    engine.send("setoption name UCI_Chess960 value true");
    engine.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    engine.send("d");
    let board = engine.read_until("Fen:", LONG);
    assert_eq!(board.last().expect("fen"), "Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(3)), "engine did not exit after quit");
}

#[test]
fn go_perft_prints_divide_and_total() {
    let mut engine = Engine::start();
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go perft 3");
    let lines = engine.read_until("Nodes searched", LONG);
    assert_eq!(lines.last().expect("total"), "Nodes searched: 97862");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 48 + 1);
    assert!(lines.iter().any(|l| l == "e1g1: 2059"), "standard castling notation");
}

/// With two threads the move may come from the helper (it completed a deeper
/// iteration); the last `info ... pv` line must then be the helper's, so that
/// `bestmove` is always the first move of the last line the GUI saw.
#[test]
fn with_two_threads_bestmove_is_the_last_printed_pv_move() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.isready();
    let fens = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        for depth in [9, 12] {
            engine.send(&format!("position fen {fen}"));
            let lines = engine.bestmove_after(&format!("go depth {depth}"), LONG);
            let (last_pv_line, pv) = lines
                .iter()
                .rev()
                .find_map(|line| Some((line, line.split_once(" pv ")?.1)))
                .unwrap_or_else(|| panic!("no pv line before bestmove: {lines:?}"));
            let last_pv = pv.split_whitespace().next().unwrap_or_else(|| panic!("empty pv: {last_pv_line}"));
            let bestmove_line = lines.last().expect("bestmove");
            assert_legal_bestmove(bestmove_line, fen);
            assert_eq!(parse_bestmove(bestmove_line).0, last_pv, "{fen} depth {depth}: {lines:?}");
            // Whichever thread completed the depth first, the answer is of that depth.
            assert!(last_pv_line.starts_with(&format!("info depth {depth} ")), "{last_pv_line}");
        }
    }
}
