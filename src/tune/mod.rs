//! Tuning the evaluation's weights on labelled positions (`ferrochamp tune`),
//! and making such positions by self-play (`ferrochamp datagen`).
//!
//! The tuner (Texel's method):
//! 1. reads `FEN | result` lines ([`dataset`]);
//! 2. resolves each position through a capture-only quiescence search and takes
//!    the leaf ([`resolve`]); positions in check are skipped;
//! 3. traces the evaluation of the leaf into a sparse model that can be
//!    re-evaluated and differentiated for any weights ([`model`]);
//! 4. fits K, then runs Adam on the loss of `sigmoid(K * eval)` against the
//!    results, with a held-out validation set ([`texel`]);
//! 5. writes the weights as a parameters file in the layout of
//!    `src/eval/params.rs` ([`output`]).
//!
//! The data generator ([`datagen`]) plays the engine against itself at a fixed
//! node budget and writes `FEN | score | result` lines the tuner reads.
//! `ferrochamp wdl-fit` ([`crate::wdl::fit`]) fits the win/draw/loss
//! model of `UCI_ShowWDL` to the same lines.
//!
//! Progress and losses go to stderr: this is a command-line tool, and stdout
//! belongs to the UCI protocol.

pub mod blend;
pub mod datagen;
pub mod dataset;
pub mod model;
pub mod output;
pub mod plot;
pub mod resolve;
pub mod texel;

use std::path::PathBuf;
use std::time::Instant;

use crate::board::Position;
use crate::eval::layout;
use crate::eval::PawnTable;
use crate::rng::Rng;

pub use datagen::{run_datagen, DatagenConfig};
use dataset::Labelled;
use model::{SampleSet, Weight};
use texel::{Loss, TrainSettings};

/// The groups left alone by default: the mop-up only guides the search towards
/// mate against a bare king, and the few such positions in game data say nothing useful about it.
pub const DEFAULT_FROZEN: &str = "MOPUP_WIN,MOPUP_EDGE,MOPUP_PROXIMITY,MOPUP_BN_CORNER,KING_CENTRE_FILE";

/// Most threads `tune` starts.
const MAX_THREADS: usize = 1024;

/// Refuses settings the tuner cannot work with (a zero batch, a validation
/// share of all positions, a step size that is not a number), before any work.
fn validate(config: &TuneConfig) -> Result<(), String> {
    let positive = |name: &str, value: f64| {
        if value.is_finite() && value > 0.0 {
            Ok(())
        } else {
            Err(format!("--{name} must be a positive number, got {value}"))
        }
    };
    positive("learning-rate", config.learning_rate)?;
    positive("rate-decay", config.rate_decay)?;
    if let Some(k) = config.k {
        positive("k", k)?;
    }
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(format!("--lambda must be between 0 and 1, got {}", config.lambda));
    }
    if !(config.l2.is_finite() && config.l2 >= 0.0) {
        return Err(format!("--l2 must be a number of at least 0, got {}", config.l2));
    }
    if !(0.0..1.0).contains(&config.validation) {
        return Err(format!("--validation must be at least 0 and below 1, got {}", config.validation));
    }
    if config.batch_size == 0 || config.split_block == 0 {
        return Err("--batch-size and --split-block must be at least 1".to_string());
    }
    if config.threads > MAX_THREADS {
        return Err(format!("--threads {}: at most {MAX_THREADS}", config.threads));
    }
    Ok(())
}

