//! `scripts/sprt_pool.py`: pooled counts reproduce fastchess's own report
//! (`tests/data/sprt/fastchess-report.txt` is an excerpt of a real run: two reports,
//! of which the last counts), an undecided test forecasts the pairs it still
//! needs, the logistic model takes plain Elo bounds, and `--stop PID`
//! interrupts a run once the pooled LLR crosses a bound, or ends with the run
//! when it never does.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::process::exit_within;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const LOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sprt/fastchess-report.txt");

fn pool(args: &[&str]) -> Output {
    Command::new("python3")
        .arg(format!("{ROOT}/scripts/sprt_pool.py"))
        .args(["--elo0", "0", "--elo1", "5"])
        .args(args)
        .output()
        .expect("python3 runs")
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A stand-in for a fastchess run: a process that waits `seconds` and ends on
/// SIGINT, as fastchess does, even when started from a shell's background job,
/// which hands its children SIGINT ignored (`sleep` would then outlive the
/// signal). It returns once the child has restored SIGINT, so that a signal
/// sent at once is not lost in its start-up.
fn run_lasting(seconds: &str) -> Child {
    let script = format!(
        "import signal, time; signal.signal(signal.SIGINT, signal.SIG_DFL); \
         print('ready', flush=True); time.sleep({seconds})"
    );
    let mut child =
        Command::new("python3").args(["-c", &script]).stdout(Stdio::piped()).spawn().expect("python3 starts");
    let mut ready = String::new();
    let stdout = child.stdout.take().expect("piped stdout");
    BufReader::new(stdout).read_line(&mut ready).expect("the stand-in says it is ready");
    assert_eq!(ready.trim(), "ready");
    child
}

#[test]
fn one_log_gives_fastchess_own_figures_from_its_last_report() {
    // fastchess printed "nElo: 21.87" and "LLR: 0.32" for these 200 pairs.
    let text = stdout(&pool(&[LOG]));
    assert!(text.contains("[13, 41, 75, 57, 14]"), "{text}");
    assert!(text.contains("nElo +21.9"), "{text}");
    assert!(text.contains("LLR 0.32 (-2.94, 2.94) [0, 5]: continue"), "{text}");
}

/// The number after `label` in `text` (e.g. "nElo " in "nElo +21.9").
fn number_after(text: &str, label: &str) -> f64 {
    let rest = &text[text.find(label).unwrap_or_else(|| panic!("no {label:?} in {text}")) + label.len()..];
    let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || "+-.".contains(*c)).collect();
    number.parse().unwrap_or_else(|_| panic!("no number after {label:?} in {text}"))
}

#[test]
fn an_undecided_test_forecasts_the_pairs_to_the_bound_it_heads_for() {
    // The LLR's average step a pair is (elo1 - elo0)(nElo - mid) * 2 / (800 / ln 10)^2:
    // the forecast is the distance to the bound over that step, from the printed
    // (rounded) figures within a percent.
    let scale = 800.0 / std::f64::consts::LN_10;
    for (counts, bound, name) in [(LOG, 2.944, "to H1"), ("19,177,262,156,26", -2.944, "to H0")] {
        let text = stdout(&pool(&[counts]));
        let (nelo, llr) = (number_after(&text, "nElo "), number_after(&text, "LLR "));
        let expected = (bound - llr) / (5.0 * (nelo - 2.5) * 2.0 / (scale * scale));
        let forecast = number_after(&text, "forecast: about ");
        assert!((forecast / expected - 1.0).abs() < 0.01, "{forecast} against {expected:.0}: {text}");
        assert!(text.contains(name) && text.contains(" if nElo stays at "), "{text}");
    }
    let decided = stdout(&pool(&["78,467,828,535,102", "10,100,300,200,50"]));
    assert!(decided.contains("H1 accepted") && !decided.contains("forecast"), "{decided}");
}

