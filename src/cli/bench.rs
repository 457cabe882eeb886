//! `ferrochamp bench [depth] [threads] [hash] [--progress]`: the bench, with a
//! bar on stderr when asked. The bar never touches stdout, whose last line
//! (`<N> nodes <M> nps`) OpenBench reads.

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use ferrochamp::engine::bench::{self, BenchConfig};
use ferrochamp::search::tt::HashError;
use ferrochamp::uci::options::names;
use ferrochamp::uci::BenchParams;

/// The arguments of `ferrochamp bench`: the same three the UCI `bench` command takes.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(value_parser = clap::value_parser!(u32).range(depths()))]
    depth: Option<u32>,
    /// Search threads.
    #[arg(value_parser = clap::value_parser!(u16).range(bench::option_range(names::THREADS).bounds()))]
    threads: Option<u16>,
    /// Transposition table size in MB.
    #[arg(value_parser = clap::value_parser!(u32).range(bench::option_range(names::HASH).bounds()))]
    hash: Option<u32>,
    /// A progress bar on stderr (stdout keeps the same lines).
    #[arg(long)]
    progress: bool,
}

/// The bench's depth range in the form clap's range check takes.
fn depths() -> RangeInclusive<i64> {
    i64::from(*bench::DEPTH_RANGE.start())..=i64::from(*bench::DEPTH_RANGE.end())
}

/// `ferrochamp bench`: its lines on stdout.
///
/// # Errors
/// When the hash table does not fit in memory.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let params = BenchParams {
        depth: args.depth,
        threads: args.threads.map(usize::from),
        hash_mb: args.hash.map(|mb| mb as usize),
    };
    let config = BenchConfig::from_params(&params);
    let outcome = if args.progress { with_progress(&config) } else { bench::run(&config, &|line| println!("{line}")) };
    outcome.map(|_| ()).map_err(|err| err.to_string())
}

/// Runs the bench, printing its lines on stdout, with a bar of positions and
/// nodes/s on stderr.
fn with_progress(config: &BenchConfig) -> Result<u64, HashError> {
    let bar = ferrochamp::progress::bar(bench::positions().len() as u64, "positions", true);
    bar.set_prefix("bench");
    let nodes = AtomicU64::new(0);
    let start = Instant::now();
    let total = bench::run_observed(config, &|line| bar.suspend(|| println!("{line}")), &|searched| {
        let sum = nodes.fetch_add(searched, Ordering::Relaxed) + searched;
        let nps = sum as f64 / start.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("{sum} nodes, {nps:.0} nodes/s"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    total
}
