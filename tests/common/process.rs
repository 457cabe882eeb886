//! Waiting for a child process with a time limit, so that a hung process
//! fails its test instead of stalling the whole run.

use std::process::{Child, ExitStatus};
use std::thread;
use std::time::{Duration, Instant};

/// The child's exit status, if it ends within `timeout`; the child is left
/// running otherwise, for the caller to kill and report.
pub fn wait_for_exit(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            return None;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// The child's exit status; fails the test, after killing the child, when
/// `what` still runs after `limit`.
pub fn exit_within(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    wait_for_exit(child, limit).unwrap_or_else(|| {
        let _ = child.kill();
        panic!("{what} still runs after {limit:?}")
    })
}
