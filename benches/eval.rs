//! Evaluation speed: nanoseconds per `evaluate` over a fixed position set (the
//! perft suite plus positions from fixed pseudo-random games), with a warm pawn
//! hash as in search. Run: `cargo bench --bench eval`; the time per iteration
//! divided by the position count (printed) is the time per evaluation, and the
//! throughput line gives evaluations per second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{MoveList, Position};
use ferrochamp::eval::{evaluate, PawnTable};

const PERFT_SUITE: &str = include_str!("../tests/data/perftsuite_standard.epd");

/// The positions of the set: deterministic, so runs compare.
fn positions() -> Vec<Position> {
    let mut out: Vec<Position> = PERFT_SUITE
        .lines()
        .filter_map(|line| line.split(';').next())
        .filter_map(|fen| Position::from_fen(fen.trim()).ok())
        .collect();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut moves = MoveList::new();
    for _ in 0..20 {
        let mut pos = Position::startpos();
        for _ in 0..100 {
            moves.clear();
            generate_legal(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves.as_slice()[(state % moves.len() as u64) as usize];
            pos.make_move(mv);
            out.push(pos.clone());
        }
    }
    out
}

fn bench_evaluate(c: &mut Criterion) {
    let positions = positions();
    println!("eval bench: {} positions per iteration", positions.len());
    let mut pawns = PawnTable::new();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("evaluate_warm_pawn_hash", |b| {
        b.iter(|| positions.iter().map(|pos| i64::from(evaluate(black_box(pos), &mut pawns))).sum::<i64>());
    });
    group.bench_function("evaluate_cold_pawn_hash", |b| {
        b.iter(|| {
            pawns.clear();
            positions.iter().map(|pos| i64::from(evaluate(black_box(pos), &mut pawns))).sum::<i64>()
        });
    });
    group.finish();
}

criterion_group!(benches, bench_evaluate);
criterion_main!(benches);