/// The settings of `ferrochamp tune`.
#[derive(Clone, Debug, clap::Args)]
pub struct TuneConfig {
    /// Files of `FEN | result` lines (also `FEN | score | result`, `FEN [result]`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Passes over the training set.
    #[arg(long, default_value_t = 100)]
    pub epochs: usize,
    /// Adam's step size in centipawns, at the first epoch.
    #[arg(long, default_value_t = 2.0)]
    pub learning_rate: f64,
    /// The step size is multiplied by this after every epoch.
    #[arg(long, default_value_t = 0.97)]
    pub rate_decay: f64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 16384)]
    pub batch_size: usize,
    /// Share of the positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f64,
    /// Files held out whole for validation (the same line formats): every position of
    /// the training files is then trained on and `--validation` is ignored. Positions
    /// from games no earlier fit has seen make the `before` loss a fair baseline; a
    /// share of the training files is not one when the compiled weights were fitted
    /// to a different split of the same files.
    #[arg(long = "validation-file")]
    pub validation_files: Vec<PathBuf>,
    /// Where to write the tuned parameters file.
    #[arg(long, short, default_value = "tuned_params.rs")]
    pub output: PathBuf,
    /// The validation set holds out blocks of this many consecutive positions
    /// (whole games, mostly, when a file lists each game's positions together).
    #[arg(long, default_value_t = 100)]
    pub split_block: usize,
    /// Threads for loading and for the gradient.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The loss to minimise.
    #[arg(long, value_enum, default_value_t = Loss::Mse)]
    pub loss: Loss,
    /// Seed of the validation split and the batch order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Use only the first N positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Take the positions as they are, without the quiescence resolution.
    #[arg(long)]
    pub no_resolve: bool,
    /// Use this K instead of fitting it.
    #[arg(long)]
    pub k: Option<f64>,
    /// Weights used by fewer training positions than this keep their values
    /// (too few games decide them: they would fit noise).
    #[arg(long, default_value_t = 1000)]
    pub min_samples: u32,
    /// L2 penalty pulling every weight towards its hand-set value (per cp²).
    /// Without it Adam's normalised steps let weakly determined weights (rare
    /// squares, directions the data barely constrain) drift far: on the SF15 set
    /// 1e-8 lowered the validation loss from 0.0914 to 0.0907.
    #[arg(long, default_value_t = 1e-8)]
    pub l2: f64,
    /// Share of the label taken from the search's score where a line has one
    /// (`datagen` output), the rest from the game result: 0 uses results only.
    /// Lowers the noise of labels from few games; the validation loss is then
    /// measured against the blended labels too.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// Parameter tables (names in params.rs) that keep their values; "none" for none.
    #[arg(long, value_delimiter = ',', default_value = DEFAULT_FROZEN)]
    pub freeze: Vec<String>,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            files: Vec::new(),
            epochs: 100,
            learning_rate: 2.0,
            rate_decay: 0.97,
            batch_size: 16384,
            validation: 0.1,
            validation_files: Vec::new(),
            split_block: 100,
            output: PathBuf::from("tuned_params.rs"),
            threads: 2,
            loss: Loss::Mse,
            seed: 1,
            limit: None,
            no_resolve: false,
            k: None,
            min_samples: 1000,
            l2: 1e-8,
            lambda: 0.0,
            freeze: DEFAULT_FROZEN.split(',').map(str::to_string).collect(),
            progress: false,
        }
    }
}

/// What preparing the samples found.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrepareStats {
    /// Positions skipped because their FEN did not parse.
    pub bad_fen: usize,
    /// Positions skipped because the side to move was in check.
    pub in_check: usize,
    /// Positions whose quiescence line was not empty.
    pub resolved: usize,
    /// The largest |offset| between the engine's evaluation and the model, centipawns.
    pub max_offset: f32,
    /// The summed |offset| over all samples, centipawns (divide by their number for the mean).
    pub sum_offset: f64,
}

impl PrepareStats {
    fn merge(&mut self, other: &PrepareStats) {
        self.bad_fen += other.bad_fen;
        self.in_check += other.in_check;
        self.resolved += other.resolved;
        self.max_offset = self.max_offset.max(other.max_offset);
        self.sum_offset += other.sum_offset;
    }
}

