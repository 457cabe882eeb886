//! Static exchange evaluation: the material result of the capture sequence on
//! one square when both sides always recapture with their least valuable piece
//! and may stop whenever going on would lose more.
//!
//! Sliders hidden behind a capturer (x-rays) join the exchange as soon as the
//! piece in front of them has moved; pawns recapturing onto the last rank
//! promote to a queen. Pins are not considered.

use crate::board::attacks::{bishop_attacks, rook_attacks};
use crate::board::{Bitboard, Color, Move, PieceType, Position, Square};

/// Piece values the exchange is counted in (the king can never be won).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// Longest possible exchange: 32 pieces, plus the initial move.
const MAX_EXCHANGE: usize = 34;

/// The piece's value in static exchange evaluation (king: larger than any exchange).
#[inline]
#[must_use]
pub const fn see_value(piece_type: PieceType) -> i32 {
    SEE_VALUES[piece_type.index()]
}

/// Material a promotion adds to the promoting side, on top of any capture.
fn promotion_gain(mv: Move) -> i32 {
    mv.promotion_piece().map_or(0, |piece| see_value(piece) - see_value(PieceType::Pawn))
}

/// What the first move of the exchange takes (en passant: a pawn; quiet: nothing).
fn captured_value(pos: &Position, mv: Move) -> i32 {
    if mv.is_en_passant() {
        return see_value(PieceType::Pawn);
    }
    pos.piece_on(mv.to()).map_or(0, |piece| see_value(piece.piece_type()))
}

/// Does the exchange started by `mv` win at least `threshold` centipawns for the mover?
#[must_use]
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if mv.is_castling() {
        return threshold <= 0;
    }
    let first_gain = captured_value(pos, mv) + promotion_gain(mv);
    if first_gain < threshold {
        // Even if nothing recaptures, the move cannot reach the threshold.
        return false;
    }
    let mover = mv.promotion_piece().unwrap_or_else(|| moved_type(pos, mv));
    let recapture_may_promote = matches!(mv.to().rank(), 0 | 7);
    if !recapture_may_promote && first_gain - see_value(mover) >= threshold {
        // Even losing the moved piece for nothing keeps the threshold.
        return true;
    }
    see(pos, mv) >= threshold
}

fn moved_type(pos: &Position, mv: Move) -> PieceType {
    pos.piece_on(mv.from()).map_or(PieceType::Pawn, |piece| piece.piece_type())
}

/// The exact exchange value of `mv` for the side making it.
#[must_use]
pub fn see(pos: &Position, mv: Move) -> i32 {
    if mv.is_castling() {
        return 0;
    }
    let to = mv.to();
    let mut occupied = pos.occupied().without(mv.from()).with(to);
    if mv.is_en_passant() {
        occupied = occupied.without(Square::from_file_rank(to.file(), mv.from().rank()));
    }
    let mut gains = [0_i32; MAX_EXCHANGE];
    gains[0] = captured_value(pos, mv) + promotion_gain(mv);
    let mut exchange = Exchange {
        pos,
        to,
        occupied,
        attackers: pos.attackers_to(to, occupied) & occupied,
        on_square: mv.promotion_piece().unwrap_or_else(|| moved_type(pos, mv)),
    };
    let mut side = pos.side_to_move().flip();
    let mut depth = 0;
    while depth + 1 < MAX_EXCHANGE {
        let Some(capturer) = exchange.next_capturer(side) else { break };
        let promotes = capturer == PieceType::Pawn && (to.rank() == 0 || to.rank() == 7);
        let promotion = if promotes { see_value(PieceType::Queen) - see_value(PieceType::Pawn) } else { 0 };
        depth += 1;
        // No early exit when both choices look bad: that keeps the sign of the
        // result but not its size, and callers compare against any threshold.
        gains[depth] = see_value(exchange.on_square) + promotion - gains[depth - 1];
        exchange.on_square = if promotes { PieceType::Queen } else { capturer };
        side = side.flip();
    }
    // Each side chooses between stopping and going on, from the end backwards.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The state of an exchange on `to`: who is left to capture and what sits there.
struct Exchange<'a> {
    pos: &'a Position,
    to: Square,
    occupied: Bitboard,
    attackers: Bitboard,
    on_square: PieceType,
}

impl Exchange<'_> {
    /// Removes `side`'s least valuable attacker from the board (revealing x-rays)
    /// and returns its type; None when `side` cannot (legally) capture.
    fn next_capturer(&mut self, side: Color) -> Option<PieceType> {
        let ours = self.attackers & self.pos.by_color(side);
        let capturer = PieceType::ALL.into_iter().find(|&pt| (ours & self.pos.pieces(side, pt)).any())?;
        if capturer == PieceType::King && (self.attackers & self.pos.by_color(side.flip())).any() {
            // The king may not capture into a defended square.
            return None;
        }
        let from = (ours & self.pos.pieces(side, capturer)).lsb();
        self.occupied = self.occupied.without(from);
        self.reveal_xrays(capturer);
        Some(capturer)
    }

    fn reveal_xrays(&mut self, moved: PieceType) {
        let queens = self.pos.by_type(PieceType::Queen);
        if matches!(moved, PieceType::Pawn | PieceType::Bishop | PieceType::Queen) {
            let diagonal = self.pos.by_type(PieceType::Bishop) | queens;
            self.attackers |= bishop_attacks(self.to, self.occupied) & diagonal;
        }
        if matches!(moved, PieceType::Rook | PieceType::Queen) {
            let straight = self.pos.by_type(PieceType::Rook) | queens;
            self.attackers |= rook_attacks(self.to, self.occupied) & straight;
        }
        self.attackers &= self.occupied;
    }
}
