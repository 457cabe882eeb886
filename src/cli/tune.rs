//! `ferrochamp tune`, `ferrochamp datagen` and `ferrochamp wdl-fit`: their
//! arguments, turned into the settings the `tune` library module runs with.
//!
//! The argument structs mirror the settings structs field by field; each
//! conversion destructures the whole struct, so a field added on one side only
//! does not compile.

use std::path::PathBuf;

use ferrochamp::tune::texel::Loss;
use ferrochamp::tune::{DatagenConfig, TuneConfig, DEFAULT_FROZEN};
use ferrochamp::wdl::WdlFitConfig;

/// The arguments of `ferrochamp tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Files of `FEN | result` lines (also `FEN | score | result`, `FEN [result]`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Passes over the training set.
    #[arg(long, default_value_t = 100)]
    epochs: usize,
    /// Adam's step size in centipawns, at the first epoch.
    #[arg(long, default_value_t = 2.0)]
    learning_rate: f64,
    /// The step size is multiplied by this after every epoch.
    #[arg(long, default_value_t = 0.97)]
    rate_decay: f64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 16384)]
    batch_size: usize,
    /// Share of the positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Files held out whole for validation (the same line formats): every position of
    /// the training files is then trained on and `--validation` is ignored. Positions
    /// from games no earlier fit has seen make the `before` loss a fair baseline; a
    /// share of the training files is not one when the compiled weights were fitted
    /// to a different split of the same files.
    #[arg(long = "validation-file")]
    validation_files: Vec<PathBuf>,
    /// Where to write the tuned parameters file.
    #[arg(long, short, default_value = "tuned_params.rs")]
    output: PathBuf,
    /// The validation set holds out blocks of this many consecutive positions
    /// (whole games, mostly, when a file lists each game's positions together).
    #[arg(long, default_value_t = 100)]
    split_block: usize,
    /// Threads for loading and for the gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The loss to minimise.
    #[arg(long, value_enum, default_value_t = LossArg::Mse)]
    loss: LossArg,
    /// Seed of the validation split and the batch order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Use only the first N positions.
    #[arg(long)]
    limit: Option<usize>,
    /// Take the positions as they are, without the quiescence resolution.
    #[arg(long)]
    no_resolve: bool,
    /// Use this K instead of fitting it.
    #[arg(long)]
    k: Option<f64>,
    /// Weights used by fewer training positions than this keep their values
    /// (too few games decide them: they would fit noise).
    #[arg(long, default_value_t = 1000)]
    min_samples: u32,
    /// L2 penalty pulling every weight towards its hand-set value (per cp²).
    /// Without it Adam's normalised steps let weakly determined weights (rare
    /// squares, directions the data barely constrain) drift far: on the SF15 set
    /// 1e-8 lowered the validation loss from 0.0914 to 0.0907.
    #[arg(long, default_value_t = 1e-8)]
    l2: f64,
    /// Share of the label taken from the search's score where a line has one
    /// (`datagen` output), the rest from the game result: 0 uses results only.
    /// Lowers the noise of labels from few games; the validation loss is then
    /// measured against the blended labels too.
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Parameter tables (names in params.rs) that keep their values; "none" for none.
    #[arg(long, value_delimiter = ',', default_value = DEFAULT_FROZEN)]
    freeze: Vec<String>,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,
}

impl From<TuneArgs> for TuneConfig {
    fn from(args: TuneArgs) -> Self {
        let TuneArgs {
            files,
            epochs,
            learning_rate,
            rate_decay,
            batch_size,
            validation,
            validation_files,
            output,
            split_block,
            threads,
            loss,
            seed,
            limit,
            no_resolve,
            k,
            min_samples,
            l2,
            lambda,
            freeze,
            progress,
        } = args;
        TuneConfig {
            files,
            epochs,
            learning_rate,
            rate_decay,
            batch_size,
            validation,
            validation_files,
            output,
            split_block,
            threads,
            loss: loss.into(),
            seed,
            limit,
            no_resolve,
            k,
            min_samples,
            l2,
            lambda,
            freeze,
            progress,
        }
    }
}