/// Turns labelled positions into samples on `threads` threads, in input order.
#[must_use]
pub fn prepare(positions: &[Labelled], resolve_first: bool, threads: usize) -> (SampleSet, PrepareStats) {
    let weights = model::current_weights();
    let chunk = positions.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(SampleSet, PrepareStats)> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                let weights = &weights;
                scope.spawn(move || prepare_chunk(part, resolve_first, weights))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut set = SampleSet::default();
    let mut stats = PrepareStats::default();
    for (part, part_stats) in &parts {
        set.append(part);
        stats.merge(part_stats);
    }
    (set, stats)
}

fn prepare_chunk(positions: &[Labelled], resolve_first: bool, weights: &[Weight]) -> (SampleSet, PrepareStats) {
    let mut set = SampleSet::default();
    let mut stats = PrepareStats::default();
    let mut pawns = PawnTable::new();
    for labelled in positions {
        let Ok(pos) = Position::from_fen(&labelled.fen) else {
            stats.bad_fen += 1;
            continue;
        };
        if pos.in_check() {
            stats.in_check += 1;
            continue;
        }
        let leaf = if resolve_first { resolve::resolve(&pos, &mut pawns) } else { pos.clone() };
        if leaf.history_len() != pos.history_len() {
            stats.resolved += 1;
        }
        let offset = set.push_traced(&leaf, labelled.result, weights).abs();
        stats.max_offset = stats.max_offset.max(offset);
        stats.sum_offset += f64::from(offset);
    }
    (set, stats)
}

/// Per weight, whether one of the named tables holds it.
///
/// # Errors
/// When a name is not a table of the parameters file.
pub fn frozen_mask(names: &[String]) -> Result<Vec<bool>, String> {
    let mut mask = vec![false; layout::idx::COUNT];
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty() && !n.eq_ignore_ascii_case("none")) {
        let group = layout::GROUPS
            .iter()
            .find(|g| g.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("no parameter table named {name}"))?;
        mask[group.range()].fill(true);
    }
    Ok(mask)
}

/// Freezes the weights that fewer than `min_samples` samples use and the set
/// uses at all; returns how many it froze.
fn freeze_rare(frozen: &mut [bool], set: &SampleSet, min_samples: u32) -> usize {
    let mut count = 0;
    for (flag, &uses) in frozen.iter_mut().zip(&set.occurrences(layout::idx::COUNT)) {
        if !*flag && uses > 0 && uses < min_samples {
            *flag = true;
            count += 1;
        }
    }
    count
}

/// Splits `0..len` at random into (training, validation) indices, by blocks of
/// `block` consecutive samples: data files list a game's positions together, and
/// holding out whole stretches keeps most validation games out of training, so
/// the validation loss measures positions the tuner has not seen the game of.
#[must_use]
pub fn split(len: usize, validation: f64, block: usize, seed: u64) -> (Vec<usize>, Vec<usize>) {
    let block = block.max(1);
    let mut blocks: Vec<usize> = (0..len.div_ceil(block)).collect();
    Rng::new(seed ^ 0x5EED).shuffle(&mut blocks);
    let held_out = ((blocks.len() as f64) * validation.clamp(0.0, 0.9)).round() as usize;
    let expand = |ids: &[usize]| -> Vec<usize> {
        let mut out: Vec<usize> = ids.iter().flat_map(|&b| b * block..((b + 1) * block).min(len)).collect();
        out.sort_unstable();
        out
    };
    let (validation_blocks, train_blocks) = blocks.split_at(held_out.min(blocks.len()));
    (expand(train_blocks), expand(validation_blocks))
}

