//! The engine's moving parts: the UCI front thread, the controller, the time
//! manager (budget, clock, overshoot), the Lazy-SMP worker pool and `bench`.

pub mod bench;
pub mod budget;
pub mod controller;
pub mod front;
pub mod go;
mod lag;
mod overshoot;
pub mod pool;
pub mod setup;
mod shown;
pub mod strength;
pub mod time;

use std::io::{self, BufRead};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crossbeam_channel::unbounded;

use crate::uci::Output;

/// Runs the UCI engine on `input` until `quit` or the end of input.
pub fn run_uci<R: BufRead + Send + 'static>(input: R, output: Output) {
    let stop = Arc::new(AtomicBool::new(false));
    let (commands, incoming) = unbounded();
    let reader = front::spawn_reader(input, commands, Arc::clone(&stop));
    controller::Controller::new(output, stop).run(&incoming);
    // The reader may be blocked in a read that never returns; it ends with the process.
    drop(reader);
}

/// The engine on the process's stdin and stdout.
pub fn run_stdio() {
    run_uci(io::BufReader::new(io::stdin()), Output::stdout());
}
