//! The build's commit, for `id name`: a release names its version alone, a
//! build between releases adds the commit it was built from.
//!
//! The commit comes from `git` when the sources are a checkout, else from the
//! `FERROCHAMP_COMMIT` variable (a source archive has no `.git`; whoever builds
//! from one may say which commit it holds). A checkout of the tag
//! `v<version>` is the release itself and adds nothing.

use std::path::PathBuf;
use std::process::Command;

/// What `id name` puts after the version: ` (<commit>)`, or nothing for a release.
pub fn suffix(version: &str) -> String {
    println!("cargo:rerun-if-env-changed=FERROCHAMP_COMMIT");
    if let Some(commit) = std::env::var("FERROCHAMP_COMMIT").ok().filter(|c| is_commit(c)) {
        return format!(" ({commit})");
    }
    if !is_own_checkout() {
        return String::new();
    }
    watch_head();
    if git(&["describe", "--tags", "--exact-match", "HEAD"]).is_some_and(|tag| tag == format!("v{version}")) {
        return String::new();
    }
    git(&["rev-parse", "--short=7", "HEAD"]).filter(|c| is_commit(c)).map_or_else(String::new, |c| format!(" ({c})"))
}

/// A commit name as `git` prints it: hex digits only, so nothing odd reaches `id name`.
fn is_commit(text: &str) -> bool {
    (4..=40).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// True when the sources are the top of a git checkout, not a copy unpacked
/// inside some other repository (whose commit would say nothing about them).
fn is_own_checkout() -> bool {
    let top = git(&["rev-parse", "--show-toplevel"]).and_then(|top| std::fs::canonicalize(top).ok());
    let here = std::env::var("CARGO_MANIFEST_DIR").ok().and_then(|dir| std::fs::canonicalize(dir).ok());
    top.is_some() && top == here
}

/// One line of `git`'s output, or `None` when there is no git or no repository.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let line = text.trim();
    (output.status.success() && !line.is_empty()).then(|| line.to_string())
}

/// Asks Cargo to run the build script again when `HEAD` moves: a commit, a
/// checkout or a new tag changes the name. A worktree keeps its `HEAD` apart
/// from the shared refs, hence `--git-path` rather than `.git/HEAD`.
fn watch_head() {
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string(), "refs/tags".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]) {
            let path = PathBuf::from(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}
