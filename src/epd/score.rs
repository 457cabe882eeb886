//! Judging one search against its problem, the time to solution, STS points
//! and the BT rating.

use crate::board::Move;

use super::parse::Problem;

/// How a position went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move chosen solves the problem (with the mate length asked for, if any).
    Solved,
    /// The search did not prove what was asked (no mate of the right length, no move).
    NotSolved,
    /// The search chose a move that is not a solution (or one to avoid).
    Wrong,
}

impl Verdict {
    /// The verdict as the reports write it: `solved`, `not` or `wrong`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::NotSolved => "not",
            Verdict::Wrong => "wrong",
        }
    }
}

/// What the main search thread reported after one completed step (an `info` line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InfoPoint {
    /// The line's `time`: milliseconds since the search started.
    pub time_ms: u64,
    /// The line's `depth`.
    pub depth: i32,
    /// The first move of the line's `pv`.
    pub first_move: Move,
    /// Mate distance in moves (negative: mated), `None` for centipawns.
    pub mate: Option<i32>,
}

/// When the final answer was first found and kept to the end of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Milliseconds from the search's start to the first line that showed it.
    pub time_ms: u64,
    /// The depth of that line.
    pub depth: i32,
}

/// The final answer's time to solution: the first line of the unbroken run of
/// lines at the end of `lines` that show `answer` (and, for a mate problem,
/// the mate length asked for). `None` when the last line does not show it.
#[must_use]
pub fn time_to_solution(lines: &[InfoPoint], answer: Move, mate: Option<i32>) -> Option<Solution> {
    let shows_answer = |point: &InfoPoint| point.first_move == answer && (mate.is_none() || point.mate == mate);
    let kept = lines.iter().rev().take_while(|point| shows_answer(point)).last()?;
    Some(Solution { time_ms: kept.time_ms, depth: kept.depth })
}

/// The verdict on `chosen`, a search's move with its mate distance
/// (`mate_found`). `keeps_mate` answers, for a move outside `bm`, whether it
/// still mates in time; it is only asked when the mate length is right.
pub fn judge(problem: &Problem, chosen: Move, mate_found: Option<i32>, keeps_mate: impl FnOnce() -> bool) -> Verdict {
    if chosen.is_none() {
        return Verdict::NotSolved;
    }
    if let Some(wanted) = problem.mate {
        if mate_found != Some(wanted) {
            return Verdict::NotSolved;
        }
        let known = problem.best.contains(&chosen);
        return if known || keeps_mate() { Verdict::Solved } else { Verdict::Wrong };
    }
    if problem.avoid.contains(&chosen) {
        return Verdict::Wrong;
    }
    if !problem.best.is_empty() {
        return if problem.best.contains(&chosen) { Verdict::Solved } else { Verdict::Wrong };
    }
    if !problem.points.is_empty() {
        return if problem.points_for(chosen) == problem.max_points() { Verdict::Solved } else { Verdict::Wrong };
    }
    // Only `am`: any other move solves it.
    Verdict::Solved
}

/// The base rating of a BT suite named `name` (file stem or id), if it is one.
#[must_use]
pub fn bt_base(name: &str) -> Option<u32> {
    let lower = name.to_ascii_lowercase().replace(['-', '_', ' '], "");
    [2450, 2630].into_iter().find(|base| lower.contains(&format!("bt{base}")))
}

