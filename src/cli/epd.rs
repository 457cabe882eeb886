//! `ferrochamp epd`: the arguments of the test-suite runner, turned into the
//! settings the `epd` library module runs with.

use std::path::PathBuf;

use ferrochamp::epd::report::Format;
use ferrochamp::epd::EpdConfig;

/// The arguments of `ferrochamp epd`.
#[derive(Debug, clap::Args)]
pub struct EpdArgs {
    /// EPD files to run, one after the other.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Milliseconds per position (the default, 1000).
    #[arg(long, conflicts_with_all = ["nodes", "depth"])]
    movetime: Option<u64>,
    /// Nodes per position.
    #[arg(long, conflicts_with = "depth")]
    nodes: Option<u64>,
    /// Depth per position.
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads for each position.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Output on stdout.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Keep only every K-th position of each file (lines 1, K+1, 2K+1, ...).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Keep only the first N positions of each file (after --every; skipped lines do not count).
    #[arg(long)]
    first: Option<usize>,
    /// Rate every file as a BT suite with this base (2450, 2630); BT files
    /// are recognised by name without it. Needs --movetime.
    #[arg(long)]
    bt: Option<u32>,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    progress: bool,
}

impl From<EpdArgs> for EpdConfig {
    fn from(args: EpdArgs) -> Self {
        let EpdArgs { files, movetime, nodes, depth, threads, hash, format, every, first, bt, progress } = args;
        EpdConfig { files, movetime, nodes, depth, threads, hash, format: format.into(), every, first, bt, progress }
    }
}

/// The values of `--format`: [`Format`] by name.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FormatArg {
    /// A line per position, then a summary per file and overall.
    Text,
    /// One JSON document at the end: the settings, every file and the overall summary.
    Json,
    /// One row per position, after a header line.
    Csv,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Self {
        match arg {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// `ferrochamp epd`: every suite, reported on stdout.
pub fn run(args: EpdArgs) -> Result<(), String> {
    ferrochamp::epd::run_epd(&args.into())
}
