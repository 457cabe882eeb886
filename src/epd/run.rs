//! Searching one suite position the way the engine searches a `go`: the
//! Lazy-SMP pool over a transposition table, both cleared before every
//! position so that no result depends on the positions before it.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crate::board::movegen::has_legal_move;
use crate::board::{Move, Position};
use crate::engine::budget::TimeControl;
use crate::engine::pool::ThreadPool;
use crate::engine::time::{TimeKeeper, TimeManager};
use crate::search::score::mate_in_moves;
use crate::search::tt::TranspositionTable;
use crate::search::{InfoSink, MainDuties, NoClock, SearchLimits, SharedState};

use super::score::InfoPoint;

/// What limits each search: a time, a node count or a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed time per position, enforced as a game's `go movetime` is.
    MoveTime {
        /// Milliseconds per position.
        ms: u64,
    },
    /// At most this many nodes per position.
    Nodes(u64),
    /// Iterations up to this depth per position.
    Depth(u32),
}

/// One finished search.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The move the search chose; `Move::NONE` when the position has none.
    pub best_move: Move,
    /// Centipawns from the side to move, or a mate score.
    pub score: i32,
    /// The last iteration completed (0 if none).
    pub depth: i32,
    /// Nodes searched, all threads together.
    pub nodes: u64,
    /// Wall-clock time of the search, in ms.
    pub time_ms: u64,
    /// The main thread's lines, in order.
    pub lines: Vec<InfoPoint>,
}

impl SearchReport {
    /// Mate distance in moves (negative when mated), `None` for centipawns.
    #[must_use]
    pub fn mate(&self) -> Option<i32> {
        mate_in_moves(self.score)
    }
}

/// The search threads and table, kept across positions and cleared for each.
pub struct SuiteSearcher {
    pool: ThreadPool,
    tt: Arc<TranspositionTable>,
    /// Enforces `movetime` budgets, as in a game.
    time_keeper: TimeKeeper,
}

impl SuiteSearcher {
    /// A pool of `threads` search threads and a table of `hash_mb` MB (each at least 1).
    #[must_use]
    pub fn new(threads: usize, hash_mb: usize) -> SuiteSearcher {
        SuiteSearcher {
            pool: ThreadPool::new(threads.max(1)),
            tt: Arc::new(TranspositionTable::new(hash_mb.max(1))),
            time_keeper: TimeKeeper::start(),
        }
    }

    /// Searches `root` from a clean state within `budget`; with `mate` the
    /// search also stops once it proves a mate that short.
    #[must_use]
    pub fn search(&self, root: &Position, budget: Budget, mate: Option<i32>) -> SearchReport {
        self.tt.clear();
        self.pool.clear();
        let stop = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(SharedState::new(Arc::clone(&self.tt), Arc::clone(&stop)));
        let mut limits = SearchLimits { mate, multipv: 1, ..SearchLimits::default() };
        let start = Instant::now();
        let collector = Arc::new(LineCollector { root: root.clone(), lines: Mutex::new(Vec::new()) });
        let info: Arc<dyn InfoSink + Send> = collector.clone();
        let untimed = |info| MainDuties { clock: Arc::new(NoClock(start)), info, chess960: false, show_wdl: false };
        let outcome = match budget {
            Budget::MoveTime { ms } => {
                let control =
                    TimeControl { movetime: Some(i64::try_from(ms).unwrap_or(i64::MAX)), ..TimeControl::default() };
                let clock = Arc::new(TimeManager::new(&control, 0, start));
                let watch = self.time_keeper.watch(&clock, Arc::clone(&stop));
                let main = MainDuties { clock, info, chess960: false, show_wdl: false };
                let outcome = self.pool.search(root, &limits, &shared, main);
                watch.cancel();
                outcome
            }
            Budget::Nodes(nodes) => {
                limits.nodes = Some(nodes);
                self.pool.search(root, &limits, &shared, untimed(info))
            }
            Budget::Depth(depth) => {
                limits.depth = Some(i32::try_from(depth).unwrap_or(1).max(1));
                self.pool.search(root, &limits, &shared, untimed(info))
            }
        };
        let time_ms = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
        let lines = std::mem::take(&mut *collector.lines.lock().unwrap_or_else(PoisonError::into_inner));
        SearchReport {
            best_move: outcome.result.best_move,
            score: outcome.result.score,
            depth: outcome.result.depth,
            nodes: outcome.nodes,
            time_ms,
            lines,
        }
    }

