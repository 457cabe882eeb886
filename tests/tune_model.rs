//! The tuner's model of the evaluation: it must reproduce the engine's
//! evaluation from the traced coefficients, and its gradient must match finite
//! differences of the loss.

mod common;

use common::eval::random_game_positions;
use common::rng::Rng;
use ferrochamp::board::Position;
use ferrochamp::eval::layout;
use ferrochamp::eval::score::S;
use ferrochamp::eval::trace::Term;
use ferrochamp::eval::{evaluate, evaluate_traced, PawnTable};
use ferrochamp::tune::model::{self, Coeff, SampleParts, SampleSet};
use ferrochamp::tune::texel::{gradient, mean_loss, Loss};

/// Positions from random games: openings, middlegames, endgames.
fn random_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    random_game_positions(&Position::startpos(), games, plies, seed)
}

const FENS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp1nppbp/2p2np1/3p4/P2P4/4PN2/1PPNBPPP/R1BQ1RK1 w - - 1 5",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/8/3BNK2/8/8 w - - 0 1",
    "r2q1rk1/ppp2ppp/2n1bn2/3pp3/1b1PP3/2N1BN2/PPPQ1PPP/R3KB1R w KQ - 0 8",
    "2kr3r/ppp2ppp/2n5/2b1q3/4n3/2N2N2/PPPQBPPP/R3K2R b KQ - 0 12",
];

#[test]
fn model_reproduces_the_engine_evaluation() {
    let weights = model::current_weights();
    let mut positions: Vec<Position> = FENS.iter().map(|f| Position::from_fen(f).expect("fen")).collect();
    positions.extend(random_positions(40, 120, 11));
    let mut pawns = PawnTable::new();
    let mut worst = 0.0f64;
    let mut with_danger = 0;
    for pos in &positions {
        let trace = evaluate_traced(pos);
        let white_cp = evaluate(pos, &mut pawns) * pos.side_to_move().sign();
        assert_eq!(trace.white_cp, white_cp, "trace and search disagree on {}", pos.to_fen());
        let parts = SampleParts::from_trace(&trace, 0.5);
        with_danger += usize::from(!parts.danger_white.is_empty() || !parts.danger_black.is_empty());
        let mut set = SampleSet::default();
        set.push(&parts);
        let modelled = set.evaluate(0, &weights).value;
        worst = worst.max((modelled - f64::from(white_cp)).abs());
        // The complexity adjustment jumps where the endgame half changes sign; within
        // the engine's integer rounding of zero the model may land on the other side.
        let complexity = trace.terms[Term::Complexity as usize][0].eg();
        if (trace.total().eg() - complexity).abs() <= 3 {
            continue;
        }
        // Integer rounding of the engine (danger penalty, scale, blend) is all that may differ.
        assert!(
            (modelled - f64::from(white_cp)).abs() <= 3.0,
            "model {modelled} vs engine {white_cp} on {}",
            pos.to_fen()
        );
    }
    assert!(with_danger > 10, "too few positions exercise king danger: {with_danger}");
    eprintln!("{} positions, worst |model - engine| = {worst:.2} cp", positions.len());
}

#[test]
fn model_agrees_with_the_trace_at_other_weights() {
    // Random weights far from the compiled ones, danger weights large enough to hit the cap.
    let mut rng = Rng::new(17);
    let values: Vec<S> = layout::current()
        .iter()
        .map(|v| S(v.0 + rng.below(201) as i32 - 100, v.1 + rng.below(201) as i32 - 100))
        .collect();
    let weights = model::to_weights(&values);
    let mut checked = 0;
    for pos in random_positions(20, 100, 23) {
        let trace = evaluate_traced(&pos);
        if trace.scale == 0 {
            continue;
        }
        let expected = trace.score_with(&values).blend(trace.phase, trace.scale);
        let mut set = SampleSet::default();
        set.push(&SampleParts::from_trace(&trace, 0.5));
        let modelled = set.evaluate(0, &weights).value;
        assert!(
            (modelled - f64::from(expected)).abs() <= 3.0,
            "model {modelled} vs trace {expected} on {}",
            pos.to_fen()
        );
        checked += 1;
    }
    assert!(checked > 1000);
}