/// Reads, labels and prepares the positions of `paths` (`what` names them in the
/// progress lines and errors); with the scale the blended labels used, fitted
/// unless `blend_k` gives it.
fn load_samples(
    paths: &[PathBuf],
    limit: Option<usize>,
    config: &TuneConfig,
    threads: usize,
    blend_k: Option<f64>,
    what: &str,
) -> Result<(SampleSet, Option<f64>), String> {
    let lambda = config.lambda;
    let start = Instant::now();
    let (mut positions, load) = dataset::load_files(paths, limit)?;
    eprintln!("{what}: read {} positions from {} lines ({} malformed)", positions.len(), load.lines, load.malformed);
    let report = blend::blend_labels(&mut positions, lambda, blend_k);
    if let Some(report) = report {
        eprintln!(
            "{what}: blended {} labels: {} x result + {} x sigmoid({:.6} x search score)",
            report.blended,
            1.0 - lambda,
            lambda,
            report.k
        );
    }
    let (samples, stats) = prepare(&positions, !config.no_resolve, threads);
    if samples.is_empty() {
        return Err(format!("no usable {what} positions"));
    }
    eprintln!(
        "{what}: prepared {} samples in {:.1}s: {} resolved by captures, {} in check skipped, {} bad FENs; \
         model vs engine |offset| mean {:.3} max {:.1} cp; {} coefficients",
        samples.len(),
        start.elapsed().as_secs_f64(),
        stats.resolved,
        stats.in_check,
        stats.bad_fen,
        stats.sum_offset / samples.len() as f64,
        stats.max_offset,
        samples.coeff_count()
    );
    Ok((samples, report.map(|r| r.k)))
}

/// The (training, validation) sets: all of `samples` against the held-out files
/// when there are any, else `samples` split by blocks.
#[must_use]
pub fn training_and_validation(
    samples: SampleSet,
    held_out: Option<SampleSet>,
    config: &TuneConfig,
) -> (SampleSet, SampleSet) {
    match held_out {
        Some(validation) => (samples, validation),
        None => {
            let (train, validation) = split(samples.len(), config.validation, config.split_block, config.seed);
            (samples.select(&train), samples.select(&validation))
        }
    }
}

