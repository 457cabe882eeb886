//! The recursive principal-variation search below the root.
//!
//! The steps of a node, numbered here and in `pruning.rs` (docs/results.md gives
//! the Elo each one measured):
//!
//! | step | what | where |
//! |---|---|---|
//! | 1 | check extension (PV nodes) | `negamax` |
//! | 2 | quiescence at the horizon | `negamax`, `qsearch.rs` |
//! | 3 | node count, stop, draws, deepest ply | `negamax` |
//! | 4 | mate distance pruning | `negamax` |
//! | 5 | TT probe, cut-off at non-PV nodes | `negamax` |
//! | 6 | tablebase probe | `negamax` |
//! | 7 | static eval with correction history; the eval change teaches the last move's history | `node_evals`, `learn_from_eval_change` |
//! | 8-11 | razoring, reverse futility, null move, ProbCut | `pruning.rs` `prune_node` |
//! | 12 | internal iterative reduction | `negamax` |
//! | 13 | the move loop, staged ordering | `search_moves`, `picker.rs` |
//! | 14-16 | late move, futility and SEE pruning | `pruning.rs` `prune_move` |
//! | 17 | singular extension | `pruning.rs` `singular_extension` |
//! | 18 | late move reductions, PVS re-searches | `search_move`, `pruning.rs` `reduction` |
//! | 19 | new best move: alpha, PV, beta cut-off | `search_moves` |
//! | 20 | no move: mate or stalemate; cut-off: history updates | `search_moves` |
//! | 21 | TT store, correction-history update | `store_node` |

use std::sync::atomic::Ordering;

use crate::board::{Color, Move, Piece, PieceType};
use crate::tablebase::probe::{probe_node, TbVerdict};

use super::claims::{Claim, CLAIM_MAX_PLY};
use super::history::{QuietContext, QuietCutoff, TriedMove};
use super::params::{
    busy_node_reduction, damp_by_fifty_move_counter, deeper_margin, eval_change_bonus, iir_min_depth, iir_reduction,
    LMR_MIN_DEPTH, TT_CUTOFF_MAX_HALFMOVES,
};
use super::picker::{MovePicker, PickerMode};
use super::pruning::Singular;
use super::run::{SearchRun, EVAL_NONE};
use super::score::{is_decisive, mate_in, mated_in, DRAW, INFINITE, MAX_DEPTH, MAX_PLY, TB_WIN_BOUND};
use super::tt::{Bound, TtHit, TtStore};

/// Tablebase results are stored this much deeper than the node that probed
/// them: they are exact whatever the depth.
const TB_STORE_DEPTH_BONUS: i32 = 6;

/// What a node knows before its move loop.
pub(super) struct Node {
    pub ply: usize,
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub pv_node: bool,
    pub cut_node: bool,
    pub in_check: bool,
    /// The evaluation function's verdict (`EVAL_NONE` in check), as stored in the TT.
    pub raw_eval: i32,
    /// The raw eval corrected by the correction history (pawn structure, each side's pieces).
    pub static_eval: i32,
    /// The static eval corrected by a TT score whose bound allows it.
    pub eval: i32,
    /// The static eval rose since our previous move (2 plies ago).
    pub improving: bool,
    pub tt_move: Move,
    pub tt_move_is_capture: bool,
    pub tt_hit: Option<TtHit>,
    /// The move skipped by a singular-extension search of this node (else NONE).
    pub excluded: Move,
    /// Floor and ceiling of the node's score set by a tablebase probe (PV nodes).
    pub tb_limits: (i32, i32),
    /// Another thread is searching this node (Lazy SMP node claims).
    pub busy: bool,
}

/// A node's static evaluations (all `EVAL_NONE` in check).
pub(super) struct NodeEvals {
    /// The evaluation function's verdict.
    pub raw: i32,
    /// `raw` plus the correction history's learned error.
    pub corrected: i32,
    /// `corrected`, or the TT score where its bound says it is closer to the truth.
    pub refined: i32,
}

