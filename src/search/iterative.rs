//! Iterative deepening with aspiration windows and MultiPV, and the main
//! worker's duties between iterations: `info` lines, limits, the clock.

use std::sync::atomic::Ordering;

use crate::board::Move;

use super::info::{format_line, no_legal_move_line, LineReport};
use super::params::{
    aspiration_window, widened_aspiration, ASPIRATION_GIVE_UP, ASPIRATION_MIN_DEPTH, LOPSIDED_MIN_DEPTH,
};
use super::root::RootMove;
use super::run::SearchRun;
use super::score::{is_decisive, is_lopsided, mate_in_moves, mated_in, DRAW, INFINITE, MAX_DEPTH};
use super::tt::Bound;
use super::{IterationReport, RootLine, SearchResult};

/// Bound lines of failed aspiration searches are printed only after this long.
const BOUND_LINES_AFTER_MS: u64 = 3000;

/// What a worker tracks across iterations: the trend for the time manager
/// (main worker) and the lines of the last completed iteration (every worker).
#[derive(Default)]
struct IterationTrend {
    best_move: Move,
    stability: u32,
    previous_score: i32,
    /// The lines as the last completed iteration left them: a search stopped
    /// inside the next iteration answers with these, not with the bounds and
    /// short lines of moves it had not finished (a fail high of a new move
    /// included: its score is only a bound and its line a stub).
    completed_lines: Vec<RootMove>,
}

