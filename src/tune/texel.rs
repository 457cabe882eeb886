//! Texel tuning: fit the scaling constant K of `sigmoid(K * eval)` to the game
//! results, then move the weights by Adam on the mean loss over mini-batches.

use std::time::Instant;

use super::model::{SampleSet, Weight};
use crate::rng::Rng;

/// What the weights are fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Loss {
    /// Mean squared error between `sigmoid(K * eval)` and the result (classic Texel).
    #[default]
    Mse,
    /// Cross-entropy (log loss) of the result under `sigmoid(K * eval)`.
    CrossEntropy,
}

/// The logistic function `1 / (1 + e^-x)`: maps a scaled evaluation to an expected score in `(0, 1)`.
#[inline]
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The loss of one position whose evaluation is `eval`.
#[inline]
#[must_use]
pub fn loss_of(loss: Loss, k: f64, eval: f64, result: f64) -> f64 {
    let p = sigmoid(k * eval);
    match loss {
        Loss::Mse => (p - result) * (p - result),
        Loss::CrossEntropy => {
            let p = p.clamp(1e-12, 1.0 - 1e-12);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        }
    }
}

/// The derivative of [`loss_of`] by the evaluation.
#[inline]
#[must_use]
pub fn loss_slope(loss: Loss, k: f64, eval: f64, result: f64) -> f64 {
    let p = sigmoid(k * eval);
    match loss {
        Loss::Mse => 2.0 * (p - result) * p * (1.0 - p) * k,
        Loss::CrossEntropy => (p - result) * k,
    }
}

/// Runs `work` on `threads` contiguous chunks of `items` in scoped threads and
/// returns the results in chunk order.
fn in_chunks<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    if threads <= 1 || items.len() <= chunk {
        return vec![work(items)];
    }
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = items.chunks(chunk).map(|part| scope.spawn(move || work(part))).collect();
        // A worker only panics on a bug; propagate it rather than hide it.
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The model's evaluations of every sample at `weights`.
#[must_use]
pub fn evaluations(set: &SampleSet, weights: &[Weight], threads: usize) -> Vec<f64> {
    let indices: Vec<usize> = (0..set.len()).collect();
    in_chunks(&indices, threads, |part| part.iter().map(|&i| set.evaluate(i, weights).value).collect::<Vec<_>>())
        .into_iter()
        .flatten()
        .collect()
}

/// The mean loss over the whole set.
#[must_use]
pub fn mean_loss(set: &SampleSet, weights: &[Weight], k: f64, loss: Loss, threads: usize) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let indices: Vec<usize> = (0..set.len()).collect();
    let sums = in_chunks(&indices, threads, |part| {
        part.iter()
            .map(|&i| loss_of(loss, k, set.evaluate(i, weights).value, f64::from(set.samples()[i].result)))
            .sum::<f64>()
    });
    sums.iter().sum::<f64>() / set.len() as f64
}

/// The mean squared error of `sigmoid(k * eval)` against the results.
#[must_use]
pub fn mse_at(k: f64, evals: &[f64], results: &[f32]) -> f64 {
    let total: f64 = evals.iter().zip(results).map(|(&e, &r)| loss_of(Loss::Mse, k, e, f64::from(r))).sum();
    total / evals.len().max(1) as f64
}

