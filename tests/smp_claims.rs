//! Lazy SMP node claims (`BusyNodeReduction`, `search/claims.rs`) with two
//! threads: they do meet each other inside nodes, and leave no claim behind.
//! The one-thread case (no change at all) is in `search_params.rs`.
//!
//! A file of its own because it sets a process-wide tunable.

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use common::position::{legal_moves, position};
use common::search::depth_limits;
use ferrochamp::engine::pool::ThreadPool;
use ferrochamp::search::tunables::BUSY_NODE_REDUCTION;
use ferrochamp::search::{MainDuties, NoClock, NoInfo, SharedState, TranspositionTable};

#[test]
fn two_threads_meet_in_claimed_nodes_and_release_every_claim() {
    BUSY_NODE_REDUCTION.set(2).expect("in range");
    let pos = position("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9");
    let tt = Arc::new(TranspositionTable::new(16));
    let shared = Arc::new(SharedState::new(tt, Arc::new(AtomicBool::new(false))));
    let main = MainDuties {
        clock: Arc::new(NoClock(Instant::now())),
        info: Arc::new(NoInfo),
        chess960: false,
        show_wdl: false,
    };
    // The pool answers once thread 0 has collected every helper's result: all have left the tree.
    let answer = ThreadPool::new(2).search(&pos, &depth_limits(12), &shared, main);
    let claims = &shared.progress.claims;
    assert!(legal_moves(&pos).contains(&answer.result.best_move), "{:?}", answer.result);
    assert!(claims.busy_meetings() > 0, "two threads never met: {claims:?}");
    assert_eq!(claims.held(), 0, "claims left behind: {claims:?}");
}
