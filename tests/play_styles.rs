//! Play styles: the run-time weights evaluate exactly like the compiled ones,
//! an exported style reads back to the same evaluation, and the UCI options and
//! the `style` command handle good and bad style files.

mod common;

use std::time::Duration;

use ferrochamp::eval::layout::current;
use ferrochamp::eval::{evaluate, evaluate_traced_with, evaluate_with, PawnTable};
use ferrochamp::style::{builtin, export_style, parse_style, Knob, Knobs, BUILTIN};

use common::cli::run_binary;
use common::eval::test_positions;
use common::scratch::scratch_dir;
use common::uci::Engine;

#[test]
fn the_compiled_weights_as_a_vector_evaluate_like_the_constants() {
    let weights = current();
    let (mut compiled, mut styled) = (PawnTable::new(), PawnTable::new());
    for pos in test_positions() {
        assert_eq!(evaluate_with(&pos, &mut styled, &weights), evaluate(&pos, &mut compiled), "{}", pos.to_fen());
    }
}

#[test]
fn export_then_parse_gives_the_same_evaluation_for_every_builtin_style() {
    let positions = test_positions();
    let mut knobs = Knobs::default();
    knobs.set(Knob::KingSafety, 130);
    knobs.set(Knob::Threats, 60);
    for (name, _) in BUILTIN {
        let style = builtin(name).expect("built in");
        let text = export_style(&style);
        let again = parse_style(&text, "exported").unwrap_or_else(|err| panic!("{name}: {err}"));
        for extra in [Knobs::default(), knobs] {
            let (before, after) = (style.effective(&extra), again.effective(&extra));
            let (mut first, mut second) = (PawnTable::new(), PawnTable::new());
            for pos in &positions {
                let expected = evaluate_with(pos, &mut first, &before);
                assert_eq!(evaluate_with(pos, &mut second, &after), expected, "{name}: {}", pos.to_fen());
            }
        }
    }
}

#[test]
fn the_styles_evaluate_differently_in_the_expected_direction() {
    let positions = test_positions();
    let weights = |name: &str| builtin(name).expect("built in").effective(&Knobs::default());
    let (aggressive, solid) = (weights("Aggressive"), weights("Solid"));
    let mut danger_sum = [0i64; 2];
    let mut differing = 0;
    for pos in &positions {
        let a = evaluate_traced_with(pos, &aggressive);
        let s = evaluate_traced_with(pos, &solid);
        differing += usize::from(a.white_cp != s.white_cp);
        for (sum, trace) in danger_sum.iter_mut().zip([&a, &s]) {
            *sum += trace.danger.iter().map(|d| i64::from(d.mg().max(0))).sum::<i64>();
        }
    }
    assert!(differing * 2 > positions.len(), "only {differing} of {} positions differ", positions.len());
    assert!(danger_sum[0] > danger_sum[1], "Aggressive counts more king danger: {danger_sum:?}");
}

fn final_eval(engine: &mut Engine) -> String {
    engine.send("eval");
    let lines = engine.read_until("Final evaluation", Duration::from_secs(10));
    lines.last().cloned().unwrap_or_default()
}

/// `info string` lines sent before `readyok`.
fn info_strings(engine: &mut Engine) -> Vec<String> {
    engine.send("isready");
    let lines = engine.read_until("readyok", Duration::from_secs(10));
    lines.into_iter().filter(|line| line.starts_with("info string")).collect()
}

