//! `scripts/gauntlet_diff.py`: two builds' games against one opponent, paired
//! by opening. Checked on hand-made PGNs whose figures are worked out below:
//! incomplete pairs and pairs only one build played are left out of the
//! difference, and bad arguments end with a message, not a traceback.

mod common;

use common::scratch::temp_file;
use std::path::Path;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const OPENINGS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
    "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR b KQkq - 0 1",
];

/// One game of a pair in fastchess's layout; `points` are the build's own.
fn game(build: &str, round: usize, build_is_white: bool, points: f64) -> String {
    let (white, black) = if build_is_white { (build, "opp") } else { ("opp", build) };
    let white_points = if build_is_white { points } else { 1.0 - points };
    let result = match white_points {
        p if p > 0.75 => "1-0",
        p if p < 0.25 => "0-1",
        _ => "1/2-1/2",
    };
    let fen = OPENINGS[round - 1];
    format!(
        "[Event \"?\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
         [Result \"{result}\"]\n[FEN \"{fen}\"]\n\n1... e5 {{+0.10/9 0.010s}} {result}\n\n"
    )
}

/// A gauntlet's PGN from each round's two results for the build.
fn gauntlet(build: &str, rounds: &[(usize, &[f64])]) -> String {
    let mut pgn = String::new();
    for (round, results) in rounds {
        for (index, points) in results.iter().enumerate() {
            pgn.push_str(&game(build, *round, index == 0, *points));
        }
    }
    pgn
}

fn run(args: &[&str]) -> Output {
    Command::new("python3").arg(format!("{ROOT}/scripts/gauntlet_diff.py")).args(args).output().expect("python3 runs")
}

/// The report for build A's PGNs against build B's; the script must succeed.
fn compare(a: &[&Path], b: &[&Path]) -> String {
    let text = |path: &&Path| path.to_str().expect("a UTF-8 path").to_owned();
    let mut args = vec!["opp".to_owned(), "--a".to_owned()];
    args.extend(a.iter().map(text));
    args.push("--b".to_owned());
    args.extend(b.iter().map(text));
    let output = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// Every one of `expected` is in the report.
fn assert_reports(text: &str, expected: &[&str]) {
    for line in expected {
        assert!(text.contains(line), "{line:?} missing from:\n{text}");
    }
}

#[test]
fn the_difference_is_taken_over_the_openings_both_builds_played() {
    // A's pairs score 1, 1/2, 3/4, 1/2 (round 5 has one game only: left out);
    // B's 3/4, 1/2, 1/2, 1/4 and 1/2 in round 5, which A never completed.
    let a = gauntlet("new", &[(1, &[1.0, 1.0]), (2, &[1.0, 0.0]), (3, &[1.0, 0.5]), (4, &[0.5, 0.5]), (5, &[1.0])]);
    let b =
        gauntlet("old", &[(1, &[1.0, 0.5]), (2, &[0.5, 0.5]), (3, &[0.0, 1.0]), (4, &[0.5, 0.0]), (5, &[0.5, 0.5])]);
    let text = compare(&[&temp_file("gauntlet-a.pgn", a)], &[&temp_file("gauntlet-b.pgn", b)]);
    // Over rounds 1-4: 0.6875 against 0.5000 is +137.0 Elo; the differences
    // 1/4, 0, 1/4, 1/4 have a standard error of 1/16, times the logistic
    // slope at 0.59375 (720.2 Elo per unit of score) and 1.96: +/- 88.2,
    // from +48.7 to +225.2.
    assert_reports(
        &text,
        &[
            "A: 8 games in pairs, pentanomial 0-0-2-1-1, score 0.6875",
            "B: 10 games in pairs, pentanomial 0-1-3-1-0, score 0.5000, Elo +0.0",
            "W-L-D 5-1-3 over all 9 games",
            "W-L-D 2-2-6 over all 10 games",
            "A - B over 4 common openings: +137.0 Elo (95%: +48.7 to +225.2 paired",
        ],
    );
}

#[test]
fn runs_are_paired_in_the_order_given_though_their_rounds_repeat() {
    // Two runs a side, each numbering its rounds from 1: run 2's round 1 must
    // neither merge with run 1's (four games, no pair) nor meet the other
    // build's run 1.
    let a1 = temp_file("gauntlet-a1.pgn", gauntlet("new", &[(1, &[1.0, 1.0]), (2, &[1.0, 0.0])]));
    let a2 = temp_file("gauntlet-a2.pgn", gauntlet("new", &[(1, &[1.0, 1.0])]));
    let b1 = temp_file("gauntlet-b1.pgn", gauntlet("old", &[(1, &[1.0, 1.0]), (2, &[1.0, 0.0])]));
    let b2 = temp_file("gauntlet-b2.pgn", gauntlet("old", &[(1, &[0.0, 0.5])]));
    let text = compare(&[&a1, &a2], &[&b1, &b2]);
    // Only run 2 differs: pair scores 1 and 1/4 over three common openings.
    assert_reports(
        &text,
        &[
            "A: 6 games in pairs, pentanomial 0-0-1-0-2",
            "B: 6 games in pairs, pentanomial 0-1-1-0-1",
            "A - B over 3 common openings: +",
        ],
    );
}

#[test]
fn a_missing_file_or_an_absent_opponent_is_reported_without_a_traceback() {
    let a_path = temp_file("gauntlet-only.pgn", gauntlet("new", &[(1, &[1.0, 0.5]), (2, &[0.5, 0.5])]));
    let a = a_path.to_str().expect("utf-8");
    for (args, message) in [
        (vec!["opp", "--a", a, "--b", "/nonexistent/b.pgn"], "no such file: /nonexistent/b.pgn"),
        (vec!["nobody", "--a", a, "--b", a], "no complete pair against nobody"),
    ] {
        let output = run(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} must fail");
        assert!(stderr.contains(message) && !stderr.contains("Traceback"), "{args:?}: {stderr}");
    }
}
