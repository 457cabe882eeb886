//! Decisions to search less: whole-node pruning before the move loop (steps
//! 8-11 of a node), per-move pruning inside it (steps 14-16), the singular
//! extension (step 17) and late move reductions (step 18). The step numbers are
//! those of `negamax.rs` and the README's technique table; the margins are in
//! `params.rs`.

use crate::board::{Move, Threats};

use super::history::QuietContext;
use super::negamax::{MoveFacts, Node};
use super::params::{
    busy_node_reduction, double_extension_margin, futility_margin, lmp_threshold, lmr_history_divisor,
    lmr_max_reduction, lmr_min_moves, nmp_reduction, nmp_verification_plies, nmp_verify_depth, probcut_enabled,
    probcut_margin, razor_margin, rfp_margin, see_capture_threshold, see_quiet_threshold, singular_depth,
    singular_margin, singular_max_ply, singular_min_depth, LmrAdjustments, FUTILITY_MAX_DEPTH, LMP_MAX_DEPTH,
    LMR_MIN_DEPTH, LMR_UNIT, NMP_MIN_DEPTH, NMP_MIN_PIECES, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION,
    PROBCUT_TT_DEPTH_MARGIN, RAZORING, RAZOR_MAX_DEPTH, RFP_MAX_DEPTH, SEE_PRUNE_MAX_DEPTH, SINGULAR_EXTENSIONS,
    SINGULAR_TT_DEPTH_MARGIN,
};
use super::picker::{MovePicker, OrderingHints, PickerMode};
use super::run::SearchRun;
use super::score::{is_decisive, TB_WIN_BOUND};
use super::see::see_ge;
use super::tt::{Bound, TtStore};

/// What the singular-extension test says about the TT move.
pub(super) enum Singular {
    /// Search the move this many plies deeper (0: no extension; -1: a ply shallower).
    Extend(i32),
    /// Even without the TT move the node fails high: return this score.
    MultiCut(i32),
}

