//! `scripts/spsa.py` against a stand-in for fastchess
//! (`tests/client/fake_fastchess.py`) that lets the engine whose `RfpMargin`
//! is closer to 100 win: SPSA must walk the parameter from its default (75)
//! to there, and read the real binary's `ferrochamp params` on the way; and
//! count the games the stand-in reports lost on time; and hand fastchess a
//! node limit instead of a clock when asked to, and resume a run only at the
//! limit it began with.
//!
//! `.ci/run` installs Python. Outside CI, a machine without python3 skips this
//! test with a message; under CI (`CI` set) a missing python3 fails it.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::python::has_python3;

/// `python3 scripts/spsa.py --engine <this build>`: every run of the driver starts so.
fn spsa_py() -> Command {
    let mut command = Command::new("python3");
    command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/spsa.py"));
    command.args(["--engine", env!("CARGO_BIN_EXE_ferrochamp")]);
    command
}

/// The driver playing its games against the stand-in for fastchess, tuning
/// `RfpMargin` alone for `iterations` iterations of one pair.
fn spsa_against_stand_in(iterations: &str) -> Command {
    let mut command = spsa_py();
    command.args(["--fastchess", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/client/fake_fastchess.py")]);
    command.args(["--openings", "unused.epd", "--params", "RfpMargin", "--iterations", iterations, "--pairs", "1"]);
    command
}

/// A fresh temporary directory for one test.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferrochamp-spsa-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

#[test]
fn spsa_moves_a_parameter_towards_what_wins() {
    if !has_python3() {
        return;
    }
    let dir = scratch_dir("walk");
    let (state, log) = (dir.join("state.json"), dir.join("log.csv"));
    let output = spsa_against_stand_in("40")
        .args(["--r-end", "0.05", "--seed", "7"])
        .arg("--state")
        .arg(&state)
        .arg("--log")
        .arg(&log)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "spsa.py failed: {}", String::from_utf8_lossy(&output.stderr));
    let tuned: i32 = stdout
        .trim()
        .strip_prefix("--param RfpMargin=")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {stdout}"));
    assert!((90..=110).contains(&tuned), "RfpMargin ended at {tuned}, not near 100");
    let rows = std::fs::read_to_string(&log).expect("the log").lines().count();
    assert_eq!(rows, 41, "a header and one row per iteration");
    // The stand-in reports one loss on time a call: the state counts them.
    let state_text = std::fs::read_to_string(&state).expect("the state");
    assert!(state_text.contains("\"time_losses\": 40"), "time losses not counted: {state_text}");
    // The report reads the state without playing: the same rounded theta, and the distance moved.
    let report = spsa_py().args(["--report", "--state"]).arg(&state).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&report.stdout).to_string();
    assert!(report.starts_with("iteration 40 of 40: 80 games, 40 lost on time"), "report: {report}");
    assert_eq!(report.lines().last(), Some(stdout.trim()), "report: {report}");
    // RfpMargin's default is 74 and its step 8; theta is within half a unit of the rounded value.
    let row = report.lines().find(|line| line.starts_with("RfpMargin")).unwrap_or_default();
    let steps: f64 = row.split_whitespace().last().and_then(|v| v.parse().ok()).unwrap_or(f64::NAN);
    let expected = (f64::from(tuned) - 74.0) / 8.0;
    assert!((steps - expected).abs() <= 0.07, "row {row:?}: {steps} steps, expected about {expected}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fastchess command line of one SPSA iteration, with `limit` (extra
/// spsa.py arguments) given, as the stand-in recorded it.
fn recorded_command(dir: &Path, limit: &[&str]) -> Vec<String> {
    let recorded = dir.join("argv.txt");
    let output = spsa_against_stand_in("1")
        .args(limit)
        .arg("--state")
        .arg(dir.join("state.json"))
        .arg("--log")
        .arg(dir.join("log.csv"))
        .env("FAKE_FASTCHESS_ARGS", &recorded)
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "spsa.py failed: {}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&recorded).expect("the stand-in recorded its arguments");
    text.lines().map(str::to_owned).collect()
}

#[test]
fn spsa_plays_by_nodes_when_asked() {
    if !has_python3() {
        return;
    }
    let dir = scratch_dir("nodes");
    let by_nodes = recorded_command(&dir, &["--nodes", "25000"]);
    assert!(by_nodes.iter().any(|arg| arg == "nodes=25000"), "{by_nodes:?}");
    assert!(!by_nodes.iter().any(|arg| arg == "tc=4+0.04"), "the clock is only a guard: {by_nodes:?}");
    std::fs::remove_file(dir.join("state.json")).expect("the first run's state");
    let by_clock = recorded_command(&dir, &["--tc", "4+0.04"]);
    assert!(by_clock.iter().any(|arg| arg == "tc=4+0.04"), "{by_clock:?}");
    assert!(!by_clock.iter().any(|arg| arg.starts_with("nodes=")), "{by_clock:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_resumes_only_at_the_limit_it_began_with() {
    if !has_python3() {
        return;
    }
    let dir = scratch_dir("resume");
    let state = dir.join("state.json");
    recorded_command(&dir, &["--nodes", "25000"]);
    let before = std::fs::read_to_string(&state).expect("the first run's state");
    assert!(before.contains("\"limit\": \"nodes=25000\""), "the state keeps the limit: {before}");

    let resume = |limit: &[&str]| {
        spsa_against_stand_in("1").args(limit).arg("--state").arg(&state).arg("--log").arg(dir.join("log.csv")).output()
    };
    let by_clock = resume(&["--tc", "4+0.04"]).expect("python3 runs");
    let error = String::from_utf8_lossy(&by_clock.stderr).to_string();
    assert!(!by_clock.status.success(), "a resume at another limit must fail");
    assert!(error.contains("plays at nodes=25000") && error.contains("not tc=4+0.04"), "stderr: {error}");
    let after = std::fs::read_to_string(&state).expect("the state");
    assert_eq!(after, before, "a refused resume leaves the state as it was");

    let same = resume(&["--nodes", "25000"]).expect("python3 runs");
    assert!(same.status.success(), "the same limit resumes: {}", String::from_utf8_lossy(&same.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
