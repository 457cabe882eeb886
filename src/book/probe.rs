//! A Polyglot book held in memory: loading with validation, binary search by
//! key, and choosing a move by weight.

use std::fmt;
use std::path::Path;

use super::entry::{decode_move, BookEntry, ENTRY_SIZE};
use super::keys::polyglot_key;
use crate::board::{Move, Position};

/// Why a file is not a usable Polyglot book.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The size is not a multiple of 16 bytes: a truncated or foreign file.
    Truncated {
        /// The file's size in bytes.
        size: usize,
    },
    /// Entry `index` has a smaller key than the one before it, so binary search would miss moves.
    Unsorted {
        /// The 0-based index of the first entry out of order.
        index: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(err) => write!(f, "cannot read it: {err}"),
            BookError::Truncated { size } => {
                write!(f, "not a Polyglot book: its size, {size} bytes, is not a multiple of {ENTRY_SIZE} (truncated?)")
            }
            BookError::Unsorted { index } => {
                write!(f, "not a Polyglot book: entry {index} is out of key order (corrupt?)")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// A legal book move of a position with the entry it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in the position.
    pub mv: Move,
    /// The entry's weight; 0 marks a deleted entry.
    pub weight: u16,
    /// The entry's learning field, as stored.
    pub learn: u32,
}

/// How to pick among a position's book moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The highest weight (the first such entry on ties).
    Best,
    /// Each move with probability weight / total; `ticket` is any random number.
    Weighted {
        /// The random number that decides the pick.
        ticket: u64,
    },
}

/// The move picked, with its weight and the total weight it was picked from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move picked.
    pub book_move: BookMove,
    /// The sum of the weights of the position's playable book moves.
    pub total: u64,
}

/// A whole book, read once and kept sorted by key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<BookEntry>,
}

impl Book {
    /// Reads and validates the book at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or its contents are not a sorted Polyglot book.
    pub fn open(path: &Path) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(BookError::Io)?;
        Book::from_bytes(&bytes)
    }

    /// Parses a book from its bytes.
    ///
    /// # Errors
    /// A size that is not a whole number of entries, or keys out of order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Truncated { size: bytes.len() });
        }
        let entries: Vec<BookEntry> = bytes
            .chunks_exact(ENTRY_SIZE)
            .filter_map(|chunk| <&[u8; ENTRY_SIZE]>::try_from(chunk).ok())
            .map(BookEntry::from_bytes)
            .collect();
        if let Some(index) = entries.windows(2).position(|pair| pair[1].key < pair[0].key) {
            return Err(BookError::Unsorted { index: index + 1 });
        }
        Ok(Book { entries })
    }

    /// A book of these entries, sorted as Polyglot writes them (key, then weight descending).
    #[must_use]
    pub fn from_entries(mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(a.raw_move.cmp(&b.raw_move)));
        Book { entries }
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, in file order.
    #[must_use]
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The book as the bytes of a `.bin` file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries.iter().flat_map(BookEntry::to_bytes).collect()
    }

    /// The entries stored under `key`, in file order (binary search).
    #[must_use]
    pub fn entries_for_key(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|entry| entry.key < key);
        let len = self.entries[start..].partition_point(|entry| entry.key == key);
        &self.entries[start..start + len]
    }

    /// The legal moves the book gives for `pos`, in file order, weight 0
    /// included. Entries whose move is not legal here (a key collision or a
    /// corrupt entry) are left out.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        self.entries_for_key(polyglot_key(pos))
            .iter()
            .filter_map(|entry| {
                decode_move(pos, entry.raw_move).map(|mv| BookMove { mv, weight: entry.weight, learn: entry.learn })
            })
            .collect()
    }

    /// A move to play in `pos`, or `None` when the book has no legal move of
    /// positive weight there (weight 0 marks a deleted entry, as for other readers).
    #[must_use]
    pub fn choose(&self, pos: &Position, pick: Pick) -> Option<Choice> {
        let playable: Vec<BookMove> = self.moves(pos).into_iter().filter(|m| m.weight > 0).collect();
        let total: u64 = playable.iter().map(|m| u64::from(m.weight)).sum();
        let book_move = match pick {
            Pick::Best => {
                let best = playable.iter().map(|m| m.weight).max()?;
                playable.iter().copied().find(|m| m.weight == best)?
            }
            Pick::Weighted { ticket } => {
                let mut point = ticket % total.max(1);
                let mut picked = None;
                for candidate in &playable {
                    let weight = u64::from(candidate.weight);
                    if point < weight {
                        picked = Some(*candidate);
                        break;
                    }
                    point -= weight;
                }
                picked?
            }
        };
        Some(Choice { book_move, total })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::entry::encode_move;

    fn entry(key: u64, raw_move: u16, weight: u16) -> BookEntry {
        BookEntry { key, raw_move, weight, learn: 0 }
    }

    #[test]
    fn a_bad_size_or_order_is_refused() {
        assert!(matches!(Book::from_bytes(&[0u8; 17]), Err(BookError::Truncated { size: 17 })));
        let unsorted: Vec<u8> = [entry(2, 1, 1), entry(1, 1, 1)].iter().flat_map(BookEntry::to_bytes).collect();
        assert!(matches!(Book::from_bytes(&unsorted), Err(BookError::Unsorted { index: 1 })));
        assert!(Book::from_bytes(&[]).is_ok_and(|book| book.is_empty()));
    }

    #[test]
    fn binary_search_finds_every_entry_of_a_key() {
        let entries: Vec<BookEntry> =
            (0..50u64).flat_map(|k| (0..(k % 4) as u16).map(move |m| entry(k * 3, m, 1))).collect();
        let book = Book::from_entries(entries);
        for k in 0..50u64 {
            assert_eq!(book.entries_for_key(k * 3).len(), (k % 4) as usize, "key {}", k * 3);
            assert!(book.entries_for_key(k * 3 + 1).is_empty());
        }
    }

    #[test]
    fn picks_follow_the_weights() {
        let pos = Position::startpos();
        let key = polyglot_key(&pos);
        let uci = |text: &str| encode_move(pos.parse_uci_move(text, false).expect("legal"));
        // An illegal entry (e2e5) and a deleted one (weight 0) are never chosen.
        let book = Book::from_entries(vec![
            entry(key, uci("e2e4"), 30),
            entry(key, uci("d2d4"), 10),
            entry(key, (12 << 6) | 36, 50),
            entry(key, uci("g1f3"), 0),
        ]);
        assert_eq!(book.moves(&pos).len(), 3);
        let best = book.choose(&pos, Pick::Best).expect("a book move");
        assert_eq!((pos.move_to_uci(best.book_move.mv, false), best.total), ("e2e4".to_string(), 40));
        let pick = |ticket| {
            let choice = book.choose(&pos, Pick::Weighted { ticket }).expect("a move");
            pos.move_to_uci(choice.book_move.mv, false)
        };
        assert_eq!(pick(0), "e2e4");
        assert_eq!(pick(29), "e2e4");
        assert_eq!(pick(30), "d2d4");
        assert_eq!(pick(39), "d2d4");
        assert_eq!(pick(40), "e2e4");
    }
}
