//! The `ferrochamp` binary: the UCI engine by default, plus command-line tools.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ferrochamp::board::perft;
use ferrochamp::engine::{self, bench};
use ferrochamp::uci::options::names;
use ferrochamp::uci::BenchParams;

#[derive(Parser)]
#[command(name = "ferrochamp", version, about = "A UCI chess engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
    /// Set a search parameter before anything runs (`NAME=VALUE`, repeatable;
    /// `ferrochamp params` lists them). For tuning runs, not for play.
    #[arg(long = "param", global = true, value_name = "NAME=VALUE")]
    params: Vec<String>,
}

#[derive(Subcommand)]
enum Tool {
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(perft::MAX_DEPTH)))]
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
        #[arg(value_parser = clap::value_parser!(u32).range(bench_depths()))]
        depth: Option<u32>,
        /// Search threads.
        #[arg(value_parser = clap::value_parser!(u16).range(bench::option_range(names::THREADS).bounds()))]
        threads: Option<u16>,
        /// Transposition table size in MB.
        #[arg(value_parser = clap::value_parser!(u32).range(bench::option_range(names::HASH).bounds()))]
        hash: Option<u32>,
        /// A progress bar on stderr (stdout keeps the same lines).
        #[arg(long)]
        progress: bool,
    },
    /// List the search parameters `--param` sets: name, value, default, min, max, SPSA step.
    Params,
    /// Texel-tune the evaluation on labelled positions.
    Tune(ferrochamp::tune::TuneConfig),
    /// Write labelled positions from self-play.
    Datagen(ferrochamp::tune::DatagenConfig),
    /// Fit the win/draw/loss model of UCI_ShowWDL to datagen output and show its calibration.
    WdlFit(ferrochamp::wdl::WdlFitConfig),
    /// Build or inspect a Polyglot opening book.
    #[command(subcommand)]
    Book(ferrochamp::book::BookTool),
    /// Run EPD test suites (bm/am, dm, ce +M, STS c0 points, BT rating).
    Epd(ferrochamp::epd::EpdConfig),
    /// Export or check a play style file.
    #[command(subcommand)]
    Style(ferrochamp::style::cli::StyleTool),
    /// Before each move of one side of a PGN game, the move Turochamp chooses.
    TurochampGame {
        /// The PGN file (its first game is read).
        pgn: std::path::PathBuf,
        /// Analyse Black's moves instead of White's.
        #[arg(long)]
        black: bool,
    },
}

fn main() -> ExitCode {
    // Diagnostics go to stderr only, and only when RUST_LOG asks for them:
    // stdout carries UCI and nothing else.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    for setting in &cli.params {
        if let Err(err) = ferrochamp::search::tunables::apply(setting) {
            eprintln!("{err}");
            return ExitCode::FAILURE;
        }
    }
    match cli.command {
        Some(Tool::Perft { depth, fen, divide, chess960, progress }) => {
            report_failure("perft", ferrochamp::tools::perft::run(depth, fen.as_deref(), divide, chess960, progress))
        }
        Some(Tool::Bench { depth, threads, hash, progress }) => {
            let params = BenchParams { depth, threads: threads.map(usize::from), hash_mb: hash.map(|mb| mb as usize) };
            let outcome = ferrochamp::tools::bench::run(&bench::BenchConfig::from_params(&params), progress);
            report_failure("bench", outcome.map(|_| ()).map_err(|err| err.to_string()))
        }
        Some(Tool::Params) => {
            print!("{}", ferrochamp::search::tunables::table());
            ExitCode::SUCCESS
        }
        Some(Tool::Tune(config)) => report_failure("tune", ferrochamp::tune::run_tune(config)),
        Some(Tool::Datagen(config)) => report_failure("datagen", ferrochamp::tune::run_datagen(config)),
        Some(Tool::WdlFit(config)) => report_failure("wdl-fit", ferrochamp::wdl::run_wdl_fit(&config)),
        Some(Tool::Book(tool)) => ferrochamp::book::cli::run_tool(tool),
        Some(Tool::Epd(config)) => report_failure("epd", ferrochamp::epd::run_epd(&config)),
        Some(Tool::Style(tool)) => match ferrochamp::style::cli::run_tool(&tool) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("style: {err}");
                ExitCode::FAILURE
            }
        },
        Some(Tool::TurochampGame { pgn, black }) => {
            let side = if black { ferrochamp::board::Color::Black } else { ferrochamp::board::Color::White };
            match ferrochamp::turochamp::game::run_cli(&pgn, side) {
                Ok(table) => {
                    print!("{table}");
                    ExitCode::SUCCESS
                }
                Err(err) => {
                    eprintln!("turochamp-game: {err}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            engine::run_stdio();
            ExitCode::SUCCESS
        }
    }
}

/// Success, or the error on stderr and a failing exit code.
/// `bench`'s depth range in the form clap's range check takes.
fn bench_depths() -> std::ops::RangeInclusive<i64> {
    i64::from(*bench::DEPTH_RANGE.start())..=i64::from(*bench::DEPTH_RANGE.end())
}

fn report_failure(tool: &str, outcome: Result<(), String>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{tool}: {err}");
            ExitCode::FAILURE
        }
    }
}