impl SearchRun<'_> {
    /// Runs iterations until a limit (main worker) or the stop flag ends the search.
    pub fn iterative_deepening(&mut self) -> SearchResult {
        self.init_root_moves();
        if self.root_moves.is_empty() {
            return self.no_legal_move();
        }
        // Helpers stop at the depth limit too, and the first thread to complete
        // it ends the search (below); but not with MultiPV, where only the main
        // worker's lines count and it must finish its last iteration to print them all.
        let helper_unlimited = self.main.is_none() && self.limits.multipv > 1;
        let depth_limit = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let max_depth = if helper_unlimited { MAX_DEPTH } else { depth_limit };
        let lines = self.limits.multipv.clamp(1, self.root_moves.len());
        let mut trend = IterationTrend::default();
        let mut completed_depth = 0;
        let mut depth = 0;
        while depth < max_depth {
            depth = self.next_depth(depth, max_depth);
            self.root_depth = depth;
            // The previous iteration's best score, from a deep enough iteration.
            self.lopsided = depth > LOPSIDED_MIN_DEPTH && is_lopsided(self.root_moves[0].score);
            for root_move in &mut self.root_moves {
                root_move.previous_score = root_move.score;
                root_move.score = -INFINITE;
            }
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.aspiration(depth);
                if self.stopped {
                    break;
                }
                // A later line may have scored above an earlier one.
                self.root_moves[..=pv_index].sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
            }
            if self.stopped {
                break;
            }
            completed_depth = depth;
            trend.completed_lines.clear();
            trend.completed_lines.extend_from_slice(&self.root_moves[..lines]);
            if self.main.is_some() && self.after_iteration(depth, lines, &mut trend) {
                break;
            }
        }
        if self.main.is_none() && !helper_unlimited && completed_depth == depth_limit {
            // The requested depth is searched: the pool takes this deepest result,
            // and the main worker need not finish its own iteration alone.
            self.stop.store(true, Ordering::Relaxed);
        }
        self.finish(completed_depth, lines, &trend)
    }

    /// The iteration after `previous`. The main worker publishes it; a helper
    /// skips ahead to one beyond the main worker's.
    fn next_depth(&self, previous: i32, max_depth: i32) -> i32 {
        let next = previous + 1;
        if self.main.is_some() {
            self.shared.progress.main_depth.store(next, Ordering::Relaxed);
            return next;
        }
        let ahead_of_main = self.shared.progress.main_depth.load(Ordering::Relaxed) + 1;
        next.max(ahead_of_main).min(max_depth)
    }

    /// One root search in a window around the previous score, widened until the
    /// score falls inside it.
    fn aspiration(&mut self, depth: i32) -> i32 {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = aspiration_window();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && !is_decisive(previous) {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(alpha, beta, depth);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            self.print_bound_line();
            delta = widened_aspiration(delta);
            // A mate or tablebase bound says nothing about how far off the window is: open it.
            if delta > ASPIRATION_GIVE_UP || is_decisive(score) {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// Main worker, after a completed iteration: print its lines and decide
    /// whether to stop (mate found, clock). True means stop.
    fn after_iteration(&mut self, depth: i32, lines: usize, trend: &mut IterationTrend) -> bool {
        self.flush_nodes();
        for index in 0..lines {
            self.print_line(index);
        }
        self.interim_printed = false;
        let best = &self.root_moves[0];
        trend.stability = if best.mv == trend.best_move { trend.stability + 1 } else { 0 };
        trend.best_move = best.mv;
        let report = IterationReport {
            depth,
            score: best.score,
            previous_score: if depth == 1 { best.score } else { trend.previous_score },
            best_move_stability: trend.stability,
            best_move_effort_permille: u32::try_from(best.nodes * 1000 / self.nodes.max(1)).unwrap_or(1000),
        };
        trend.previous_score = best.score;
        let mate_reached = match (self.limits.mate, mate_in_moves(best.score)) {
            (Some(wanted), Some(found)) => found > 0 && found <= wanted,
            _ => false,
        };
        let stop = mate_reached || self.main.is_some_and(|main| main.clock.stop_after_iteration(&report));
        if stop {
            self.stop.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// Line `index` after an iteration: this iteration's depth and bound if
    /// the move was searched in it, else the previous iteration's exact score.
    fn print_line(&self, index: usize) {
        let root_move = &self.root_moves[index];
        let updated = root_move.score != -INFINITE;
        let bound = if updated { root_move.bound } else { Bound::Exact };
        let depth = if updated { self.root_depth } else { self.root_depth - 1 };
        self.print_report(index, depth, bound);
    }

    /// Prints line `index` (main worker only) at `depth` with `bound`.
    fn print_report(&self, index: usize, depth: i32, bound: Bound) {
        let Some(main) = self.main else { return };
        let root_move = &self.root_moves[index];
        let report = LineReport {
            depth,
            seldepth: root_move.seldepth,
            multipv: index + 1,
            score: root_move.display_score(),
            bound,
            nodes: self.total_nodes(),
            tb_hits: self.shared.progress.tb_hits.load(Ordering::Relaxed),
            time_ms: main.clock.elapsed_ms(),
            hashfull: self.tt.hashfull(),
            pv: &root_move.pv,
        };
        main.info.info(&format_line(&report, &self.pos, main.chess960, main.show_wdl));
    }

    /// After a failed aspiration search in a long search, show the bound found.
    /// Not in the first seconds: a GUI that does not mark bounds would show
    /// it as a real line, and in a short search it is soon replaced anyway.
    fn print_bound_line(&mut self) {
        let Some(main) = self.main else { return };
        if self.pv_index == 0 && main.clock.elapsed_ms() >= BOUND_LINES_AFTER_MS {
            self.print_line(0);
            self.interim_printed = true;
        }
    }

    /// Builds the result; the main worker also raises the stop flag for the
    /// helpers and makes sure its last lines show the final moves and scores.
    fn finish(&mut self, completed_depth: i32, lines: usize, trend: &IterationTrend) -> SearchResult {
        self.flush_nodes();
        let stopped_inside_iteration = completed_depth < self.root_depth;
        let mut lines_at_new_depth = 0;
        if stopped_inside_iteration && !trend.completed_lines.is_empty() {
            lines_at_new_depth = self.restore_completed_lines(lines, &trend.completed_lines);
        }
        let ponder_move = self.ponder_move();
        let best = &self.root_moves[0];
        let result = SearchResult {
            best_move: best.mv,
            ponder_move,
            score: best.display_score(),
            depth: completed_depth,
            seldepth: best.seldepth,
            pv: best.pv.clone(),
            lines: self.root_lines(lines),
        };
        if self.main.is_some() {
            self.stop.store(true, Ordering::Relaxed);
            // The completed iteration's lines were the last printed unless a
            // currmove or bound line came after them, or the stopped
            // iteration finished some lines at the new depth.
            if self.interim_printed || lines_at_new_depth > 0 {
                for index in 0..lines {
                    if index < lines_at_new_depth {
                        self.print_report(index, self.root_depth, self.root_moves[index].bound);
                    } else {
                        self.print_final_line(index, completed_depth);
                    }
                }
            }
        }
        result
    }

    /// A search stopped inside an iteration: the lines this iteration finished
    /// stay first, and the other places are filled from the last completed
    /// iteration (`completed`), with the moves, scores and lines it had then.
    /// Returns how many lines come from this iteration.
    ///
    /// Finished are the MultiPV passes completed, and the line of the pass
    /// under way when its best move so far has an exact score: a full-window
    /// result of the new depth. In the first pass a bound is kept too where
    /// it is news about the move played: a new move (played as Stockfish
    /// plays it, whatever its bound) and a mate found by a fail high, both
    /// shown with their bound. Any other bound (the old best failing low or
    /// high, a later pass) gives way to the completed line: most stops land
    /// in such an iteration, and a GUI that does not mark bounds would show
    /// the bound as the answer. Either way the move played is the one the
    /// stopped iteration ranks first.
    fn restore_completed_lines(&mut self, lines: usize, completed: &[RootMove]) -> usize {
        let mut finished_now = self.pv_index.min(lines);
        if finished_now < lines {
            let current = &self.root_moves[finished_now];
            let searched = current.score != -INFINITE;
            let first_pass = finished_now == 0;
            let new_first_move = first_pass && completed.first().is_some_and(|line| line.mv != current.mv);
            let mate_found = first_pass
                && current.bound == Bound::Lower
                && mate_in_moves(current.score).is_some_and(|moves| moves > 0);
            if searched && (current.bound == Bound::Exact || mate_found || new_first_move) {
                finished_now += 1;
            }
        }
        let mut shown: Vec<RootMove> = self.root_moves[..finished_now].to_vec();
        for line in completed {
            if shown.len() == lines {
                break;
            }
            if shown.iter().all(|kept| kept.mv != line.mv) {
                shown.push(line.clone());
            }
        }
        let rest: Vec<RootMove> =
            self.root_moves.drain(..).filter(|root_move| shown.iter().all(|kept| kept.mv != root_move.mv)).collect();
        self.root_moves = shown;
        self.root_moves.extend(rest);
        finished_now
    }

    /// The first `lines` root moves as the result reports them. A move with no
    /// score at all (only possible if the first iteration was cut short) is left out.
    fn root_lines(&self, lines: usize) -> Vec<RootLine> {
        self.root_moves[..lines]
            .iter()
            .map(|root_move| RootLine { score: root_move.display_score(), pv: root_move.pv.clone() })
            .filter(|line| line.score != -INFINITE)
            .collect()
    }

    /// Line `index` as the final answer: an exact score, at the depth it was completed at.
    fn print_final_line(&self, index: usize, depth: i32) {
        self.print_report(index, depth.max(1), Bound::Exact);
    }

    /// The reply expected after the best move: from the PV, else from the TT.
    fn ponder_move(&mut self) -> Move {
        let best = &self.root_moves[0];
        if let Some(&reply) = best.pv.get(1) {
            return reply;
        }
        let best_move = best.mv;
        self.pos.make_move(best_move);
        let reply = self
            .shared
            .tt
            .probe(self.pos.key(), 1)
            .map(|hit| hit.mv)
            .filter(|&mv| self.pos.is_legal(mv))
            .unwrap_or(Move::NONE);
        self.pos.unmake_move();
        reply
    }

    /// Checkmate or stalemate at the root: nothing to search.
    fn no_legal_move(&mut self) -> SearchResult {
        let score = if self.pos.in_check() { mated_in(0) } else { DRAW };
        if let Some(main) = self.main {
            main.info.info(&no_legal_move_line(self.pos.in_check(), main.show_wdl));
            self.stop.store(true, Ordering::Relaxed);
        }
        SearchResult {
            best_move: Move::NONE,
            ponder_move: Move::NONE,
            score,
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}
