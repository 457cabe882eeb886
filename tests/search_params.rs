//! `--param` changes the search before it starts, and `ferrochamp params`
//! lists what it can change: the two ends `scripts/spsa.py` relies on.

mod common;

use common::cli::run_binary;

/// Runs the binary with `args` and returns its stdout; fails on a nonzero exit.
fn stdout_of(args: &[&str]) -> String {
    let run = run_binary(args);
    assert!(run.success(), "{args:?}: {}", run.stderr);
    run.stdout
}

/// The node count of one-thread `bench` at `depth`, from its last line `<N> nodes <M> nps`.
fn bench_nodes_at(params: &[&str], depth: &str) -> u64 {
    let mut args: Vec<&str> = params.iter().flat_map(|p| ["--param", p]).collect();
    args.extend(["bench", depth]);
    let out = stdout_of(&args);
    let last = out.lines().last().expect("bench prints lines");
    last.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no node count in {last}"))
}

/// The same at depth 6: quick, and deep enough for most parameters to matter.
fn bench_nodes(params: &[&str]) -> u64 {
    bench_nodes_at(params, "6")
}

#[test]
fn a_parameter_set_on_the_command_line_changes_the_search() {
    let default = bench_nodes(&[]);
    assert_eq!(bench_nodes(&["RfpMargin=74"]), default, "setting the default changes nothing");
    assert_ne!(bench_nodes(&["RfpMargin=40", "LmrQuietDivisor=300"]), default);
    // The null-move reduction's eval bonus capped at 0 plies: null moves search deeper. At
    // depth 6 the base reduction (4 + 6/2) already drops a null move into quiescence, and at
    // depth 9 too (4 + 9/2) unless the depth's share is a third.
    let third = "NmpDepthDivisor=3";
    assert_ne!(bench_nodes_at(&[third, "NmpEvalCap=0"], "9"), bench_nodes_at(&[third], "9"));
    // The depth limits reach the search too (bench 6 has no node of depth 8).
    for lowered in ["NmpVerifyDepth=4", "SingularMinDepth=4", "IirMinDepth=2"] {
        assert_ne!(bench_nodes(&[lowered]), default, "{lowered}");
    }
    // The static eval change's history bonus, turned off and counted from another level.
    for changed in ["EvalDiffHistory=0", "EvalDiffOffset=24"] {
        assert_ne!(bench_nodes(&[changed]), default, "{changed}");
    }
    // ProbCut (from depth 5) is off by default; switched on, its margin reaches the search too.
    let probcut = bench_nodes(&["ProbCut=1"]);
    assert_ne!(probcut, default, "ProbCut=1");
    assert_ne!(bench_nodes(&["ProbCut=1", "ProbCutMargin=60", "ProbCutImproving=0"]), probcut);
}

#[test]
fn node_claims_leave_one_thread_searching_exactly_as_before() {
    // Depth 11 reaches null-move verification (from depth 8) in the claimed first plies:
    // it re-enters a node the thread holds, which must not count as another thread's.
    assert_eq!(bench_nodes_at(&["BusyNodeReduction=2"], "11"), bench_nodes_at(&["BusyNodeReduction=0"], "11"));
}

#[test]
fn params_lists_every_parameter_with_its_range() {
    let out = stdout_of(&["params"]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("name value default min max step"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split_whitespace().collect()).collect();
    assert!(rows.len() >= 20, "{out}");
    for row in &rows {
        let numbers: Vec<i32> = row[1..].iter().map(|n| n.parse().expect("a number")).collect();
        let [value, default, min, max, step] = numbers[..] else { panic!("six fields: {row:?}") };
        assert_eq!(value, default, "{row:?}");
        assert!(min <= default && default <= max && step > 0, "{row:?}");
    }
    // `--param` shows in the listing too.
    assert!(stdout_of(&["--param", "AspirationWindow=30", "params"]).contains("AspirationWindow 30 18"));
}

#[test]
fn the_clocks_parameters_are_listed_and_keep_their_safe_range() {
    let out = stdout_of(&["params"]);
    assert!(out.lines().any(|l| l == "TimeHorizon 25 25 15 50 3"), "{out}");
    assert!(out.lines().any(|l| l == "TimeIncrementShare 750 750 300 1000 75"), "{out}");
    assert!(stdout_of(&["--param", "TimeHorizon=18", "params"]).contains("TimeHorizon 18 25"));
    // Below 15 a game whose every move runs to its hard limit can lose on time.
    let refused = run_binary(&["--param", "TimeHorizon=10", "params"]);
    assert!(!refused.success() && refused.stderr.contains("TimeHorizon must be within 15..=50"), "{}", refused.stderr);
    // The clock's parameters leave the search alone: bench has no clock.
    assert_eq!(bench_nodes(&["TimeHorizon=15", "TimeIncrementShare=1000"]), bench_nodes(&[]));
}
