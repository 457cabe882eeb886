//! The book in a UCI session with the engine binary: book answers, the cases
//! where the engine must search instead, and bad book files.

mod common;

use std::time::{Duration, Instant};

use common::scratch::temp_file;
use common::uci::{parse_bestmove, Engine};

const LONG: Duration = Duration::from_secs(20);
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book");

fn subset_book() -> String {
    format!("{DATA}/gnuchess-subset.bin")
}

/// python-chess's entries for the position after `moves` ("-" = start): (uci, weight).
fn expected_entries(moves: &str) -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(format!("{DATA}/gnuchess-probes.txt")).expect("probe list");
    let line = text.lines().find(|line| line.split(" | ").next() == Some(moves)).expect("position in the list");
    line.split(" | ")
        .nth(2)
        .unwrap_or("")
        .split_whitespace()
        .map(|entry| {
            let mut parts = entry.split(':');
            let uci = parts.next().unwrap_or_default().to_string();
            (uci, parts.next().and_then(|w| w.parse().ok()).unwrap_or(0))
        })
        .collect()
}

fn engine_with_book(path: &str, best_move: bool) -> Engine {
    let mut engine = Engine::start();
    engine.uci();
    engine.send(&format!("setoption name BookFile value {path}"));
    engine.send("setoption name OwnBook value true");
    engine.send(&format!("setoption name BookBestMove value {best_move}"));
    engine.isready();
    engine
}

/// Sends `go` and returns every line up to and including `bestmove`.
fn go(engine: &mut Engine, command: &str) -> Vec<String> {
    engine.bestmove_after(command, LONG)
}

fn searched(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info depth"))
}

#[test]
fn best_move_mode_plays_the_heaviest_entry_at_once_with_a_book_ponder_move() {
    let mut engine = engine_with_book(&subset_book(), true);
    engine.send("setoption name Ponder value true");
    engine.send("position startpos");
    let started = Instant::now();
    let lines = go(&mut engine, "go wtime 60000 btime 60000");
    assert!(started.elapsed() < Duration::from_secs(2), "a book move is immediate");
    let entries = expected_entries("-");
    let (best, weight) = entries.iter().max_by_key(|(_, w)| *w).expect("the start is in the book").clone();
    let total: u64 = entries.iter().map(|(_, w)| w).sum();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], format!("info string book move {best} weight {weight} of {total}"));
    let replies = expected_entries(&best);
    let reply = replies.iter().max_by_key(|(_, w)| *w).map(|(uci, _)| uci.clone());
    assert_eq!(parse_bestmove(&lines[1]), (best, reply));
}

#[test]
fn weighted_mode_varies_and_plays_only_book_moves() {
    let mut engine = engine_with_book(&subset_book(), false);
    let entries = expected_entries("c2c4");
    let mut seen = Vec::new();
    for _ in 0..30 {
        engine.send("position startpos moves c2c4");
        let lines = go(&mut engine, "go movetime 5000");
        assert!(!searched(&lines), "searched instead of playing from the book: {lines:?}");
        let (best, ponder) = parse_bestmove(lines.last().expect("bestmove"));
        assert_eq!(ponder, None, "no ponder move without the Ponder option");
        assert!(entries.iter().any(|(uci, w)| uci == &best && *w > 0), "{best} is no book move");
        seen.push(best);
    }
    seen.sort();
    seen.dedup();
    assert!(seen.len() >= 2, "30 weighted choices all gave {seen:?}");
}

