//! Win/draw/loss estimates for the `info` lines (`UCI_ShowWDL`).
//!
//! A score says how much better one side stands; an analyst wants to know how
//! often such positions are won. The model turns a score into the chances of
//! the side to move, given how much material is left (a pawn up means more in
//! an endgame than with all the pieces on):
//!
//! - win  = logistic((score − a(m)) / b(m)),
//! - loss = logistic((−score − a(m)) / b(m)),
//! - draw = 1 − win − loss,
//!
//! where `m` is the material on the board ([`material`]) and `a`, `b` are
//! cubics in `m / MAX_MATERIAL`. `a` is the score at which a win becomes
//! as likely as not; `b` how quickly the chances change around it. The same
//! idea is used by Stockfish; the constants here come from Ferrochamp's own
//! games (`ferrochamp wdl-fit`, see [`FITTED`]).
//!
//! Files: this one (the model `info` lines use), `fit` (`ferrochamp wdl-fit`:
//! reading games, the calibration report) and `mle` (the maximum-likelihood fit).

pub mod fit;
pub mod mle;

use crate::board::{Color, PieceType, Position};
use crate::search::score::is_decisive;

pub use fit::{run_wdl_fit, WdlFitConfig};

/// Material counted in pawns (P 1, N 3, B 3, R 5, Q 9, both sides); the start
/// position has this much, and more (after promotions) counts as this much.
pub const MAX_MATERIAL: u32 = 78;

/// Highest power of `m` in the polynomials `a(m)` and `b(m)`.
pub const DEGREE: usize = 3;

/// The material (as [`material`] counts it) on the board at move 32 in
/// Ferrochamp's games at 10+0.1: the mean over the refit games (45.8 in those
/// of 2026-12-06, 46 in those of 2026-12-02).
/// Stockfish normalises its scores so that +1.00 wins half the games at move
/// 32; this is where the same reading of our scale is taken.
pub const MOVE_32_MATERIAL: u32 = 46;

/// The range of [`WdlModel::midpoint`] at [`MOVE_32_MATERIAL`] within which
/// `score cp` is shown on the internal scale: +1.00 then wins from about 40%
/// to 57% of the games at move 32 (53% with today's fit). A refit outside it means the evaluation's
/// scale has drifted and scores should be normalised (docs/wdl.md).
pub const UNNORMALISED_MIDPOINT_CP: (f64, f64) = (80.0, 125.0);

/// The least `b` the model uses: a fit never gives less, and it keeps the
/// logistic's slope finite for any constants.
const MIN_SPREAD_CP: f64 = 1.0;

/// Fitted on 2026-12-06 with `scripts/wdl_refit.sh` to the scores Ferrochamp printed in 160
/// games at 10+0.1 (commit bf1b838, bench 5380078): 80 against Ethereal 12, 50 against itself
/// (one side read) and 30 against Stockfish 15.1 classical, 10,323 positions (the games are in
/// `data/wdl/`). Fitted on 128 games, checked on the other 32 (docs/results.md). Refit when the
/// evaluation's scale changes or the engine gains some 30 Elo (docs/wdl.md).
pub const FITTED: WdlModel = WdlModel { a: [186.5, 47.9, -698.8, 592.4], b: [2.7, 478.5, -1016.4, 647.0] };

/// The constants of the model: coefficients of `a(m)` and `b(m)` in
/// centipawns, lowest power first, of `x = m / MAX_MATERIAL`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// Coefficients of the score at which the win chance is 50%.
    pub a: [f64; DEGREE + 1],
    /// Coefficients of the spread: how many centipawns change the odds by a factor e.
    pub b: [f64; DEGREE + 1],
}

/// Chances in per mille; the three always sum to exactly 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Win chance of the side to move, per mille.
    pub win: u32,
    /// Draw chance, per mille.
    pub draw: u32,
    /// Loss chance of the side to move, per mille.
    pub loss: u32,
}

