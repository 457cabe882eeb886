//! The scripts that run OpenBench locally (docs/openbench.md): the driver and
//! the GitHub stand-in name a missing tool and exit nonzero, and the stand-in
//! answers the requests OpenBench makes in the shapes it reads. Needs bash,
//! python3 and git; skips with a reason when one is absent.

mod common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::scratch::scratch_dir;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `name` on this process's PATH, as a full path (a child given another PATH
/// would look it up there).
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// The real python3 interpreter (not a wrapper script that itself needs PATH).
fn python() -> Option<PathBuf> {
    let out = Command::new("python3").args(["-c", "import sys; print(sys.executable)"]).output().ok()?;
    out.status.success().then(|| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

/// Runs `program args` with an empty PATH: every tool the script looks up is missing.
fn without_tools(program: &Path, args: &[&str], scratch: &str) -> Output {
    let empty = scratch_dir(scratch);
    Command::new(program).args(args).env("PATH", &empty).current_dir(ROOT).output().expect("the program starts")
}

#[test]
fn the_driver_names_a_missing_tool_and_exits_nonzero() {
    let Some(bash) = program("bash") else {
        eprintln!("skipped: bash is not installed");
        return;
    };
    for args in
        [["scripts/openbench_local.sh", "up"].as_slice(), &["scripts/openbench_local.sh", "screenshot", "/", "x.png"]]
    {
        let out = without_tools(&bash, args, "empty-path-driver");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("is missing"), "{args:?}: {stderr}");
    }
}

#[test]
fn the_standin_names_a_missing_git_and_exits_nonzero() {
    let Some(python) = python() else {
        eprintln!("skipped: python3 is not installed");
        return;
    };
    let out = without_tools(&python, &["scripts/openbench/github_standin.py"], "empty-path-standin");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("git is missing"));
}

/// The stand-in process, stopped when the test ends however it ends.
struct Standin(Child);

impl Drop for Standin {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Status line and body of `GET path` on 127.0.0.1:`port`.
fn get(port: u16, path: &str) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the stand-in listens");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").expect("request sent");
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).expect("reply read");
    let split = reply.windows(4).position(|w| w == b"\r\n\r\n").expect("a header end");
    let status = String::from_utf8_lossy(&reply[..split]).lines().next().unwrap_or_default().to_string();
    (status, reply[split + 4..].to_vec())
}

fn git(repo: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C"])
        .arg(repo)
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn the_standin_serves_commits_comparisons_and_archives() {
    let (Some(python), Some(_)) = (python(), program("git")) else {
        eprintln!("skipped: needs python3 and git");
        return;
    };
    let repo = scratch_dir("standin-repo");
    git(&repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join("a.txt"), "one\n").expect("a file");
    git(&repo, &["add", "a.txt"]);
    git(&repo, &["commit", "-q", "-m", "first\n\nBench: 123456"]);
    let first = git(&repo, &["rev-parse", "HEAD"]);
    std::fs::write(repo.join("a.txt"), "two\n").expect("a file");
    git(&repo, &["commit", "-q", "-am", "second\n\nBench: 654321"]);
    let second = git(&repo, &["rev-parse", "HEAD"]);

    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let script = format!("{ROOT}/scripts/openbench/github_standin.py");
    let child = Command::new(python)
        .args([script.as_str(), "--port", &port.to_string(), "--slug", "owner/engine", "--repo"])
        .arg(&repo)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the stand-in starts");
    let _standin = Standin(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the stand-in never listened");
        thread::sleep(Duration::from_millis(100));
    }

    let (status, body) = get(port, "/repos/owner/engine/branches/main");
    assert!(status.contains("200"), "{status}");
    let branch: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(branch["commit"]["sha"], second.as_str());
    assert_eq!(branch["commit"]["commit"]["message"], "second\n\nBench: 654321");

    let (_, body) = get(port, &format!("/repos/owner/engine/commits/{}", &first[..8]));
    let commit: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(commit["sha"], first.as_str());

    let (_, body) = get(port, &format!("/repos/owner/engine/compare/{first}...{second}"));
    let compare: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!((compare["ahead_by"].as_u64(), compare["behind_by"].as_u64()), (Some(1), Some(0)));

    for path in [format!("/owner/engine/archive/{first}.zip"), format!("/repos/owner/engine/zipball/{first}")] {
        let (status, zip) = get(port, &path);
        assert!(status.contains("200") && zip.starts_with(b"PK"), "{path}: {status}");
        let top = format!("engine-{first}/a.txt");
        assert!(zip.windows(top.len()).any(|w| w == top.as_bytes()), "{path}: no {top} in the zip");
    }

    for path in ["/repos/owner/engine/commits/nosuchref", "/repos/owner/engine/commits/--help", "/other/path"] {
        assert!(get(port, path).0.contains("404"), "{path}");
    }
}