/// What the move loop knows about one move before playing it.
pub(super) struct MoveFacts {
    pub mv: Move,
    pub quiet: bool,
    pub gives_check: bool,
    pub piece: Piece,
    pub captured: Option<PieceType>,
    /// Quiet: butterfly + continuation history; capture: capture history.
    /// 0 until the move survives pruning (`SearchRun::history_score`).
    pub history_score: i32,
    /// A killer or the counter move.
    pub refutation: bool,
}

impl MoveFacts {
    fn tried(&self) -> TriedMove {
        TriedMove { mv: self.mv, piece: self.piece, captured: self.captured }
    }
}

/// Moves searched at a node without causing a cut-off, to be punished if another does.
struct TriedMoves {
    moves: [TriedMove; Self::CAPACITY],
    len: usize,
}

impl TriedMoves {
    /// Enough for any node in practice; later moves are simply not punished.
    const CAPACITY: usize = 64;

    fn new() -> TriedMoves {
        const FILLER: TriedMove =
            TriedMove { mv: Move::NONE, piece: Piece::new(Color::White, PieceType::Pawn), captured: None };
        TriedMoves { moves: [FILLER; Self::CAPACITY], len: 0 }
    }

    fn push(&mut self, tried: TriedMove) {
        if self.len < Self::CAPACITY {
            self.moves[self.len] = tried;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[TriedMove] {
        &self.moves[..self.len]
    }
}

impl SearchRun<'_> {
    /// The score of the position after the moves to `ply`, searched `depth` plies
    /// deep in the window (alpha, beta); fail-soft.
    pub fn negamax(&mut self, alpha: i32, beta: i32, depth: i32, ply: usize, cut_node: bool) -> i32 {
        let in_check = self.pos.in_check();
        let pv_node = beta - alpha > 1;
        // Step 1. Check extension, PV nodes only (~26 Elo better than extending every
        // in-check node, docs/results.md): a check on the main line must not push a
        // threat beyond the horizon.
        let depth = if in_check && pv_node { depth + 1 } else { depth };
        // Step 2. At the horizon, quiescence search (unmeasured).
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        // Step 3. Count the node, unwind on stop; draws by rule and the deepest ply (unmeasured).
        self.pv.clear(ply);
        if self.visit_node(ply) {
            return 0;
        }
        if let Some(score) = self.draw_or_horizon(ply, in_check) {
            return score;
        }
        // Step 4. Mate distance pruning (unmeasured): no line from here can beat a
        // mate already found closer to the root.
        let alpha = alpha.max(mated_in(ply));
        let beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // Step 5. Transposition table probe, cut-off at non-PV nodes (unmeasured).
        let excluded = self.frame(ply).excluded;
        let tt_hit = self.tt.probe(self.pos.key(), ply);
        if !pv_node && excluded.is_none() {
            if let Some(score) = tt_hit.and_then(|hit| self.tt_cutoff(&hit, depth, alpha, beta)) {
                return score;
            }
        }
        // Step 6. Tablebase probe (unmeasured).
        let mut tb_limits = (-INFINITE, INFINITE);
        if excluded.is_none() {
            match self.probe_tablebase(ply, depth, alpha, beta) {
                Some(TbVerdict::Cutoff { score, .. }) => return score,
                Some(TbVerdict::Floor(score)) if pv_node => tb_limits.0 = score,
                Some(TbVerdict::Ceiling(score)) if pv_node => tb_limits.1 = score,
                _ => {}
            }
        }
        // Lazy SMP: tell the other threads we are inside, or learn that one is (`claims.rs`).
        let claim = self.claim_node(ply, depth, excluded);
        // Step 7. Static evaluation with correction history (see `node_evals`).
        let mut node = self.new_node(ply, depth, (alpha.max(tb_limits.0), beta), cut_node, in_check, tt_hit);
        node.excluded = excluded;
        node.tb_limits = tb_limits;
        node.busy = claim.is_busy();
        if excluded.is_none() {
            self.learn_from_eval_change(&node);
        }
        self.histories.reset_killers(ply + 2);
        let score = self.search_node(&mut node);
        self.release_node(ply, claim);
        score
    }

    /// Step 7b. The static eval before and after the opponent's quiet move says how
    /// good it was: the change teaches the move's butterfly history before any
    /// search does (+17.3 Elo at 25,000 nodes, docs/results.md). Read by move
    /// ordering and by late move reductions: see `tunables::EVAL_DIFF_OFFSET`.
    fn learn_from_eval_change(&mut self, node: &Node) {
        let previous = self.frame_back(node.ply, 1);
        if node.static_eval == EVAL_NONE || previous.static_eval == EVAL_NONE || previous.null_move {
            return;
        }
        let mv = self.pos.last_move();
        if mv.is_none() || mv.is_promotion() || self.pos.last_captured().is_some() {
            return;
        }
        let bonus = eval_change_bonus(previous.static_eval, node.static_eval);
        if bonus != 0 {
            let threats = previous.threats.all;
            self.histories.update_butterfly(self.pos.side_to_move().flip(), mv, threats, bonus);
        }
    }

    /// Probes the WDL tables at a non-root node when the options allow it
    /// (`tablebase::probe`), counting the hit and storing a result that settles
    /// the node in the TT.
    fn probe_tablebase(&mut self, ply: usize, depth: i32, alpha: i32, beta: i32) -> Option<TbVerdict> {
        let tables = self.shared.tablebase.as_ref()?;
        let verdict = probe_node(tables, &self.pos, ply, depth, alpha, beta)?;
        self.shared.progress.tb_hits.fetch_add(1, Ordering::Relaxed);
        if let TbVerdict::Cutoff { score, bound } = verdict {
            let store = TtStore {
                mv: Move::NONE,
                score,
                static_eval: EVAL_NONE,
                depth: (depth + TB_STORE_DEPTH_BONUS).min(MAX_DEPTH),
                bound,
                is_pv: beta - alpha > 1,
            };
            self.tt.store(self.pos.key(), ply, &store);
        }
        Some(verdict)
    }

    /// Claims a node near the root for this thread (see `claims.rs`), unless claims
    /// are off, or the node is far from the root, near the horizon or a singular search's.
    fn claim_node(&mut self, ply: usize, depth: i32, excluded: Move) -> Claim {
        if busy_node_reduction() == 0 || ply >= CLAIM_MAX_PLY || depth < LMR_MIN_DEPTH || !excluded.is_none() {
            return Claim::None;
        }
        let key = self.pos.key();
        // Null-move verification searches the node this thread holds again: not another thread's.
        if self.own_claims[ply] == key {
            return Claim::None;
        }
        let claim = self.shared.progress.claims.enter(key);
        if let Claim::Held(_) = claim {
            self.own_claims[ply] = key;
        }
        claim
    }

    fn release_node(&mut self, ply: usize, claim: Claim) {
        if let Claim::Held(_) = claim {
            self.own_claims[ply] = 0;
            self.shared.progress.claims.leave(claim);
        }
    }

    /// Steps 8-20 of a node whose evaluations are known.
    fn search_node(&mut self, node: &mut Node) -> i32 {
        let (pv_node, in_check, cut_node) = (node.pv_node, node.in_check, node.cut_node);
        // Steps 8-11. Whole-node pruning: razoring, reverse futility, null move, ProbCut (`pruning.rs`).
        if !pv_node && !in_check && node.excluded.is_none() {
            if let Some(score) = self.prune_node(node) {
                return score;
            }
        }
        // Step 12. Internal iterative reduction (one ply: no gain shown; two at PV and
        // deep cut nodes, with Q5's move limits and root LMR: +8.2 Elo, docs/results.md):
        // without a TT move this node's ordering is poor, so a shallower search now
        // (filling the TT) is the better deal.
        if node.depth >= iir_min_depth() && node.tt_move.is_none() && (pv_node || cut_node) {
            node.depth -= iir_reduction(node.depth, pv_node);
        }
        self.search_moves(node)
    }

    /// Draws by rule, or the deepest ply reached: the score if the node ends here.
    pub fn draw_or_horizon(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if self.pos.is_repetition(ply) || self.pos.is_fifty_move_draw() || self.pos.has_insufficient_material() {
            return Some(self.draw_score(ply));
        }
        if ply >= MAX_PLY - 1 {
            return Some(if in_check { DRAW } else { self.evaluate() });
        }
        None
    }

    /// A drawn position's score at `ply`: `Contempt` below even for the root's
    /// side to move, as much above for its opponent (plies of the same parity
    /// have the root's side to move, null moves included).
    #[inline]
    pub fn draw_score(&self, ply: usize) -> i32 {
        let contempt = self.shared.contempt;
        if ply.is_multiple_of(2) {
            DRAW - contempt
        } else {
            DRAW + contempt
        }
    }

    /// A TT score that settles the node (callers use it at non-PV nodes only).
    pub fn tt_cutoff(&self, hit: &TtHit, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        // Near the 50-move limit the stored score may ignore a coming draw.
        if hit.depth < depth || self.pos.halfmove_clock() >= TT_CUTOFF_MAX_HALFMOVES {
            return None;
        }
        let settles = match hit.bound {
            Bound::Exact => true,
            Bound::Lower => hit.score >= beta,
            Bound::Upper => hit.score <= alpha,
        };
        settles.then_some(hit.score)
    }

    /// Step 7. The node's evaluations: raw (from the TT when stored), corrected by
    /// what searches of this pawn structure and these pieces found (correction history
    /// by pawns ~14 Elo, the non-pawn tables beside it ~16 Elo; docs/results.md), and
    /// refined by a TT score whose bound points the right way.
    pub fn node_evals(&mut self, in_check: bool, tt_hit: Option<&TtHit>) -> NodeEvals {
        if in_check {
            return NodeEvals { raw: EVAL_NONE, corrected: EVAL_NONE, refined: EVAL_NONE };
        }
        let stored = tt_hit.map(|hit| hit.static_eval).filter(|&eval| eval != EVAL_NONE);
        let raw = match stored {
            Some(eval) => eval,
            None => self.evaluate(),
        };
        // Within EVAL_LIMIT + MAX_CORRECTION: clear of tablebase and mate scores.
        let corrected = self.histories.correction.corrected(&self.pos, raw);
        let corrected = damp_by_fifty_move_counter(corrected, self.pos.halfmove_clock());
        let refined =
            tt_hit.filter(|hit| hit.bound.beyond(hit.score, corrected) && !is_decisive(hit.score)).map(|hit| hit.score);
        NodeEvals { raw, corrected, refined: refined.unwrap_or(corrected) }
    }

    fn new_node(
        &mut self,
        ply: usize,
        depth: i32,
        (alpha, beta): (i32, i32),
        cut_node: bool,
        in_check: bool,
        tt_hit: Option<TtHit>,
    ) -> Node {
        let evals = self.node_evals(in_check, tt_hit.as_ref());
        self.frame_mut(ply).static_eval = evals.corrected;
        let tt_move = tt_hit.map_or(Move::NONE, |hit| hit.mv);
        let tt_move_usable = self.pos.is_legal(tt_move);
        Node {
            ply,
            depth,
            alpha,
            beta,
            pv_node: beta - alpha > 1,
            cut_node,
            in_check,
            raw_eval: evals.raw,
            static_eval: evals.corrected,
            eval: evals.refined,
            improving: self.is_improving(ply, evals.corrected),
            tt_move: if tt_move_usable { tt_move } else { Move::NONE },
            tt_move_is_capture: tt_move_usable && self.pos.is_capture(tt_move),
            tt_hit,
            excluded: Move::NONE,
            tb_limits: (-INFINITE, INFINITE),
            busy: false,
        }
    }

    /// Is our position better than at our previous move (or the one before, if
    /// we were in check then)?
    fn is_improving(&self, ply: usize, static_eval: i32) -> bool {
        if static_eval == EVAL_NONE {
            return false;
        }
        let two_back = self.frame_back(ply, 2).static_eval;
        if two_back != EVAL_NONE {
            return static_eval > two_back;
        }
        let four_back = self.frame_back(ply, 4).static_eval;
        four_back == EVAL_NONE || static_eval > four_back
    }

    /// Step 13. The move loop: returns the best score found (fail-soft). Moves come
    /// from the staged picker (killers ~−4 Elo, counter move ~−17 Elo, continuation
    /// history ~13 Elo, capture history unmeasured, the picker's cheaper-attacker
    /// score +11.7 Elo; docs/results.md).
    fn search_moves(&mut self, node: &mut Node) -> i32 {
        // Worked out here, not with the evals: most nodes end in steps 8-11 without them.
        self.frame_mut(node.ply).threats = self.pos.threats_by(self.pos.side_to_move().flip());
        let hints = self.ordering_hints(node.ply, node.tt_move);
        let mut picker = MovePicker::new(&self.pos, PickerMode::Main, hints);
        let may_prune = self.pos.non_pawn_pieces(self.pos.side_to_move()) > 0;
        let mut best_score = node.tb_limits.0;
        let mut best_move = Move::NONE;
        let mut cutoff: Option<MoveFacts> = None;
        let mut move_count = 0;
        let mut quiets = TriedMoves::new();
        let mut captures = TriedMoves::new();
        while let Some(mv) = picker.next(&self.pos, self.histories) {
            if mv == node.excluded {
                continue;
            }
            move_count += 1;
            let mut facts = self.move_facts(mv, &hints.killers, hints.counter);
            // Steps 14-16. Late move, futility and SEE pruning (`pruning.rs`).
            if may_prune && best_score > -TB_WIN_BOUND && self.prune_move(node, &facts, move_count) {
                continue;
            }
            facts.history_score = self.history_score(&facts, &hints.quiet);
            // Step 17. Singular extension (`pruning.rs`).
            let extension = match self.singular_extension(node, mv) {
                Singular::Extend(plies) => plies,
                Singular::MultiCut(score) => return score,
            };
            // Step 18. Late move reductions and PVS re-searches.
            let score = self.search_move(node, &facts, move_count, best_score, node.depth - 1 + extension);
            if self.stopped {
                return 0;
            }
            // Step 19. A new best move raises alpha and the PV, or cuts the node off (unmeasured).
            if score > best_score {
                best_score = score;
                if score > node.alpha {
                    best_move = mv;
                    if node.pv_node {
                        self.pv.update(node.ply, mv);
                    }
                    if score >= node.beta {
                        cutoff = Some(facts);
                        break;
                    }
                    node.alpha = score;
                }
            }
            if facts.quiet {
                quiets.push(facts.tried());
            } else {
                captures.push(facts.tried());
            }
        }
        // Step 20. No move: mate or stalemate; a cut-off teaches the ordering tables
        // (their Elo: step 13).
        if move_count == 0 {
            return if node.excluded.is_some() {
                // Only the excluded move was legal: it is singular by any measure.
                node.alpha
            } else if node.in_check {
                mated_in(node.ply)
            } else {
                self.draw_score(node.ply)
            };
        }
        if let Some(cutoff) = &cutoff {
            self.learn_from_cutoff(node, cutoff, &hints.quiet, quiets.as_slice(), captures.as_slice());
        }
        // Step 21. TT store and correction-history update.
        let best_score = best_score.min(node.tb_limits.1);
        self.store_node(node, best_score, best_move);
        best_score
    }

    /// Step 18. Plays the move and searches it: reduced first if late (late move
    /// reductions, ~214 Elo, docs/results.md), then at full depth with a
    /// null window, then (PV nodes) with the full window. A reduced search that
    /// beats alpha by far earns the re-search a ply more; one that barely beats
    /// the best score so far, a ply less (~20 Elo, docs/results.md).
    fn search_move(
        &mut self,
        node: &Node,
        facts: &MoveFacts,
        move_count: usize,
        best_score: i32,
        mut new_depth: i32,
    ) -> i32 {
        let (ply, alpha, beta) = (node.ply, node.alpha, node.beta);
        let reduction = self.reduction(node, facts, move_count);
        self.make_move(facts.mv, ply);
        let mut score = -INFINITE;
        let mut null_window_needed = !node.pv_node || move_count > 1;
        if reduction > 0 {
            let reduced_depth = new_depth - reduction;
            score = -self.negamax(-alpha - 1, -alpha, reduced_depth, ply + 1, true);
            if score > alpha {
                new_depth += re_search_adjustment(score, best_score, new_depth);
            }
            // Adjusted down to the reduced depth, the search already done stands.
            null_window_needed = score > alpha && new_depth > reduced_depth;
        }
        if null_window_needed {
            score = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, !node.cut_node);
        }
        if node.pv_node && (move_count == 1 || (score > alpha && score < beta)) {
            score = -self.negamax(-beta, -alpha, new_depth, ply + 1, false);
        }
        self.unmake_move();
        score
    }

