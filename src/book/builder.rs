//! Building a Polyglot book from PGN games.
//!
//! Every (position, move) of the first `max_ply` plies of each game is scored
//! from the mover's side, as Polyglot's own builder does: a win 2, a draw 1, a
//! loss 0. The weight of an entry is that score summed over the games, scaled
//! down in proportion when the largest would not fit in 16 bits. Moves played in
//! fewer than `min_games` games are left out. A move that only ever lost keeps
//! weight 0: it shows in `book show` but is never played (readers treat weight 0
//! as deleted).

use std::collections::{HashMap, HashSet};

use super::entry::{encode_move, BookEntry};
use super::keys::polyglot_key;
use super::pgn::{parse_games, GameResult, PgnGame};
use super::probe::Book;
use crate::board::{Color, Move, Position};

/// The builder's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    /// Only the first `max_ply` plies of each game go into the book.
    pub max_ply: u32,
    /// An entry needs at least this many games.
    pub min_games: u32,
}

/// Totals of one (position, move) over the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct MoveStats {
    games: u32,
    score: u64,
}

/// Accumulates games and turns them into a book.
#[derive(Debug)]
pub struct BookBuilder {
    limits: BuildLimits,
    stats: HashMap<(u64, u16), MoveStats>,
    games_used: usize,
    /// One message per game that was skipped, naming the game.
    skipped: Vec<String>,
}

impl BookBuilder {
    /// A builder with no games yet.
    #[must_use]
    pub fn new(limits: BuildLimits) -> BookBuilder {
        BookBuilder { limits, stats: HashMap::new(), games_used: 0, skipped: Vec::new() }
    }

    /// Adds every game of a PGN text; `source` names the file in messages.
    pub fn add_pgn(&mut self, source: &str, text: &str) {
        for game in parse_games(text) {
            if let Err(reason) = self.add_game(&game) {
                self.skipped.push(format!("{source}, game {}: {reason}; game skipped", game.number));
            }
        }
    }

    /// Adds one game.
    ///
    /// # Errors
    /// The game cannot be read or replayed, or has no result to score it by.
    pub fn add_game(&mut self, game: &PgnGame) -> Result<(), String> {
        if let Some(problem) = &game.problem {
            return Err(problem.clone());
        }
        if let Some(variant) = game.tag("Variant").filter(|v| !v.eq_ignore_ascii_case("standard")) {
            return Err(format!("variant '{variant}' is not standard chess"));
        }
        let white_score = match game.outcome() {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
            GameResult::Unknown => return Err("no result (*) to weight its moves by".into()),
        };
        let start = match game.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(|err| format!("bad FEN tag: {err}"))?,
            None => Position::startpos(),
        };
        let plies = replay(&start, &game.moves)?;
        let mut seen = HashSet::new();
        let mut pos = start;
        for mv in plies.into_iter().take(self.limits.max_ply as usize) {
            let entry_key = (polyglot_key(&pos), encode_move(mv));
            // A repetition inside one game counts once: the weights count games.
            if seen.insert(entry_key) {
                let stats = self.stats.entry(entry_key).or_default();
                stats.games += 1;
                stats.score += if pos.side_to_move() == Color::White { white_score } else { 2 - white_score };
            }
            pos.make_move(mv);
        }
        self.games_used += 1;
        Ok(())
    }

    /// Games that went into the book.
    #[must_use]
    pub fn games_used(&self) -> usize {
        self.games_used
    }

    /// Why each skipped game was skipped.
    #[must_use]
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// The book of everything added, sorted as Polyglot writes it.
    #[must_use]
    pub fn build(&self) -> Book {
        let kept: Vec<(&(u64, u16), &MoveStats)> =
            self.stats.iter().filter(|(_, stats)| stats.games >= self.limits.min_games).collect();
        let top = kept.iter().map(|(_, stats)| stats.score).max().unwrap_or(0);
        let entries = kept
            .into_iter()
            .map(|(&(key, raw_move), stats)| BookEntry {
                key,
                raw_move,
                weight: scaled_weight(stats.score, top),
                learn: 0,
            })
            .collect();
        Book::from_entries(entries)
    }
}

/// `score` scaled so that `top` fits in a u16; a positive score stays positive.
fn scaled_weight(score: u64, top: u64) -> u16 {
    let limit = u64::from(u16::MAX);
    let scaled = if top <= limit { score } else { (score * limit / top).max(u64::from(score > 0)) };
    u16::try_from(scaled).unwrap_or(u16::MAX)
}

/// The moves of `sans` played from `start`; the error names the first bad one.
fn replay(start: &Position, sans: &[String]) -> Result<Vec<Move>, String> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(sans.len());
    for (index, san) in sans.iter().enumerate() {
        let mv = pos.parse_san(san).map_err(|err| {
            let number = pos.fullmove_number();
            let dots = if pos.side_to_move() == Color::White { "." } else { "..." };
            format!("move {} ({number}{dots} {san}): {err}", index + 1)
        })?;
        pos.make_move(mv);
        moves.push(mv);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_scale_into_sixteen_bits_and_keep_their_order() {
        assert_eq!(scaled_weight(7, 100), 7);
        assert_eq!(scaled_weight(200_000, 200_000), u16::MAX);
        assert_eq!(scaled_weight(100_000, 200_000), 32767);
        assert_eq!(scaled_weight(1, 200_000), 1);
        assert_eq!(scaled_weight(0, 200_000), 0);
    }

    #[test]
    fn bad_games_are_skipped_with_their_number() {
        let mut builder = BookBuilder::new(BuildLimits { max_ply: 10, min_games: 1 });
        builder.add_pgn("t.pgn", "1. e4 e5 1-0\n\n1. e4 e5 2. Nf6 0-1\n\n1. d4 *\n\n[Variant \"Chess960\"]\n1. e4 1-0");
        assert_eq!(builder.games_used(), 1);
        assert_eq!(builder.skipped().len(), 3);
        assert!(builder.skipped()[0].starts_with("t.pgn, game 2: move 3 (2. Nf6)"), "{:?}", builder.skipped());
        assert!(builder.skipped()[1].contains("game 3: no result"));
        assert!(builder.skipped()[2].contains("game 4: variant"));
    }
}