    /// Does `mv` keep a mate in `moves`? True when it mates at once (with
    /// `moves` = 1), or a search after it proves the opponent mated in at most
    /// `moves - 1` within `budget`.
    #[must_use]
    pub fn keeps_mate(&self, root: &Position, mv: Move, moves: i32, budget: Budget) -> bool {
        let mut after = root.clone();
        after.make_move(mv);
        if !has_legal_move(&after) {
            return after.in_check();
        }
        if moves <= 1 {
            return false;
        }
        let reply = self.search(&after, budget, Some(moves - 1));
        reply.mate().is_some_and(|m| m < 0 && -m < moves)
    }
}

/// Keeps what the main thread's `info` lines say, to find when the final
/// answer first appeared.
struct LineCollector {
    root: Position,
    lines: Mutex<Vec<InfoPoint>>,
}

impl InfoSink for LineCollector {
    fn info(&self, line: &str) {
        if let Some(point) = read_info_line(&self.root, line) {
            self.lines.lock().unwrap_or_else(PoisonError::into_inner).push(point);
        }
    }
}

/// Reads `info depth D ... score cp|mate X [bound] ... time T pv M ...`.
/// Upper-bound lines are left out: after a fail low the first move shown is
/// not a new best move.
fn read_info_line(root: &Position, line: &str) -> Option<InfoPoint> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| tokens.iter().position(|&t| t == key).and_then(|i| tokens.get(i + 1)).copied();
    if tokens.contains(&"upperbound") {
        return None;
    }
    let first_move = root.parse_uci_move(after("pv")?, false).ok()?;
    let depth = after("depth")?.parse().ok()?;
    let time_ms = after("time")?.parse().ok()?;
    let score_at = tokens.iter().position(|&t| t == "score")?;
    let mate = match (tokens.get(score_at + 1), tokens.get(score_at + 2)) {
        (Some(&"mate"), Some(value)) => Some(value.parse().ok()?),
        _ => None,
    };
    Some(InfoPoint { time_ms, depth, first_move, mate })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_and_upper_bounds_left_out() {
        let root = Position::startpos();
        let exact = "info depth 7 seldepth 9 multipv 1 score cp 31 nodes 900 nps 9000 hashfull 1 time 100 pv e2e4 e7e5";
        let point = read_info_line(&root, exact).expect("a line with a move");
        assert_eq!((point.depth, point.time_ms, point.mate), (7, 100, None));
        assert_eq!(root.move_to_uci(point.first_move, false), "e2e4");
        let mate = "info depth 9 seldepth 9 multipv 1 score mate 3 lowerbound nodes 1 nps 1 hashfull 0 time 5 pv d2d4";
        assert_eq!(read_info_line(&root, mate).map(|p| p.mate), Some(Some(3)));
        let upper = "info depth 9 seldepth 9 multipv 1 score cp -3 upperbound nodes 1 nps 1 hashfull 0 time 5 pv d2d4";
        assert_eq!(read_info_line(&root, upper), None);
        assert_eq!(read_info_line(&root, "info depth 0 score mate 0"), None);
    }

    #[test]
    fn a_mate_in_one_is_found_and_kept() {
        let searcher = SuiteSearcher::new(1, 1);
        let root = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("valid");
        let report = searcher.search(&root, Budget::Depth(4), Some(1));
        assert_eq!(report.mate(), Some(1));
        assert_eq!(root.move_to_uci(report.best_move, false), "a1a8");
        assert!(!report.lines.is_empty());
        let ra7 = root.parse_san("Ra7").expect("legal");
        assert!(searcher.keeps_mate(&root, report.best_move, 1, Budget::Depth(4)));
        assert!(!searcher.keeps_mate(&root, ra7, 1, Budget::Depth(4)));
    }
}
