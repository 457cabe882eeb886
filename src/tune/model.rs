//! The evaluation as the tuner sees it: per position a sparse vector of weight
//! coefficients, the blend factors and the king-danger inputs, so that the
//! evaluation and its gradient can be recomputed for any weights without the board.
//!
//! The model of one position, White's point of view:
//!
//! ```text
//! E(w) = mg * (Σ c_i w_i.mg + P_mg(D_white) - P_mg(D_black))
//!      + eg * (Σ c_i w_i.eg + P_eg(D_white) - P_eg(D_black)) + offset
//! ```
//!
//! - `c_i` is White's count minus Black's for every linear weight;
//! - `D_c = Σ d_{c,i} w_i` are the king-danger units against colour `c`'s king
//!   (the `KingDanger` groups), turned into a penalty by the same curve as
//!   `eval::danger_penalty` (quadratic in the middlegame up to a cap, linear in
//!   the endgame):
//!   this part is modelled exactly, not frozen;
//! - the endgame sum (linear and danger parts) is then moved by the complexity
//!   units `C = Σ k_j w_j.eg` (the `Complexity` groups, counted once per
//!   position): `eg_sum + sign(eg_sum) * max(C, -|eg_sum|)`, as in
//!   `eval::endgame::complexity_adjustment`; modelled exactly, like the danger;
//! - `mg = phase / 256`, `eg = (256 - phase) / 256 * scale / 128`. The endgame
//!   scale is taken as a constant of the position (it depends only on material
//!   and on the sign of the endgame score);
//! - `offset` is what the model misses of the engine's evaluation at the starting
//!   weights: integer rounding only, when every term is traced.

use crate::board::Position;
use crate::eval::layout::{self, Kind};
use crate::eval::score::{PHASE_MAX, SCALE_NORMAL};
use crate::eval::trace::EvalTrace;
use crate::eval::{evaluate_traced, score::S};

/// The complexity adjustment of an endgame sum (as `eval::endgame::complexity_adjustment`,
/// in floating point): `(adjustment, d adjustment / d units, d (sum + adjustment) / d sum)`.
#[must_use]
pub fn complexity_adjustment(eg_sum: f64, units: f64) -> (f64, f64, f64) {
    let sign = if eg_sum > 0.0 {
        1.0
    } else if eg_sum < 0.0 {
        -1.0
    } else {
        0.0
    };
    if units >= -eg_sum.abs() {
        (sign * units, sign, 1.0)
    } else {
        // The edge shrinks to nothing: the endgame half is zero whatever the weights.
        (-eg_sum, 0.0, 0.0)
    }
}

/// A weight's middlegame and endgame value.
pub type Weight = [f64; 2];

/// Divisor of the squared middlegame danger in `eval::danger_penalty`.
const DANGER_MG_DIVISOR: f64 = 720.0;
/// Divisor of the endgame danger in `eval::danger_penalty`.
const DANGER_EG_DIVISOR: f64 = 20.0;
/// The cap on middlegame danger units in `eval::danger_penalty`.
const DANGER_MG_CAP: f64 = 1500.0;

/// The penalty for danger units (as in `eval::danger_penalty`, without its integer rounding).
#[must_use]
pub fn danger_penalty(danger: Weight) -> Weight {
    let mg = danger[0].clamp(0.0, DANGER_MG_CAP);
    let eg = danger[1].max(0.0);
    [-(mg * mg) / DANGER_MG_DIVISOR, -eg / DANGER_EG_DIVISOR]
}

/// The derivative of [`danger_penalty`] by the danger units, per half.
#[must_use]
pub fn danger_slope(danger: Weight) -> Weight {
    // Flat (no gradient) below zero and above the cap.
    let mg_slope =
        if danger[0] > 0.0 && danger[0] < DANGER_MG_CAP { -2.0 * danger[0] / DANGER_MG_DIVISOR } else { 0.0 };
    let eg_slope = if danger[1] > 0.0 { -1.0 / DANGER_EG_DIVISOR } else { 0.0 };
    [mg_slope, eg_slope]
}

