//! `bench`: a fixed-depth search over fixed positions. With one thread its
//! node count is the same on every run and every machine: the signature that
//! commits changing search or evaluation carry (`Bench: N`).
//!
//! The summary line `<N> nodes <M> nps` is the last thing printed, so that
//! OpenBench, which reads from the bottom, finds it.

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::pool::ThreadPool;
use crate::board::Position;
use crate::search::tt::{HashError, TranspositionTable};
use crate::search::{MainDuties, NoClock, NoInfo, SearchLimits, SharedState};
use crate::uci::options::names;
use crate::uci::{BenchParams, OptionTable, SpinRange};

/// The bench positions: openings, middlegames, endgames and a few Chess960 starts.
const POSITIONS: &str = include_str!("bench_positions.epd");

/// Depth of `bench` without an argument: the depth of the `Bench:` signature.
pub const DEFAULT_DEPTH: u32 = 14;
/// The depths `bench` accepts (deeper ones are clamped to the last).
pub const DEPTH_RANGE: RangeInclusive<u32> = 1..=64;

/// The default and range of `Threads` or `Hash` for the bench: those of the UCI
/// option (`uci-options.toml`).
///
/// # Panics
/// Only if the embedded table lost the option, which the unit tests rule out.
#[must_use]
pub fn option_range(name: &str) -> SpinRange {
    match OptionTable::builtin().spin_range(name) {
        Some(range) => range,
        None => panic!("uci-options.toml has no spin option {name}"),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// What one `bench` run searches with.
pub struct BenchConfig {
    /// Fixed depth of every position's search.
    pub depth: u32,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
}

impl BenchConfig {
    /// The configuration of a `bench [depth] [threads] [hash]` command, defaults filled in and values clamped.
    #[must_use]
    pub fn from_params(params: &BenchParams) -> BenchConfig {
        BenchConfig {
            depth: params.depth.unwrap_or(DEFAULT_DEPTH).clamp(*DEPTH_RANGE.start(), *DEPTH_RANGE.end()),
            threads: option_range(names::THREADS).count_within(params.threads),
            hash_mb: option_range(names::HASH).count_within(params.hash_mb),
        }
    }
}

/// The bench positions, parsed.
#[must_use]
pub fn positions() -> Vec<Position> {
    POSITIONS.lines().filter(|line| !line.trim().is_empty()).filter_map(|fen| Position::from_fen(fen).ok()).collect()
}

/// Runs the bench, printing through `print`; returns the total node count.
///
/// # Errors
/// When the hash table does not fit in memory.
pub fn run(config: &BenchConfig, print: &dyn Fn(&str)) -> Result<u64, HashError> {
    run_observed(config, print, &|_| {})
}

/// [`run`], calling `on_position` with each position's node count as it ends
/// (for a progress bar).
///
/// # Errors
/// When the hash table does not fit in memory.
pub fn run_observed(config: &BenchConfig, print: &dyn Fn(&str), on_position: &dyn Fn(u64)) -> Result<u64, HashError> {
    let tt = Arc::new(TranspositionTable::try_new(config.hash_mb)?);
    let pool = ThreadPool::new(config.threads);
    let limits =
        SearchLimits { depth: Some(i32::try_from(config.depth).unwrap_or(1)), multipv: 1, ..SearchLimits::default() };
    let start = Instant::now();
    let mut total = 0;
    for (index, root) in positions().iter().enumerate() {
        tt.clear();
        pool.clear();
        let shared = Arc::new(SharedState::new(Arc::clone(&tt), Arc::new(AtomicBool::new(false))));
        let searched_from = Instant::now();
        let main = MainDuties {
            clock: Arc::new(NoClock(searched_from)),
            info: Arc::new(NoInfo),
            chess960: true,
            show_wdl: false,
        };
        let outcome = pool.search(root, &limits, &shared, main);
        let time_ms = searched_from.elapsed().as_millis();
        total += outcome.nodes;
        on_position(outcome.nodes);
        let best = root.move_to_uci(outcome.result.best_move, true);
        print(&format!(
            "position {:>2}: best {best:<6} nodes {:>10} time {time_ms:>6}  {}",
            index + 1,
            outcome.nodes,
            root.to_fen()
        ));
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-6);
    print(&format!("{total} nodes {} nps", (total as f64 / elapsed) as u64));
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_threads_and_hash_follow_the_option_table() {
        for name in [names::THREADS, names::HASH] {
            let range = option_range(name);
            assert!(range.bounds().contains(&range.default), "{name}: {range:?}");
        }
        let params = BenchParams { depth: Some(500), threads: Some(100_000), hash_mb: None };
        let config = BenchConfig::from_params(&params);
        assert_eq!(config.depth, *DEPTH_RANGE.end());
        assert_eq!(config.threads as i64, option_range(names::THREADS).max);
        assert_eq!(config.hash_mb as i64, option_range(names::HASH).default);
    }
}
