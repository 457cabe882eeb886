//! The calibration scripts (`scripts/limit_calibration.py`, `setting_match.py`,
//! `scale_crosscheck.py`): nonsense arguments, missing tools and unknown engines
//! end with a message naming the problem and a nonzero exit, before any game;
//! malformed `--option NAME=VALUE` arguments are refused the same way (`cli_args.py`);
//! and the reports are computed from the games: a four-game sample of the
//! Fairy-Max cross-check (`tests/data/crosscheck/sample.pgn`) and four games of
//! a calibration point at 60+0.6 (`tests/data/calibration/`).
//!
//! `.ci/run` installs python-chess. Outside CI a machine without it skips these
//! tests with a message; under CI (`CI` set) a missing library fails them.

mod common;

use common::python::has_python_chess;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn run_script(script: &str, args: &[&str]) -> Output {
    Command::new("python3").arg(format!("{ROOT}/scripts/{script}")).args(args).output().expect("python3 runs")
}

/// The run must fail with a one- or two-line message containing `expected`.
fn assert_refused(script: &str, args: &[&str], expected: &str) {
    let output = run_script(script, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{script} {args:?} succeeded");
    assert!(stderr.contains(expected), "{script} {args:?}: expected {expected:?} in {stderr:?}");
    assert!(stderr.lines().count() <= 2, "{script} {args:?}: a message, not a traceback: {stderr}");
}

#[test]
fn scripts_refuse_bad_arguments_and_missing_tools() {
    if !has_python_chess() {
        return;
    }
    let out = std::env::temp_dir().join(format!("ferrochamp-match-scripts-{}", std::process::id()));
    let out = out.to_str().expect("a UTF-8 temporary path");
    let engine = env!("CARGO_BIN_EXE_ferrochamp");
    let cases: [(&str, Vec<&str>, &str); 12] = [
        ("limit_calibration.py", vec!["--out", out, "--points", "abc"], "--points"),
        ("limit_calibration.py", vec!["--out", out, "--tc", "10x"], "--tc"),
        ("limit_calibration.py", vec!["--out", out, "--games", "7"], "--games"),
        ("limit_calibration.py", vec!["--out", out, "--binary", "/nonexistent/ferrochamp"], "not found"),
        ("setting_match.py", vec!["--out", out, "--name", "x", "--tc", "10x"], "--tc"),
        ("setting_match.py", vec!["--out", out, "--name", "x", "--option", "=5"], "NAME=VALUE"),
        (
            "scale_crosscheck.py",
            vec!["--out", out, "--name", "x", "--opponent", "fairymax", "--option", "Hash"],
            "NAME=VALUE",
        ),
        ("setting_match.py", vec!["--out", out, "--name", "x", "--opponent", "/nonexistent/engine"], "not found"),
        ("scale_crosscheck.py", vec!["--out", out, "--name", "../x", "--opponent", "fairymax"], "--name"),
        ("scale_crosscheck.py", vec!["--out", out, "--name", "x", "--opponent", "fairymax", "--tc", "10"], "--tc"),
        (
            "scale_crosscheck.py",
            vec!["--out", out, "--name", "x", "--opponent", "/nonexistent/engine", "--binary", engine],
            "not found",
        ),
        (
            "scale_crosscheck.py",
            vec!["--out", out, "--name", "x", "--opponent", "python3", "--binary", engine, "--book", "/nonexistent"],
            "book not found",
        ),
    ];
    for (script, args, expected) in &cases {
        assert_refused(script, args, expected);
    }
    assert!(!std::path::Path::new(out).join("x.pgn").exists(), "a refused run wrote games");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn crosscheck_report_counts_the_games_by_pairs() {
    if !has_python_chess() {
        return;
    }
    let games = format!("{ROOT}/tests/data/crosscheck");
    let output = run_script(
        "scale_crosscheck.py",
        &[
            "--out",
            &games,
            "--name",
            "sample",
            "--opponent",
            "fairymax",
            "--opponent-rating",
            "1891",
            "--binary",
            env!("CARGO_BIN_EXE_ferrochamp"),
            "--report-only",
        ],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "report failed: {}", String::from_utf8_lossy(&output.stderr));
    // Rounds 1-2: a draw and a win (one pair worth 3 of 4); rounds 3-4: a loss and a win (2 of 4).
    assert!(stdout.contains("W-L-D 2-1-1, pentanomial 0-0-1-1-0"), "{stdout}");
    let on_list = stdout.lines().find(|line| line.starts_with("on the opponent's list: ")).expect("the list line");
    let rating: i32 = on_list["on the opponent's list: ".len()..]
        .split_whitespace()
        .next()
        .and_then(|value| value.parse().ok())
        .expect("a rating");
    // 2.5 of 4 points is +88.7 Elo by the logistic formula: the list rating moves by that.
    assert!((1975..=1985).contains(&rating), "1891 + about 89, got {rating}: {stdout}");
}

#[test]
fn a_long_control_calibration_reports_the_time_term_not_a_node_table() {
    if !has_python_chess() {
        return;
    }
    let games = format!("{ROOT}/tests/data/calibration");
    let report = |tc: &str| {
        let args = ["--out", &games, "--points", "1850", "--tc", tc, "--report-only", "--binary"];
        let output = run_script("limit_calibration.py", &[&args[..], &[env!("CARGO_BIN_EXE_ferrochamp")]].concat());
        assert!(output.status.success(), "{tc}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    // A win, a loss, then a loss and a draw: pairs worth 2 and 1 of 4, -88.7 Elo.
    let long = report("60+0.6");
    assert!(long.contains("| 4 | 1-2-1 | 0-1-1-0-0 | -88.7"), "{long}");
    let factor: f64 = long
        .split("multiply ELO_PER_TIME_DOUBLING by ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .expect("a factor for the time term");
    assert!(factor > 1.0, "a setting that lost needs more from the time: {long}");
    assert!(!long.contains("CALIBRATED_NODES"), "{long}");
    // At the table's own control the control adds nothing: the games refit the table.
    assert!(report("10+0.1").contains("const CALIBRATED_NODES"));
}
