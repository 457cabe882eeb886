//! `ferrochamp book build` and `ferrochamp book show`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use ferrochamp::board::Position;
use ferrochamp::book::builder::{BookBuilder, BuildLimits};
use ferrochamp::book::entry::{decode_move, split_move};
use ferrochamp::book::{polyglot_key, Book};

/// The `book` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Write a Polyglot book from PGN games (win 2, draw 1, loss 0 for the side that moved).
    Build {
        /// PGN files to read.
        #[arg(required = true)]
        pgn: Vec<PathBuf>,
        /// The book file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Only the first N plies of each game go into the book.
        #[arg(long, default_value_t = 40)]
        max_ply: u32,
        /// Leave out moves played in fewer than N games.
        #[arg(long, default_value_t = 1)]
        min_games: u32,
    },
    /// List a position's book entries: move, weight, learn.
    Show {
        /// The Polyglot book to read.
        book: PathBuf,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
}

/// Runs a `book` subcommand; what it prints goes to stdout, the error to the caller.
///
/// # Errors
/// Unreadable input, an unusable book, a bad FEN, or no usable game at all.
pub fn run(command: BookCommand) -> Result<(), String> {
    match command {
        BookCommand::Build { pgn, output, max_ply, min_games } => {
            build(&pgn, &output, BuildLimits { max_ply, min_games: min_games.max(1) })
        }
        BookCommand::Show { book, fen } => {
            let text = show(&book, fen.as_deref())?;
            print!("{text}");
            Ok(())
        }
    }
}

fn build(inputs: &[PathBuf], output: &Path, limits: BuildLimits) -> Result<(), String> {
    let mut builder = BookBuilder::new(limits);
    for path in inputs {
        let bytes = std::fs::read(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        // PGN files in the wild are often Latin-1: keep what is readable.
        builder.add_pgn(&path.display().to_string(), &String::from_utf8_lossy(&bytes));
    }
    for message in builder.skipped() {
        eprintln!("{message}");
    }
    if builder.games_used() == 0 {
        return Err("no game could be used; no book written".into());
    }
    let book = builder.build();
    std::fs::write(output, book.to_bytes()).map_err(|err| format!("cannot write {}: {err}", output.display()))?;
    println!(
        "{} games used, {} skipped; {} entries written to {}",
        builder.games_used(),
        builder.skipped().len(),
        book.len(),
        output.display()
    );
    Ok(())
}

/// The text `book show` prints: the key, then one line per entry in file order.
fn show(path: &Path, fen: Option<&str>) -> Result<String, String> {
    let book = Book::open(path).map_err(|err| format!("book {}: {err}", path.display()))?;
    let pos = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|err| format!("invalid FEN: {err}"))?,
        None => Position::startpos(),
    };
    let key = polyglot_key(&pos);
    let entries = book.entries_for_key(key);
    let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
    let mut text = format!("key {key:016x}: {} entries\n", entries.len());
    let _ = writeln!(text, "{:<7} {:<8} {:>6} {:>7} {:>10}", "move", "san", "weight", "share", "learn");
    for entry in entries {
        let (uci, san) = match decode_move(&pos, entry.raw_move) {
            Some(mv) => (pos.move_to_uci(mv, false), pos.move_to_san(mv)),
            None => (split_move(entry.raw_move).map_or_else(|| "?".into(), |raw| raw.to_string()), "(illegal)".into()),
        };
        let share = if total == 0 { 0.0 } else { 100.0 * f64::from(entry.weight) / total as f64 };
        let _ = writeln!(text, "{uci:<7} {san:<8} {:>6} {share:>6.1}% {:>10}", entry.weight, entry.learn);
    }
    Ok(text)
}
