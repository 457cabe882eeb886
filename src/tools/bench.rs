//! `ferrochamp bench [--progress]`: the bench, with a bar on stderr when asked.
//! The bar never touches stdout, whose last line OpenBench reads.

use crate::engine::bench::{self, BenchConfig};
use crate::search::tt::HashError;

/// Runs the bench, printing its lines on stdout; with `progress` a bar of
/// positions and nodes/s goes to stderr.
///
/// # Errors
/// When the hash table does not fit in memory.
pub fn run(config: &BenchConfig, progress: bool) -> Result<u64, HashError> {
    if !progress {
        return bench::run(config, &|line| println!("{line}"));
    }
    let bar = crate::progress::bar(bench::positions().len() as u64, "positions", true);
    bar.set_prefix("bench");
    let nodes = std::sync::atomic::AtomicU64::new(0);
    let start = std::time::Instant::now();
    let total = bench::run_observed(config, &|line| bar.suspend(|| println!("{line}")), &|searched| {
        let sum = nodes.fetch_add(searched, std::sync::atomic::Ordering::Relaxed) + searched;
        let nps = sum as f64 / start.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("{sum} nodes, {nps:.0} nodes/s"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    total
}
