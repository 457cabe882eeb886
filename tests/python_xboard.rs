//! The engine driven by python-chess's XBoard client (`popen_xboard`), a real
//! CECP 2 client: a whole game under clocks, analysis, ping, node limits,
//! Chess960, a resignation, draw offers and illegal input
//! (tests/client/xboard_client.py).
//!
//! `.ci/run` installs python-chess. Outside CI, a machine without it skips this
//! test with a message; under CI (`CI` set) a missing library fails it.

use std::process::Command;

#[test]
fn python_chess_xboard_client_plays_analyses_resigns_and_draws() {
    let has_library =
        Command::new("python3").args(["-c", "import chess.engine"]).status().is_ok_and(|status| status.success());
    if !has_library {
        assert!(std::env::var_os("CI").is_none(), "python-chess is missing under CI; .ci/run must install it");
        eprintln!("skipped: python3 with the `chess` package is not installed (python3 -m pip install chess)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/client/xboard_client.py");
    let output =
        Command::new("python3").args([script, env!("CARGO_BIN_EXE_ferrochamp")]).output().expect("python3 runs");
    assert!(
        output.status.success(),
        "python-chess XBoard client failed:\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
