//! The command line with bad input: every subcommand with bad numbers,
//! missing or unreadable files and huge values must end with a clear error on
//! stderr and a nonzero exit code: never a panic, a signal or a hang.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::process::exit_within;
use common::scratch::{temp_file, temp_path};
use ferrochamp::search::tt::available_memory_mb;

const LIMIT: Duration = Duration::from_secs(60);

/// Runs the binary with `args`; returns the exit code and stderr. Fails the
/// test on a signal, a panic message or a run longer than [`LIMIT`].
fn run(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ferrochamp"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine binary starts");
    exit_within(&mut child, LIMIT, &format!("{args:?}"));
    let output = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    let code = output.status.code().unwrap_or_else(|| panic!("{args:?} ended by a signal: {stderr}"));
    assert!(!stderr.contains("panicked") && !stderr.contains("overflow"), "{args:?} panicked: {stderr}");
    (code, stderr)
}

/// `args` must fail with a message on stderr that contains `expected`.
fn fails<S: AsRef<str>>(args: &[S], expected: &str) {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let args = args.as_slice();
    let (code, stderr) = run(args);
    assert_ne!(code, 0, "{args:?} succeeded");
    assert!(stderr.contains(expected), "{args:?}: '{expected}' not in: {stderr}");
}

const QUEENS: &str = "knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1";

#[test]
fn perft_refuses_bad_depths_and_positions() {
    fails(&["perft", "20000"], "20000 is not in 0..=64");
    fails(&["perft", "4294967296"], "invalid value");
    fails(&["perft", "-1"], "error");
    fails(&["perft", "two"], "invalid value");
    fails(&["perft"], "required");
    fails(&["perft", "2", "--fen", QUEENS], "invalid FEN: White has 27 men");
    fails(&["perft", "2", "--fen", "garbage"], "invalid FEN");
    fails(&["perft", "2", "--fen"], "a value is required");
    assert_eq!(run(&["perft", "2"]).0, 0);
}

#[test]
fn bench_refuses_bad_numbers_and_a_hash_beyond_the_memory() {
    fails(&["bench", "0"], "not in 1..=64");
    fails(&["bench", "65"], "not in 1..=64");
    fails(&["bench", "1", "0"], "not in 1..=256");
    fails(&["bench", "1", "1", "65537"], "not in 1..=65536");
    fails(&["bench", "deep"], "invalid value");
    fails(&["bench", "99999999999999999999999"], "invalid value");
    fails(&["bench", "1", "1", "1", "1"], "unexpected argument");
    if available_memory_mb().is_some_and(|mb| mb < 60_000) {
        fails(&["bench", "1", "1", "65536"], "bench: cannot allocate a hash table of 65536 MB");
    }
}

