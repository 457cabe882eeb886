//! The maximum-likelihood fit of the win/draw/loss model ([`crate::wdl`]).
//!
//! Positions are pooled into cells of equal score and material with their
//! counts of wins, draws and losses: the likelihood only depends on those, and
//! a few hundred thousand positions shrink to far fewer cells. The eight
//! coefficients are found by Fisher scoring with Levenberg-Marquardt damping:
//! the model is smooth and has few parameters, so a second-order method
//! converges in a few dozen steps and to the precision the tests ask for.
//! Internally the coefficients are in pawns, which keeps the steps well scaled.

use std::collections::HashMap;

use super::{WdlModel, DEGREE, MAX_MATERIAL};

const PARAMETERS: usize = 2 * (DEGREE + 1);

/// Smallest probability a likelihood term uses (keeps `ln` finite).
const MIN_PROBABILITY: f64 = 1e-15;
/// Smallest spread (pawns) the fit accepts anywhere in the data.
const MIN_SPREAD_PAWNS: f64 = 0.05;
const MAX_ITERATIONS: usize = 300;

/// A game result from the scored side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The scored side won.
    Win = 0,
    /// The game was drawn.
    Draw = 1,
    /// The scored side lost.
    Loss = 2,
}

impl Outcome {
    /// The same result seen from the other side.
    #[must_use]
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// Positions of one score and material, counted by outcome (win, draw, loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The score, centipawns.
    pub score: i32,
    /// The material, capped at `MAX_MATERIAL`.
    pub material: u32,
    /// How many of these positions were won, drawn and lost, indexed by [`Outcome`].
    pub counts: [f64; 3],
}

/// Pools `(score, material, outcome)` samples into cells.
#[must_use]
pub fn pool(samples: impl IntoIterator<Item = (i32, u32, Outcome)>) -> Vec<Cell> {
    let mut cells: HashMap<(i32, u32), [f64; 3]> = HashMap::new();
    for (score, material, outcome) in samples {
        cells.entry((score, material.min(MAX_MATERIAL))).or_default()[outcome as usize] += 1.0;
    }
    let mut cells: Vec<Cell> =
        cells.into_iter().map(|((score, material), counts)| Cell { score, material, counts }).collect();
    // A fixed order makes the sums, and so the fit, reproducible to the last bit.
    cells.sort_by_key(|cell| (cell.material, cell.score));
    cells
}

