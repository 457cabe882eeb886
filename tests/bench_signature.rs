//! The bench node count is the signature of the search and evaluation: every
//! commit that changes either ends its message with `Bench: N`, and this test
//! keeps the code and that number together. A change here that was not meant
//! to alter search or evaluation is a bug; one that was meant to updates the
//! constant and the commit message.

use ferrochamp::engine::bench::{self, BenchConfig};
use ferrochamp::uci::BenchParams;

const EXPECTED_BENCH_NODES: u64 = 3_146_759;

#[test]
fn bench_node_count_matches_the_signature() {
    let config = BenchConfig::from_params(&BenchParams::default());
    let first = bench::run(&config, &|_| {}).expect("16 MB of hash fit");
    assert_eq!(first, EXPECTED_BENCH_NODES, "bench signature changed: update it with the commit's `Bench:` line");
}

#[test]
fn bench_positions_all_parse() {
    assert_eq!(bench::positions().len(), 50);
}
