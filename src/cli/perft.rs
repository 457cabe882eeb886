//! `ferrochamp perft`: the node count, and for runs longer than a second a
//! bar over the root moves with nodes/s and ETA on stderr.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crossbeam_channel::RecvTimeoutError;
use indicatif::ProgressDrawTarget;

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::perft::{perft, MAX_DEPTH};
use ferrochamp::board::{Move, MoveList, Position};

/// A run shorter than this shows no bar at all.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The arguments of `ferrochamp perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Start from this position instead of the standard one.
    #[arg(long)]
    fen: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Write castling moves as king-takes-rook.
    #[arg(long)]
    chess960: bool,
    /// Show the progress bar (after a second) even when stderr is not a terminal.
    #[arg(long)]
    progress: bool,
}

/// Counts by root move, with a progress bar on stderr once the run takes
/// longer than a second (a terminal, or `progress`).
fn divide_with_progress(pos: &mut Position, depth: u32, progress: bool) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    generate_legal(pos, &mut moves);
    let bar = ferrochamp::progress::bar(moves.len() as u64, "root moves", progress);
    bar.set_draw_target(ProgressDrawTarget::hidden());
    bar.set_prefix(format!("perft {depth}"));
    let nodes = AtomicU64::new(0);
    let start = Instant::now();
    let (done, finished) = crossbeam_channel::bounded::<()>(0);
    std::thread::scope(|scope| {
        // The bar stays hidden until the run has taken a second.
        let watcher = scope.spawn(|| {
            if finished.recv_timeout(SHOW_AFTER) == Err(RecvTimeoutError::Timeout) {
                bar.set_draw_target(ferrochamp::progress::draw_target(progress));
                bar.enable_steady_tick(Duration::from_millis(250));
            }
        });
        let counts: Vec<(Move, u64)> = moves
            .iter()
            .map(|&mv| {
                pos.make_move(mv);
                let count = perft(pos, depth.saturating_sub(1));
                pos.unmake_move();
                let sum = nodes.fetch_add(count, Ordering::Relaxed) + count;
                let rate = sum as f64 / start.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!("{sum} nodes, {rate:.0} nodes/s"));
                bar.inc(1);
                (mv, count)
            })
            .collect();
        drop(done);
        let _ = watcher.join();
        bar.finish_and_clear();
        counts
    })
}

/// `ferrochamp perft`: prints `Nodes searched: N` (or, with `divide`, the
/// count of each root move first) on stdout, and the time on stderr.
///
/// # Errors
/// When the FEN is invalid.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let PerftArgs { depth, ref fen, divide, chess960, progress } = *args;
    let mut pos = fen
        .as_deref()
        .map_or_else(|| Ok(Position::startpos()), Position::from_fen)
        .map_err(|err| format!("invalid FEN: {err}"))?;
    let start = Instant::now();
    let nodes = if depth == 0 {
        perft(&mut pos, 0)
    } else {
        let counts = divide_with_progress(&mut pos, depth, progress);
        if divide {
            for (mv, count) in &counts {
                println!("{}: {count}", pos.move_to_uci(*mv, chess960));
            }
            println!();
        }
        counts.iter().map(|(_, count)| count).sum()
    };
    println!("Nodes searched: {nodes}");
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    eprintln!("time {} ms, {nps} nodes/second", elapsed.as_millis());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_plain_perft() {
        let mut pos = Position::startpos();
        let counts = divide_with_progress(&mut pos, 3, false);
        assert_eq!(counts.len(), 20);
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    }
}
