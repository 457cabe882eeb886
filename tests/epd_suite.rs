//! `ferrochamp epd` through the binary: a small suite in each output format,
//! parsed back and checked, bad lines skipped with their line numbers, and an
//! STS-style file whose points are known in advance.
//!
//! Searches are limited by nodes or depth on one thread, so the results do
//! not depend on the machine's speed or load.

use std::process::{Command, Output};

use serde_json::Value;

const SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/epd_small.epd");
const STS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sts_small.epd");

fn epd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferrochamp")).arg("epd").args(args).output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn json(args: &[&str]) -> Value {
    let output = epd(args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_str(&stdout(&output)).expect("stdout is one JSON document")
}

/// Splits one CSV record, honouring quoted fields (RFC 4180).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().expect("a field").push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().expect("a field").push(c),
        }
    }
    fields
}

/// Enough for every position of the suite: `mate2`'s first move is quiet, and the search
/// proves the mate only at depth 20, after about 2.48M nodes (bench 4725597).
const SUITE_NODES: &str = "4000000";

#[test]
fn json_reports_every_position_and_skips_bad_lines() {
    let document = json(&[SUITE, "--nodes", SUITE_NODES, "--format", "json"]);
    let file = &document["files"][0];
    let positions = file["positions"].as_array().expect("positions");
    let by_id = |id: &str| positions.iter().find(|p| p["id"] == id).unwrap_or_else(|| panic!("{id} missing"));
    assert_eq!(positions.len(), 5);
    let mate1 = by_id("mate1-long-algebraic");
    assert_eq!(mate1["result"], "solved");
    assert_eq!(mate1["found"], "Ra8#");
    assert_eq!(mate1["expected"][0], "Ra8#");
    assert_eq!(mate1["mate"], 1);
    assert_eq!(mate1["score"], "mate 1");
    assert_eq!(mate1["line"], 2);
    assert!(mate1["solution_depth"].as_i64().is_some_and(|d| d >= 1));
    assert!(mate1["solution_ms"].as_u64().is_some_and(|ms| ms <= mate1["time_ms"].as_u64().expect("time")));
    assert_eq!(by_id("free-queen")["result"], "solved");
    let avoid = by_id("avoid-the-capture");
    assert_eq!((avoid["result"].as_str(), avoid["found"].as_str()), (Some("wrong"), Some("Rxd8#")));
    assert_eq!(avoid["avoid"][0], "Rxd8#");
    let mate2 = by_id("mate2");
    assert_eq!((mate2["result"].as_str(), mate2["score"].as_str()), (Some("solved"), Some("mate 2")));
    // No bm: the move is checked by its own mate.
    let dm1 = by_id("dm1-no-bm");
    assert_eq!((dm1["result"].as_str(), dm1["found"].as_str()), (Some("solved"), Some("Rb8#")));

    let skipped: Vec<(u64, String)> = file["skipped"]
        .as_array()
        .expect("skipped")
        .iter()
        .map(|s| (s["line"].as_u64().expect("line"), s["error"].as_str().expect("error").to_string()))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert_eq!(skipped[0].0, 6);
    assert!(skipped[0].1.contains("bad position"), "{}", skipped[0].1);
    assert_eq!(skipped[1].0, 7);
    assert!(skipped[1].1.contains("illegal move 'Ke2'"), "{}", skipped[1].1);

    let summary = &document["summary"];
    assert_eq!(summary["positions"], 5);
    assert_eq!(summary["solved"], 4);
    assert_eq!(summary["wrong"], 1);
    assert_eq!(summary["not_solved"], 0);
    assert_eq!(summary["skipped"], 2);
    assert!(summary["average_solution_ms"].as_f64().is_some());
}

