//! `scripts/static_eval_fit.py`: every engine given evaluates the same
//! positions (an engine given twice prints the same errors), positions whose
//! score reaches `--max-score` are left out, and bad arguments or label lines
//! end with a message, not a traceback.
//!
//! The script talks to the engine through `engine_check.py`'s pipe, which needs
//! python-chess: `.ci/run` installs it; elsewhere a machine without it skips.

mod common;

use common::python::has_python_chess;
use common::scratch::temp_file;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Tuning lines of held-out self-play games (`data/teacher/sf8_s3302_step3`),
/// the last one's score clipped as `relabel.py` clips won games.
const LABELS: &str = "\
r1bqkb1r/p1p1pppp/1pn4n/3p2N1/P7/N1P5/1P1PPPPP/R1BQKB1R b KQkq - 0 5 | -32 | 1.0
r2q1rk1/p1p1bnpp/1pn1bp2/3pp3/P3P3/N1PP1N2/1P1BBPPP/R2Q1RK1 b - - 6 11 | -93 | 1.0
3r1rk1/2p1bnpp/ppn1qp2/3bp3/PPN5/2PP1N2/2QBBPPP/R3R1K1 w - - 2 17 | 0 | 1.0
5rk1/2p2ppp/1p2bn2/r3p3/1NP5/3BP3/PR1N1PPP/4K2R b K - 0 20 | 185 | 0.5
4r3/2p2pk1/1p2bnpp/r3p3/1NP5/3BP3/PR1N1PPP/3R2K1 w - - 6 25 | 203 | 0.5
r1bq1rk1/pp1nppbp/2p2np1/3p4/P2P4/4PN2/1PPNBPPP/R1BQ1RK1 w - - 1 5 | 0 | 0.5
r1bq2k1/pp3pbp/2p2np1/P2pr3/8/1P2P2P/2PNBPP1/R1BQ1RK1 b - - 0 9 | -170 | 0.0
6k1/5ppp/8/8/8/8/5PPP/3QQ1K1 w - - 0 40 | 2000 | 1.0
";

fn run(args: &[&str]) -> Output {
    Command::new("python3").arg(format!("{ROOT}/scripts/static_eval_fit.py")).args(args).output().expect("python3 runs")
}

/// A scratch file (`common::scratch`) named after `tag` holding `contents`, as a path string.
fn temporary_labels(tag: &str, contents: &str) -> String {
    let file = temp_file(&format!("static-eval-fit-{tag}.txt"), contents);
    file.to_str().expect("a UTF-8 temporary path").to_owned()
}

/// The value after `key` in one of the script's output lines.
fn field(line: &str, key: &str) -> f64 {
    let mut words = line.split_whitespace();
    words.find(|word| *word == key).unwrap_or_else(|| panic!("no {key} in {line}"));
    words.next().and_then(|value| value.parse().ok()).unwrap_or_else(|| panic!("no value after {key} in {line}"))
}

#[test]
fn every_engine_is_measured_on_the_same_positions() {
    if !has_python_chess() {
        return;
    }
    let engine = env!("CARGO_BIN_EXE_ferrochamp");
    let labels = &temporary_labels("good", LABELS);
    let output = run(&[labels, engine, engine]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "one line per engine: {stdout}");
    assert!(lines[0].starts_with(engine), "{}", lines[0]);
    assert_eq!(lines[0], lines[1], "the same engine on the same positions gives the same errors");
    assert_eq!(field(lines[0], "positions"), 7.0, "the clipped score is left out: {}", lines[0]);
    for key in ["mse_score", "mse_result"] {
        let error = field(lines[0], key);
        assert!(error > 0.0 && error < 0.25, "{key} {error}: no better than a coin would be impossible here");
    }
    // With the bound raised past the clip, the decided position counts too.
    let output = run(&[labels, "--max-score", "2001", engine]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(field(&stdout, "positions"), 8.0, "{stdout}");
    std::fs::remove_file(labels).ok();
}

#[test]
fn bad_arguments_and_lines_end_with_a_message() {
    if !has_python_chess() {
        return;
    }
    let engine = env!("CARGO_BIN_EXE_ferrochamp");
    let not_labels =
        &temporary_labels("not-labels", "r1bqkb1r/p1p1pppp/1pn4n/3p2N1/P7/N1P5/1P1PPPPP/R1BQKB1R b KQkq -\n");
    let bad_fen = &temporary_labels("bad-fen", "8/8/8/8/8/8/8/9 w - - 0 1 | 0 | 0.5\n");
    for (args, expected) in [
        (vec!["/nonexistent/labels.txt", engine], "cannot read"),
        (vec![not_labels.as_str(), "/nonexistent/engine"], "engine not found"),
        (vec![not_labels.as_str(), "--option", "Hash", engine], "NAME=VALUE"),
        (vec![not_labels.as_str(), engine], "FEN | score | result"),
        (vec![bad_fen.as_str(), engine], "invalid"),
    ] {
        let output = run(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(expected), "{args:?}: expected {expected:?} in {stderr}");
        assert!(!stderr.contains("Traceback"), "{args:?}: {stderr}");
    }
    std::fs::remove_file(not_labels).ok();
    std::fs::remove_file(bad_fen).ok();
}
