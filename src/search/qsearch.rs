//! Quiescence search: at the horizon, resolve captures (and queen promotions)
//! until the position is quiet, so that the static eval is never taken in the
//! middle of an exchange.
//!
//! Not in check: stand pat on the static eval, then captures by MVV-LVA, skipping
//! those that cannot reach alpha (delta pruning) or lose material (SEE).
//! In check: no stand pat and every evasion, so that a mate inside quiescence
//! scores as a mate and not as the eval of an illegal "pass".
//! In a decided game (`score::is_lopsided`), at the first ply (the node a
//! main-search node hands over), not in check and after the captures: the
//! quiet checks that do not lose material, so that a mate one quiet check
//! beyond the horizon is seen (the replies are evasions). Long mates at a
//! million nodes: 183 of 220 found without them, 187 with (docs/results.md).
//! Even games never try them, and search exactly as without.
//!
//! Its steps are numbered Q1 … Q6 (step 2 of a node in `negamax.rs`); none has
//! been measured on its own in the README's technique table.

use crate::board::movegen::generate_quiet;
use crate::board::{Move, MoveList, Threats};

use super::history::QuietContext;
use super::params::delta_margin;
use super::picker::{MovePicker, OrderingHints, PickerMode};
use super::run::SearchRun;
use super::score::{mated_in, INFINITE, TB_WIN_BOUND};
use super::see::{see_ge, see_value};
use super::tt::{Bound, TtStore};

/// Quiescence results that tried the quiet checks are stored at this depth,
/// below every real search depth.
const QSEARCH_DEPTH: i32 = 0;
/// Not in check, only the first this many captures are searched, besides
/// recaptures, promotions and checks: the picker tries the most promising
/// first, and a later one rarely changes the verdict of a quiet-ish position.
/// With the evasion limit, two-ply IIR and root LMR: +8.2 Elo (docs/results.md).
const CAPTURES_SEARCHED: usize = 2;
/// In check, once an evasion is known to hold, at most this many quiet evasions.
const QUIET_EVASIONS_SEARCHED: usize = 2;
/// Quiescence results without the quiet checks (below the first ply): they
/// must not settle a first-ply node, which would have tried them.
const QSEARCH_NO_CHECKS_DEPTH: i32 = -1;

/// A quiescence node's state for its move loop.
struct QNode {
    ply: usize,
    alpha: i32,
    beta: i32,
    pv_node: bool,
    in_check: bool,
    /// The evaluation function's verdict, as stored in the TT.
    raw_eval: i32,
    /// `raw_eval` plus the correction history's learned error.
    static_eval: i32,
    best_score: i32,
    best_move: Move,
    /// The first quiescence ply of a decided game, not in check: quiet checks
    /// follow the captures.
    checks: bool,
}

