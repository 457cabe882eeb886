//! Static exchange evaluation speed: `see` and the threshold test `see_ge` over
//! every capture of a fixed position set (the perft suite and the bench
//! positions). Run: `cargo bench --bench see`; the time per iteration divided
//! by the capture count (printed) is the time per exchange.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrochamp::board::movegen::generate_noisy;
use ferrochamp::board::{Move, MoveList, Position};
use ferrochamp::engine::bench;
use ferrochamp::search::see::{see, see_ge};

const PERFT_SUITE: &str = include_str!("../tests/data/perftsuite_standard.epd");

/// Every noisy move of every position of the set, with its position.
fn exchanges() -> Vec<(Position, Move)> {
    let suite = PERFT_SUITE
        .lines()
        .filter_map(|line| line.split(';').next())
        .filter_map(|fen| Position::from_fen(fen.trim()).ok());
    let mut out = Vec::new();
    let mut noisy = MoveList::new();
    for pos in suite.chain(bench::positions()) {
        noisy.clear();
        generate_noisy(&pos, &mut noisy);
        out.extend(noisy.iter().map(|&mv| (pos.clone(), mv)));
    }
    out
}

fn bench_see(c: &mut Criterion) {
    let exchanges = exchanges();
    println!("see bench: {} exchanges per iteration", exchanges.len());
    let mut group = c.benchmark_group("see");
    group.throughput(Throughput::Elements(exchanges.len() as u64));
    group.bench_function("see_value", |b| {
        b.iter(|| exchanges.iter().map(|(pos, mv)| i64::from(see(black_box(pos), *mv))).sum::<i64>());
    });
    group.bench_function("see_ge_zero", |b| {
        b.iter(|| exchanges.iter().filter(|(pos, mv)| see_ge(black_box(pos), *mv, 0)).count());
    });
    group.finish();
}

criterion_group!(benches, bench_see);
criterion_main!(benches);