#[test]
fn analysis_limits_chess960_and_book_depth_make_it_search() {
    let mut engine = engine_with_book(&subset_book(), true);
    for command in ["go depth 3", "go nodes 2000", "go movetime 300 searchmoves d2d4", "go movetime 300 mate 1"] {
        engine.send("position startpos");
        assert!(searched(&go(&mut engine, command)), "{command} must search");
    }
    engine.send("setoption name BookDepth value 0");
    engine.send("position startpos moves e2e4");
    assert!(searched(&go(&mut engine, "go movetime 300")), "ply 1 is beyond BookDepth 0");
    engine.send("position startpos");
    assert!(!searched(&go(&mut engine, "go movetime 300")), "ply 0 is within BookDepth 0");
    // A FEN counts its plies from the move number: ply 1 here too.
    engine.send("setoption name BookDepth value 1");
    engine.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert!(!searched(&go(&mut engine, "go movetime 300")), "ply 1 is within BookDepth 1");
    engine.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    assert!(searched(&go(&mut engine, "go movetime 300")), "ply 3 is beyond BookDepth 1");
    engine.send("setoption name BookDepth value 255");
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("position startpos");
    assert!(searched(&go(&mut engine, "go movetime 300")), "no book in Chess960");
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("setoption name OwnBook value false");
    assert!(searched(&go(&mut engine, "go movetime 300")), "OwnBook false");
}

#[test]
fn go_ponder_and_infinite_never_answer_from_the_book() {
    let mut engine = engine_with_book(&subset_book(), true);
    engine.send("position startpos");
    engine.send("go infinite");
    let early = engine.drain(Duration::from_millis(300));
    assert!(early.iter().all(|l| !l.starts_with("bestmove") && !l.contains("book move")), "{early:?}");
    engine.bestmove_after("stop", LONG);
    engine.send("go ponder wtime 10000 btime 10000");
    let early = engine.drain(Duration::from_millis(300));
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "{early:?}");
    engine.bestmove_after("stop", LONG);
}

#[test]
fn out_of_book_positions_are_searched() {
    let mut engine = engine_with_book(&subset_book(), true);
    engine.send("position fen 8/8/4k3/8/8/3K4/4P3/8 w - - 0 60");
    let lines = go(&mut engine, "go movetime 300");
    assert!(searched(&lines) && lines.iter().all(|l| !l.contains("book move")), "{lines:?}");
}

fn assert_bad_book_reported_then_search(path: &str, expected_words: &str) {
    let mut engine = Engine::start();
    engine.uci();
    engine.send("setoption name OwnBook value true");
    engine.send(&format!("setoption name BookFile value {path}"));
    let lines = engine.read_until("info string", LONG);
    let report = lines.last().expect("an info string");
    assert!(report.contains(expected_words) && report.contains("without a book"), "{report}");
    engine.send("position startpos");
    let lines = go(&mut engine, "go movetime 300");
    assert!(searched(&lines), "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains("book move")), "{lines:?}");
    engine.send("isready");
    engine.read_until("readyok", LONG);
}

#[test]
fn missing_truncated_and_unsorted_books_are_reported_and_the_engine_searches() {
    assert_bad_book_reported_then_search("/nonexistent/ferrochamp/book.bin", "cannot read");
    let good = std::fs::read(subset_book()).expect("subset book");
    let truncated = temp_file("truncated.bin", &good[..good.len() - 5]);
    assert_bad_book_reported_then_search(&truncated.display().to_string(), "multiple of 16");
    let mut reversed: Vec<u8> = good.chunks(16).rev().flatten().copied().collect();
    reversed.truncate(16 * 100);
    let unsorted = temp_file("unsorted.bin", &reversed);
    assert_bad_book_reported_then_search(&unsorted.display().to_string(), "out of key order");
}

#[test]
fn own_book_without_a_file_says_so_once_and_searches() {
    let mut engine = Engine::start();
    engine.send("setoption name OwnBook value true");
    engine.send("position startpos");
    let lines = go(&mut engine, "go movetime 200");
    assert!(lines.iter().any(|l| l.starts_with("info string") && l.contains("BookFile is empty")), "{lines:?}");
    assert!(searched(&lines));
    let lines = go(&mut engine, "go movetime 200");
    assert!(lines.iter().all(|l| !l.contains("BookFile")), "said twice: {lines:?}");
}