    fn move_facts(&self, mv: Move, killers: &[Move; 2], counter: Move) -> MoveFacts {
        let piece = self.pos.moved_piece(mv);
        let quiet = self.pos.is_quiet(mv);
        let captured = self.pos.captured_piece_type(mv);
        MoveFacts {
            mv,
            quiet,
            gives_check: self.pos.gives_check(mv),
            piece,
            captured,
            // Pruning does not read it, and most late moves are pruned: filled in by
            // `history_score` for the moves that are searched.
            history_score: 0,
            refutation: killers.contains(&mv) || mv == counter,
        }
    }

    /// The history score of a move to be searched: butterfly plus continuation
    /// history for a quiet move, capture history for a capture.
    fn history_score(&self, facts: &MoveFacts, context: &QuietContext) -> i32 {
        if facts.quiet {
            self.histories.quiet_score(self.pos.side_to_move(), facts.mv, facts.piece, context)
        } else {
            facts.captured.map_or(0, |captured| self.histories.capture_history(facts.piece, facts.mv.to(), captured))
        }
    }

    /// A beta cut-off teaches the ordering tables: reward the move, punish those tried before it.
    /// `context` is the move loop's (continuation keys and threats).
    fn learn_from_cutoff(
        &mut self,
        node: &Node,
        best: &MoveFacts,
        context: &QuietContext,
        quiets: &[TriedMove],
        captures: &[TriedMove],
    ) {
        if best.quiet {
            self.histories.on_quiet_cutoff(&QuietCutoff {
                color: self.pos.side_to_move(),
                ply: node.ply,
                depth: node.depth,
                best: best.tried(),
                failed_quiets: quiets,
                context,
            });
            self.histories.on_capture_results(None, captures, node.depth);
        } else {
            self.histories.on_capture_results(Some(&best.tried()), captures, node.depth);
        }
    }