/// `ferrochamp tune`: the whole Texel run, from files to a parameters file.
///
/// # Errors
/// When a file cannot be read or written, no position is usable, or a frozen
/// table name is unknown.
pub fn run_tune(config: TuneConfig) -> Result<(), String> {
    validate(&config)?;
    let start = Instant::now();
    let threads = config.threads.max(1);
    let mut frozen = frozen_mask(&config.freeze)?;
    let (samples, blend_k) = load_samples(&config.files, config.limit, &config, threads, None, "training")?;
    let held_out = if config.validation_files.is_empty() {
        None
    } else {
        Some(load_samples(&config.validation_files, None, &config, threads, blend_k, "validation")?.0)
    };
    let (train, validation) = training_and_validation(samples, held_out, &config);

    let initial = layout::current();
    let mut weights = model::to_weights(&initial);
    let k = match config.k {
        Some(k) => k,
        None => {
            let evals = texel::evaluations(&train, &weights, threads);
            let results: Vec<f32> = train.samples().iter().map(|s| s.result).collect();
            texel::fit_k(&evals, &results)
        }
    };
    let before = (
        texel::mean_loss(&train, &weights, k, config.loss, threads),
        texel::mean_loss(&validation, &weights, k, config.loss, threads),
    );
    eprintln!(
        "K = {k:.6} ({:?}); {} training, {} validation positions; before: train {:.6} validation {:.6}",
        config.loss,
        train.len(),
        validation.len(),
        before.0,
        before.1
    );

    let rare = freeze_rare(&mut frozen, &train, config.min_samples);
    eprintln!(
        "tuning {} of {} weights ({rare} used by fewer than {} positions kept)",
        frozen.iter().filter(|&&f| !f).count(),
        frozen.len(),
        config.min_samples
    );
    let settings = TrainSettings {
        epochs: config.epochs,
        learning_rate: config.learning_rate,
        rate_decay: config.rate_decay,
        batch_size: config.batch_size,
        k,
        loss: config.loss,
        threads,
        seed: config.seed,
        frozen,
        l2: config.l2,
        anchor: weights.clone(),
    };
    let curve_path = plot::svg_path(&config.output);
    let mut curve = Vec::with_capacity(config.epochs);
    let mut curve_error = None;
    let bar = crate::progress::bar(config.epochs as u64, "epochs", config.progress);
    bar.set_prefix("tune");
    texel::train(&train, &validation, &mut weights, &settings, |r| {
        bar.suspend(|| {
            eprintln!(
                "epoch {:4}  train {:.6}  validation {:.6}  rate {:.3}  {:.1}s",
                r.epoch, r.train_loss, r.validation_loss, r.learning_rate, r.seconds
            );
        });
        // Rewritten every epoch, so that a long run can be watched as it goes.
        curve.push(plot::LossPoint { epoch: r.epoch, train: r.train_loss, validation: r.validation_loss });
        if let Err(err) = plot::write_loss_curve(&curve_path, &curve) {
            curve_error.get_or_insert(err);
        }
        bar.set_message(format!("train {:.6} validation {:.6}", r.train_loss, r.validation_loss));
        bar.inc(1);
    });
    bar.finish_and_clear();

    let tuned = model::to_scores(&weights);
    let rounded = model::to_weights(&tuned);
    eprintln!(
        "after (rounded weights): train {:.6} validation {:.6}",
        texel::mean_loss(&train, &rounded, k, config.loss, threads),
        texel::mean_loss(&validation, &rounded, k, config.loss, threads)
    );
    output::write_params(&config.output, &tuned)?;
    eprintln!("largest changes:");
    for line in output::largest_changes(&initial, &tuned, 25) {
        eprintln!("  {line}");
    }
    eprintln!("wrote {} in {:.1}s", config.output.display(), start.elapsed().as_secs_f64());
    match curve_error {
        Some(err) => Err(err),
        None => {
            eprintln!("loss curve: {}", curve_path.display());
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_partitions_by_blocks() {
        let (train, validation) = split(1050, 0.1, 100, 3);
        assert_eq!(train.len() + validation.len(), 1050);
        let mut all: Vec<usize> = train.iter().chain(&validation).copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..1050).collect::<Vec<_>>());
        // One of eleven blocks held out, and held out whole.
        assert!(validation.len() == 100 || validation.len() == 50, "{}", validation.len());
        assert!(validation.windows(2).all(|w| w[1] == w[0] + 1));
        assert_eq!(validation[0] % 100, 0);
    }

    fn samples(fens: &[&str], result: f32) -> SampleSet {
        let positions: Vec<Labelled> =
            fens.iter().map(|fen| Labelled { fen: (*fen).to_string(), result, score: None }).collect();
        prepare(&positions, false, 1).0
    }

    #[test]
    fn held_out_files_replace_the_split() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let endgame = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let config = TuneConfig { validation: 0.5, split_block: 1, ..TuneConfig::default() };
        let four = || samples(&[start, start, start, start], 0.5);
        let (train, validation) = training_and_validation(four(), None, &config);
        assert_eq!((train.len(), validation.len()), (2, 2));
        let (train, validation) = training_and_validation(four(), Some(samples(&[endgame], 1.0)), &config);
        assert_eq!((train.len(), validation.len()), (4, 1));
        assert!(train.samples().iter().all(|s| s.result == 0.5));
        assert_eq!(validation.samples()[0].result, 1.0);
    }

    #[test]
    fn frozen_names_are_checked() {
        let mask = frozen_mask(&["tempo".to_string()]).expect("known table");
        assert!(mask[layout::idx::TEMPO]);
        assert_eq!(mask.iter().filter(|&&m| m).count(), 1);
        assert!(frozen_mask(&["none".to_string()]).expect("none").iter().all(|&m| !m));
        assert!(frozen_mask(&["NOT_A_TABLE".to_string()]).is_err());
    }
}