#[test]
fn tune_refuses_missing_files_and_bad_settings() {
    let data = temp_file("tune.txt", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5\n");
    let data = data.to_str().expect("utf-8 path");
    fails(&["tune"], "required");
    fails(&["tune", "/nonexistent/ferrochamp.txt"], "tune:");
    fails(&["tune", "/"], "tune:");
    let empty = temp_file("empty.txt", "");
    fails(&["tune", empty.to_str().expect("utf-8 path")], "tune:");
    fails(&["tune", data, "--validation-file", "/nonexistent/held_out.txt"], "tune:");
    let bad_fens = temp_file("bad_fens.txt", "not a fen | 0.5\n");
    let bad_fens = bad_fens.to_str().expect("utf-8 path");
    fails(&["tune", data, "--validation-file", bad_fens], "no usable validation positions");
    let bad_args: [(&[&str], &str); 10] = [
        (&["--epochs=-1"], "invalid value"),
        (&["--lambda", "1.5"], "--lambda"),
        (&["--lambda=-0.1"], "--lambda"),
        (&["--batch-size", "0"], "--batch-size"),
        (&["--split-block", "0"], "--split-block"),
        (&["--validation", "1.5"], "--validation"),
        (&["--learning-rate", "NaN"], "--learning-rate"),
        (&["--k=-1"], "--k"),
        (&["--threads", "100000000"], "--threads"),
        (&["--limit", "99999999999999999999999"], "invalid value"),
    ];
    for (args, expected) in bad_args {
        let mut full = vec!["tune", data];
        full.extend_from_slice(args);
        fails(&full, expected);
    }
    let _ = std::fs::remove_file(data);
    let _ = std::fs::remove_file(empty);
    let _ = std::fs::remove_file(bad_fens);
}

#[test]
fn datagen_fails_cleanly_instead_of_hanging() {
    let out = temp_path("datagen.txt");
    let out = out.to_str().expect("utf-8 path");
    let base = ["datagen", "-o", out, "--games", "2", "--nodes", "200"];
    let with = |extra: &[&str]| -> Vec<String> { base.iter().chain(extra).map(|s| (*s).to_string()).collect() };
    // Before 3957be9 (2026-11-25) an opening with more than 256 moves made the workers
    // panic while the progress reporter went on printing forever.
    let queens = temp_file("queens.epd", format!("{QUEENS}\n"));
    let queens = queens.to_str().expect("utf-8 path");
    fails(&with(&["--openings", queens]), "datagen: no positions in");
    fails(&with(&["--openings", "/nonexistent/openings.epd"]), "datagen: cannot read");
    fails(&with(&["--threads", "2", "--hash", "99999999"]), "datagen: --hash 99999999 on 2 threads: cannot allocate");
    fails(&with(&["--threads", "100000"]), "datagen: --threads 100000");
    fails(&with(&["--random-plies", "100000"]), "datagen: --random-plies");
    fails(&with(&["--seed", "abc"]), "invalid value");
    fails(&with(&["--max-opening-score=-1"]), "datagen: no balanced opening found");
    fails(&["datagen", "-o", "/nonexistent/dir/out.txt", "--games", "1"], "datagen: cannot open");
    let _ = std::fs::remove_file(queens);
    let _ = std::fs::remove_file(out);
}

#[test]
fn the_limit_table_refuses_settings_out_of_range_and_bad_controls() {
    fails(&["limit-table", "99999"], "99999 is not in 800..=2850");
    fails(&["limit-table", "abc"], "invalid value");
    fails(&["limit-table", "--tc", "60", "1850"], "`60` is not BASE+INC");
    fails(&["limit-table", "--tc", "1+x", "1850"], "`x` is not a number of seconds");
}

#[test]
fn unknown_subcommands_and_options_are_usage_errors() {
    fails(&["frobnicate"], "unrecognized subcommand");
    fails(&["--threads", "2"], "unexpected argument");
}

#[test]
fn search_parameters_refuse_unknown_names_and_bad_values() {
    fails(&["--param", "NoSuchParameter=3", "bench", "1"], "no parameter named NoSuchParameter");
    fails(&["--param", "RfpMargin", "bench", "1"], "expected NAME=VALUE");
    fails(&["--param", "RfpMargin=seventy", "bench", "1"], "not an integer");
    fails(&["--param", "RfpMargin=100000", "bench", "1"], "must be within 30..=150");
}

/// `ferrochamp bench | head -1`: the tool stops when its reader goes away, without a panic
/// (the default bench runs for seconds, far longer than the first line takes).
#[cfg(unix)]
#[test]
fn a_closed_output_pipe_ends_a_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;

    let mut child = Command::new(env!("CARGO_BIN_EXE_ferrochamp"))
        .arg("bench")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine binary starts");
    let mut first_line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    stdout.read_line(&mut first_line).expect("a line of bench output");
    assert!(first_line.starts_with("position"), "unexpected first line: {first_line}");
    drop(stdout);
    let output = child.wait_with_output().expect("the command ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "bench panicked on a closed pipe: {stderr}");
    assert_eq!(output.status.signal(), Some(libc::SIGPIPE), "ended as {:?}: {stderr}", output.status);
}