    fn store_node(&mut self, node: &Node, best_score: i32, best_move: Move) {
        if node.excluded.is_some() {
            // A search without the best move must not overwrite what is known about the node.
            return;
        }
        let bound = if best_score >= node.beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.learn_eval_error(node, best_score, best_move, bound);
        let store = TtStore {
            mv: best_move,
            score: best_score,
            static_eval: node.raw_eval,
            depth: node.depth,
            bound,
            is_pv: node.pv_node,
        };
        self.tt.store(self.pos.key(), node.ply, &store);
    }

    /// Teaches the correction history how far the static eval was off, when the
    /// score says so: a quiet position (no capture was best, not in check) whose
    /// bound points away from the eval. Captures settle material the pawn
    /// structure cannot know about.
    fn learn_eval_error(&mut self, node: &Node, best_score: i32, best_move: Move, bound: Bound) {
        let quiet_outcome = best_move.is_none() || self.pos.is_quiet(best_move);
        let informative = bound.beyond(best_score, node.static_eval);
        if !node.in_check && quiet_outcome && informative && !is_decisive(best_score) {
            self.histories.correction.update(&self.pos, node.depth, node.raw_eval, best_score);
        }
    }
}

/// Plies added to (or taken from) the re-search of a reduced move that beat
/// alpha: one more when it beat the best score by a margin that grows with
/// depth (the move looks much better than the reduction assumed), one less
/// when it did not beat the best score by a few centipawns per ply.
fn re_search_adjustment(score: i32, best_score: i32, new_depth: i32) -> i32 {
    if score > best_score + deeper_margin(new_depth) {
        1
    } else if score < best_score + new_depth {
        -1
    } else {
        0
    }
}
