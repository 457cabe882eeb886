//! The prober generates moves itself but asks the engine for attack sets: this
//! adapter answers from Ferrochamp's own leaper tables and magic bitboards.

use pyrrhic_rs::EngineAdapter;

use crate::board::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks};
use crate::board::{Bitboard, Color, Square};

/// Ferrochamp's attack tables, in the prober's terms (square = bit index, a1 = 0).
#[derive(Clone, Copy, Debug)]
pub struct FerrochampAttacks;

/// The prober only passes squares 0..64; the mask keeps a stray value in range.
fn square(index: u64) -> Square {
    Square::new((index & 63) as u8)
}

impl EngineAdapter for FerrochampAttacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = if color == pyrrhic_rs::Color::White { Color::White } else { Color::Black };
        pawn_attacks(color, square(sq)).0
    }

    fn knight_attacks(sq: u64) -> u64 {
        knight_attacks(square(sq)).0
    }

    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        bishop_attacks(square(sq), Bitboard(occupied)).0
    }

    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        rook_attacks(square(sq), Bitboard(occupied)).0
    }

    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        queen_attacks(square(sq), Bitboard(occupied)).0
    }

    fn king_attacks(sq: u64) -> u64 {
        king_attacks(square(sq)).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attacks_match_the_prober_conventions() {
        // A white pawn on e4 attacks d5 and f5; a black one d3 and f3.
        let e4 = 28;
        let (d5, f5, d3, f3) = (35, 37, 19, 21);
        assert_eq!(FerrochampAttacks::pawn_attacks(pyrrhic_rs::Color::White, e4), 1 << d5 | 1 << f5);
        assert_eq!(FerrochampAttacks::pawn_attacks(pyrrhic_rs::Color::Black, e4), 1 << d3 | 1 << f3);
        // A knight in the corner a1 reaches b3 and c2.
        assert_eq!(FerrochampAttacks::knight_attacks(0), 1 << 17 | 1 << 10);
        // A rook on a1 with a blocker on a3 sees a2, a3 and the first rank.
        let occupied = 1 << 16;
        assert_eq!(FerrochampAttacks::rook_attacks(0, occupied), 0xfe | 1 << 8 | 1 << 16);
    }
}