/// One weight's coefficient in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coeff {
    /// The weight's index in the parameters' layout order.
    pub index: u16,
    /// How often the term occurs: White's count minus Black's for a linear weight,
    /// its danger units against the king of its list's colour for a king-danger weight
    /// (saturated to `i16`).
    pub count: i16,
}

/// One training position: its traced evaluation's factors and the game result;
/// its coefficients live in [`SampleSet::coeffs`].
#[derive(Clone, Copy, Debug)]
pub struct TrainingPosition {
    start: u32,
    linear: u16,
    danger_white: u8,
    danger_black: u8,
    complexity: u8,
    /// The middlegame blend factor, `phase / 256` (0 for a dead draw).
    pub mg: f32,
    /// The endgame blend factor, `(256 - phase) / 256 * scale / 128` (0 for a dead draw).
    pub eg: f32,
    /// What the model misses of the engine's evaluation, centipawns from White's side.
    pub offset: f32,
    /// The game result from White's side.
    pub result: f32,
}

/// Positions in a compact form: one flat coefficient array, no per-position allocation.
#[derive(Clone, Debug, Default)]
pub struct SampleSet {
    coeffs: Vec<Coeff>,
    samples: Vec<TrainingPosition>,
}

/// The raw parts of one sample, for [`SampleSet::push`].
#[derive(Clone, Debug, Default)]
pub struct SampleParts {
    /// Coefficients of the linear weights, White's count minus Black's.
    pub linear: Vec<Coeff>,
    /// King-danger units against White's king, by weight.
    pub danger_white: Vec<Coeff>,
    /// King-danger units against Black's king, by weight.
    pub danger_black: Vec<Coeff>,
    /// Complexity units of the position, by weight.
    pub complexity: Vec<Coeff>,
    /// The game phase, from 0 (bare endgame) to 256 (full middlegame).
    pub phase: i32,
    /// The endgame scale, 128 for a normal endgame and 0 for a dead draw.
    pub scale: i32,
    /// What the model misses of the engine's evaluation, centipawns from White's side.
    pub offset: f32,
    /// The game result from White's side: 1 win, 0.5 draw, 0 loss.
    pub result: f32,
}

impl SampleParts {
    /// The parts of a traced evaluation (offset zero: see [`SampleSet::push_traced`]).
    #[must_use]
    pub fn from_trace(trace: &EvalTrace, result: f32) -> SampleParts {
        let mut parts = SampleParts { phase: trace.phase, scale: trace.scale, result, ..SampleParts::default() };
        for (index, white, black) in trace.nonzero_coeffs() {
            let Ok(index16) = u16::try_from(index) else { continue };
            let coeff = |count: i32| Coeff { index: index16, count: clamp_i16(count) };
            match layout::group_of(index).map(|group| group.kind) {
                // Complexity is counted in White's slot only.
                Some(Kind::Complexity) if white != 0 => parts.complexity.push(coeff(white)),
                Some(Kind::Complexity) => {}
                Some(Kind::KingDanger) => {
                    if white != 0 {
                        parts.danger_white.push(coeff(white));
                    }
                    if black != 0 {
                        parts.danger_black.push(coeff(black));
                    }
                }
                _ if white != black => parts.linear.push(coeff(white - black)),
                _ => {}
            }
        }
        parts
    }
}

fn clamp_i16(value: i32) -> i16 {
    i16::try_from(value).unwrap_or(if value < 0 { i16::MIN } else { i16::MAX })
}

/// The engine's weights as floating point, in layout order.
#[must_use]
pub fn current_weights() -> Vec<Weight> {
    to_weights(&layout::current())
}

/// Parameter values as floating-point weights, `[mg, eg]` each.
#[must_use]
pub fn to_weights(values: &[S]) -> Vec<Weight> {
    values.iter().map(|v| [f64::from(v.0), f64::from(v.1)]).collect()
}

/// Rounds tuned weights back to the parameters' integers.
#[must_use]
pub fn to_scores(weights: &[Weight]) -> Vec<S> {
    // Weights stay within a few thousand centipawns, far inside i32.
    weights.iter().map(|w| S(w[0].round() as i32, w[1].round() as i32)).collect()
}

