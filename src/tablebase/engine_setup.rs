//! The controller's side of the Syzygy tablebases: (re)loading them when
//! `SyzygyPath` changes, the per-search probing options, and narrowing a
//! search's root moves to those the tables allow.

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::root::filter_root_moves;
use super::{SearchTables, Tablebase};
use crate::engine::go::GoPlan;
use crate::uci::options::names;
use crate::uci::OptionValues;

/// How long to wait for the last search thread to let go of the old tables.
const RELEASE_TIMEOUT: Duration = Duration::from_secs(5);

/// Drops `current` (the prober holds one set per process, so the old set must
/// be gone before a new one loads) and loads the tables of `path`. Returns the
/// new tables and the lines to show the user.
pub(crate) fn reload(current: Option<Arc<Tablebase>>, path: &str) -> (Option<Arc<Tablebase>>, Vec<String>) {
    if let Some(old) = current {
        if !release(old) {
            return (None, vec!["Syzygy: the old tables are still in use; SyzygyPath not applied".into()]);
        }
    }
    let outcome = Tablebase::load(path);
    (outcome.tables.map(Arc::new), outcome.messages)
}

/// Waits until no one else holds `tables`, then drops them. A search thread
/// may still be returning its last reference when the controller gets here.
fn release(mut tables: Arc<Tablebase>) -> bool {
    let start = Instant::now();
    loop {
        match Arc::try_unwrap(tables) {
            Ok(alone) => {
                drop(alone);
                return true;
            }
            Err(shared) if start.elapsed() < RELEASE_TIMEOUT => {
                tables = shared;
                thread::sleep(Duration::from_millis(2));
            }
            Err(_) => return false,
        }
    }
}

/// The tables with this search's options; `None` when there are no tables or
/// `SyzygyProbeLimit` is 0, so that the search runs exactly as without them.
#[must_use]
pub(crate) fn search_tables(tables: Option<&Arc<Tablebase>>, options: &OptionValues) -> Option<SearchTables> {
    let tables = tables?;
    let limit = u32::try_from(options.spin(names::SYZYGY_PROBE_LIMIT)).unwrap_or(0);
    let max_pieces = limit.min(tables.largest());
    (max_pieces > 0).then(|| SearchTables {
        tables: Arc::clone(tables),
        max_pieces,
        probe_depth: i32::try_from(options.spin(names::SYZYGY_PROBE_DEPTH)).unwrap_or(1),
        use_rule50: options.check(names::SYZYGY_50_MOVE_RULE),
    })
}

/// Narrows the plan's root moves to those the tables rank best (within the
/// `searchmoves`, if given) and hands their scores to the search. Returns the
/// number of probes made.
pub(crate) fn restrict_root_moves(plan: &mut GoPlan, tables: &SearchTables) -> u64 {
    let Some(filter) = filter_root_moves(tables, &plan.root, &plan.candidates) else { return 0 };
    let kept: Vec<_> = filter.moves.iter().map(|&(mv, _)| mv).collect();
    if kept.is_empty() {
        return filter.probes;
    }
    plan.candidates.clone_from(&kept);
    plan.single_reply = kept.len() == 1;
    plan.limits.multipv = plan.limits.multipv.clamp(1, kept.len());
    plan.limits.searchmoves = kept;
    plan.limits.tablebase_scores = filter.moves;
    filter.probes
}
