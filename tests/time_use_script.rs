//! `scripts/time_use.py` on a tiny fastchess-style PGN: the averages per
//! engine, and the by-move table of where each engine spends its clock.

use std::process::Command;

mod common;
use common::python::has_python3;

/// Two games of the same two engines, colours swapped; every move commented as
/// fastchess writes it with `timeleft=true`. Engine "a" spends 0.5 s on its
/// first move and 0.1 s on each later one; "b" 0.3 s on every move.
fn match_pgn() -> String {
    let game = |white: &str, black: &str| {
        let mut text = format!("[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"1/2-1/2\"]\n\n");
        let mut left = [("a", 10.0_f64), ("b", 10.0_f64)];
        for number in 1..=12 {
            for mover in [white, black] {
                let spent = match (mover, number) {
                    ("a", 1) => 0.5,
                    ("a", _) => 0.1,
                    _ => 0.3,
                };
                let clock = left.iter_mut().find(|(name, _)| *name == mover).map(|(_, c)| c).expect("a or b");
                *clock -= spent;
                text.push_str(&format!("{{+0.10/10 {spent:.3}s, tl={clock:.3}s}} "));
            }
        }
        text + "1/2-1/2\n\n"
    };
    game("a", "b") + &game("b", "a")
}

#[test]
fn the_by_move_table_shows_where_each_engine_spends_its_clock() {
    if !has_python3() {
        return;
    }
    let pgn = std::env::temp_dir().join(format!("ferrochamp-time-use-{}.pgn", std::process::id()));
    std::fs::write(&pgn, match_pgn()).expect("a temporary file");
    let output = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/time_use.py"))
        .arg(&pgn)
        .output()
        .expect("python3 runs");
    let _ = std::fs::remove_file(&pgn);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let row = |engine: &str| -> Vec<String> {
        let line = stdout.lines().rev().find(|l| l.starts_with(engine)).unwrap_or_else(|| panic!("{stdout}"));
        line.split_whitespace().skip(1).map(str::to_owned).collect()
    };
    // Moves 1-10, 11-20, then nothing; the clock after moves 10, 20, 40, 60.
    // a: (0.5 + 9 × 0.1) / 10, then 0.1; 10 − 1.4 left after its tenth move.
    let a = row("a");
    assert_eq!(a[..3], ["0.140", "0.100", "-"], "{stdout}");
    assert_eq!(a[9..], ["8.600", "-", "-", "-"], "{stdout}");
    let b = row("b");
    assert_eq!(b[..3], ["0.300", "0.300", "-"], "{stdout}");
    assert_eq!(b[9..], ["7.000", "-", "-", "-"], "{stdout}");
    assert!(stdout.contains("a / b average time per move: 0.44"), "{stdout}");
}