impl Wdl {
    const CERTAIN_WIN: Wdl = Wdl { win: 1000, draw: 0, loss: 0 };
    const CERTAIN_LOSS: Wdl = Wdl { win: 0, draw: 0, loss: 1000 };

    /// Rounds probabilities to per mille; the draw takes what rounding leaves,
    /// so the sum is exact and a higher win chance never shows a lower `win`.
    #[must_use]
    pub fn from_probabilities(win: f64, loss: f64) -> Wdl {
        let per_mille = |p: f64| (p.clamp(0.0, 1.0) * 1000.0).round() as u32;
        let win = per_mille(win);
        let loss = per_mille(loss).min(1000 - win);
        Wdl { win, draw: 1000 - win - loss, loss }
    }
}

/// The material on the board as the model counts it, `0..=MAX_MATERIAL`.
#[must_use]
pub fn material(pos: &Position) -> u32 {
    let count = |piece_type: PieceType| {
        pos.pieces(Color::White, piece_type).count() + pos.pieces(Color::Black, piece_type).count()
    };
    let pawns = count(PieceType::Pawn);
    let minors = count(PieceType::Knight) + count(PieceType::Bishop);
    let total = pawns + 3 * minors + 5 * count(PieceType::Rook) + 9 * count(PieceType::Queen);
    total.min(MAX_MATERIAL)
}