/// What evaluating one sample computed, kept for its gradient.
#[derive(Clone, Copy, Debug)]
pub struct Evaluated {
    /// White-relative centipawns.
    pub value: f64,
    danger: [Weight; 2],
    /// d(endgame half) / d(complexity units), and d(endgame half) / d(endgame sum).
    complexity_slopes: (f64, f64),
}

impl SampleSet {
    /// The number of samples.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether the set has no sample.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Every sample's record, in the order they were added.
    #[must_use]
    pub fn samples(&self) -> &[TrainingPosition] {
        &self.samples
    }

    /// The total number of stored coefficients (for memory reports).
    #[must_use]
    pub fn coeff_count(&self) -> usize {
        self.coeffs.len()
    }

    /// Adds a sample.
    pub fn push(&mut self, parts: &SampleParts) {
        let (mg, eg) = blend_factors(parts.phase, parts.scale);
        let lists = [&parts.linear[..], &parts.danger_white[..], &parts.danger_black[..], &parts.complexity[..]];
        self.push_raw(lists, (mg, eg), parts.offset, parts.result);
    }

    /// Adds a sample from its coefficient lists (linear, danger against White,
    /// danger against Black, complexity). Lists longer than their counters allow are cut;
    /// the evaluation never comes near (it has a few dozen terms a position).
    fn push_raw(&mut self, lists: [&[Coeff]; 4], (mg, eg): (f32, f32), offset: f32, result: f32) {
        let Ok(start) = u32::try_from(self.coeffs.len()) else { return };
        let linear = &lists[0][..lists[0].len().min(usize::from(u16::MAX))];
        let danger_white = &lists[1][..lists[1].len().min(usize::from(u8::MAX))];
        let danger_black = &lists[2][..lists[2].len().min(usize::from(u8::MAX))];
        let complexity = &lists[3][..lists[3].len().min(usize::from(u8::MAX))];
        for list in [linear, danger_white, danger_black, complexity] {
            self.coeffs.extend_from_slice(list);
        }
        self.samples.push(TrainingPosition {
            start,
            // The cuts above keep these lengths within their types.
            linear: linear.len() as u16,
            danger_white: danger_white.len() as u8,
            danger_black: danger_black.len() as u8,
            complexity: complexity.len() as u8,
            mg,
            eg,
            offset,
            result,
        });
    }

    /// Traces `pos` (White's point of view) and adds it, with the offset that
    /// makes the model equal the engine's evaluation at `weights`. Returns that offset.
    pub fn push_traced(&mut self, pos: &Position, result: f32, weights: &[Weight]) -> f32 {
        let trace = evaluate_traced(pos);
        self.push(&SampleParts::from_trace(&trace, result));
        let index = self.samples.len() - 1;
        let offset = (f64::from(trace.white_cp) - self.evaluate(index, weights).value) as f32;
        self.samples[index].offset = offset;
        offset
    }

    /// Appends all samples of `other`.
    pub fn append(&mut self, other: &SampleSet) {
        for i in 0..other.len() {
            let sample = other.samples[i];
            let (linear, white, black, complexity) = other.parts(&sample);
            self.push_raw([linear, white, black, complexity], (sample.mg, sample.eg), sample.offset, sample.result);
        }
    }

    /// The samples at `indices` as a new set (for the train/validation split).
    #[must_use]
    pub fn select(&self, indices: &[usize]) -> SampleSet {
        let mut out = SampleSet::default();
        for &i in indices {
            let sample = self.samples[i];
            let (linear, white, black, complexity) = self.parts(&sample);
            out.push_raw([linear, white, black, complexity], (sample.mg, sample.eg), sample.offset, sample.result);
        }
        out
    }

    fn parts(&self, sample: &TrainingPosition) -> (&[Coeff], &[Coeff], &[Coeff], &[Coeff]) {
        let start = sample.start as usize;
        let linear_end = start + usize::from(sample.linear);
        let white_end = linear_end + usize::from(sample.danger_white);
        let black_end = white_end + usize::from(sample.danger_black);
        let complexity_end = black_end + usize::from(sample.complexity);
        (
            &self.coeffs[start..linear_end],
            &self.coeffs[linear_end..white_end],
            &self.coeffs[white_end..black_end],
            &self.coeffs[black_end..complexity_end],
        )
    }