impl SearchRun<'_> {
    /// Quiescence from a main-search node: in a decided game its first ply
    /// tries quiet checks.
    pub fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.qsearch_node(alpha, beta, ply, self.lopsided)
    }

    fn qsearch_node(&mut self, alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        let qdepth = self.qsearch_store_depth(checks);
        let pv_node = beta - alpha > 1;
        // Step Q1. Count the node, unwind on stop; draws by rule and the deepest ply (unmeasured).
        self.pv.clear(ply);
        if self.visit_node(ply) {
            return 0;
        }
        let in_check = self.pos.in_check();
        if let Some(score) = self.draw_or_horizon(ply, in_check) {
            return score;
        }
        // Step Q2. Transposition table probe, cut-off at non-PV nodes (unmeasured).
        let tt_hit = self.tt.probe(self.pos.key(), ply);
        if !pv_node {
            if let Some(score) = tt_hit.and_then(|hit| self.tt_cutoff(&hit, qdepth, alpha, beta)) {
                return score;
            }
        }
        // Step Q3. Stand pat on the static eval, not in check (unmeasured).
        let evals = self.node_evals(in_check, tt_hit.as_ref());
        let best_score = if in_check { -INFINITE } else { evals.refined };
        if best_score >= beta {
            return best_score;
        }
        let mut node = QNode {
            ply,
            alpha: alpha.max(best_score),
            beta,
            pv_node,
            in_check,
            raw_eval: evals.raw,
            static_eval: evals.corrected,
            best_score,
            best_move: Move::NONE,
            checks: checks && !in_check,
        };
        // Steps Q4-Q5. The captures (or evasions), with delta and SEE pruning.
        let mut move_count = self.qsearch_moves(&mut node, tt_hit.map_or(Move::NONE, |hit| hit.mv));
        // Step Q4b. Quiet checks at the first ply (see the module's comment).
        if node.checks && node.best_score < node.beta && !self.stopped {
            move_count += self.qsearch_checks(&mut node);
        }
        if self.stopped {
            return 0;
        }
        // Step Q6. No evasion: mated; else the TT store.
        if in_check && move_count == 0 {
            return mated_in(ply);
        }
        self.store_qsearch(&node);
        node.best_score
    }

    /// Quiet moves are ordered by history here only when evading a check: the
    /// threats are worked out for those nodes alone.
    fn qsearch_quiet_context(&self, node: &QNode) -> QuietContext {
        let threats = if node.in_check { self.pos.threats_by(self.pos.side_to_move().flip()) } else { Threats::NONE };
        QuietContext { keys: self.continuation_keys(node.ply), threats }
    }

    /// Step Q4. Searches the captures (or evasions); returns how many moves were legal.
    fn qsearch_moves(&mut self, node: &mut QNode, tt_move: Move) -> usize {
        let hints = OrderingHints {
            tt_move,
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            quiet: self.qsearch_quiet_context(node),
        };
        let mut picker = MovePicker::new(&self.pos, PickerMode::Quiescence, hints);
        let recapture_square = self.pos.last_move().is_some().then(|| self.pos.last_move().to());
        let mut move_count = 0;
        let mut quiet_evasions = 0;
        while let Some(mv) = picker.next(&self.pos, self.histories) {
            move_count += 1;
            if node.in_check {
                // Step Q5, in check. Once one evasion holds off the mate, two quiet
                // evasions are enough to know the check is survived (the captures came first).
                if node.best_score > -TB_WIN_BOUND && quiet_evasions >= QUIET_EVASIONS_SEARCHED {
                    break;
                }
                quiet_evasions += usize::from(self.pos.is_quiet(mv));
            } else if self.capture_is_futile(mv, node.static_eval, node.alpha)
                || (move_count > CAPTURES_SEARCHED
                    && Some(mv.to()) != recapture_square
                    && !mv.is_promotion()
                    && !self.pos.gives_check(mv))
            {
                continue;
            }
            if self.qsearch_move(node, mv) {
                break;
            }
        }
        move_count
    }

    /// Searches one move of a quiescence node; true when the node is done
    /// (a beta cut-off, or the search stopped).
    fn qsearch_move(&mut self, node: &mut QNode, mv: Move) -> bool {
        self.make_move(mv, node.ply);
        let score = -self.qsearch_node(-node.beta, -node.alpha, node.ply + 1, false);
        self.unmake_move();
        if self.stopped {
            return true;
        }
        if score > node.best_score {
            node.best_score = score;
            if score > node.alpha {
                node.best_move = mv;
                if node.pv_node {
                    self.pv.update(node.ply, mv);
                }
                if score >= node.beta {
                    return true;
                }
                node.alpha = score;
            }
        }
        false
    }

    /// The quiet checks of the first quiescence ply that do not lose material:
    /// a mate a quiet check away is otherwise scored as the static eval.
    /// Returns how many were searched.
    fn qsearch_checks(&mut self, node: &mut QNode) -> usize {
        let mut quiets = MoveList::new();
        generate_quiet(&self.pos, &mut quiets);
        let mut searched = 0;
        for &mv in quiets.iter() {
            if !self.pos.gives_check(mv) || !see_ge(&self.pos, mv, 0) {
                continue;
            }
            searched += 1;
            if self.qsearch_move(node, mv) {
                break;
            }
        }
        searched
    }

    /// Step Q5. Delta pruning (even winning the captured piece with a margin cannot
    /// reach alpha) and SEE pruning (the exchange loses material); both unmeasured.
    fn capture_is_futile(&self, mv: Move, static_eval: i32, alpha: i32) -> bool {
        if !mv.is_promotion() {
            let gain = self.pos.captured_piece_type(mv).map_or(0, see_value);
            if static_eval + gain + delta_margin() <= alpha {
                return true;
            }
        }
        !see_ge(&self.pos, mv, 0)
    }

    /// The TT depth of a quiescence result: below the first ply's when it did
    /// not try the quiet checks a first-ply node would have.
    fn qsearch_store_depth(&self, tried_checks: bool) -> i32 {
        if tried_checks || !self.lopsided {
            QSEARCH_DEPTH
        } else {
            QSEARCH_NO_CHECKS_DEPTH
        }
    }

    fn store_qsearch(&mut self, node: &QNode) {
        let bound = if node.best_score >= node.beta {
            Bound::Lower
        } else if node.pv_node && node.best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let store = TtStore {
            mv: node.best_move,
            score: node.best_score,
            static_eval: node.raw_eval,
            // In check no ply tries quiet checks, so the first ply's result is no better.
            depth: self.qsearch_store_depth(node.checks || node.in_check),
            bound,
            is_pv: node.pv_node,
        };
        self.tt.store(self.pos.key(), node.ply, &store);
    }
}
