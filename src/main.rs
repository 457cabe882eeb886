//! The `ferrochamp` binary: the UCI engine by default, plus command-line tools.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ferrochamp::engine::{self, bench};
use ferrochamp::uci::BenchParams;

#[derive(Parser)]
#[command(name = "ferrochamp", version, about = "A UCI chess engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Count the leaf nodes of the legal move tree.
    Perft {
        depth: u32,
        /// Start from this position instead of the standard one.
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Write castling moves as king-takes-rook.
        #[arg(long)]
        chess960: bool,
        /// Show the progress bar (after a second) even when stderr is not a terminal.
        #[arg(long)]
        progress: bool,
    },
    /// Search the fixed bench positions; the last line is `<N> nodes <M> nps`.
    Bench {
        /// Search depth per position.
        depth: Option<u32>,
        /// Search threads.
        threads: Option<usize>,
        /// Transposition table size in MB.
        hash: Option<usize>,
        /// A progress bar on stderr (stdout keeps the same lines).
        #[arg(long)]
        progress: bool,
    },
    /// Texel-tune the evaluation on labelled positions.
    Tune(ferrochamp::tune::TuneConfig),
    /// Write labelled positions from self-play.
    Datagen(ferrochamp::tune::DatagenConfig),
    /// Run EPD test suites (bm/am, dm, ce +M, STS c0 points, BT rating).
    Epd(ferrochamp::epd::EpdConfig),
}

fn main() -> ExitCode {
    // Diagnostics go to stderr only, and only when RUST_LOG asks for them:
    // stdout carries UCI and nothing else.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Tool::Perft { depth, fen, divide, chess960, progress }) => {
            match ferrochamp::tools::perft::run(depth, fen.as_deref(), divide, chess960, progress) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("{err}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Tool::Bench { depth, threads, hash, progress }) => {
            let config = bench::BenchConfig::from_params(&BenchParams { depth, threads, hash_mb: hash });
            ferrochamp::tools::bench::run(&config, progress);
            ExitCode::SUCCESS
        }
        Some(Tool::Tune(config)) => match ferrochamp::tune::run_tune(config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("tune: {err}");
                ExitCode::FAILURE
            }
        },
        Some(Tool::Datagen(config)) => match ferrochamp::tune::run_datagen(config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("datagen: {err}");
                ExitCode::FAILURE
            }
        },
        Some(Tool::Epd(config)) => match ferrochamp::epd::run_epd(&config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("epd: {err}");
                ExitCode::FAILURE
            }
        },
        None => {
            engine::run_stdio();
            ExitCode::SUCCESS
        }
    }
}
