//! OpenBench reads the bench signature from the binary's output: it takes the
//! lines from the bottom, turns every character outside `[a-zA-Z0-9 ]` into a
//! space and matches its node and nps patterns. This test reads `bench` the
//! same way, with the same regular expressions.

use std::process::Command;

use ferrochamp::engine::bench::{self, BenchConfig};
use ferrochamp::uci::BenchParams;
use regex::Regex;

/// A shallow depth keeps the test quick; the output has the same shape at any depth.
const DEPTH: u32 = 7;

/// The first match of `patterns`, reading `output` from its last line up, as
/// OpenBench does; the number in the match.
fn openbench_number(output: &str, patterns: &str) -> Option<u64> {
    let pattern = Regex::new(patterns).expect("valid pattern");
    let digits = Regex::new(r"\d+").expect("valid pattern");
    let outside = Regex::new(r"[^a-zA-Z0-9 ]").expect("valid pattern");
    output.lines().rev().find_map(|line| {
        let cleaned = outside.replace_all(line, " ");
        let found = pattern.find(&cleaned)?;
        digits.find(found.as_str())?.as_str().parse().ok()
    })
}

const NODES: &str = r"(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)";
const NPS: &str = r"(\d+\s+nps)|(nps\s+\d+)";

#[test]
fn the_bench_line_parses_with_openbench_patterns() {
    let output = Command::new(env!("CARGO_BIN_EXE_ferrochamp"))
        .args(["bench", &DEPTH.to_string()])
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let nodes = openbench_number(&stdout, NODES).expect("a node count OpenBench can read");
    let nps = openbench_number(&stdout, NPS).expect("an nps OpenBench can read");
    let config = BenchConfig::from_params(&BenchParams { depth: Some(DEPTH), ..BenchParams::default() });
    assert_eq!(
        nodes,
        bench::run(&config, &|_| {}).expect("the bench hash fits"),
        "OpenBench would read the wrong node count"
    );
    assert!(nps > 0);
    let last = stdout.lines().last().expect("output");
    assert_eq!(last, format!("{nodes} nodes {nps} nps"), "the summary must be the last line");
}

#[test]
fn the_patterns_reject_lines_without_numbers_and_read_from_the_bottom() {
    assert_eq!(openbench_number("no counts here\n", NODES), None);
    // Thousands separators would break the signature: `7,504,110` reads as 110.
    assert_eq!(openbench_number("7,504,110 nodes 5 nps\n", NODES), Some(110));
    assert_eq!(openbench_number("nodes 3 time 1\n12 nodes 4 nps\n", NODES), Some(12));
    assert_eq!(openbench_number("Nodes searched: 99\n", NODES), None, "the patterns are case-sensitive");
    assert_eq!(openbench_number("nodes searched: 99\n", NODES), Some(99));
}