/// `c[0] + c[1] x + c[2] x² + ...` by Horner's rule.
fn polynomial(coefficients: &[f64; DEGREE + 1], x: f64) -> f64 {
    coefficients.iter().rev().fold(0.0, |sum, &c| sum * x + c)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl WdlModel {
    /// The score (centipawns) at which a win is as likely as not, with `material` left.
    #[must_use]
    pub fn midpoint(&self, material: u32) -> f64 {
        polynomial(&self.a, scaled(material))
    }

    /// How many centipawns change the odds of a win by a factor e, with `material` left.
    #[must_use]
    pub fn spread(&self, material: u32) -> f64 {
        polynomial(&self.b, scaled(material)).max(MIN_SPREAD_CP)
    }

    /// Win and loss probabilities of the side to move (the draw is the rest).
    #[must_use]
    pub fn win_loss(&self, score_cp: f64, material: u32) -> (f64, f64) {
        // A negative midpoint would make win + loss exceed 1 around score 0.
        let midpoint = self.midpoint(material).max(0.0);
        let spread = self.spread(material);
        (logistic((score_cp - midpoint) / spread), logistic((-score_cp - midpoint) / spread))
    }

    /// The per-mille chances of the side to move for a search score
    /// (mates and tablebase results are certain).
    #[must_use]
    pub fn wdl(&self, score: i32, material: u32) -> Wdl {
        if is_decisive(score) {
            return if score > 0 { Wdl::CERTAIN_WIN } else { Wdl::CERTAIN_LOSS };
        }
        let (win, loss) = self.win_loss(f64::from(score), material);
        Wdl::from_probabilities(win, loss)
    }
}

fn scaled(material: u32) -> f64 {
    f64::from(material.min(MAX_MATERIAL)) / f64::from(MAX_MATERIAL)
}

/// The fitted model's chances of the side to move in `pos` for a search score.
#[must_use]
pub fn wdl(score: i32, pos: &Position) -> Wdl {
    FITTED.wdl(score, material(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in, tb_loss_in, tb_win_in};

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Position::startpos()), MAX_MATERIAL);
        let rook_ending = Position::from_fen("8/5pk1/8/8/8/8/3R1PK1/r7 w - - 0 40").expect("fen");
        assert_eq!(material(&rook_ending), 12);
        // Two pawns promoted to queens: more than at the start, counted as the start.
        let queens = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/QQPPPPPP/RNBQKBNR w KQkq - 0 1").expect("fen");
        assert_eq!(material(&queens), MAX_MATERIAL);
    }

    #[test]
    fn chances_always_sum_to_a_thousand() {
        for material in [0, 10, 40, MAX_MATERIAL] {
            for score in (-3000..=3000).step_by(7) {
                let wdl = FITTED.wdl(score, material);
                assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "score {score} material {material}");
            }
        }
    }

    #[test]
    fn a_higher_score_never_lowers_the_win_or_raises_the_loss() {
        for material in 0..=MAX_MATERIAL {
            let mut previous = FITTED.wdl(-5000, material);
            for score in -4999..=5000 {
                let wdl = FITTED.wdl(score, material);
                assert!(wdl.win >= previous.win, "win fell at score {score}, material {material}");
                assert!(wdl.loss <= previous.loss, "loss rose at score {score}, material {material}");
                previous = wdl;
            }
        }
    }

    #[test]
    fn the_model_is_the_same_from_either_side() {
        for score in [-400, -35, 0, 12, 250] {
            let ours = FITTED.wdl(score, 30);
            let theirs = FITTED.wdl(-score, 30);
            assert_eq!((ours.win, ours.loss), (theirs.loss, theirs.win));
        }
    }

    #[test]
    fn mates_and_tablebase_results_are_certain() {
        let win = Wdl { win: 1000, draw: 0, loss: 0 };
        let loss = Wdl { win: 0, draw: 0, loss: 1000 };
        for material in [0, 40, MAX_MATERIAL] {
            assert_eq!(FITTED.wdl(mate_in(1), material), win);
            assert_eq!(FITTED.wdl(mate_in(37), material), win);
            assert_eq!(FITTED.wdl(mated_in(0), material), loss);
            assert_eq!(FITTED.wdl(mated_in(20), material), loss);
            assert_eq!(FITTED.wdl(tb_win_in(15), material), win);
            assert_eq!(FITTED.wdl(tb_loss_in(15), material), loss);
        }
    }

    #[test]
    fn level_scores_are_mostly_draws_and_big_ones_mostly_won() {
        let level = FITTED.wdl(0, 40);
        assert_eq!(level.win, level.loss);
        assert!(level.draw > level.win, "{level:?}");
        let winning = FITTED.wdl(900, 40);
        assert!(winning.win > 900, "{winning:?}");
    }

    #[test]
    fn a_pawn_up_at_move_32_wins_about_half_the_games() {
        let midpoint = FITTED.midpoint(MOVE_32_MATERIAL);
        let (low, high) = UNNORMALISED_MIDPOINT_CP;
        assert!((low..=high).contains(&midpoint), "a({MOVE_32_MATERIAL}) = {midpoint:.1} cp: normalise `score cp`");
    }

    #[test]
    fn the_start_position_is_drawn_about_as_often_as_real_games_are() {
        // 49% of the fit's games were drawn: 42% against Ethereal 12, 62% against itself.
        let start = FITTED.wdl(20, MAX_MATERIAL);
        assert!((350..=600).contains(&start.draw), "{start:?}");
        assert!(start.win > start.loss, "{start:?}");
    }

    #[test]
    fn a_rook_up_is_nearly_always_won() {
        // With little else on the board the search scores a rook up higher: 680 cp at depth 14
        // in `6k1/5ppp/8/8/8/8/5PPP/R5K1 b` (material 11) and `2k5/ppp5/8/8/8/8/PPP5/1K5R w`.
        for (material, score) in [(11, 680), (30, 500), (50, 500)] {
            let rook_up = FITTED.wdl(score, material);
            assert!(rook_up.win >= 950, "material {material}: {rook_up:?}");
        }
    }

    #[test]
    fn rounding_keeps_the_sum_and_the_order() {
        assert_eq!(Wdl::from_probabilities(0.4996, 0.4996), Wdl { win: 500, draw: 0, loss: 500 });
        assert_eq!(Wdl::from_probabilities(0.9996, 0.0004), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(Wdl::from_probabilities(0.1234, 0.3456), Wdl { win: 123, draw: 531, loss: 346 });
    }
}
