//! `UCI_ShowWDL` over a real UCI session: with the option on, every `info`
//! line with a score carries `wdl W D L` right after the score; off (the
//! default), none does.

mod common;

use std::time::Duration;

use common::uci::Engine;

const LONG: Duration = Duration::from_secs(30);

/// White mates at once (Qb8#); in the second, Black to move is mated next move (Kg8 Qb8#).
const MATE_IN_1: &str = "6k1/8/6K1/8/8/8/8/1Q6 w - - 0 1";
const MATED_IN_1: &str = "7k/8/6K1/8/8/8/8/1Q6 b - - 0 1";

/// The `info` lines with a score of one `go`, up to `bestmove`.
fn scored_lines(engine: &mut Engine, position: &str, go: &str) -> Vec<String> {
    engine.send(position);
    let lines = engine.bestmove_after(go, LONG);
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove")), "no bestmove: {lines:?}");
    let scored: Vec<String> = lines.into_iter().filter(|l| l.starts_with("info") && l.contains(" score ")).collect();
    assert!(!scored.is_empty(), "no scored info line after {go}");
    scored
}

/// The score (`cp N` or `mate N`) and the `wdl` triple that must follow it.
fn score_and_wdl(line: &str) -> ((String, i32), [u32; 3]) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score").expect("a score");
    let kind = words[at + 1].to_string();
    let value: i32 = words[at + 2].parse().expect("a score value");
    assert_eq!(words.get(at + 3), Some(&"wdl"), "wdl must follow the score: {line}");
    let numbers: Vec<u32> = words[at + 4..at + 7].iter().map(|w| w.parse().expect("wdl integers")).collect();
    assert_eq!(numbers.iter().sum::<u32>(), 1000, "wdl must sum to 1000: {line}");
    ((kind, value), [numbers[0], numbers[1], numbers[2]])
}

#[test]
fn the_default_shows_no_wdl() {
    let mut engine = Engine::start();
    let options = engine.uci();
    assert!(options.iter().any(|l| l == "option name UCI_ShowWDL type check default false"), "{options:?}");
    for line in scored_lines(&mut engine, "position startpos moves e2e4", "go depth 6") {
        assert!(!line.contains(" wdl "), "wdl without the option: {line}");
    }
}

#[test]
fn every_scored_line_carries_wdl_when_asked() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowWDL value true");
    engine.send("setoption name MultiPV value 3");
    engine.isready();
    let mut lines = scored_lines(&mut engine, "position startpos", "go depth 7");
    lines.extend(scored_lines(&mut engine, "position fen 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "go depth 6"));
    for line in &lines {
        let ((kind, value), [win, _, loss]) = score_and_wdl(line);
        if kind == "cp" && value > 300 {
            assert!(win > loss, "{line}");
        } else if kind == "cp" && value < -300 {
            assert!(loss > win, "{line}");
        }
    }
    // Off again: the lines go back to what they were.
    engine.send("setoption name UCI_ShowWDL value false");
    for line in scored_lines(&mut engine, "position startpos", "go depth 4") {
        assert!(!line.contains(" wdl "), "wdl after switching it off: {line}");
    }
}

#[test]
fn mates_are_certain_wins_and_losses() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowWDL value true");
    engine.isready();
    let winning = scored_lines(&mut engine, &format!("position fen {MATE_IN_1}"), "go depth 6");
    let ((kind, value), wdl) = score_and_wdl(winning.last().expect("a line"));
    assert_eq!((kind.as_str(), value), ("mate", 1));
    assert_eq!(wdl, [1000, 0, 0]);

    let losing = scored_lines(&mut engine, &format!("position fen {MATED_IN_1}"), "go depth 6");
    let ((kind, value), wdl) = score_and_wdl(losing.last().expect("a line"));
    assert_eq!((kind.as_str(), value), ("mate", -1));
    assert_eq!(wdl, [0, 0, 1000]);
}

#[test]
fn a_finished_game_shows_its_result() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowWDL value true");
    engine.isready();
    let checkmated = scored_lines(&mut engine, "position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "go depth 3");
    assert_eq!(score_and_wdl(&checkmated[0]), (("mate".to_string(), 0), [0, 0, 1000]));
    let stalemated = scored_lines(&mut engine, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3");
    assert_eq!(score_and_wdl(&stalemated[0]), (("cp".to_string(), 0), [0, 1000, 0]));
}