#[test]
fn danger_curve_matches_the_engine() {
    for mg in [-50, 0, 1, 37, 100, 250, 600, 1499, 1500, 1800, 5000] {
        for eg in [-10, 0, 5, 40, 200] {
            let engine = ferrochamp::eval::danger_penalty(ferrochamp::eval::score::S(mg, eg));
            let ours = model::danger_penalty([f64::from(mg), f64::from(eg)]);
            assert!((ours[0] - f64::from(engine.0)).abs() < 1.0, "mg {mg}: {} vs {}", ours[0], engine.0);
            assert!((ours[1] - f64::from(engine.1)).abs() < 1.0, "eg {eg}: {} vs {}", ours[1], engine.1);
        }
    }
}

/// A tiny synthetic set whose samples use linear, king-danger and complexity weights.
fn tiny_set(weight_count: usize) -> SampleSet {
    let mut rng = Rng::new(3);
    let mut set = SampleSet::default();
    let coeffs = |rng: &mut Rng, n: usize, lo: usize, hi: usize| -> Vec<Coeff> {
        (0..n)
            .map(|_| Coeff { index: (lo + rng.below(hi - lo)) as u16, count: rng.below(5) as i16 - 2 })
            .filter(|c| c.count != 0)
            .collect()
    };
    for i in 0..40 {
        set.push(&SampleParts {
            linear: coeffs(&mut rng, 6, 0, weight_count / 2),
            // Danger weights live in the upper half; positive counts keep the units positive.
            danger_white: (0..3)
                .map(|_| Coeff {
                    index: (weight_count / 2 + rng.below(weight_count / 2)) as u16,
                    count: 1 + rng.below(3) as i16,
                })
                .collect(),
            danger_black: if i % 2 == 0 {
                Vec::new()
            } else {
                vec![Coeff { index: (weight_count - 1) as u16, count: 2 }]
            },
            // One weight of the lower half doubles as a complexity weight (its endgame half).
            complexity: if i % 4 == 0 {
                Vec::new()
            } else {
                vec![Coeff { index: (weight_count / 2 - 1) as u16, count: (i % 3) as i16 + 1 }]
            },
            phase: rng.below(257) as i32,
            scale: 64 + rng.below(65) as i32,
            offset: 3.0,
            result: [0.0, 0.5, 1.0][i % 3],
        });
    }
    set
}

#[test]
fn gradient_matches_finite_differences() {
    let n = 12;
    let set = tiny_set(n);
    let mut rng = Rng::new(5);
    let weights: Vec<[f64; 2]> = (0..n).map(|_| [rng.unit() * 80.0 + 10.0, rng.unit() * 80.0 - 20.0]).collect();
    let all: Vec<usize> = (0..set.len()).collect();
    for loss in [Loss::Mse, Loss::CrossEntropy] {
        let k = 0.01;
        let (grad, _) = gradient(&set, &all, &weights, k, loss, 2);
        let h = 1e-4;
        for i in 0..n {
            for half in 0..2 {
                let mut up = weights.clone();
                let mut down = weights.clone();
                up[i][half] += h;
                down[i][half] -= h;
                let numeric = (mean_loss(&set, &up, k, loss, 1) - mean_loss(&set, &down, k, loss, 1)) / (2.0 * h);
                let analytic = grad[i][half];
                assert!(
                    (numeric - analytic).abs() <= 1e-6 + 1e-4 * numeric.abs().max(analytic.abs()),
                    "{loss:?} weight {i} half {half}: analytic {analytic} vs numeric {numeric}"
                );
            }
        }
        assert!(grad.iter().any(|g| g[0].abs() > 1e-6), "gradient is all zero");
        // The danger weights (upper half) must receive gradient too.
        assert!(grad[n / 2..].iter().any(|g| g[0].abs() > 1e-6));
    }
}
