//! The book's part in a UCI session: loading the file `BookFile` names and
//! answering a `go` from the book when that is the right answer.
//!
//! The book answers only a `go` that asks for a move to play now: under a
//! clock, `movetime`, or with no limits at all. It stays silent for
//! `go infinite` and `go ponder` (no `bestmove` may come before `stop` or
//! `ponderhit`), and for `depth`, `nodes`, `mate` and `searchmoves`, which ask
//! for an analysis that a book move does not answer.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::path::Path;
use std::time::SystemTime;

use super::probe::{Book, Pick};
use crate::board::{Color, Position};
use crate::rng::Rng;
use crate::uci::options::names;
use crate::uci::{GoParams, OptionValues};

/// What the book options say, read from the option values at each `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// `OwnBook`: whether the book may answer at all.
    pub own_book: bool,
    /// `BookBestMove`: always the highest weight, rather than a choice by weight.
    pub best_move: bool,
    /// The last game ply (0 = the start position) at which the book is asked.
    pub depth: u32,
    /// `UCI_Chess960`: the book is not used in Chess960 games.
    pub chess960: bool,
    /// `Ponder`: a book move's `bestmove` then names the book's best reply to ponder on.
    pub ponder: bool,
}

impl BookSettings {
    /// The settings from the current option values (`BookDepth` is the `depth`).
    #[must_use]
    pub fn from_options(options: &OptionValues) -> BookSettings {
        BookSettings {
            own_book: options.check(names::OWN_BOOK),
            best_move: options.check(names::BOOK_BEST_MOVE),
            depth: u32::try_from(options.spin(names::BOOK_DEPTH)).unwrap_or(0),
            chess960: options.check(names::UCI_CHESS960),
            ponder: options.check(names::PONDER),
        }
    }
}

/// What to do with a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookReply {
    /// Search as usual, first telling the GUI `note` (an `info string` text) if any.
    Search {
        /// Why the book cannot answer (no file, or one that failed to load), given once; else `None`.
        note: Option<String>,
    },
    /// Print these lines (`info string book move ...` and `bestmove ...`) instead of searching.
    Play {
        /// The lines to print, in order.
        lines: Vec<String>,
    },
}

#[derive(Debug)]
enum Status {
    NoFile,
    Loaded(Book),
    /// The file could not be used; the text says why.
    Failed(String),
}

/// The loaded book and the random source for weighted choices.
#[derive(Debug)]
pub struct BookPlayer {
    status: Status,
    /// Whether the GUI already heard why no book move can come.
    told: bool,
    rng: Rng,
}

impl Default for BookPlayer {
    fn default() -> Self {
        BookPlayer::with_seed(entropy_seed())
    }
}

impl BookPlayer {
    /// A player whose weighted choices follow `seed` (tests); the engine uses
    /// [`BookPlayer::default`], seeded from the clock and the process's hash keys.
    #[must_use]
    pub fn with_seed(seed: u64) -> BookPlayer {
        BookPlayer { status: Status::NoFile, told: false, rng: Rng::new(seed) }
    }

    /// Reads the book at `path` (empty = no book) and keeps it in memory.
    /// Returns the `info string` text that reports the outcome.
    pub fn load(&mut self, path: &str) -> Option<String> {
        // A load reports its own outcome; only "no file at all" is left for `go` to mention.
        self.told = !path.trim().is_empty();
        if path.trim().is_empty() {
            self.status = Status::NoFile;
            return None;
        }
        match Book::open(Path::new(path)) {
            Ok(book) => {
                let text = format!("book {path}: {} entries loaded", book.len());
                self.status = Status::Loaded(book);
                Some(text)
            }
            Err(err) => {
                let text = format!("book {path}: {err}; the engine will search without a book");
                self.status = Status::Failed(text.clone());
                Some(text)
            }
        }
    }