impl SearchRun<'_> {
    /// Razoring, reverse futility pruning, null-move pruning and ProbCut at a
    /// non-PV node not in check: a score to return without searching the moves,
    /// if any applies.
    pub(super) fn prune_node(&mut self, node: &Node) -> Option<i32> {
        // Steps 8-10 trust the static eval: none of them runs once the game is
        // decided in material (`self.lopsided`, see `score::is_lopsided`).
        if !self.lopsided {
            if let Some(score) = self.prune_by_eval(node) {
                return Some(score);
            }
        }
        // Step 11. ProbCut.
        self.probcut(node)
    }

    /// Steps 8-10: razoring, reverse futility pruning and null-move pruning.
    fn prune_by_eval(&mut self, node: &Node) -> Option<i32> {
        let (depth, eval) = (node.depth, node.eval);
        // Step 8. Razoring (~26 Elo, docs/results.md): hopelessly below
        // alpha at shallow depth; trust quiescence.
        // Quiescence cannot see the quiet moves that mate, so not against a
        // mate bound (every eval is below it), and not when the user asked for
        // a mate (`go mate`): there, sacrifices that look hopeless are the point.
        let razor_allowed = RAZORING && self.limits.mate.is_none() && !is_decisive(node.alpha);
        if razor_allowed && depth <= RAZOR_MAX_DEPTH && eval + razor_margin(depth) < node.alpha {
            let score = self.qsearch(node.alpha - 1, node.alpha, node.ply);
            if self.stopped || score < node.alpha {
                return Some(score);
            }
        }
        // Step 9. Reverse futility pruning (~120 Elo, docs/results.md):
        // so far above beta that no reply will bring it back.
        if depth <= RFP_MAX_DEPTH && eval < TB_WIN_BOUND && eval - rfp_margin(depth, node.improving) >= node.beta {
            return Some(eval);
        }
        // Step 10. Null-move pruning.
        self.null_move(node)
    }

    /// Step 10. Null-move pruning (~45 Elo, docs/results.md):
    /// if passing still fails high after a reduced search, a
    /// real move almost surely would. Not with fewer than two pieces besides pawns
    /// and king (zugzwang is common there, pawn-only endings included), never
    /// twice in a row, and verified by a normal reduced search at high depth.
    fn null_move(&mut self, node: &Node) -> Option<i32> {
        let ply = node.ply;
        let allowed = node.depth >= NMP_MIN_DEPTH
            && node.eval >= node.beta
            && node.static_eval >= node.beta
            && node.beta > -TB_WIN_BOUND
            && ply >= self.nmp_min_ply
            && !self.frame_back(ply, 1).null_move
            && self.pos.non_pawn_pieces(self.pos.side_to_move()) >= NMP_MIN_PIECES;
        if !allowed {
            return None;
        }
        // A mate search (`go mate`) takes no extra plies off for eval far above beta: after a
        // sacrifice the defender's eval is high, and a shallower null-move search hides the mate.
        let eval_above_beta = if self.limits.mate.is_some() { 0 } else { node.eval - node.beta };
        let reduced_depth = node.depth - nmp_reduction(node.depth, eval_above_beta);
        self.make_null(ply);
        let score = -self.negamax(-node.beta, -node.beta + 1, reduced_depth, ply + 1, !node.cut_node);
        self.unmake_null();
        if self.stopped {
            return Some(0);
        }
        if score < node.beta {
            return None;
        }
        // A mate or tablebase win found after passing is not proven.
        let score = if score >= TB_WIN_BOUND { node.beta } else { score };
        if node.depth < nmp_verify_depth() || self.nmp_min_ply != 0 {
            return Some(score);
        }
        // Verification: search this node again without null moves for a while.
        self.nmp_min_ply = ply + nmp_verification_plies(reduced_depth);
        let verified = self.negamax(node.beta - 1, node.beta, reduced_depth, ply, false);
        self.nmp_min_ply = 0;
        (verified >= node.beta).then_some(score)
    }

    /// Step 11. ProbCut (~−8 Elo, docs/results.md; off unless `--param ProbCut=1`):
    /// a good capture whose reduced search beats beta by a margin almost surely
    /// beats beta at full depth.
    fn probcut(&mut self, node: &Node) -> Option<i32> {
        let probcut_beta = node.beta + probcut_margin(node.improving);
        let allowed = probcut_enabled() && node.depth >= PROBCUT_MIN_DEPTH && !is_decisive(node.beta);
        // A TT entry deep enough already says the margin will not be reached.
        let hopeless = node
            .tt_hit
            .is_some_and(|hit| hit.depth >= node.depth - PROBCUT_TT_DEPTH_MARGIN && hit.score < probcut_beta);
        if !allowed || hopeless {
            return None;
        }
        let hints = OrderingHints {
            tt_move: node.tt_move,
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            // Captures only: the threats (set later, by the move loop) are not read.
            quiet: QuietContext { keys: self.continuation_keys(node.ply), threats: Threats::NONE },
        };
        let mut picker = MovePicker::new(&self.pos, PickerMode::Quiescence, hints);
        let reduced_depth = node.depth - PROBCUT_REDUCTION;
        while let Some(mv) = picker.next(&self.pos, self.histories) {
            if !see_ge(&self.pos, mv, probcut_beta - node.static_eval) {
                continue;
            }
            self.make_move(mv, node.ply);
            // Quiescence first: cheap, and most captures already fail there.
            let mut score = -self.qsearch(-probcut_beta, -probcut_beta + 1, node.ply + 1);
            if score >= probcut_beta {
                score = -self.negamax(-probcut_beta, -probcut_beta + 1, reduced_depth, node.ply + 1, !node.cut_node);
            }
            self.unmake_move();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                let store = TtStore {
                    mv,
                    score,
                    static_eval: node.raw_eval,
                    depth: reduced_depth + 1,
                    bound: Bound::Lower,
                    is_pv: false,
                };
                self.tt.store(self.pos.key(), node.ply, &store);
                return Some(score);
            }
        }
        None
    }

    /// Step 17. Singular extension of the TT move (~48 Elo; the double and negative
    /// extensions ~12 Elo; docs/results.md): search the node without it at half
    /// depth; if everything else fails well below the TT score, the TT move is
    /// forced and gets an extra ply (two when far below, outside PV nodes). If
    /// even the rest beats beta, the node is cut; if the rest comes close while
    /// the TT score beats beta, the TT move loses a ply instead.
    pub(super) fn singular_extension(&mut self, node: &Node, mv: Move) -> Singular {
        let Some(hit) = node.tt_hit else { return Singular::Extend(0) };
        let eligible = SINGULAR_EXTENSIONS
            && mv == node.tt_move
            && node.excluded.is_none()
            && node.depth >= singular_min_depth()
            && hit.depth >= node.depth - SINGULAR_TT_DEPTH_MARGIN
            && hit.bound != Bound::Upper
            && !is_decisive(hit.score)
            // Keep extensions from running away in long forcing lines.
            && node.ply < singular_max_ply(self.root_depth);
        if !eligible {
            return Singular::Extend(0);
        }
        let singular_beta = hit.score - singular_margin(node.depth);
        let singular_depth = singular_depth(node.depth);
        self.frame_mut(node.ply).excluded = mv;
        let score = self.negamax(singular_beta - 1, singular_beta, singular_depth, node.ply, node.cut_node);
        self.frame_mut(node.ply).excluded = Move::NONE;
        if self.stopped {
            Singular::Extend(0)
        } else if score < singular_beta {
            // Far below every alternative: the move is forced, search it two deeper.
            let double = !node.pv_node && score < singular_beta - double_extension_margin();
            Singular::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= node.beta {
            Singular::MultiCut(singular_beta)
        } else if hit.score >= node.beta {
            // Another move nearly as good exists and the TT move is expected to
            // fail high anyway: it can be searched a ply shallower.
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }

    /// Steps 14-16. Late move pruning, futility pruning and SEE pruning of one
    /// move (only once a move has been searched without losing, and with pieces
    /// on the board). True means skip the move.
    pub(super) fn prune_move(&self, node: &Node, facts: &MoveFacts, move_count: usize) -> bool {
        let depth = node.depth;
        // Step 16, captures. SEE pruning (~60 Elo, quiets and captures, docs/results.md).
        if !facts.quiet {
            return !facts.gives_check
                && depth <= SEE_PRUNE_MAX_DEPTH
                && !see_ge(&self.pos, facts.mv, see_capture_threshold(depth));
        }
        let lmr_depth = (depth - self.lmr.reduction_plies(depth, move_count, true)).max(0);
        // Quiet checks escape late move and futility pruning: they are how short
        // mates are found at shallow depth.
        if !node.in_check && !facts.gives_check {
            // Step 14. Late move pruning (~41 Elo, docs/results.md).
            if depth <= LMP_MAX_DEPTH && move_count >= lmp_threshold(depth, node.improving) {
                return true;
            }
            // Step 15. Futility pruning (~−6 Elo, docs/results.md: no gain shown).
            if lmr_depth <= FUTILITY_MAX_DEPTH
                && !self.lopsided
                && node.static_eval + futility_margin(lmr_depth) <= node.alpha
            {
                return true;
            }
        }
        // Step 16, quiets. SEE pruning (see above).
        !facts.gives_check
            && lmr_depth <= SEE_PRUNE_MAX_DEPTH
            && !see_ge(&self.pos, facts.mv, see_quiet_threshold(lmr_depth))
    }

    /// Step 18. Late move reduction of a move (~214 Elo, docs/results.md; 0: not
    /// reduced): the log-log table base, adjusted for PV nodes, improvement,
    /// expected cut nodes, checks, and the move's history. Summed in
    /// [`LMR_UNIT`]s, the table's base and the history's share to the 1024th,
    /// and truncated only at the end, so that fractions of a ply add up.
    pub(super) fn reduction(&self, node: &Node, facts: &MoveFacts, move_count: usize) -> i32 {
        if node.depth < LMR_MIN_DEPTH || move_count <= lmr_min_moves() + usize::from(node.pv_node) {
            return 0;
        }
        let adjust = LmrAdjustments::current();
        let mut reduction = self.lmr.reduction(node.depth, move_count, facts.quiet);
        reduction -= adjust.pv_node * i32::from(node.pv_node);
        reduction += adjust.not_improving * i32::from(!node.improving);
        reduction += adjust.cut_node * i32::from(node.cut_node);
        reduction -= adjust.gives_check * i32::from(facts.gives_check);
        // Lazy SMP: another thread is inside this node; leave its late moves to it.
        if node.busy {
            reduction += busy_node_reduction() * LMR_UNIT;
        }
        if facts.quiet {
            reduction += adjust.tt_capture * i32::from(node.tt_move_is_capture);
            reduction -= adjust.refutation * i32::from(facts.refutation);
            reduction -= facts.history_score * LMR_UNIT / lmr_history_divisor();
        }
        // Never reduce into quiescence, never extend.
        reduction.div_euclid(LMR_UNIT).clamp(0, lmr_max_reduction(node.depth))
    }
}
