//! A book built from `tests/data/book/small.pgn` reads back with the moves and
//! weights worked out by hand (win 2, draw 1, loss 0 for the side that moved),
//! through the library and through `ferrochamp book build` / `book show`.

mod common;

use std::path::Path;

use common::cli::run_binary;
use common::position::startpos_after;
use common::scratch::temp_path;
use ferrochamp::book::builder::{BookBuilder, BuildLimits};
use ferrochamp::book::Book;

const SMALL_PGN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/small.pgn");

/// (uci, weight) of the book's moves after `moves`, in file order.
fn listed(book: &Book, moves: &str) -> Vec<(String, u16)> {
    let pos = startpos_after(moves.split_whitespace());
    book.moves(&pos).iter().map(|m| (pos.move_to_uci(m.mv, false), m.weight)).collect()
}

fn pairs(items: &[(&str, u16)]) -> Vec<(String, u16)> {
    items.iter().map(|&(uci, w)| (uci.to_string(), w)).collect()
}

fn build(limits: BuildLimits) -> (Book, BookBuilder) {
    let text = std::fs::read_to_string(SMALL_PGN).expect("small PGN");
    let mut builder = BookBuilder::new(limits);
    builder.add_pgn("small.pgn", &text);
    let bytes = builder.build().to_bytes();
    // Read back from the bytes, as from a file: sorted and well-formed.
    (Book::from_bytes(&bytes).expect("a valid book"), builder)
}

#[test]
fn weights_are_game_scores_for_the_mover() {
    let (book, builder) = build(BuildLimits { max_ply: 40, min_games: 1 });
    assert_eq!(builder.games_used(), 4);
    assert_eq!(builder.skipped().len(), 1);
    assert!(builder.skipped()[0].contains("game 5"), "{:?}", builder.skipped());
    // e4 in a win, a loss and a draw: 2 + 0 + 1; d4 in a draw.
    assert_eq!(listed(&book, ""), pairs(&[("e2e4", 3), ("d2d4", 1)]));
    // Black: c5 won (2); e5 lost once and drew once (0 + 1).
    assert_eq!(listed(&book, "e2e4"), pairs(&[("c7c5", 2), ("e7e5", 1)]));
    assert_eq!(listed(&book, "e2e4 e7e5"), pairs(&[("g1f3", 3)]));
    // Nc6 only lost: weight 0, listed but never played. The variation 2. f4 is not in the book.
    assert_eq!(listed(&book, "e2e4 e7e5 g1f3"), pairs(&[("g8f6", 1), ("b8c6", 0)]));
    assert!(listed(&book, "e2e4 e7e5 f2f4").is_empty());
    assert_eq!(book.len(), 8);
}

#[test]
fn max_ply_and_min_games_filter_entries() {
    let (book, _) = build(BuildLimits { max_ply: 1, min_games: 1 });
    assert_eq!(listed(&book, ""), pairs(&[("e2e4", 3), ("d2d4", 1)]));
    assert_eq!(book.len(), 2);
    let (book, _) = build(BuildLimits { max_ply: 40, min_games: 2 });
    assert_eq!(listed(&book, ""), pairs(&[("e2e4", 3)]));
    assert_eq!(listed(&book, "e2e4"), pairs(&[("e7e5", 1)]));
    assert_eq!(listed(&book, "e2e4 e7e5"), pairs(&[("g1f3", 3)]));
    assert_eq!(book.len(), 3);
}

fn ferrochamp(args: &[&str]) -> (bool, String, String) {
    let run = run_binary(args);
    (run.success(), run.stdout, run.stderr)
}

#[test]
fn the_command_line_builds_and_shows_a_book() {
    let out = temp_path("small.bin");
    let out_text = out.display().to_string();
    let (ok, stdout, stderr) = ferrochamp(&["book", "build", SMALL_PGN, "-o", &out_text, "--max-ply", "40"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("4 games used, 1 skipped; 8 entries"), "{stdout}");
    assert!(stderr.contains("game 5: move 2 (1... Ke7)"), "{stderr}");
    let (ok, stdout, _) = ferrochamp(&["book", "show", &out_text]);
    assert!(ok);
    let rows: Vec<Vec<&str>> = stdout.lines().skip(2).map(|l| l.split_whitespace().collect()).collect();
    assert!(stdout.starts_with("key 463b96181691fc9c: 2 entries"), "{stdout}");
    assert_eq!(rows[0][..3], ["e2e4", "e4", "3"]);
    assert_eq!(rows[1][..3], ["d2d4", "d4", "1"]);
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let (ok, stdout, _) = ferrochamp(&["book", "show", &out_text, "--fen", fen]);
    assert!(ok);
    let nc6 = ["b8c6", "Nc6", "0", "0.0%", "0"];
    assert!(stdout.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == nc6), "{stdout}");
}

#[test]
fn the_command_line_fails_clearly_on_bad_input() {
    let out = temp_path("never.bin");
    let out_text = out.display().to_string();
    let (ok, _, stderr) = ferrochamp(&["book", "build", "/nonexistent/games.pgn", "-o", &out_text]);
    assert!(!ok && stderr.contains("cannot read /nonexistent/games.pgn"), "{stderr}");
    let broken = temp_path("broken.pgn");
    std::fs::write(&broken, "1. e4 Ke7 1-0\n").expect("write");
    let (ok, _, stderr) = ferrochamp(&["book", "build", &broken.display().to_string(), "-o", &out_text]);
    assert!(!ok && stderr.contains("no game could be used"), "{stderr}");
    assert!(!Path::new(&out_text).exists());
    let truncated = temp_path("truncated.bin");
    std::fs::write(&truncated, [0u8; 20]).expect("write");
    let (ok, _, stderr) = ferrochamp(&["book", "show", &truncated.display().to_string()]);
    assert!(!ok && stderr.contains("multiple of 16"), "{stderr}");
    let (ok, _, stderr) = ferrochamp(&["book", "show", &truncated.display().to_string(), "--fen", "garbage"]);
    assert!(!ok && !stderr.is_empty());
}