/// The BT rating (Bednorz and Tönissen): `base - T / 30`, where T is the sum in
/// seconds of every position's time to solution, an unsolved position (or
/// one whose solution was later dropped) counting the full budget.
#[must_use]
pub fn bt_rating(base: u32, times_s: &[Option<f64>], budget_s: f64) -> f64 {
    let total: f64 = times_s.iter().map(|time| time.unwrap_or(budget_s).min(budget_s)).sum();
    f64::from(base) - total / 30.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::epd::parse::parse_problem;

    fn problem(text: &str) -> Problem {
        parse_problem(text, 1).expect("valid").expect("not blank")
    }

    fn mv(problem: &Problem, san: &str) -> Move {
        problem.position.parse_san(san).expect("legal")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    #[test]
    fn best_and_avoid_moves() {
        let p = problem(&format!("{START} bm e4 d4; am d4;"));
        assert_eq!(judge(&p, mv(&p, "e4"), None, || false), Verdict::Solved);
        assert_eq!(judge(&p, mv(&p, "d4"), None, || false), Verdict::Wrong);
        assert_eq!(judge(&p, mv(&p, "c4"), None, || false), Verdict::Wrong);
        assert_eq!(judge(&p, Move::NONE, None, || false), Verdict::NotSolved);
        let avoid_only = problem(&format!("{START} am f3;"));
        assert_eq!(judge(&avoid_only, mv(&avoid_only, "e4"), None, || false), Verdict::Solved);
        assert_eq!(judge(&avoid_only, mv(&avoid_only, "f3"), None, || false), Verdict::Wrong);
    }

    #[test]
    fn a_mate_needs_its_length_and_a_move_that_keeps_it() {
        let p = problem("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8; dm 1;");
        let ra8 = mv(&p, "Ra8");
        let ra7 = mv(&p, "Ra7");
        assert_eq!(judge(&p, ra8, Some(1), || panic!("a known move needs no check")), Verdict::Solved);
        assert_eq!(judge(&p, ra8, Some(2), || true), Verdict::NotSolved);
        assert_eq!(judge(&p, ra8, None, || true), Verdict::NotSolved);
        assert_eq!(judge(&p, ra7, Some(1), || true), Verdict::Solved);
        assert_eq!(judge(&p, ra7, Some(1), || false), Verdict::Wrong);
    }

    #[test]
    fn points_decide_when_there_is_no_bm() {
        let p = problem(&format!("{START} c0 \"e4=10, d4=9, Nf3=3\";"));
        assert_eq!(judge(&p, mv(&p, "e4"), None, || false), Verdict::Solved);
        assert_eq!(judge(&p, mv(&p, "d4"), None, || false), Verdict::Wrong);
        assert_eq!(p.points_for(mv(&p, "d4")), 9);
    }

    #[test]
    fn time_to_solution_is_the_start_of_the_final_run() {
        let pos = Position::startpos();
        let e4 = pos.parse_san("e4").expect("legal");
        let d4 = pos.parse_san("d4").expect("legal");
        let point = |time_ms, depth, first_move| InfoPoint { time_ms, depth, first_move, mate: None };
        let lines = [point(1, 1, e4), point(5, 2, d4), point(9, 3, e4), point(20, 4, e4), point(40, 5, e4)];
        assert_eq!(time_to_solution(&lines, e4, None), Some(Solution { time_ms: 9, depth: 3 }));
        assert_eq!(time_to_solution(&lines, d4, None), None);
        assert_eq!(time_to_solution(&[], e4, None), None);
        // For a mate problem the mate must show too.
        let mut mates = lines;
        mates[4].mate = Some(2);
        assert_eq!(time_to_solution(&mates, e4, Some(2)), Some(Solution { time_ms: 40, depth: 5 }));
    }

    #[test]
    fn bt_formula_and_suite_names() {
        // All 30 positions solved at once: the base rating.
        assert!((bt_rating(2630, &[Some(0.0); 30], 900.0) - 2630.0).abs() < 1e-9);
        // Nothing solved: 30 * 900 s / 30 = 900 below the base.
        assert!((bt_rating(2450, &[None; 30], 900.0) - 1550.0).abs() < 1e-9);
        // 10 solved in 60 s each, 20 unsolved: 2450 - (600 + 18000) / 30 = 1830.
        let mut times = vec![Some(60.0); 10];
        times.extend([None; 20]);
        assert!((bt_rating(2450, &times, 900.0) - 1830.0).abs() < 1e-9);
        assert_eq!(bt_base("BT2630"), Some(2630));
        assert_eq!(bt_base("bt-2450"), Some(2450));
        assert_eq!(bt_base("bratko-kopec"), None);
    }
}