/// The model's probabilities for one cell and their derivatives with respect
/// to the midpoint `a` and spread `b` (pawns), for the win, draw and loss.
struct CellTerms {
    probabilities: [f64; 3],
    d_midpoint: [f64; 3],
    d_spread: [f64; 3],
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn powers(material: u32) -> [f64; DEGREE + 1] {
    let x = f64::from(material) / f64::from(MAX_MATERIAL);
    let mut powers = [1.0; DEGREE + 1];
    for i in 1..=DEGREE {
        powers[i] = powers[i - 1] * x;
    }
    powers
}

/// `None` where the parameters leave the model's domain (a negative midpoint,
/// a vanishing spread).
fn cell_terms(theta: &[f64; PARAMETERS], cell: &Cell) -> Option<CellTerms> {
    let x = powers(cell.material);
    let midpoint: f64 = (0..=DEGREE).map(|i| theta[i] * x[i]).sum();
    let spread: f64 = (0..=DEGREE).map(|i| theta[DEGREE + 1 + i] * x[i]).sum();
    if midpoint < 0.0 || spread < MIN_SPREAD_PAWNS {
        return None;
    }
    let score = f64::from(cell.score) / 100.0;
    let (u, v) = ((score - midpoint) / spread, (-score - midpoint) / spread);
    let (win, loss) = (logistic(u), logistic(v));
    // 1 − σ(u) − σ(v) written as σ(−u) − σ(v): no cancellation when a win is near certain.
    let draw = (logistic(-u) - logistic(v)).max(MIN_PROBABILITY);
    let (win_slope, loss_slope) = (win * (1.0 - win), loss * (1.0 - loss));
    let d_win = [-win_slope / spread, -win_slope * u / spread];
    let d_loss = [-loss_slope / spread, -loss_slope * v / spread];
    Some(CellTerms {
        probabilities: [win.max(MIN_PROBABILITY), draw, loss.max(MIN_PROBABILITY)],
        d_midpoint: [d_win[0], -d_win[0] - d_loss[0], d_loss[0]],
        d_spread: [d_win[1], -d_win[1] - d_loss[1], d_loss[1]],
    })
}

/// The mean negative log-likelihood per position (infinite outside the domain).
#[must_use]
pub fn mean_log_loss(model: &WdlModel, cells: &[Cell]) -> f64 {
    log_loss(&to_theta(model), cells)
}

fn log_loss(theta: &[f64; PARAMETERS], cells: &[Cell]) -> f64 {
    let mut total = 0.0;
    let mut positions = 0.0;
    for cell in cells {
        let Some(terms) = cell_terms(theta, cell) else { return f64::INFINITY };
        for k in 0..3 {
            total -= cell.counts[k] * terms.probabilities[k].ln();
            positions += cell.counts[k];
        }
    }
    total / positions.max(1.0)
}

/// The gradient of the summed loss and the Fisher information (the expected
/// Hessian), per position.
type Matrix = [[f64; PARAMETERS]; PARAMETERS];

fn gradient_and_fisher(theta: &[f64; PARAMETERS], cells: &[Cell]) -> ([f64; PARAMETERS], Matrix) {
    let mut gradient = [0.0; PARAMETERS];
    let mut fisher = [[0.0; PARAMETERS]; PARAMETERS];
    let mut positions = 0.0;
    for cell in cells {
        let Some(terms) = cell_terms(theta, cell) else { continue };
        let x = powers(cell.material);
        let n: f64 = cell.counts.iter().sum();
        positions += n;
        for k in 0..3 {
            let mut jacobian = [0.0; PARAMETERS];
            for i in 0..=DEGREE {
                jacobian[i] = terms.d_midpoint[k] * x[i];
                jacobian[DEGREE + 1 + i] = terms.d_spread[k] * x[i];
            }
            let p = terms.probabilities[k];
            for i in 0..PARAMETERS {
                gradient[i] -= cell.counts[k] / p * jacobian[i];
                for j in 0..PARAMETERS {
                    fisher[i][j] += n * jacobian[i] * jacobian[j] / p;
                }
            }
        }
    }
    let scale = positions.max(1.0);
    gradient.iter_mut().for_each(|g| *g /= scale);
    fisher.iter_mut().flatten().for_each(|f| *f /= scale);
    (gradient, fisher)
}

/// Solves `matrix · x = rhs` by Gaussian elimination with partial pivoting;
/// `None` when the matrix is singular.
fn solve(mut matrix: Matrix, mut rhs: [f64; PARAMETERS]) -> Option<[f64; PARAMETERS]> {
    for col in 0..PARAMETERS {
        let pivot = (col..PARAMETERS).max_by(|&i, &j| matrix[i][col].abs().total_cmp(&matrix[j][col].abs()))?;
        if matrix[pivot][col].abs() < 1e-300 {
            return None;
        }
        matrix.swap(col, pivot);
        rhs.swap(col, pivot);
        for row in col + 1..PARAMETERS {
            let factor = matrix[row][col] / matrix[col][col];
            let pivot_row = matrix[col];
            for (entry, pivot_entry) in matrix[row].iter_mut().zip(pivot_row).skip(col) {
                *entry -= factor * pivot_entry;
            }
            rhs[row] -= factor * rhs[col];
        }
    }
    let mut x = [0.0; PARAMETERS];
    for row in (0..PARAMETERS).rev() {
        let known: f64 = (row + 1..PARAMETERS).map(|k| matrix[row][k] * x[k]).sum();
        x[row] = (rhs[row] - known) / matrix[row][row];
    }
    Some(x)
}

fn to_theta(model: &WdlModel) -> [f64; PARAMETERS] {
    let mut theta = [0.0; PARAMETERS];
    for i in 0..=DEGREE {
        theta[i] = model.a[i] / 100.0;
        theta[DEGREE + 1 + i] = model.b[i] / 100.0;
    }
    theta
}

fn to_model(theta: &[f64; PARAMETERS]) -> WdlModel {
    let mut model = WdlModel { a: [0.0; DEGREE + 1], b: [0.0; DEGREE + 1] };
    for i in 0..=DEGREE {
        model.a[i] = theta[i] * 100.0;
        model.b[i] = theta[DEGREE + 1 + i] * 100.0;
    }
    model
}

/// What [`fit`] found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted coefficients.
    pub model: WdlModel,
    /// Mean negative log-likelihood per position at the optimum.
    pub log_loss: f64,
    /// Fisher-scoring steps taken.
    pub iterations: usize,
}

