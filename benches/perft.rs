//! Perft speed: start position depth 5 and Kiwipete depth 4, reported as
//! nodes per second (criterion's "elements").
//!
//! Run with `cargo bench --bench perft`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrochamp::board::perft::perft;
use ferrochamp::board::Position;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (name, FEN, depth, node count): the counts double as a correctness check.
const CASES: [(&str, Option<&str>, u8, u64); 2] =
    [("startpos depth 5", None, 5, 4_865_609), ("kiwipete depth 4", Some(KIWIPETE), 4, 4_085_603)];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    // Each iteration is millions of nodes: ten samples are plenty.
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let mut pos = match fen {
            None => Position::startpos(),
            Some(fen) => Position::from_fen(fen).expect("benchmark FEN is valid"),
        };
        assert_eq!(perft(&mut pos, depth.into()), nodes, "{name}: wrong node count, fix before timing");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut pos), black_box(depth).into())));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
