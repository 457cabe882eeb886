//! The root of the tree: the list of root moves with their scores and lines,
//! and the search over them (one MultiPV line at a time).

use crate::board::movegen::generate_legal;
use crate::board::{Move, MoveList};

use super::params::{LMR_MIN_DEPTH, ROOT_LATE_MOVE_INDEX};
use super::run::{SearchRun, EVAL_NONE};
use super::score::{is_mate_score, INFINITE, MAX_PLY};
use super::see::see;
use super::tt::{Bound, TtStore};

/// Extra ordering weight of the TT move in the first iteration's root ordering.
const TT_MOVE_FIRST: i32 = 1 << 20;
/// Captures are ordered before quiet moves in the first iteration.
const CAPTURES_FIRST: i32 = 1 << 16;
/// Root moves are only printed as `currmove` after this long.
const CURRMOVE_AFTER_MS: u64 = 3000;

#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    /// Score of the current iteration (-INFINITE until searched and not failed low).
    pub score: i32,
    /// Score of the last completed iteration.
    pub previous_score: i32,
    /// What `score` is: exact, or a bound after an aspiration failure.
    pub bound: Bound,
    pub pv: Vec<Move>,
    /// Nodes spent below this move over the whole search.
    pub nodes: u64,
    pub seldepth: usize,
    /// The tablebases' verdict, shown instead of a search score that is no mate.
    pub tablebase_score: Option<i32>,
}

impl RootMove {
    fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            bound: Bound::Upper,
            pv: vec![mv],
            nodes: 0,
            seldepth: 0,
            tablebase_score: None,
        }
    }

    /// The best score known for this move: this iteration's if it has one,
    /// replaced by the tablebase verdict unless the search found a mate.
    pub fn display_score(&self) -> i32 {
        let searched = if self.score == -INFINITE { self.previous_score } else { self.score };
        match self.tablebase_score {
            Some(verdict) if !is_mate_score(searched) => verdict,
            _ => searched,
        }
    }
}

