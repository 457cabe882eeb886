//! The search tunables as UCI options: absent from an ordinary build, present
//! (and reaching the search) in a build with the `tune` feature, the one
//! OpenBench's SPSA uses (`FERROCHAMP_TUNE=1 make`, docs/openbench.md).
//!
//! `cargo test --release --test tune_options` checks the ordinary build;
//! `cargo test --release --features tune --test tune_options` the tuning build.

mod common;

use std::time::Duration;

use common::uci::Engine;
use ferrochamp::search::tunables;

const SEARCH: Duration = Duration::from_secs(60);

/// The names the `option name ...` lines of `uci` give, in order.
fn option_names(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| line.strip_prefix("option name "))
        .map(|rest| rest.split(" type ").next().unwrap_or(rest).to_string())
        .collect()
}

/// The node count of a fixed-depth search from the start position after the
/// `setoption` lines in `settings`: one thread, so the count is exact.
fn nodes_at_depth(settings: &[&str]) -> u64 {
    let mut engine = Engine::start();
    engine.uci();
    for line in settings {
        engine.send(line);
    }
    engine.isready();
    engine.send("position startpos");
    let lines = engine.bestmove_after("go depth 9", SEARCH);
    let nodes = lines.iter().rev().find_map(|line| {
        let mut words = line.split_whitespace().skip_while(|w| *w != "nodes");
        words.nth(1)?.parse().ok()
    });
    nodes.unwrap_or_else(|| panic!("no node count in {lines:?}"))
}

#[test]
fn an_ordinary_build_offers_no_tunable_as_an_option() {
    if cfg!(feature = "tune") {
        eprintln!("skipped: this is the `tune` build; the test below covers it");
        return;
    }
    let mut engine = Engine::start();
    let names = option_names(&engine.uci());
    assert!(names.iter().any(|n| n == "Hash"), "the handshake lists options: {names:?}");
    for tunable in tunables::ALL {
        assert!(!names.iter().any(|n| n.eq_ignore_ascii_case(tunable.name)), "{} is listed", tunable.name);
    }
    engine.send(&format!("setoption name {} value {}", tunables::RFP_MARGIN.name, tunables::RFP_MARGIN.max));
    let reply = engine.read_until("info string", Duration::from_secs(10));
    assert!(reply.last().is_some_and(|l| l.contains("no such option")), "{reply:?}");
}

#[test]
fn a_tune_build_offers_every_tunable_and_the_search_uses_it() {
    if !cfg!(feature = "tune") {
        eprintln!("skipped: needs the `tune` feature (cargo test --release --features tune --test tune_options)");
        return;
    }
    let mut engine = Engine::start();
    let lines = engine.uci();
    for t in tunables::ALL {
        let line = format!("option name {} type spin default {} min {} max {}", t.name, t.default, t.min, t.max);
        assert!(lines.contains(&line), "missing: {line}");
    }
    engine.send(&format!("setoption name {} value {}", tunables::RFP_MARGIN.name, tunables::RFP_MARGIN.max + 1));
    let reply = engine.read_until("info string", Duration::from_secs(10));
    assert!(reply.last().is_some_and(|l| l.contains("invalid value")), "{reply:?}");

    let default = nodes_at_depth(&[]);
    // A margin read at every node, and one read only when the threads build
    // their LMR tables (the controller rebuilds them when it changes).
    for (name, value) in [(tunables::RFP_MARGIN.name, 150), (tunables::LMR_QUIET_BASE.name, 200)] {
        let changed = nodes_at_depth(&[&format!("setoption name {name} value {value}")]);
        assert_ne!(changed, default, "{name}={value} searched the same tree");
    }
}