#[test]
fn text_and_csv_carry_the_same_results() {
    let text = epd(&[SUITE, "--nodes", SUITE_NODES]);
    assert!(text.status.success());
    let text_out = stdout(&text);
    let last = text_out.lines().last().expect("a summary");
    assert!(last.starts_with("overall: solved 4/5 (80.0%), wrong 1, not solved 0"), "{last}");
    assert!(text_out.lines().any(|l| l.starts_with("mate2") && l.contains("solved") && l.contains("kept from")));
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(stderr.contains("epd_small.epd:6: skipped"), "{stderr}");
    assert!(stderr.contains("epd_small.epd:7: skipped"), "{stderr}");
    assert!(!stderr.contains("ETA"), "no progress bar when stderr is not a terminal");

    let csv = epd(&[SUITE, "--nodes", SUITE_NODES, "--format", "csv"]);
    assert!(csv.status.success());
    let csv_out = stdout(&csv);
    let mut lines = csv_out.lines();
    let header = csv_fields(lines.next().expect("a header"));
    let column = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
    let rows: Vec<Vec<String>> = lines.map(csv_fields).collect();
    assert_eq!(rows.len(), 5);
    assert!(rows.iter().all(|row| row.len() == header.len()));
    let results: Vec<&str> = rows.iter().map(|row| row[column("result")].as_str()).collect();
    assert_eq!(results, ["solved", "solved", "wrong", "solved", "solved"]);
    let ids: Vec<&str> = rows.iter().map(|row| row[column("id")].as_str()).collect();
    assert_eq!(ids, ["mate1-long-algebraic", "free-queen", "avoid-the-capture", "mate2", "dm1-no-bm"]);
    assert_eq!(rows[3][column("mate")], "2");
    assert_eq!(rows[0][column("line")], "2");
}

#[test]
fn sts_points_are_summed_per_file() {
    let document = json(&[STS, "--depth", "5", "--format", "json"]);
    let file = &document["files"][0];
    let points: Vec<(u64, u64)> = file["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| (p["points"].as_u64().expect("points"), p["max_points"].as_u64().expect("max")))
        .collect();
    // The engine takes the queen with mate, mates on a8, and mates with Rxd1
    // where the file prefers h6: 10 + 10 + 5 of 30.
    assert_eq!(points, [(10, 10), (10, 10), (5, 10)]);
    assert_eq!(file["summary"]["points"], 25);
    assert_eq!(file["summary"]["max_points"], 30);
    assert_eq!(file["positions"][2]["result"], "wrong");
    let text = stdout(&epd(&[STS, "--depth", "5"]));
    assert!(text.contains("points 25/30 (83.3%)"), "{text}");
}

#[test]
fn every_and_first_select_positions() {
    let every = json(&[SUITE, "--depth", "3", "--format", "json", "--every", "2"]);
    // Non-blank, non-comment lines 2, 5, 7, 9 are kept; 7 is the illegal bm.
    let lines: Vec<u64> = every["files"][0]["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| p["line"].as_u64().expect("line"))
        .collect();
    assert_eq!(lines, [2, 5, 9]);
    // The first four positions: the two bad lines before the fourth do not count.
    let first = json(&[SUITE, "--depth", "3", "--format", "json", "--first", "4"]);
    assert_eq!(first["summary"]["positions"], 4);
    assert_eq!(first["summary"]["skipped"], 2);
    assert_eq!(first["files"][0]["positions"][3]["id"], "mate2");
}

#[test]
fn bad_arguments_and_missing_files_fail_cleanly() {
    let missing = epd(&["/no/such/file.epd", "--depth", "2"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /no/such/file.epd"));
    let both = epd(&[SUITE, "--depth", "2", "--nodes", "100"]);
    assert!(!both.status.success(), "--depth and --nodes conflict");
    let format = epd(&[SUITE, "--format", "xml"]);
    assert!(!format.status.success());
}

#[test]
fn a_forced_progress_bar_goes_to_stderr_only() {
    let output = epd(&[SUITE, "--depth", "2", "--format", "csv", "--progress"]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/5 positions"), "a status line with the count: {stderr}");
    assert!(stdout(&output).lines().all(|line| !line.contains("ETA")));
}