impl SearchRun<'_> {
    /// Legal root moves (restricted to `searchmoves` when that leaves any), in a
    /// first ordering: TT move, captures by SEE, then quiet moves by history.
    pub fn init_root_moves(&mut self) {
        let mut legal = MoveList::new();
        generate_legal(&self.pos, &mut legal);
        let wanted = &self.limits.searchmoves;
        let restricted = legal.iter().any(|mv| wanted.contains(mv));
        let tt_move = self.tt.probe(self.pos.key(), 0).map_or(Move::NONE, |hit| hit.mv);
        let color = self.pos.side_to_move();
        // The root's threats do not change while it is searched: its frame keeps them.
        let threats = self.pos.threats_by(color.flip());
        self.frame_mut(0).threats = threats;
        let mut scored: Vec<(i32, Move)> = legal
            .iter()
            .filter(|mv| !restricted || wanted.contains(mv))
            .map(|&mv| {
                let score = if mv == tt_move {
                    TT_MOVE_FIRST
                } else if self.pos.is_quiet(mv) {
                    self.histories.butterfly_history(color, mv, threats.all)
                } else {
                    CAPTURES_FIRST + see(&self.pos, mv)
                };
                (score, mv)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let verdicts = &self.limits.tablebase_scores;
        self.root_moves = scored
            .into_iter()
            .map(|(_, mv)| RootMove {
                tablebase_score: verdicts.iter().find(|(tb_move, _)| *tb_move == mv).map(|&(_, score)| score),
                ..RootMove::new(mv)
            })
            .collect();
    }

    /// Searches root moves `pv_index..` in the window (alpha, beta): the first
    /// with a full window, the rest with null windows re-searched on success.
    /// Afterwards the searched range is sorted best first.
    pub fn search_root(&mut self, mut alpha: i32, beta: i32, depth: i32) -> i32 {
        self.pv.clear(0);
        let in_check = self.pos.in_check();
        let static_eval = if in_check { EVAL_NONE } else { self.evaluate() };
        self.frame_mut(0).static_eval = static_eval;
        self.visit_node(0);
        let mut best_score = -INFINITE;
        for index in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            self.report_current_move(mv, index);
            let nodes_before = self.nodes;
            self.seldepth = 0;
            let quiet = self.pos.is_quiet(mv);
            self.make_move(mv, 0);
            let score = self.search_root_move(index, quiet, alpha, beta, depth);
            self.unmake_move();
            self.root_moves[index].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            best_score = best_score.max(score);
            self.record_root_score(index, score, alpha, beta);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        self.sort_root_moves();
        self.store_root_result(best_score, depth);
        best_score
    }

    fn search_root_move(&mut self, index: usize, quiet: bool, alpha: i32, beta: i32, depth: i32) -> i32 {
        let new_depth = depth - 1;
        if index == self.pv_index {
            return -self.negamax(-beta, -alpha, new_depth, 1, false);
        }
        // Late quiet root moves are first tried shallower: by the late move
        // reduction table, less the ply a PV node gives back, at least one ply
        // (with two-ply IIR and quiescence move limits: +8.2 Elo, docs/results.md).
        let late = quiet && index >= self.pv_index + ROOT_LATE_MOVE_INDEX && depth >= LMR_MIN_DEPTH;
        let reduction = if late { (self.lmr.reduction_plies(depth, index + 1, true) - 1).max(1) } else { 0 };
        let mut score =
            if late { -self.negamax(-alpha - 1, -alpha, new_depth - reduction, 1, true) } else { alpha + 1 };
        if score > alpha {
            score = -self.negamax(-alpha - 1, -alpha, new_depth, 1, true);
        }
        if score > alpha && score < beta {
            score = -self.negamax(-beta, -alpha, new_depth, 1, false);
        }
        score
    }

    fn record_root_score(&mut self, index: usize, score: i32, alpha: i32, beta: i32) {
        let is_first = index == self.pv_index;
        let seldepth = self.seldepth;
        let child_line: Vec<Move> = self.pv.line(1).to_vec();
        let root_move = &mut self.root_moves[index];
        root_move.seldepth = seldepth;
        if is_first || score > alpha {
            root_move.score = score;
            root_move.bound = if score >= beta {
                Bound::Lower
            } else if score <= alpha {
                Bound::Upper
            } else {
                Bound::Exact
            };
            root_move.pv.truncate(0);
            root_move.pv.push(root_move.mv);
            root_move.pv.extend(child_line.into_iter().take(MAX_PLY - 1));
        } else {
            // Failed low: only known to be worse than the best; sorts after it.
            root_move.score = -INFINITE;
        }
    }

    /// Stable sort, so moves not searched this iteration keep their order.
    fn sort_root_moves(&mut self) {
        self.root_moves[self.pv_index..].sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
    }

    /// Remembers the root's best move, for the next `go` and the helpers.
    fn store_root_result(&mut self, best_score: i32, depth: i32) {
        if self.stopped || self.pv_index != 0 || best_score == -INFINITE {
            return;
        }
        let best = &self.root_moves[0];
        let store = TtStore {
            mv: best.mv,
            score: best.score.max(best_score),
            static_eval: self.frame(0).static_eval,
            depth,
            bound: best.bound,
            is_pv: true,
        };
        self.tt.store(self.pos.key(), 0, &store);
    }

    fn report_current_move(&mut self, mv: Move, index: usize) {
        let Some(main) = self.main else { return };
        if main.clock.elapsed_ms() < CURRMOVE_AFTER_MS {
            return;
        }
        let line = format!(
            "info depth {} currmove {} currmovenumber {}",
            self.root_depth,
            self.pos.move_to_uci(mv, main.chess960),
            index + 1
        );
        main.info.info(&line);
        self.interim_printed = true;
    }
}
