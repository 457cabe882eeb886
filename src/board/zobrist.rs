//! Zobrist hashing keys, generated at compile time from a fixed seed.

use crate::rng::Rng;

use super::types::{Piece, Square};

/// The Zobrist keys: one per piece and square, per castling-rights mask, per en-passant file,
/// and one for Black to move.
pub struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant_file: [u64; 8],
    side: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys { pieces: [[0; 64]; 12], castling: [0; 16], en_passant_file: [0; 8], side: 0 };
    let mut rng = Rng::new(0x0F3E_52A7_11C0_FFEE);
    let mut piece = 0;
    while piece < 12 {
        let mut square = 0;
        while square < 64 {
            keys.pieces[piece][square] = rng.next_u64();
            square += 1;
        }
        piece += 1;
    }
    // Castling keys are XOR combinations of four single-right keys, so that
    // toggling rights bit by bit and looking up the whole mask agree.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        single[i] = rng.next_u64();
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut key = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                key ^= single[bit];
            }
            bit += 1;
        }
        keys.castling[mask] = key;
        mask += 1;
    }
    let mut file = 0;
    while file < 8 {
        keys.en_passant_file[file] = rng.next_u64();
        file += 1;
    }
    keys.side = rng.next_u64();
    keys
}

static KEYS: Keys = generate();

/// The key of `piece` standing on `square`.
#[inline]
#[must_use]
pub fn piece_square(piece: Piece, square: Square) -> u64 {
    KEYS.pieces[piece.index()][square.index()]
}

/// The key of a castling-rights mask (4 bits).
#[inline]
#[must_use]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[usize::from(rights & 15)]
}

/// The key of an en-passant square; only its file counts.
#[inline]
#[must_use]
pub fn en_passant(square: Square) -> u64 {
    KEYS.en_passant_file[usize::from(square.file())]
}

/// The key of Black to move.
#[inline]
#[must_use]
pub fn side() -> u64 {
    KEYS.side
}
