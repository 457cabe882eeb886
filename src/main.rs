//! The `ferrochamp` binary: the UCI engine by default, plus command-line tools.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use ferrochamp::board::{perft, Position};
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
    },
    /// Search the fixed bench positions; the last line is `<N> nodes <M> nps`.
    Bench {
        /// Search depth per position.
        depth: Option<u32>,
        /// Search threads.
        threads: Option<usize>,
        /// Transposition table size in MB.
        hash: Option<usize>,
    },
    /// Texel-tune the evaluation on labelled positions.
    Tune(ferrochamp::tune::TuneConfig),
    /// Write labelled positions from self-play.
    Datagen(ferrochamp::tune::DatagenConfig),
    /// Build or inspect a Polyglot opening book.
    #[command(subcommand)]
    Book(ferrochamp::book::BookTool),
}

fn main() -> ExitCode {
    // Diagnostics go to stderr only, and only when RUST_LOG asks for them:
    // stdout carries UCI and nothing else.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("error"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Tool::Perft { depth, fen, divide, chess960 }) => run_perft(depth, fen.as_deref(), divide, chess960),
        Some(Tool::Bench { depth, threads, hash }) => {
            let config = bench::BenchConfig::from_params(&BenchParams { depth, threads, hash_mb: hash });
            bench::run(&config, &|line| println!("{line}"));
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
        Some(Tool::Book(tool)) => ferrochamp::book::cli::run_tool(tool),
        None => {
            engine::run_stdio();
            ExitCode::SUCCESS
        }
    }
}

fn run_perft(depth: u32, fen: Option<&str>, divide: bool, chess960: bool) -> ExitCode {
    let mut pos = match fen.map_or_else(|| Ok(Position::startpos()), Position::from_fen) {
        Ok(pos) => pos,
        Err(err) => {
            eprintln!("invalid FEN: {err}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let nodes = if divide {
        let (lines, nodes) = perft::divide_report(&mut pos, depth, chess960);
        for line in lines {
            println!("{line}");
        }
        nodes
    } else {
        let nodes = perft::perft(&mut pos, depth);
        println!("Nodes searched: {nodes}");
        nodes
    };
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    eprintln!("time {} ms, {nps} nodes/second", elapsed.as_millis());
    ExitCode::SUCCESS
}
