//! Fixed-depth search speed: one thread searches the first bench positions to
//! a fixed depth on a fresh table with cleared histories, as `bench` does.
//! Run: `cargo bench --bench search`. The node count per iteration is printed
//! (it is fixed, one thread being deterministic), so time per iteration also
//! gives nodes per second.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrochamp::board::Position;
use ferrochamp::engine::bench;
use ferrochamp::search::{SearchLimits, SharedState, TranspositionTable, Worker};

const POSITIONS: usize = 8;
const DEPTH: i32 = 9;
const HASH_MB: usize = 16;

/// Searches every position to `DEPTH` from a clean state; returns the nodes.
fn search_all(positions: &[Position], searcher: &mut Worker, tt: &Arc<TranspositionTable>) -> u64 {
    let limits = SearchLimits { depth: Some(DEPTH), multipv: 1, ..SearchLimits::default() };
    let mut total = 0;
    for pos in positions {
        tt.clear();
        searcher.clear();
        let shared = SharedState::new(Arc::clone(tt), Arc::new(AtomicBool::new(false)));
        let result = searcher.search(pos, &shared, &limits, None);
        assert!(result.best_move.is_some(), "every bench position has a move");
        total += shared.progress.nodes.load(Ordering::Relaxed);
    }
    total
}

fn bench_search(c: &mut Criterion) {
    let positions: Vec<Position> = bench::positions().into_iter().take(POSITIONS).collect();
    let mut searcher = Worker::new();
    let tt = Arc::new(TranspositionTable::new(HASH_MB));
    let nodes = search_all(&positions, &mut searcher, &tt);
    println!("search bench: {nodes} nodes per iteration ({POSITIONS} positions, depth {DEPTH})");
    let mut group = c.benchmark_group("search");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("depth_{DEPTH}_{POSITIONS}_positions"), |b| {
        b.iter(|| search_all(&positions, &mut searcher, &tt));
    });
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