/// The arguments of `ferrochamp datagen`.
#[derive(Debug, clap::Args)]
pub struct DatagenArgs {
    /// The file to append `FEN | score | result` lines to.
    #[arg(long, short, default_value = "datagen.txt")]
    output: PathBuf,
    /// Stop starting games once this many positions are written.
    #[arg(long, default_value_t = 1_000_000)]
    positions: u64,
    /// Stop after this many games (whichever limit comes first).
    #[arg(long)]
    games: Option<u64>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Games played at once, one per thread (0: every core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Transposition table per thread, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Random legal plies before the game proper: this many or one more, at random.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Start from the positions of this EPD/FEN file (one a line) instead of the standard one.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Openings a search scores beyond this (centipawns) are replaced.
    #[arg(long, default_value_t = 300)]
    max_opening_score: i32,
    /// Adjudicate a win once the score is beyond this for `win_plies` plies.
    #[arg(long, default_value_t = 1000)]
    win_score: i32,
    /// Plies in a row the score must stay beyond `win_score`, for the same side, to adjudicate a win.
    #[arg(long, default_value_t = 6)]
    win_plies: u32,
    /// Adjudicate a draw once the score is within this for `draw_plies` plies,
    /// from move `draw_after_move` on.
    #[arg(long, default_value_t = 10)]
    draw_score: i32,
    /// Plies in a row the score must stay within `draw_score` to adjudicate a draw.
    #[arg(long, default_value_t = 12)]
    draw_plies: u32,
    /// The move number from which draws are adjudicated.
    #[arg(long, default_value_t = 40)]
    draw_after_move: u32,
    /// Seed of the random openings (each thread derives its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,
}

impl From<DatagenArgs> for DatagenConfig {
    fn from(args: DatagenArgs) -> Self {
        let DatagenArgs {
            output,
            positions,
            games,
            nodes,
            threads,
            hash,
            random_plies,
            openings,
            max_opening_score,
            win_score,
            win_plies,
            draw_score,
            draw_plies,
            draw_after_move,
            seed,
            progress,
        } = args;
        DatagenConfig {
            output,
            positions,
            games,
            nodes,
            threads,
            hash,
            random_plies,
            openings,
            max_opening_score,
            win_score,
            win_plies,
            draw_score,
            draw_plies,
            draw_after_move,
            seed,
            progress,
        }
    }
}

/// The arguments of `ferrochamp wdl-fit`.
#[derive(Debug, clap::Args)]
pub struct WdlFitArgs {
    /// `ferrochamp datagen` output (`FEN | score | result`), one or more files.
    #[arg(long, short, required = true, num_args = 1..)]
    input: Vec<PathBuf>,
    /// Share of the games (the last ones) held out of the fit for the calibration table.
    #[arg(long, default_value_t = 0.2)]
    holdout: f64,
}

impl From<WdlFitArgs> for WdlFitConfig {
    fn from(args: WdlFitArgs) -> Self {
        let WdlFitArgs { input, holdout } = args;
        WdlFitConfig { input, holdout }
    }
}

/// The values of `--loss`: [`Loss`] by name.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum LossArg {
    /// Mean squared error between `sigmoid(K * eval)` and the result (classic Texel).
    Mse,
    /// Cross-entropy (log loss) of the result under `sigmoid(K * eval)`.
    CrossEntropy,
}

impl From<LossArg> for Loss {
    fn from(arg: LossArg) -> Self {
        match arg {
            LossArg::Mse => Loss::Mse,
            LossArg::CrossEntropy => Loss::CrossEntropy,
        }
    }
}

/// `ferrochamp tune`: the Texel run, from data files to a parameters file.
pub fn tune(args: TuneArgs) -> Result<(), String> {
    ferrochamp::tune::run_tune(args.into())
}

/// `ferrochamp datagen`: self-play until the position or game limit.
pub fn datagen(args: DatagenArgs) -> Result<(), String> {
    ferrochamp::tune::run_datagen(args.into())
}

/// `ferrochamp wdl-fit`: the fit, its calibration and the constants, on stdout.
pub fn wdl_fit(args: WdlFitArgs) -> Result<(), String> {
    ferrochamp::wdl::run_wdl_fit(&args.into())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn parse(args: &[&str]) -> Command {
        Cli::try_parse_from(args).expect("valid arguments").command.expect("a subcommand")
    }

    #[test]
    fn the_defaults_are_the_librarys() {
        // The defaults are written twice, as clap defaults here and in the settings' `Default`.
        let Command::Tune(args) = parse(&["ferrochamp", "tune", "data.txt"]) else { panic!("not tune") };
        let expected = TuneConfig { files: vec![PathBuf::from("data.txt")], ..TuneConfig::default() };
        assert_eq!(format!("{:?}", TuneConfig::from(args)), format!("{expected:?}"));
        let Command::Datagen(args) = parse(&["ferrochamp", "datagen"]) else { panic!("not datagen") };
        assert_eq!(format!("{:?}", DatagenConfig::from(args)), format!("{:?}", DatagenConfig::default()));
    }
}