    /// The answer to `go` in `pos`: a book move, or a normal search.
    pub fn answer(&mut self, pos: &Position, params: &GoParams, settings: &BookSettings) -> BookReply {
        if !settings.own_book || settings.chess960 || !asks_for_a_move(params) || game_ply(pos) > settings.depth {
            return BookReply::Search { note: None };
        }
        let book = match &self.status {
            Status::Loaded(book) => book,
            Status::NoFile => return self.tell_once("OwnBook is on but BookFile is empty: searching".to_string()),
            Status::Failed(reason) => return self.tell_once(reason.clone()),
        };
        let pick = if settings.best_move { Pick::Best } else { Pick::Weighted { ticket: self.rng.next_u64() } };
        let Some(choice) = book.choose(pos, pick) else {
            return BookReply::Search { note: None };
        };
        let mv = choice.book_move.mv;
        let uci = pos.move_to_uci(mv, false);
        let info = format!("info string book move {uci} weight {} of {}", choice.book_move.weight, choice.total);
        let mut bestmove = format!("bestmove {uci}");
        if settings.ponder {
            let mut after = pos.clone();
            after.make_move(mv);
            if let Some(reply) = book.choose(&after, Pick::Best) {
                bestmove.push_str(&format!(" ponder {}", after.move_to_uci(reply.book_move.mv, false)));
            }
        }
        BookReply::Play { lines: vec![info, bestmove] }
    }

    fn tell_once(&mut self, text: String) -> BookReply {
        let note = (!self.told).then_some(text);
        self.told = true;
        BookReply::Search { note }
    }
}

/// True for a `go` that wants a move to play now (see the module comment).
fn asks_for_a_move(params: &GoParams) -> bool {
    !params.infinite
        && !params.ponder
        && params.depth.is_none()
        && params.nodes.is_none()
        && params.mate.is_none()
        && params.searchmoves.is_empty()
}

/// Plies played since the game's start: the number of moves after
/// `position startpos`, and what the move number and side to move imply for a FEN.
#[must_use]
pub fn game_ply(pos: &Position) -> u32 {
    let black = u32::from(pos.side_to_move() == Color::Black);
    pos.fullmove_number().saturating_sub(1).saturating_mul(2).saturating_add(black)
}

/// A seed that differs from run to run, so that games vary: the clock mixed
/// with the per-process random keys of the standard library's hasher.
fn entropy_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u128(nanos);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::options::OptionKind;

    #[test]
    fn the_book_options_exist_with_their_types_and_defaults() {
        let values = OptionValues::default();
        let kind = |name: &str| values.table().find(name).map(|spec| spec.kind.clone());
        assert_eq!(kind(names::OWN_BOOK), Some(OptionKind::Check { default: false }));
        assert_eq!(kind(names::BOOK_BEST_MOVE), Some(OptionKind::Check { default: false }));
        assert_eq!(kind(names::BOOK_FILE), Some(OptionKind::Text { default: String::new() }));
        assert!(matches!(kind(names::BOOK_DEPTH), Some(OptionKind::Spin { default: 255, .. })));
        let settings = BookSettings::from_options(&values);
        assert_eq!((settings.own_book, settings.best_move, settings.depth), (false, false, 255));
    }

    #[test]
    fn game_ply_counts_from_the_move_number() {
        let ply = |fen: &str| game_ply(&Position::from_fen(fen).expect("valid FEN"));
        assert_eq!(ply(crate::board::START_FEN), 0);
        assert_eq!(ply("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), 1);
        assert_eq!(ply("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), 2);
        let mut pos = Position::startpos();
        for text in ["e2e4", "e7e5", "g1f3"] {
            let mv = pos.parse_uci_move(text, false).expect("legal");
            pos.make_move(mv);
        }
        assert_eq!(game_ply(&pos), 3);
    }

    #[test]
    fn no_book_answer_without_own_book_or_for_analysis() {
        let mut player = BookPlayer::with_seed(1);
        let pos = Position::startpos();
        let settings = BookSettings { own_book: true, best_move: true, depth: 255, chess960: false, ponder: false };
        let mut params = GoParams::default();
        // No file at all: one note, then silence.
        assert!(matches!(player.answer(&pos, &params, &settings), BookReply::Search { note: Some(_) }));
        assert_eq!(player.answer(&pos, &params, &settings), BookReply::Search { note: None });
        params.depth = Some(5);
        assert!(!asks_for_a_move(&params));
        params.depth = None;
        params.searchmoves = vec!["e2e4".into()];
        assert!(!asks_for_a_move(&params));
    }
}