/// The K in `[1e-4, 0.05]` minimising the mean squared error, by golden-section
/// search (the error is unimodal in K for any sensible evaluation).
#[must_use]
pub fn fit_k(evals: &[f64], results: &[f32]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (1e-4, 0.05);
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (mse_at(a, evals, results), mse_at(b, evals, results));
    while hi - lo > 1e-7 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = mse_at(a, evals, results);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = mse_at(b, evals, results);
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the mean loss over the samples `batch`, and that mean loss.
#[must_use]
pub fn gradient(
    set: &SampleSet,
    batch: &[usize],
    weights: &[Weight],
    k: f64,
    loss: Loss,
    threads: usize,
) -> (Vec<Weight>, f64) {
    let parts = in_chunks(batch, threads, |part| {
        let mut grad = vec![[0.0; 2]; weights.len()];
        let mut total = 0.0;
        for &i in part {
            let evaluated = set.evaluate(i, weights);
            let result = f64::from(set.samples()[i].result);
            total += loss_of(loss, k, evaluated.value, result);
            set.add_gradient(i, &evaluated, loss_slope(loss, k, evaluated.value, result), &mut grad);
        }
        (grad, total)
    });
    let n = batch.len().max(1) as f64;
    let mut grad = vec![[0.0; 2]; weights.len()];
    let mut total = 0.0;
    for (part, part_total) in parts {
        for (g, p) in grad.iter_mut().zip(&part) {
            g[0] += p[0] / n;
            g[1] += p[1] / n;
        }
        total += part_total;
    }
    (grad, total / n)
}

/// The Adam optimiser's state.
pub struct Adam {
    first: Vec<Weight>,
    second: Vec<Weight>,
    steps: i32,
}

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

impl Adam {
    /// A fresh state for `len` weights: no moments, no steps taken.
    #[must_use]
    pub fn new(len: usize) -> Adam {
        Adam { first: vec![[0.0; 2]; len], second: vec![[0.0; 2]; len], steps: 0 }
    }

    /// One step of `rate` centipawns at most (per weight, roughly) down the gradient;
    /// weights whose `frozen` flag is set do not move.
    pub fn step(&mut self, weights: &mut [Weight], grad: &[Weight], frozen: &[bool], rate: f64) {
        self.steps += 1;
        let correct1 = 1.0 - BETA1.powi(self.steps);
        let correct2 = 1.0 - BETA2.powi(self.steps);
        for i in 0..weights.len() {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            for half in 0..2 {
                let g = grad[i][half];
                self.first[i][half] = BETA1 * self.first[i][half] + (1.0 - BETA1) * g;
                self.second[i][half] = BETA2 * self.second[i][half] + (1.0 - BETA2) * g * g;
                let m = self.first[i][half] / correct1;
                let v = self.second[i][half] / correct2;
                weights[i][half] -= rate * m / (v.sqrt() + EPSILON);
            }
        }
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    /// Passes over the training set.
    pub epochs: usize,
    /// Adam's step size in centipawns, at the first epoch.
    pub learning_rate: f64,
    /// The step size is multiplied by this after each epoch.
    pub rate_decay: f64,
    /// Samples per mini-batch, that is per Adam step.
    pub batch_size: usize,
    /// The scaling constant K of `sigmoid(K * eval)`, per centipawn.
    pub k: f64,
    /// What the weights are fitted to.
    pub loss: Loss,
    /// Threads computing gradients and losses.
    pub threads: usize,
    /// Seed of the order the samples are shuffled into each epoch.
    pub seed: u64,
    /// Per weight: true when it must keep its value.
    pub frozen: Vec<bool>,
    /// Strength of the L2 penalty `l2 * Σ (w - anchor)²` added to the mean loss:
    /// it keeps weights that few positions decide near their hand-set values.
    pub l2: f64,
    /// The values the penalty pulls towards (the starting weights).
    pub anchor: Vec<Weight>,
}

/// Adds the gradient of `l2 * Σ (w - anchor)²`.
fn add_l2(grad: &mut [Weight], weights: &[Weight], anchor: &[Weight], l2: f64) {
    if l2 == 0.0 {
        return;
    }
    for ((g, w), a) in grad.iter_mut().zip(weights).zip(anchor) {
        g[0] += 2.0 * l2 * (w[0] - a[0]);
        g[1] += 2.0 * l2 * (w[1] - a[1]);
    }
}

/// The losses (without the L2 penalty) after one epoch.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, counted from 1.
    pub epoch: usize,
    /// The mean loss on the training set.
    pub train_loss: f64,
    /// The mean loss on the validation set.
    pub validation_loss: f64,
    /// Adam's step size during this epoch, centipawns.
    pub learning_rate: f64,
    /// Time since training started, in seconds.
    pub seconds: f64,
}

/// Trains `weights` on `train` for the set number of epochs, calling `on_epoch`
/// with the training and validation losses after each.
pub fn train(
    train: &SampleSet,
    validation: &SampleSet,
    weights: &mut [Weight],
    settings: &TrainSettings,
    mut on_epoch: impl FnMut(&EpochReport),
) {
    let start = Instant::now();
    let mut adam = Adam::new(weights.len());
    let mut rng = Rng::new(settings.seed);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rate = settings.learning_rate;
    for epoch in 1..=settings.epochs {
        rng.shuffle(&mut order);
        for batch in order.chunks(settings.batch_size.max(1)) {
            let (mut grad, _) = gradient(train, batch, weights, settings.k, settings.loss, settings.threads);
            add_l2(&mut grad, weights, &settings.anchor, settings.l2);
            adam.step(weights, &grad, &settings.frozen, rate);
        }
        on_epoch(&EpochReport {
            epoch,
            train_loss: mean_loss(train, weights, settings.k, settings.loss, settings.threads),
            validation_loss: mean_loss(validation, weights, settings.k, settings.loss, settings.threads),
            learning_rate: rate,
            seconds: start.elapsed().as_secs_f64(),
        });
        rate *= settings.rate_decay;
    }
}
