//! Syzygy tablebases through the engine binary: loading reports, bad paths and
//! bad files (an `info string`, never a crash, and play goes on), root moves
//! ranked by the tables, `tbhits` in the `info` lines.

mod common;

use std::time::Duration;

use common::scratch::scratch_dir;
use common::uci::{parse_bestmove, Engine};

const LONG: Duration = Duration::from_secs(20);
/// Between directories in `SyzygyPath`.
const SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

fn tables_dir() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

/// Sets `SyzygyPath` and returns the `info string` lines it produced.
fn set_path(engine: &mut Engine, path: &str) -> Vec<String> {
    engine.send(&format!("setoption name SyzygyPath value {path}"));
    engine.send("isready");
    let lines = engine.read_until("readyok", LONG);
    lines.into_iter().filter(|line| line.starts_with("info string")).collect()
}

/// Searches `fen` and returns the `info` lines and the best move.
fn search(engine: &mut Engine, fen: &str, go: &str) -> (Vec<String>, String) {
    engine.send(&format!("position fen {fen}"));
    let lines = engine.bestmove_after(go, LONG);
    let best = parse_bestmove(lines.last().expect("bestmove line")).0;
    (lines, best)
}

fn tbhits(line: &str) -> Option<u64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "tbhits")?;
    words.get(at + 1)?.parse().ok()
}

fn score_cp(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "cp")?;
    words.get(at + 1)?.parse().ok()
}

/// KQvK, White to move, fifty-move counter at 93: only the DTZ-optimal d8g5
/// still mates (or zeroes) in time; the other queen moves win too, too slowly.
const KQK_LATE: &str = "3Q4/8/8/8/8/7k/3K4/8 w - - 93 1";

#[test]
fn loading_reports_the_tables_and_the_root_plays_dtz_optimal() {
    let mut engine = Engine::start();
    engine.uci();
    let said = set_path(&mut engine, &tables_dir());
    assert!(said.iter().any(|l| l.contains("found 9 WDL and 9 DTZ tables, largest 4 pieces")), "no summary: {said:?}");
    let (lines, best) = search(&mut engine, KQK_LATE, "go depth 8");
    assert_eq!(best, "d8g5");
    let pv_lines: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(!pv_lines.is_empty());
    assert!(pv_lines.iter().all(|l| tbhits(l).is_some_and(|hits| hits >= 1)), "{pv_lines:?}");
    let last = pv_lines.last().expect("a pv line");
    assert!(last.contains("score mate") || score_cp(last).is_some_and(|cp| cp > 19_000), "{last}");
}

#[test]
fn without_tables_the_same_search_shows_zero_tbhits() {
    let mut engine = Engine::start();
    let (lines, best) = search(&mut engine, KQK_LATE, "go depth 6");
    assert!(!best.is_empty());
    let pv_lines: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(pv_lines.iter().all(|l| tbhits(l) == Some(0)), "{pv_lines:?}");
}

#[test]
fn multipv_and_searchmoves_stay_within_the_winning_moves() {
    let mut engine = Engine::start();
    set_path(&mut engine, &tables_dir());
    // KRvK: b1b2 hangs the rook to the king on c3; b1b8 wins.
    let fen = "8/8/8/8/8/2k5/8/1R5K w - - 0 1";
    let (_, best) = search(&mut engine, fen, "go depth 6 searchmoves b1b2 b1b8");
    assert_eq!(best, "b1b8");
    engine.send("setoption name MultiPV value 3");
    let (lines, _) = search(&mut engine, fen, "go depth 6");
    let last_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 6 ")).collect();
    assert_eq!(last_depth.len(), 3, "{lines:?}");
    for line in last_depth {
        assert!(!line.contains(" pv b1b2"), "a losing move among the lines: {line}");
        assert!(line.contains("score mate") || score_cp(line).is_some_and(|cp| cp > 19_000), "{line}");
    }
}

#[test]
fn a_wrong_or_empty_path_is_reported_and_play_goes_on() {
    let mut engine = Engine::start();
    let missing = scratch_dir("missing").join("no-such-directory");
    let said = set_path(&mut engine, &missing.display().to_string());
    assert!(said.iter().any(|l| l.contains("cannot read directory")), "{said:?}");
    assert!(said.iter().any(|l| l.contains("playing without tablebases")), "{said:?}");
    let empty = scratch_dir("empty");
    let said = set_path(&mut engine, &empty.display().to_string());
    assert!(said.iter().any(|l| l.contains("no WDL tables")), "{said:?}");
    let said = set_path(&mut engine, "<empty>");
    assert!(said.iter().any(|l| l.contains("off")), "{said:?}");
    let (lines, best) = search(&mut engine, KQK_LATE, "go depth 5");
    assert!(!best.is_empty() && best != "(none)");
    assert!(lines.iter().filter(|l| l.contains(" pv ")).all(|l| tbhits(l) == Some(0)));
}

#[test]
fn a_truncated_table_is_refused_and_a_good_path_loads_after_it() {
    let mut engine = Engine::start();
    let dir = scratch_dir("truncated");
    let good = std::fs::read(format!("{}/KRvK.rtbz", tables_dir())).expect("test table");
    std::fs::write(dir.join("KRvK.rtbz"), &good[..good.len() / 2]).expect("write truncated copy");
    std::fs::copy(format!("{}/KRvK.rtbw", tables_dir()), dir.join("KRvK.rtbw")).expect("copy table");
    let said = set_path(&mut engine, &dir.display().to_string());
    assert!(said.iter().any(|l| l.contains("bad table file") && l.contains("KRvK.rtbz")), "{said:?}");
    assert!(said.iter().any(|l| l.contains("playing without tablebases")), "{said:?}");
    let (_, best) = search(&mut engine, "8/8/8/8/8/2k5/8/1R5K w - - 0 1", "go depth 6");
    assert!(!best.is_empty() && best != "(none)");
    // A table with a foreign header is refused the same way.
    std::fs::write(dir.join("KRvK.rtbz"), vec![0u8; good.len()]).expect("write zeroed copy");
    let said = set_path(&mut engine, &format!("{}{SEPARATOR}{}", dir.display(), tables_dir()));
    assert!(said.iter().any(|l| l.contains("wrong magic number")), "{said:?}");
    // The good tables load after the refusals, and again after a search used them.
    let said = set_path(&mut engine, &tables_dir());
    assert!(said.iter().any(|l| l.contains("largest 4 pieces")), "{said:?}");
    search(&mut engine, KQK_LATE, "go depth 4");
    let said = set_path(&mut engine, &format!("{}{SEPARATOR}{}", tables_dir(), tables_dir()));
    assert!(said.iter().any(|l| l.contains("largest 4 pieces")), "{said:?}");
    let (_, best) = search(&mut engine, KQK_LATE, "go depth 4");
    assert_eq!(best, "d8g5");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn several_threads_probe_the_same_tables() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 4");
    set_path(&mut engine, &tables_dir());
    // KRvKB and KQvKQ middlegames of captures: every thread probes at once.
    for fen in ["8/8/3kb3/8/8/2R5/4K3/8 w - - 0 1", "8/3q4/3k4/8/8/2Q5/4K3/8 w - - 0 1"] {
        let (lines, best) = search(&mut engine, fen, "go depth 14");
        assert!(!best.is_empty() && best != "(none)");
        let last = lines.iter().rev().find(|l| l.contains(" pv ")).expect("a pv line");
        assert!(tbhits(last).is_some_and(|hits| hits > 1), "{last}");
    }
}
