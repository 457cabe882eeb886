//! Tablebase probes inside the tree: a node right after a capture or pawn move
//! with few enough pieces gets its exact value from the WDL tables.
//!
//! Only such "zeroing" nodes are probed: there the fifty-move counter is zero,
//! which is what a WDL table assumes. A result that settles the node is stored
//! in the TT by the search (deeper than the node, as it is exact whatever the
//! depth) and ends the node; in a PV node a win that does not reach beta only
//! raises the floor (and a loss lowers the ceiling), so that the node still
//! finds the moves of the line.

use crate::board::Position;
use crate::search::score::{tb_loss_in, tb_win_in, DRAW};
use crate::search::tt::Bound;

use super::{SearchTables, Wdl};

/// What a probe says about a node.
pub(crate) enum TbVerdict {
    /// The node's score, with its bound: store it and return it.
    Cutoff { score: i32, bound: Bound },
    /// A PV node's score is at least this (a win that did not reach beta).
    Floor(i32),
    /// A PV node's score is at most this (a loss that did not reach alpha).
    Ceiling(i32),
}

/// Probes the WDL tables for `pos`, a non-root node at `ply` searched to
/// `depth` with the window `alpha`..`beta`, when the options allow it.
/// `None`: the node was not probed or the tables had no answer; otherwise the
/// probe counts as a tablebase hit.
pub(crate) fn probe_node(
    tables: &SearchTables,
    pos: &Position,
    ply: usize,
    depth: i32,
    alpha: i32,
    beta: i32,
) -> Option<TbVerdict> {
    if depth < tables.probe_depth
        || pos.halfmove_clock() != 0
        || pos.castling_rights() != 0
        || pos.occupied().count() > tables.max_pieces
    {
        return None;
    }
    let wdl = tables.effective(tables.tables.probe_wdl(pos)?);
    let (score, bound) = match wdl {
        Wdl::Win => (tb_win_in(ply), Bound::Lower),
        Wdl::Loss => (tb_loss_in(ply), Bound::Upper),
        // Cursed and blessed results are draws by rule: scored a hair off
        // zero, so the search still prefers the side with chances.
        Wdl::CursedWin | Wdl::BlessedLoss | Wdl::Draw => (DRAW + wdl.signed(), Bound::Exact),
    };
    let settles = match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    Some(if settles {
        TbVerdict::Cutoff { score, bound }
    } else if bound == Bound::Lower {
        TbVerdict::Floor(score)
    } else {
        TbVerdict::Ceiling(score)
    })
}