    /// Per weight, how many samples use it (with a nonzero coefficient).
    #[must_use]
    pub fn occurrences(&self, weight_count: usize) -> Vec<u32> {
        let mut counts = vec![0u32; weight_count];
        for sample in &self.samples {
            let (linear, white, black, complexity) = self.parts(sample);
            for c in linear.iter().chain(white).chain(black).chain(complexity) {
                if let Some(count) = counts.get_mut(usize::from(c.index)) {
                    *count += 1;
                }
            }
        }
        counts
    }

    /// The model's evaluation of sample `index` at `weights`.
    #[must_use]
    pub fn evaluate(&self, index: usize, weights: &[Weight]) -> Evaluated {
        let sample = &self.samples[index];
        let (linear, white, black, complexity) = self.parts(sample);
        let mut sum = [0.0; 2];
        for c in linear {
            let w = weights[usize::from(c.index)];
            let count = f64::from(c.count);
            sum[0] += count * w[0];
            sum[1] += count * w[1];
        }
        let danger = [dot(white, weights), dot(black, weights)];
        let (pw, pb) = (danger_penalty(danger[0]), danger_penalty(danger[1]));
        let eg_sum = sum[1] + pw[1] - pb[1];
        let (adjustment, units_slope, sum_slope) = complexity_adjustment(eg_sum, dot(complexity, weights)[1]);
        let mg = f64::from(sample.mg) * (sum[0] + pw[0] - pb[0]);
        let eg = f64::from(sample.eg) * (eg_sum + adjustment);
        Evaluated { value: mg + eg + f64::from(sample.offset), danger, complexity_slopes: (units_slope, sum_slope) }
    }

    /// Adds `scale * dE/dw` of sample `index` to `grad`, given its evaluation.
    pub fn add_gradient(&self, index: usize, evaluated: &Evaluated, scale: f64, grad: &mut [Weight]) {
        let sample = &self.samples[index];
        let (linear, white, black, complexity) = self.parts(sample);
        let (units_slope, sum_slope) = evaluated.complexity_slopes;
        let mg = scale * f64::from(sample.mg);
        // Complexity passes the endgame sum on with this slope (0 where it zeroes the half).
        let eg = scale * f64::from(sample.eg) * sum_slope;
        for c in complexity {
            grad[usize::from(c.index)][1] += scale * f64::from(sample.eg) * units_slope * f64::from(c.count);
        }
        for c in linear {
            let g = &mut grad[usize::from(c.index)];
            let count = f64::from(c.count);
            g[0] += mg * count;
            g[1] += eg * count;
        }
        // White's king danger enters White's score, Black's with the opposite sign.
        for (coeffs, danger, sign) in [(white, evaluated.danger[0], 1.0), (black, evaluated.danger[1], -1.0)] {
            let slope = danger_slope(danger);
            let (dmg, deg) = (sign * mg * slope[0], sign * eg * slope[1]);
            if dmg == 0.0 && deg == 0.0 {
                continue;
            }
            for c in coeffs {
                let g = &mut grad[usize::from(c.index)];
                let count = f64::from(c.count);
                g[0] += dmg * count;
                g[1] += deg * count;
            }
        }
    }
}

fn dot(coeffs: &[Coeff], weights: &[Weight]) -> Weight {
    let mut sum = [0.0; 2];
    for c in coeffs {
        let w = weights[usize::from(c.index)];
        sum[0] += f64::from(c.count) * w[0];
        sum[1] += f64::from(c.count) * w[1];
    }
    sum
}

/// The share of the middlegame and (scaled) endgame halves in the blend.
fn blend_factors(phase: i32, scale: i32) -> (f32, f32) {
    if scale == 0 {
        // A dead draw: the engine returns 0 whatever the weights.
        return (0.0, 0.0);
    }
    let mg = phase as f32 / PHASE_MAX as f32;
    let eg = (PHASE_MAX - phase) as f32 / PHASE_MAX as f32 * scale as f32 / SCALE_NORMAL as f32;
    (mg, eg)
}
