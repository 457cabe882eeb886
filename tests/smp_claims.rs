//! Lazy SMP node claims (`BusyNodeReduction`, `search/claims.rs`) with two
//! threads: they do meet each other inside nodes, and leave no claim behind.
//! The one-thread case (no change at all) is in `search_params.rs`.
//!
//! A file of its own because it sets a process-wide tunable.

mod search_support;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ferrochamp::board::Position;
use ferrochamp::search::tunables::BUSY_NODE_REDUCTION;
use ferrochamp::search::{MainDutiesView, NoClock, SearchProgress, SharedStateView, ThreadData, TranspositionTable};
use search_support::{depth_limits, legal_moves, Lines};

/// As the engine's pool gives its search threads: the search recurses deeply.
const STACK_BYTES: usize = 32 * 1024 * 1024;

#[test]
fn two_threads_meet_in_claimed_nodes_and_release_every_claim() {
    BUSY_NODE_REDUCTION.set(2).expect("in range");
    let pos = Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9").expect("FEN");
    let tt = TranspositionTable::new(16);
    let (stop, progress) = (AtomicBool::new(false), SearchProgress::default());
    let shared = SharedStateView { tt: &tt, stop: &stop, progress: &progress, tablebase: None };
    let limits = depth_limits(12);
    let (lines, clock) = (Lines::default(), NoClock(Instant::now()));
    let duties = MainDutiesView { clock: &clock, info: &lines, chess960: false, show_wdl: false };
    let result = std::thread::scope(|scope| {
        let helper = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || ThreadData::new().search(&pos, &shared, &limits, None))
            .expect("helper thread");
        let main = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || ThreadData::new().search(&pos, &shared, &limits, Some(&duties)))
            .expect("main thread");
        let result = main.join().expect("main worker");
        helper.join().expect("helper");
        result
    });
    assert!(legal_moves(&pos).contains(&result.best_move), "{result:?}");
    assert!(progress.claims.busy_meetings() > 0, "two threads never met: {:?}", progress.claims);
    assert_eq!(progress.claims.held(), 0, "claims left behind: {:?}", progress.claims);
}
