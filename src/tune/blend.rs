//! `tune --lambda`: labels that mix the game result with the search's own verdict.
//!
//! A game result is one noisy bit per game: every position of the game shares
//! it, however early and however level the position. `datagen` also records the
//! score the search gave each position; read as an expected result it is far
//! less noisy, though it carries the engine's own misjudgements. The label
//! becomes `lambda * expected + (1 - lambda) * result`.
//!
//! The scores' scale K is fitted on the data itself (search scores against game
//! results), not taken from the static evaluation's fit: a node-limited search
//! is a different judge, with its own relation between centipawns and results.

use super::dataset::Labelled;
use super::texel;

/// What blending did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlendReport {
    /// Positions whose line had a score and got a blended label.
    pub blended: usize,
    /// The scale of the search scores: fitted, or the one given.
    pub k: f64,
}

/// Replaces the label of every position with a score by the blend; `None`
/// (nothing changed) when `lambda` is 0 or no position has a score. The scores'
/// scale is fitted unless `k` gives it: held-out positions are labelled on the
/// training set's scale, so that the validation loss measures the same target.
#[must_use]
pub fn blend_labels(positions: &mut [Labelled], lambda: f64, k: Option<f64>) -> Option<BlendReport> {
    if lambda <= 0.0 {
        return None;
    }
    let (scores, results): (Vec<f64>, Vec<f32>) =
        positions.iter().filter_map(|p| p.score.map(|score| (f64::from(score), p.result))).unzip();
    if scores.is_empty() {
        return None;
    }
    let k = k.unwrap_or_else(|| texel::fit_k(&scores, &results));
    for position in positions.iter_mut() {
        if let Some(score) = position.score {
            let expected = texel::sigmoid(k * f64::from(score));
            position.result = (lambda * expected + (1.0 - lambda) * f64::from(position.result)) as f32;
        }
    }
    Some(BlendReport { blended: scores.len(), k })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labelled(score: Option<f32>, result: f32) -> Labelled {
        Labelled { fen: String::new(), result, score }
    }

    /// Scores that predict the results well: +200 wins, -200 loses, 0 mostly draws.
    fn sample() -> Vec<Labelled> {
        let mut positions = Vec::new();
        for i in 0..300 {
            positions.push(labelled(Some(200.0), if i % 10 == 0 { 0.5 } else { 1.0 }));
            positions.push(labelled(Some(-200.0), if i % 10 == 0 { 0.5 } else { 0.0 }));
            positions.push(labelled(Some(0.0), [0.0, 0.5, 0.5, 1.0][i % 4]));
        }
        positions.push(labelled(None, 1.0));
        positions
    }

    #[test]
    fn a_given_scale_is_used_instead_of_a_fitted_one() {
        let mut fitted = sample();
        let mut given = sample();
        let fit = blend_labels(&mut fitted, 0.5, None).expect("scores present");
        let report = blend_labels(&mut given, 0.5, Some(fit.k * 2.0)).expect("scores present");
        assert_eq!(report.k, fit.k * 2.0);
        // A steeper scale pushes the +200 positions' labels further towards a win.
        assert!(given[0].result > fitted[0].result, "{} vs {}", given[0].result, fitted[0].result);
    }

    #[test]
    fn lambda_zero_changes_nothing() {
        let mut positions = sample();
        assert_eq!(blend_labels(&mut positions, 0.0, None), None);
        assert_eq!(positions[3].result, 1.0);
    }

    #[test]
    fn labels_move_towards_the_expected_result_by_lambda() {
        let mut positions = sample();
        let report = blend_labels(&mut positions, 0.5, None).expect("scores present");
        assert_eq!(report.blended, 900);
        assert!(report.k > 0.0);
        let expected_win = texel::sigmoid(report.k * 200.0);
        assert!(expected_win > 0.8 && expected_win < 1.0, "{expected_win}");
        // A won game at +200: halfway between 1 and the expectation.
        let won = f64::from(positions[3].result);
        assert!((won - (0.5 + 0.5 * expected_win)).abs() < 1e-6, "{won}");
        // A level position: the expectation is exactly a half.
        assert!((f64::from(positions[2].result) - 0.25).abs() < 1e-6, "{}", positions[2].result);
        // A line without a score keeps its game result.
        assert_eq!(positions.last().map(|p| p.result), Some(1.0));
    }

    #[test]
    fn lambda_one_is_the_expectation_alone() {
        let mut positions = sample();
        let report = blend_labels(&mut positions, 1.0, None).expect("scores present");
        let expected_loss = texel::sigmoid(report.k * -200.0);
        assert!((f64::from(positions[1].result) - expected_loss).abs() < 1e-6);
    }
}
