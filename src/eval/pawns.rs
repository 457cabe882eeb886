//! Pawn structure: doubled, isolated, backward, connected and candidate pawns,
//! the passed-pawn set and the pawn attack maps, cached per thread by pawn key.

use crate::board::attacks::{pawn_attacks, pawn_attacks_bb};
use crate::board::{Bitboard, Color, PieceType, Position, Square};

use super::score::S;
use super::trace::{weight, Tracer};

/// Every square in front of `square` from `color`'s side, on all files.
#[inline]
#[must_use]
pub const fn forward_ranks(color: Color, square: Square) -> Bitboard {
    let rank = square.rank() as u32;
    match color {
        Color::White if rank == 7 => Bitboard::EMPTY,
        Color::White => Bitboard(!0u64 << (8 * (rank + 1))),
        Color::Black if rank == 0 => Bitboard::EMPTY,
        Color::Black => Bitboard(!0u64 >> (8 * (8 - rank))),
    }
}

/// The squares in front of `square` on its own file.
#[inline]
#[must_use]
pub const fn forward_file(color: Color, square: Square) -> Bitboard {
    Bitboard(forward_ranks(color, square).0 & Bitboard::file(square.file()).0)
}

/// The files either side of `file`.
#[inline]
#[must_use]
pub const fn adjacent_files(file: u8) -> Bitboard {
    let own = Bitboard::file(file);
    Bitboard(own.east().0 | own.west().0)
}

/// The squares an enemy pawn must not occupy for a pawn on `square` to be passed.
#[inline]
#[must_use]
pub const fn passed_span(color: Color, square: Square) -> Bitboard {
    let files = Bitboard::file(square.file()).0 | adjacent_files(square.file()).0;
    Bitboard(forward_ranks(color, square).0 & files)
}

/// A set of squares with every square in front of them (from `color`'s side) added.
#[inline]
#[must_use]
pub const fn fill_forward(color: Color, set: Bitboard) -> Bitboard {
    let mut b = set.0;
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    Bitboard(b)
}

/// What the evaluation keeps of a pawn structure.
#[derive(Clone, Copy, Debug)]
pub struct PawnEntry {
    key: u64,
    /// The pawn-structure score of White and of Black, each from its own side.
    pub score: [S; 2],
    /// Passed pawns of both colours.
    pub passed: Bitboard,
    /// Squares attacked by each colour's pawns.
    pub attacks: [Bitboard; 2],
    /// Squares each colour's pawns attack now or could attack after advancing.
    pub attack_span: [Bitboard; 2],
    /// How closed the pawns are, 0 (open) ..= 8 (locked): see `closedness`.
    pub closedness: u8,
}

/// The key no real pawn structure is assumed to hash to, marking an empty slot.
const EMPTY_KEY: u64 = u64::MAX;

impl PawnEntry {
    const EMPTY: PawnEntry = PawnEntry {
        key: EMPTY_KEY,
        score: [S::ZERO; 2],
        passed: Bitboard::EMPTY,
        attacks: [Bitboard::EMPTY; 2],
        attack_span: [Bitboard::EMPTY; 2],
        closedness: 0,
    };
}

/// A per-thread cache of pawn-structure evaluations, keyed by `Position::pawn_key`.
pub struct PawnTable {
    entries: Box<[PawnEntry]>,
}

impl PawnTable {
    /// 16 Ki entries of 64 bytes: 1 MiB, large enough that pawn keys rarely collide
    /// within a search, small enough to stay mostly in L2/L3.
    const DEFAULT_ENTRIES: usize = 1 << 14;

    /// An empty table of 16 Ki entries (1 MiB).
    #[must_use]
    pub fn new() -> PawnTable {
        PawnTable { entries: vec![PawnEntry::EMPTY; Self::DEFAULT_ENTRIES].into_boxed_slice() }
    }

    /// Forgets every entry (e.g. on `ucinewgame`).
    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry::EMPTY);
    }

    /// The pawn entry of `pos`, computed on a miss with the weights of `t` (a
    /// tracer that records nothing: a hit skips the recording). The table holds
    /// the scores of one set of weights: clear it when they change.
    #[inline]
    pub fn probe<T: Tracer>(&mut self, pos: &Position, t: &mut T) -> PawnEntry {
        let key = pos.pawn_key();
        // The length is a power of two, so masking the key picks a slot uniformly.
        let slot = (key as usize) & (self.entries.len() - 1);
        let entry = &mut self.entries[slot];
        if entry.key != key {
            *entry = evaluate_pawns(pos, t);
            entry.key = key;
        }
        *entry
    }
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable::new()
    }
}

