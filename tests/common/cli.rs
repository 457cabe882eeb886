//! Running the engine binary's command line to completion.

use std::process::Command;

/// What one run of the binary gave back.
pub struct Run {
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
}

/// Runs this crate's binary with `args` and waits for it.
pub fn run_binary<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_ferrochamp")).args(args).output().expect("the binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Run { code: output.status.code(), stdout: text(&output.stdout), stderr: text(&output.stderr) }
}
