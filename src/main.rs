//! The `ferrochamp` binary: the UCI engine by default, plus the command-line
//! tools (`perft`, `bench`, `tune`, `epd`, `book`, ...), whose front ends are
//! in [`cli`].

mod cli;
mod cpu;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Before anything else: a build for a newer CPU than this one must stop
    // here with a message, not later with an illegal instruction.
    cpu::require_build_features();
    run()
}

/// A command-line tool piped into `head` or `grep -m 1` should stop quietly when its reader
/// goes away, as other Unix tools do. Rust ignores SIGPIPE, which turns the closed pipe into
/// a panic in the next `println!`; the default disposition ends the process instead. The
/// UCI engine keeps Rust's setting: its writer handles a closed stdout itself.
#[cfg(unix)]
fn end_quietly_on_closed_pipe() {
    // SAFETY: `signal` with SIG_DFL installs no handler code; it runs on the main thread
    // before the command starts any other thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_closed_pipe() {}

/// Everything after the CPU check, out of line so that none of it (compiled
/// with the build's CPU features) is mixed into `main` ahead of the check.
#[inline(never)]
fn run() -> ExitCode {
    // Diagnostics go to stderr only, and only when RUST_LOG asks for them:
    // stdout carries UCI and nothing else.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = cli::Cli::parse();
    let outcome = cli.apply_params().and_then(|()| match cli.command {
        Some(command) => {
            end_quietly_on_closed_pipe();
            cli::run(command)
        }
        None => {
            ferrochamp::engine::run_stdio();
            Ok(())
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