/// Evaluates the pawn structure of both colours from scratch.
pub fn evaluate_pawns<T: Tracer>(pos: &Position, t: &mut T) -> PawnEntry {
    let mut entry = PawnEntry::EMPTY;
    for color in Color::BOTH {
        let pawns = pos.pieces(color, PieceType::Pawn);
        entry.attacks[color.index()] = pawn_attacks_bb(color, pawns);
        entry.attack_span[color.index()] = pawn_attacks_bb(color, fill_forward(color, pawns));
    }
    for color in Color::BOTH {
        let (score, passed) = pawn_structure(pos, color, t);
        entry.score[color.index()] = score;
        entry.passed |= passed;
    }
    entry.closedness = closedness(pos);
    entry
}

/// The files `set` has a piece on, as a byte: bit f is set when file f holds one.
pub fn occupied_files(set: Bitboard) -> u8 {
    // Filled down to the first rank, the low byte holds one bit per file.
    (fill_forward(Color::Black, set).0 & 0xFF) as u8
}

/// How closed the pawn structure is, 0 (open) ..= 8 (locked): pawns and rammed
/// pairs close it, files without pawns open it. Knights gain and rooks lose as
/// it closes, which a fixed piece value cannot say.
fn closedness(pos: &Position) -> u8 {
    let white = pos.pieces(Color::White, PieceType::Pawn);
    let black = pos.pieces(Color::Black, PieceType::Pawn);
    let rammed = (white.forward(Color::White) & black).count() as i32;
    let open_files = 8 - occupied_files(white | black).count_ones() as i32;
    let raw = (white | black).count() as i32 + 3 * rammed - 4 * open_files;
    (raw / 3).clamp(0, 8) as u8
}

/// The structure score of `us`'s pawns, and which of them are passed.
fn pawn_structure<T: Tracer>(pos: &Position, us: Color, t: &mut T) -> (S, Bitboard) {
    let them = us.flip();
    let ours = pos.pieces(us, PieceType::Pawn);
    let theirs = pos.pieces(them, PieceType::Pawn);
    let mut score = S::ZERO;
    let mut passed = Bitboard::EMPTY;

    for square in ours {
        let rank = usize::from(us.relative_rank(square.rank()));
        let ahead_on_file = forward_file(us, square);
        let neighbours = ours & adjacent_files(square.file());
        let opposed = (theirs & ahead_on_file).any();
        // Own pawns beside or behind, on neighbouring files: the ones that can support this pawn.
        let behind_or_level = !forward_ranks(us, square);
        let supporters = neighbours & behind_or_level;

        if (ours & ahead_on_file).any() {
            score += weight!(t, us, PAWN_DOUBLED);
        }
        if neighbours.is_empty() {
            score += weight!(t, us, PAWN_ISOLATED);
            if !opposed {
                score += weight!(t, us, PAWN_ISOLATED_UNOPPOSED);
            }
        } else if supporters.is_empty() && is_stop_contested(us, square, theirs) {
            score += weight!(t, us, PAWN_BACKWARD[usize::from(!opposed)]);
        }
        if (neighbours & Bitboard::rank(square.rank())).any() {
            score += weight!(t, us, PAWN_PHALANX[rank]);
        }
        if (ours & pawn_attacks(them, square)).any() {
            score += weight!(t, us, PAWN_SUPPORTED[rank]);
        }
        if (rank == 4 || rank == 5) && (theirs & Bitboard::from_square(square).forward(us)).any() {
            score += weight!(t, us, PAWN_BLOCKED[rank - 4]);
        }

        let sentries = theirs & passed_span(us, square);
        if sentries.is_empty() && (ours & ahead_on_file).is_empty() {
            passed |= Bitboard::from_square(square);
        } else if !opposed && supporters.count() >= sentries.count() {
            // Only enemy pawns on neighbouring files stand in the way, and as many
            // own pawns are ready to trade them off: a passer in the making.
            score += weight!(t, us, PAWN_CANDIDATE[rank]);
        }
    }
    (score, passed)
}

/// Whether an enemy pawn holds the stop square of `square` (occupies it or attacks it).
fn is_stop_contested(us: Color, square: Square, theirs: Bitboard) -> bool {
    let stop = Bitboard::from_square(square).forward(us);
    (stop & (theirs | pawn_attacks_bb(us.flip(), theirs))).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_look_forward() {
        let e4 = Square::parse("e4").expect("square");
        assert_eq!(forward_file(Color::White, e4).count(), 4);
        assert_eq!(forward_file(Color::Black, e4).count(), 3);
        assert_eq!(passed_span(Color::White, e4).count(), 12);
        assert_eq!(adjacent_files(0), Bitboard::file(1));
        assert_eq!(forward_ranks(Color::White, Square::H8), Bitboard::EMPTY);
        assert_eq!(forward_ranks(Color::Black, Square::A1), Bitboard::EMPTY);
        let filled = fill_forward(Color::Black, Bitboard::from_square(e4));
        assert_eq!(filled.count(), 4);
    }
}
