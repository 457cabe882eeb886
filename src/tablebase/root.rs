//! Root moves by the tables: keep only the moves that hold the best result, so
//! that the search, free to choose among them by its own lights, can neither
//! spoil a win (nor let the fifty-move rule take it) nor lose a draw.
//!
//! With a DTZ table every move is ranked by its value counting the root's
//! fifty-move counter: a move "wins" only if the next capture or pawn move
//! comes in time. Keeping every such move lets the search pick natural moves
//! (and find mates); the counter makes the set shrink as it runs, down to the
//! DTZ-optimal moves when time is short, so the win is always converted. When
//! the position has already occurred in the game only the DTZ-optimal moves
//! are kept, so the search cannot cycle. Without a DTZ table the moves are
//! ranked by the WDL value of the position after each move.

use crate::board::{Move, Position};
use crate::search::score::{tb_loss_in, tb_win_in, MAX_PLY};

use super::{MoveDtz, SearchTables, Wdl};

/// The root moves the tables allow, each with the score to report for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootFilter {
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
    let (ranked, probes) = match tables.tables.probe_root_moves(pos) {
        Some(moves) => (moves, 1),
        None => wdl_only(tables, pos)?,
    };
    let ranked: Vec<MoveDtz> = ranked.into_iter().filter(|m| candidates.contains(&m.mv)).collect();
    let best = ranked.iter().map(|m| tables.effective(m.wdl)).max()?;
    let mut kept: Vec<MoveDtz> = ranked.into_iter().filter(|m| tables.effective(m.wdl) == best).collect();
    if best == Wdl::Win && has_occurred_before(pos) {
        let shortest = kept.iter().map(|m| m.dtz).min().unwrap_or(0);
        kept.retain(|m| m.dtz == shortest);
    }
    let moves = kept.iter().map(|m| (m.mv, report_score(tables.effective(m.wdl), m.dtz))).collect();
    Some(RootFilter { moves, probes })
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
