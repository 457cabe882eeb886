//! `scripts/nodes_to_depth.py`: the summed node counts come from real searches
//! (a deeper search of the same positions costs more, the same depth costs
//! the same on a repeat; the EPD line is read as its position, not refused; an
//! `--option` reaches the engine), `--geometric-mean` summarizes the same counts, and
//! bad arguments or positions end with a message, not a traceback.
//!
//! The script talks to the engine through `engine_check.py`'s pipe, which needs
//! python-chess: `.ci/run` installs it; elsewhere a machine without it skips.

mod common;

use common::python::has_python_chess;
use common::scratch::temp_file;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One tuning line, one EPD line and one bare FEN: the three forms the script reads.
const POSITIONS: &str = "\
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 30 | 0.5
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - bm e5f7;
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -
";

fn run(args: &[&str]) -> Output {
    Command::new("python3").arg(format!("{ROOT}/scripts/nodes_to_depth.py")).args(args).output().expect("python3 runs")
}

/// The summed node count the script prints for the one engine given.
fn summed_nodes(positions: &str, depth: u32) -> u64 {
    printed_count(positions, depth, &[])
}

/// The count the script prints with extra arguments before the engine: the sum
/// again with `--option NAME=VALUE`, the geometric mean with `--geometric-mean`.
fn printed_count(positions: &str, depth: u32, extra: &[&str]) -> u64 {
    let engine = env!("CARGO_BIN_EXE_ferrochamp");
    let depth = depth.to_string();
    let mut args = vec![positions, "--depth", depth.as_str()];
    args.extend_from_slice(extra);
    args.push(engine);
    let output = run(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().next().expect("one line per engine");
    let (path, count) = line.rsplit_once(' ').expect("`ENGINE NODES`");
    assert_eq!(path, engine);
    count.parse().expect("a node count")
}

/// A scratch file (`common::scratch`) named after `tag` holding `contents`, as a path string.
fn temporary_positions(tag: &str, contents: &str) -> String {
    let file = temp_file(&format!("nodes-to-depth-{tag}.txt"), contents);
    file.to_str().expect("a UTF-8 temporary path").to_owned()
}

#[test]
fn node_counts_grow_with_depth_and_repeat() {
    if !has_python_chess() {
        return;
    }
    let positions = &temporary_positions("good", POSITIONS);
    let shallow = summed_nodes(positions, 4);
    let deeper = summed_nodes(positions, 7);
    assert!(shallow > 3, "three positions searched: {shallow}");
    assert!(deeper > shallow, "depth 7 ({deeper}) must cost more than depth 4 ({shallow})");
    assert_eq!(summed_nodes(positions, 4), shallow, "one thread and a new process repeat themselves");
    std::fs::remove_file(positions).ok();
}

#[test]
fn the_geometric_mean_is_that_of_each_positions_count() {
    if !has_python_chess() {
        return;
    }
    // Each position's count on its own (a new process a position, so they repeat).
    let counts: Vec<u64> = POSITIONS
        .lines()
        .enumerate()
        .map(|(index, line)| {
            let single = &temporary_positions(&format!("geomean-{index}"), line);
            let count = summed_nodes(single, 6);
            std::fs::remove_file(single).ok();
            count
        })
        .collect();
    let positions = &temporary_positions("geomean", POSITIONS);
    let mean = printed_count(positions, 6, &["--geometric-mean"]);
    std::fs::remove_file(positions).ok();
    let log_mean = counts.iter().map(|&n| (n.max(1) as f64).ln()).sum::<f64>() / counts.len() as f64;
    let expected = log_mean.exp();
    // Rounded by the script; a float's last digits may round the other way.
    assert!((mean as f64 - expected).abs() <= 1.0, "printed {mean}, the counts {counts:?} give {expected}");
    let sum: u64 = counts.iter().sum();
    assert!(mean * 3 < sum, "a mean of unequal counts lies below their average: {mean}, {counts:?}");
}

#[test]
fn an_option_reaches_the_engine() {
    if !has_python_chess() {
        return;
    }
    let positions = &temporary_positions("option", POSITIONS);
    let plain = summed_nodes(positions, 7);
    // A stronger king-safety weight changes the evaluation, so the same depth costs another count.
    let styled = printed_count(positions, 7, &["--option", "Style King Safety=150"]);
    assert_ne!(styled, plain, "the option must change the search");
    std::fs::remove_file(positions).ok();
}

#[test]
fn bad_arguments_end_with_a_message() {
    if !has_python_chess() {
        return;
    }
    let engine = env!("CARGO_BIN_EXE_ferrochamp");
    let refused = &temporary_positions("refused", "not a chess position\n");
    for (args, expected) in [
        (vec!["/nonexistent/positions.txt", engine], "cannot read"),
        (vec![file!(), "/nonexistent/engine"], "engine not found"),
        (vec![file!(), "--depth", "0", engine], "--depth"),
        (vec![file!(), "--option", "Hash", engine], "NAME=VALUE"),
        (vec![refused.as_str(), "--depth", "2", engine], "invalid FEN"),
    ] {
        let output = run(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(expected), "{args:?}: expected {expected:?} in {stderr}");
        assert!(!stderr.contains("Traceback"), "{args:?}: {stderr}");
    }
    std::fs::remove_file(refused).ok();
}
