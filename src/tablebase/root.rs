//! Root moves by the tables: keep only the moves that hold the best result, so
//! that the search, free to choose among them by its own lights, can neither
//! spoil a win (nor let the fifty-move rule take it) nor lose a draw.
//!
//! With a DTZ table every move is ranked by its value counting the root's
//! fifty-move counter: a move "wins" only if the next capture, pawn move or
//! mate comes in time. All moves that win with a ply to spare rank equal, so
//! the search picks natural moves (and finds mates); the counter makes that set
//! shrink as it runs, and once it is empty only the DTZ-optimal moves are kept,
//! so the win is always converted. The spare ply covers DTZ values that the
//! tables store rounded by one. When the position has already occurred in the
//! game only DTZ-optimal moves are kept, so the search cannot cycle. Without a
//! DTZ table the moves are ranked by the WDL value after each move.

use crate::board::{Move, Position};
use crate::search::score::{tb_loss_in, tb_win_in, MAX_PLY};

use super::{MoveDtz, SearchTables, Wdl};

/// The root moves the tables allow, each with the score to report for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootFilter {
    /// The moves kept, each with the score to report for it.
    pub moves: Vec<(Move, i32)>,
    /// Table probes made (counted as `tbhits`).
    pub probes: u64,
}

/// Ranks `candidates` (legal moves of `pos`) by the tables; `None` when the
/// root cannot be probed (castling rights, too many pieces, missing tables).
#[must_use]
pub fn filter_root_moves(tables: &SearchTables, pos: &Position, candidates: &[Move]) -> Option<RootFilter> {
    if candidates.is_empty() || pos.occupied().count() > tables.max_pieces || !tables.tables.covers(pos) {
        return None;
    }
    let (ranked, probes, distances_known) = match tables.tables.probe_root_moves(pos) {
        Some(moves) => (moves, 1, true),
        None => {
            let (moves, probes) = wdl_only(tables, pos)?;
            (moves, probes, false)
        }
    };
    let context = RankContext {
        clock: pos.halfmove_clock(),
        use_rule50: tables.use_rule50,
        repeated: has_occurred_before(pos),
        distances_known,
    };
    let ranked: Vec<(MoveDtz, Rank)> =
        ranked.into_iter().filter(|m| candidates.contains(&m.mv)).map(|m| (m, context.rank(&m))).collect();
    let best = ranked.iter().map(|(_, rank)| *rank).max()?;
    let moves =
        ranked.iter().filter(|(_, rank)| *rank == best).map(|(m, rank)| (m.mv, report_score(rank.0, m.dtz))).collect();
    Some(RootFilter { moves, probes })
}

/// A move's result, then a tiebreak within it (higher is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank(Wdl, i64);

/// What a move's rank depends on besides the move.
struct RankContext {
    /// The root's fifty-move counter.
    clock: u32,
    use_rule50: bool,
    repeated: bool,
    distances_known: bool,
}

impl RankContext {
    /// Wins within the fifty-move rule with a ply to spare all rank equal; other
    /// wins (and all wins in a repeated position) rank by distance to zeroing.
    fn rank(&self, m: &MoveDtz) -> Rank {
        if !self.distances_known {
            return Rank(m.wdl.counting_rule50(self.use_rule50), 0);
        }
        let reach = i64::from(m.dtz) + i64::from(self.clock);
        match m.wdl {
            Wdl::Win | Wdl::CursedWin => {
                let result = if reach <= 100 || !self.use_rule50 { Wdl::Win } else { Wdl::CursedWin };
                let comfortable = reach < 100 && !self.repeated;
                Rank(result, if comfortable { 0 } else { -i64::from(m.dtz) })
            }
            Wdl::Loss | Wdl::BlessedLoss => {
                let result = if reach <= 100 || !self.use_rule50 { Wdl::Loss } else { Wdl::BlessedLoss };
                Rank(result, 0)
            }
            Wdl::Draw => Rank(Wdl::Draw, 0),
        }
    }
}

/// Without a DTZ table: the WDL value after each move (no distances known).
fn wdl_only(tables: &SearchTables, pos: &Position) -> Option<(Vec<MoveDtz>, u64)> {
    let mut legal = crate::board::MoveList::new();
    crate::board::movegen::generate_legal(pos, &mut legal);
    let mut after = pos.clone();
    let mut moves = Vec::with_capacity(legal.len());
    for &mv in legal.iter() {
        after.make_move(mv);
        let wdl = if after.in_check() && !crate::board::movegen::has_legal_move(&after) {
            Some(Wdl::Loss)
        } else {
            tables.tables.probe_wdl(&after)
        };
        after.unmake_move();
        moves.push(MoveDtz { mv, wdl: wdl?.flip(), dtz: UNKNOWN_DTZ });
    }
    let probes = moves.len() as u64;
    Some((moves, probes))
}

/// The distance reported for a WDL-only ranking.
const UNKNOWN_DTZ: u32 = MAX_PLY as u32 - 1;

/// The score shown for a root move: a win or loss in the tablebase band, the
/// nearer the zeroing move the larger; cursed results just off zero.
fn report_score(wdl: Wdl, dtz: u32) -> i32 {
    let distance = dtz.min(MAX_PLY as u32 - 1) as usize;
    match wdl {
        Wdl::Win => tb_win_in(distance),
        Wdl::CursedWin => 2,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -2,
        Wdl::Loss => tb_loss_in(distance),
    }
}

/// Has the root position already occurred in the game?
fn has_occurred_before(pos: &Position) -> bool {
    pos.is_repetition(usize::MAX)
}
