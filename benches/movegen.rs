//! Move generation and make/unmake over the 128 positions of the standard
//! perft suite. Throughput is counted in positions (generation) or in moves
//! made and unmade.
//!
//! Run with `cargo bench --bench movegen`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrochamp::board::movegen::{generate_legal, generate_noisy, generate_quiet};
use ferrochamp::board::{MoveList, Position};

const SUITE: &str = include_str!("../tests/data/perftsuite_standard.epd");

/// The suite's positions: the text before the first `;` of each line.
fn suite_positions() -> Vec<Position> {
    SUITE
        .lines()
        .filter_map(|line| line.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty())
        .map(|fen| Position::from_fen(fen).unwrap_or_else(|err| panic!("suite FEN {fen}: {err}")))
        .collect()
}

fn bench_generation(c: &mut Criterion) {
    let positions = suite_positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("generate_legal", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                let mut list = MoveList::new();
                generate_legal(black_box(pos), &mut list);
                total += list.len();
            }
            total
        });
    });
    group.bench_function("generate_noisy + generate_quiet", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                let mut list = MoveList::new();
                generate_noisy(black_box(pos), &mut list);
                generate_quiet(black_box(pos), &mut list);
                total += list.len();
            }
            total
        });
    });
    group.finish();
}

fn bench_make_unmake(c: &mut Criterion) {
    let mut positions = suite_positions();
    let lists: Vec<MoveList> = positions
        .iter()
        .map(|pos| {
            let mut list = MoveList::new();
            generate_legal(pos, &mut list);
            list
        })
        .collect();
    let moves: usize = lists.iter().map(MoveList::len).sum();
    let mut group = c.benchmark_group("make_unmake");
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("every legal move of the suite", |b| {
        b.iter(|| {
            let mut keys = 0u64;
            for (pos, list) in positions.iter_mut().zip(&lists) {
                for &mv in list {
                    pos.make_move(black_box(mv));
                    keys ^= pos.key();
                    pos.unmake_move();
                }
            }
            keys
        });
    });
    group.finish();
}

criterion_group!(benches, bench_generation, bench_make_unmake);
criterion_main!(benches);
