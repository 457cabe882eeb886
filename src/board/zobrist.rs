//! Zobrist hashing keys, generated at compile time from a fixed seed.

use super::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

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
    let mut state = 0x0F3E_52A7_11C0_FFEE_u64;
    let mut piece = 0;
    while piece < 12 {
        let mut square = 0;
        while square < 64 {
            let (next, key) = splitmix(state);
            state = next;
            keys.pieces[piece][square] = key;
            square += 1;
        }
        piece += 1;
    }
    // Castling keys are XOR combinations of four single-right keys, so that
    // toggling rights bit by bit and looking up the whole mask agree.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (next, key) = splitmix(state);
        state = next;
        single[i] = key;
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
        let (next, key) = splitmix(state);
        state = next;
        keys.en_passant_file[file] = key;
        file += 1;
    }
    keys.side = splitmix(state).1;
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
