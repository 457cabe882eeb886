//! Python for the tests: whether python3 (and python-chess) is here, and running
//! a python-chess client script in `tests/client/` against the engine.

use std::process::Command;

/// Runs `tests/client/<script>` with the engine binary as its argument and
/// fails the test with the script's output if it fails. `.ci/run` installs
/// python-chess: outside CI a machine without it skips with a message, under
/// CI (`CI` set) a missing library fails the test.
pub fn run_client(script: &str, what: &str) {
    if !has_python_chess() {
        return;
    }
    let path = format!("{}/tests/client/{script}", env!("CARGO_MANIFEST_DIR"));
    let output =
        Command::new("python3").args([path.as_str(), env!("CARGO_BIN_EXE_ferrochamp")]).output().expect("python3 runs");
    assert!(
        output.status.success(),
        "{what} failed:\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Whether python3 with python-chess is here. Outside CI a missing library
/// skips the caller with a message; under CI (`CI` set) it fails the test,
/// since `.ci/run` installs it.
pub fn has_python_chess() -> bool {
    let found =
        Command::new("python3").args(["-c", "import chess.engine"]).status().is_ok_and(|status| status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "python-chess is missing under CI; .ci/run must install it");
        eprintln!("skipped: python3 with the `chess` package is not installed (python3 -m pip install chess)");
    }
    found
}

/// Whether python3 runs here. Outside CI a missing python3 skips the caller
/// with a message; under CI (`CI` set) it fails the test, since `.ci/run`
/// installs it.
pub fn has_python3() -> bool {
    let found = Command::new("python3").arg("--version").output().is_ok_and(|output| output.status.success());
    if !found {
        assert!(std::env::var_os("CI").is_none(), "python3 is missing under CI; .ci/run must install it");
        eprintln!("skipped: python3 is not installed");
    }
    found
}