#[test]
fn the_logistic_model_takes_plain_elo_bounds_as_fastchess_does() {
    // A fastchess run with `model=logistic` and `elo0=-5 elo1=0` printed "LLR: 0.32"
    // for these 160 pairs, mostly drawn alike; under the normalized model the same
    // counts and bounds give a different LLR.
    let counts = "0,9,144,6,1";
    let logistic = stdout(&pool(&["--elo0", "-5", "--elo1", "0", "--model", "logistic", counts]));
    assert!(logistic.contains("LLR 0.32 (-2.94, 2.94) [-5, 0]: continue"), "{logistic}");
    // Each pair adds LLR / pairs on average, whatever the model.
    let (llr, forecast) = (number_after(&logistic, "LLR "), number_after(&logistic, "forecast: about "));
    let expected = (2.944 - llr) / (llr / 160.0);
    assert!((forecast / expected - 1.0).abs() < 0.02, "{forecast} against {expected:.0}: {logistic}");
    // The figure the forecast assumes is in the bounds' own Elo.
    assert!(logistic.contains(" if Elo stays at ") && !logistic.contains("if nElo"), "{logistic}");
    let normalized = stdout(&pool(&["--elo0", "-5", "--elo1", "0", counts]));
    assert!(!normalized.contains("LLR 0.32 "), "{normalized}");
    // Where nearly every pair scored 1-1 fastchess ended its run with "LLR: 3.29"
    // (its generalized SPRT; the normal approximation would say 6.59).
    let alike = stdout(&pool(&["--elo0", "-5", "--elo1", "0", "--model", "logistic", "0,4,380,2,0"]));
    assert!(alike.contains("LLR 3.29 (-2.94, 2.94) [-5, 0]: H1 accepted"), "{alike}");
}

#[test]
fn logs_and_counts_are_added_pair_by_pair() {
    let text = stdout(&pool(&[LOG, "1,1,3,5,0"]));
    assert!(text.contains("pooled: [14, 42, 78, 62, 14], 210 pairs (420 games)"), "{text}");
}

#[cfg(unix)]
#[test]
fn stop_interrupts_the_run_once_the_pooled_llr_crosses_a_bound() {
    use std::os::unix::process::ExitStatusExt;
    let mut run = run_lasting("30");
    let pid = run.id().to_string();
    // Alone, the log is undecided (LLR 0.32); with these counts H1 is accepted.
    let text = stdout(&pool(&["--stop", &pid, "--every", "0.1", LOG, "78,467,828,535,102", "10,100,300,200,50"]));
    assert!(text.contains("H1 accepted"), "{text}");
    assert!(text.contains(&format!("sent SIGINT to {pid}")), "{text}");
    let status = exit_within(&mut run, Duration::from_secs(10), "the run");
    assert_eq!(status.signal(), Some(2), "the run ended by SIGINT: {status:?}");
}

#[test]
fn stop_ends_with_a_run_that_never_decides() {
    let mut run = run_lasting("0.3");
    let pid = run.id().to_string();
    let started = Instant::now();
    let output = pool(&["--stop", &pid, "--every", "0.1", LOG]);
    let text = stdout(&output);
    assert!(text.contains("LLR 0.32"), "{text}");
    assert!(text.contains(&format!("process {pid} ended without a decision")), "{text}");
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(exit_within(&mut run, Duration::from_secs(5), "the run").success());
}

#[test]
fn bad_stop_arguments_are_refused_with_a_message() {
    for args in [["--stop", "0", "--every", "1"], ["--stop", "12345", "--every", "0"]] {
        let output = pool(&[&args[..], &[LOG]].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains("--stop needs a process id"), "{args:?}: {stderr}");
    }
}

#[test]
fn stop_waits_while_every_pair_scored_the_same() {
    // Five drawn pairs have no variance to test with: no figures yet, no error.
    let mut run = run_lasting("0.3");
    let pid = run.id().to_string();
    let text = stdout(&pool(&["--stop", &pid, "--every", "0.1", "0,0,5,0,0"]));
    assert!(!text.contains("LLR"), "{text}");
    assert!(text.contains(&format!("process {pid} ended without a decision")), "{text}");
    assert!(exit_within(&mut run, Duration::from_secs(5), "the run").success());
}
