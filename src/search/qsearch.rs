//! Quiescence search: at the horizon, resolve captures (and queen promotions)
//! until the position is quiet, so that the static eval is never taken in the
//! middle of an exchange.
//!
//! Not in check: stand pat on the static eval, then captures by MVV-LVA, skipping
//! those that cannot reach alpha (delta pruning) or lose material (SEE).
//! In check: no stand pat and every evasion, so that a mate inside quiescence
//! scores as a mate and not as the eval of an illegal "pass".

use crate::board::Move;

use super::params::DELTA_MARGIN;
use super::picker::{MovePicker, OrderingHints, PickerMode};
use super::score::{mated_in, INFINITE};
use super::see::{see_ge, see_value};
use super::tt::{Bound, TtStore};
use super::worker::Worker;

/// Quiescence results are stored at this depth, below every real search depth.
const QSEARCH_DEPTH: i32 = 0;

impl Worker<'_> {
    pub fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv.clear(ply);
        if self.visit_node(ply) {
            return 0;
        }
        let in_check = self.pos.in_check();
        if let Some(score) = self.draw_or_horizon(ply, in_check) {
            return score;
        }
        let tt_hit = self.shared.tt.probe(self.pos.key(), ply);
        if !pv_node {
            if let Some(score) = tt_hit.and_then(|hit| self.tt_cutoff(&hit, QSEARCH_DEPTH, alpha, beta)) {
                return score;
            }
        }
        let (static_eval, stand_pat) = self.node_evals(in_check, tt_hit.as_ref());
        let mut best_score = if in_check { -INFINITE } else { stand_pat };
        if best_score >= beta {
            return best_score;
        }
        alpha = alpha.max(best_score);
        let hints = OrderingHints {
            tt_move: tt_hit.map_or(Move::NONE, |hit| hit.mv),
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            keys: self.continuation_keys(ply),
        };
        let mut picker = MovePicker::new(&self.pos, PickerMode::Quiescence, hints);
        let mut best_move = Move::NONE;
        let mut move_count = 0;
        while let Some(mv) = picker.next(&self.pos, self.histories) {
            move_count += 1;
            if !in_check && self.capture_is_futile(mv, static_eval, alpha) {
                continue;
            }
            self.make_move(mv, ply);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.pv.update(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && move_count == 0 {
            return mated_in(ply);
        }
        self.store_qsearch(ply, best_score, beta, best_move, static_eval, pv_node);
        best_score
    }

    /// Delta pruning (even winning the captured piece with a margin cannot reach
    /// alpha) and SEE pruning (the exchange loses material).
    fn capture_is_futile(&self, mv: Move, static_eval: i32, alpha: i32) -> bool {
        if !mv.is_promotion() {
            let gain = self.pos.captured_piece_type(mv).map_or(0, see_value);
            if static_eval + gain + DELTA_MARGIN <= alpha {
                return true;
            }
        }
        !see_ge(&self.pos, mv, 0)
    }

    fn store_qsearch(
        &mut self,
        ply: usize,
        best_score: i32,
        beta: i32,
        best_move: Move,
        static_eval: i32,
        pv_node: bool,
    ) {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let store =
            TtStore { mv: best_move, score: best_score, static_eval, depth: QSEARCH_DEPTH, bound, is_pv: pv_node };
        self.shared.tt.store(self.pos.key(), ply, &store);
    }
}