/// The model of maximum likelihood for the cells.
///
/// # Errors
/// When there are no positions, or the data cannot pin the model down (for
/// example no draws at all, or every position at one material count).
pub fn fit(cells: &[Cell]) -> Result<Fit, String> {
    if cells.iter().all(|cell| cell.counts.iter().sum::<f64>() == 0.0) {
        return Err("no positions to fit".to_string());
    }
    // A level start: wins are as likely as not a pawn up, whatever the material.
    let mut level = [0.0; DEGREE + 1];
    level[0] = 100.0;
    let start = WdlModel { a: level, b: level };
    let mut theta = to_theta(&start);
    let mut loss = log_loss(&theta, cells);
    let mut damping = 1e-3;
    let mut iterations = 0;
    while iterations < MAX_ITERATIONS {
        iterations += 1;
        let (gradient, fisher) = gradient_and_fisher(&theta, cells);
        let mut damped = fisher;
        for (i, row) in damped.iter_mut().enumerate() {
            row[i] += damping * fisher[i][i].max(1e-12);
        }
        let step = solve(damped, gradient.map(|g| -g)).ok_or("the data cannot determine the model")?;
        let mut candidate = theta;
        candidate.iter_mut().zip(step).for_each(|(t, s)| *t += s);
        let candidate_loss = log_loss(&candidate, cells);
        if candidate_loss <= loss {
            let converged = loss - candidate_loss < 1e-13 && step.iter().all(|s| s.abs() < 1e-7);
            theta = candidate;
            loss = candidate_loss;
            damping = (damping / 4.0).max(1e-9);
            if converged {
                break;
            }
        } else if damping > 1e9 {
            break; // no step downhill at all: we are at the optimum as far as f64 can tell
        } else {
            damping *= 8.0;
        }
    }
    if !loss.is_finite() {
        return Err("the fit left the model's domain".to_string());
    }
    Ok(Fit { model: to_model(&theta), log_loss: loss, iterations })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(score: i32, material: u32, counts: [f64; 3]) -> Cell {
        Cell { score, material, counts }
    }

    #[test]
    fn pooling_counts_outcomes_per_score_and_material() {
        let samples =
            [(10, 30, Outcome::Win), (10, 30, Outcome::Draw), (10, 30, Outcome::Win), (-5, 90, Outcome::Loss)];
        let cells = pool(samples);
        assert_eq!(cells, vec![cell(10, 30, [2.0, 1.0, 0.0]), cell(-5, MAX_MATERIAL, [0.0, 0.0, 1.0])]);
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let cells: Vec<Cell> = (0..40)
            .map(|i| cell(i * 23 - 400, (i as u32 * 7) % 79, [1.0 + f64::from(i % 3), 2.0, 1.0 + f64::from(i % 5)]))
            .collect();
        let theta = to_theta(&WdlModel { a: [120.0, 40.0, -20.0, 10.0], b: [80.0, 10.0, 5.0, -4.0] });
        let (gradient, _) = gradient_and_fisher(&theta, &cells);
        for i in 0..PARAMETERS {
            let h = 1e-6;
            let (mut up, mut down) = (theta, theta);
            up[i] += h;
            down[i] -= h;
            let numeric = (log_loss(&up, &cells) - log_loss(&down, &cells)) / (2.0 * h);
            assert!((numeric - gradient[i]).abs() < 1e-6, "parameter {i}: {numeric} vs {}", gradient[i]);
        }
    }

    #[test]
    fn solving_a_small_system() {
        let mut matrix = [[0.0; PARAMETERS]; PARAMETERS];
        for (i, row) in matrix.iter_mut().enumerate() {
            row[i] = 2.0;
            row[(i + 1) % PARAMETERS] = 1.0;
        }
        let x = solve(matrix, [3.0; PARAMETERS]).expect("regular");
        assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-12), "{x:?}");
        assert!(solve([[0.0; PARAMETERS]; PARAMETERS], [1.0; PARAMETERS]).is_none());
    }

    #[test]
    fn no_positions_is_an_error() {
        assert!(fit(&[]).is_err());
    }
}
