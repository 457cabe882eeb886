//! Tablebase probes inside the tree: a node right after a capture or pawn move
//! with few enough pieces gets its exact value from the WDL tables.
//!
//! Only such "zeroing" nodes are probed: there the fifty-move counter is zero,
//! which is what a WDL table assumes. The result goes into the TT (deeper than
//! the node, as it is exact whatever the depth) and usually ends the node; in a
//! PV node a win that does not reach beta only raises the floor (and a loss
//! lowers the ceiling), so that the node still finds the moves of the line.

use std::sync::atomic::Ordering;

use crate::board::Move;
use crate::tablebase::Wdl;

use super::run::{SearchRun, EVAL_NONE};
use super::score::{tb_loss_in, tb_win_in, DRAW, MAX_DEPTH};
use super::tt::{Bound, TtStore};

/// TB results are stored this much deeper than the node that probed them.
const TB_STORE_DEPTH_BONUS: i32 = 6;

/// What a probe says about a node.
pub(super) enum TbVerdict {
    /// The node's score: return it.
    Cutoff(i32),
    /// A PV node's score is at least this (a win that did not reach beta).
    Floor(i32),
    /// A PV node's score is at most this (a loss that did not reach alpha).
    Ceiling(i32),
}

impl SearchRun<'_> {
    /// Probes the WDL tables at a non-root node when the options allow it.
    pub(super) fn probe_tablebase(&mut self, ply: usize, depth: i32, alpha: i32, beta: i32) -> Option<TbVerdict> {
        let tables = self.shared.tablebase.as_ref()?;
        if depth < tables.probe_depth
            || self.pos.halfmove_clock() != 0
            || self.pos.castling_rights() != 0
            || self.pos.occupied().count() > tables.max_pieces
        {
            return None;
        }
        let wdl = tables.effective(tables.tables.probe_wdl(&self.pos)?);
        self.shared.progress.tb_hits.fetch_add(1, Ordering::Relaxed);
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
        if settles {
            let store = TtStore {
                mv: Move::NONE,
                score,
                static_eval: EVAL_NONE,
                depth: (depth + TB_STORE_DEPTH_BONUS).min(MAX_DEPTH),
                bound,
                is_pv: beta - alpha > 1,
            };
            self.tt.store(self.pos.key(), ply, &store);
            return Some(TbVerdict::Cutoff(score));
        }
        Some(if bound == Bound::Lower { TbVerdict::Floor(score) } else { TbVerdict::Ceiling(score) })
    }
}
