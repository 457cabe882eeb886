//! The command-line front ends: the `clap` definitions of every subcommand,
//! and the dispatch that runs one. Each front end parses its arguments, calls
//! the library, prints what it returns and hands its error back; `main` maps an
//! error to stderr and a failing exit code.
//!
//! - [`perft`] and [`bench`]: move-tree counts and the bench, with progress bars;
//! - [`tune`]: `tune`, `datagen` and `wdl-fit`;
//! - [`epd`]: the test-suite runner;
//! - [`book`] and [`style`]: their `build`/`show` and `export`/`check` subcommands;
//! - [`turochamp`]: the `turochamp-game` table;
//! - [`limit`]: the `limit-table` of what each `UCI_Elo` setting means;
//! - `params` and the global `--param` are here.

mod bench;
mod book;
mod epd;
mod limit;
mod perft;
mod style;
mod tune;
mod turochamp;

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use ferrochamp::search::tunables;

// No doc comment on these two types: clap would print it in `--help`.
// The command line: a subcommand, or none for the UCI engine.
#[derive(Parser)]
#[command(name = "ferrochamp", version = ferrochamp::VERSION, about = "A UCI chess engine")]
pub struct Cli {
    // Without a subcommand the engine speaks UCI on stdin and stdout.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Set a search parameter before anything runs (`NAME=VALUE`, repeatable;
    /// `ferrochamp params` lists them). For tuning runs, not for play.
    #[arg(long = "param", global = true, value_name = "NAME=VALUE")]
    pub params: Vec<String>,
}

impl Cli {
    /// Applies the `--param` settings in order.
    ///
    /// # Errors
    /// The first setting that names no parameter or gives a bad value.
    pub fn apply_params(&self) -> Result<(), String> {
        self.params.iter().try_for_each(|setting| tunables::apply(setting))
    }
}

// The subcommands; each variant's doc comment is its line in `--help`.
#[derive(Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft(perft::PerftArgs),
    /// Search the fixed bench positions; the last line is `<N> nodes <M> nps`.
    Bench(bench::BenchArgs),
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
    Book(book::BookCommand),
    /// Run EPD test suites (bm/am, dm, ce +M, STS c0 points, BT rating).
    Epd(ferrochamp::epd::EpdConfig),
    /// Export or check a play style file.
    #[command(subcommand)]
    Style(style::StyleCommand),
    /// What each UCI_Elo setting plays with: node budget, lines, temperature, margin.
    LimitTable(limit::LimitTableArgs),
    /// Before each move of one side of a PGN game, the move Turochamp chooses.
    TurochampGame {
        /// The PGN file (its first game is read).
        pgn: PathBuf,
        /// Analyse Black's moves instead of White's.
        #[arg(long)]
        black: bool,
    },
}

impl Command {
    /// The subcommand's name, which starts its error messages.
    fn name(&self) -> &'static str {
        match self {
            Command::Perft(_) => "perft",
            Command::Bench(_) => "bench",
            Command::Params => "params",
            Command::Tune(_) => "tune",
            Command::Datagen(_) => "datagen",
            Command::WdlFit(_) => "wdl-fit",
            Command::Book(_) => "book",
            Command::Epd(_) => "epd",
            Command::Style(_) => "style",
            Command::LimitTable(_) => "limit-table",
            Command::TurochampGame { .. } => "turochamp-game",
        }
    }
}

/// Runs a subcommand: its results on stdout, its progress on stderr.
///
/// # Errors
/// The subcommand's failure, as the line to print: `<subcommand>: <why>`.
pub fn run(command: Command) -> Result<(), String> {
    let name = command.name();
    dispatch(command).map_err(|err| format!("{name}: {err}"))
}

fn dispatch(command: Command) -> Result<(), String> {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Params => {
            print!("{}", tunables::table());
            Ok(())
        }
        Command::Tune(args) => tune::tune(args),
        Command::Datagen(args) => tune::datagen(args),
        Command::WdlFit(args) => tune::wdl_fit(&args),
        Command::Book(command) => book::run(command),
        Command::Epd(args) => epd::run(&args),
        Command::Style(command) => style::run(&command).map(|text| print!("{text}")),
        Command::LimitTable(args) => {
            print!("{}", limit::run(&args));
            Ok(())
        }
        Command::TurochampGame { pgn, black } => turochamp::game_table(&pgn, black).map(|table| print!("{table}")),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_definitions_are_consistent() {
        // clap's own check: names that conflicts and defaults refer to exist, no clashes.
        Cli::command().debug_assert();
    }
}
