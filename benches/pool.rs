//! What persistent workers save: one depth-1 search on a pool whose threads
//! are parked and waiting, against the same search on a pool started for it
//! and shut down after it (threads spawned per search). The difference is the
//! start-up cost of a search's threads. Run: `cargo bench --bench pool`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use ferrochamp::board::Position;
use ferrochamp::engine::pool::ThreadPool;
use ferrochamp::search::{MainDuties, NoClock, NoInfo, SearchLimits, SharedState, TranspositionTable};

const THREADS: usize = 2;

fn search_depth_one(pool: &ThreadPool, tt: &Arc<TranspositionTable>, root: &Position) -> u64 {
    let limits = SearchLimits { depth: Some(1), multipv: 1, ..SearchLimits::default() };
    let shared = Arc::new(SharedState::new(Arc::clone(tt), Arc::new(AtomicBool::new(false))));
    let main = MainDuties {
        clock: Arc::new(NoClock(Instant::now())),
        info: Arc::new(NoInfo),
        chess960: false,
        show_wdl: false,
    };
    pool.search(root, &limits, &shared, main).nodes
}

fn bench_pool(c: &mut Criterion) {
    let root = Position::startpos();
    let tt = Arc::new(TranspositionTable::new(1));
    let mut group = c.benchmark_group("pool");
    let parked = ThreadPool::new(THREADS);
    group.bench_function("depth_1_parked_workers", |b| b.iter(|| search_depth_one(&parked, &tt, &root)));
    group.bench_function("depth_1_workers_spawned_per_search", |b| {
        b.iter(|| {
            let pool = ThreadPool::new(THREADS);
            search_depth_one(&pool, &tt, &root)
        });
    });
    group.finish();
}

criterion_group!(benches, bench_pool);
criterion_main!(benches);