#[test]
fn uci_styles_apply_at_once_and_a_bad_file_keeps_the_previous_style() {
    let dir = scratch_dir("styles-uci");
    let good = dir.join("good.toml");
    std::fs::write(&good, "[knobs]\nmaterial = 200\n").expect("write");
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, "[weights]\nTEMPO = [1, 2]\nQUEEN_POWER = [1, 2]\n").expect("write");
    let malformed = dir.join("malformed.toml");
    std::fs::write(&malformed, "[knobs\nmaterial = 1\n").expect("write");

    let mut engine = Engine::start();
    let lines = engine.uci();
    assert!(lines
        .iter()
        .any(|l| l.contains("option name Style type combo default Default var Default var Aggressive")));
    assert!(lines.iter().any(|l| l == "option name Style King Safety type spin default 100 min 0 max 200"));
    engine.send("position fen r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5");
    let default = final_eval(&mut engine);

    engine.send("setoption name Style value Aggressive");
    let aggressive = final_eval(&mut engine);
    assert_ne!(aggressive, default, "Aggressive weights apply without a restart");

    for (bad, message) in
        [(dir.join("missing.toml"), "cannot read"), (unknown, "line 3"), (malformed, "malformed.toml:1")]
    {
        engine.send(&format!("setoption name StyleFile value {}", bad.display()));
        let infos = info_strings(&mut engine);
        let expected = if message == "line 3" { "unknown.toml:3: unknown weight `QUEEN_POWER`" } else { message };
        assert!(infos.iter().any(|l| l.contains(expected) && l.contains("previous style")), "{bad:?}: {infos:?}");
        assert_eq!(final_eval(&mut engine), aggressive, "{bad:?} changed the style");
    }
    engine.send("setoption name Style value File");
    let infos = info_strings(&mut engine);
    assert!(infos.iter().any(|l| l.contains("no valid StyleFile")), "{infos:?}");
    assert_eq!(final_eval(&mut engine), aggressive);

    engine.send(&format!("setoption name StyleFile value {}", good.display()));
    assert!(info_strings(&mut engine).is_empty());
    let doubled = final_eval(&mut engine);
    assert_ne!(doubled, aggressive);
    engine.send("setoption name Style value Default");
    engine.send("setoption name Style Material value 200");
    assert_eq!(final_eval(&mut engine), doubled, "the knob option equals the knob in a file");
    engine.send("setoption name Style Material value 100");
    assert_eq!(final_eval(&mut engine), default);

    engine.send("setoption name Style value Solid");
    engine.send("position startpos moves e2e4");
    let lines = engine.bestmove_after("go depth 6", Duration::from_secs(30));
    assert!(lines.last().is_some_and(|l| l.split_whitespace().nth(1).is_some_and(|m| m.len() >= 4)), "{lines:?}");
    engine.send("quit");
    let _ = std::fs::remove_dir_all(&dir);
}

fn style_command(args: &[&str]) -> (i32, String, String) {
    let run = run_binary(&[&["style"], args].concat());
    (run.code.unwrap_or(-1), run.stdout, run.stderr)
}

#[test]
fn style_export_and_check_on_the_command_line() {
    let dir = scratch_dir("styles-cli");
    for name in ["Default", "Aggressive", "solid"] {
        let (code, exported, stderr) = style_command(&["export", "--style", name]);
        assert_eq!(code, 0, "{stderr}");
        let file = dir.join(format!("{name}.toml"));
        std::fs::write(&file, &exported).expect("write");
        let (code, report, stderr) = style_command(&["check", &file.display().to_string()]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(report.contains("valid style"), "{report}");
        assert_eq!(report.contains(" 0 of "), name == "Default", "{report}");
    }

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[knobs]\nmobility = 120\nthreats = 250\n").expect("write");
    let (code, _, stderr) = style_command(&["check", &bad.display().to_string()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("bad.toml:3:") && stderr.contains("threats"), "{stderr}");

    let (code, _, stderr) = style_command(&["check", &dir.join("none.toml").display().to_string()]);
    assert!(code != 0 && stderr.contains("cannot read"), "{stderr}");
    let (code, _, stderr) = style_command(&["export", "--style", "Wild"]);
    assert!(code != 0 && stderr.contains("unknown style"), "{stderr}");
    let (code, _, stderr) = style_command(&["export", "--style", "Turochamp"]);
    assert!(code != 0 && stderr.contains("own evaluation"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
