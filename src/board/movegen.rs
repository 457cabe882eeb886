//! Legal move generation: pins and check evasions are handled while
//! generating, so every move produced is legal.
//!
//! One generator serves three purposes through the `MoveSink` trait: filling a
//! move list, and counting moves by popcount for perft's last ply.

use super::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::bitboard::Bitboard;
use super::castling::{right_bit, CastleSide};
use super::chess_move::{Move, MoveKind, MoveList};
use super::position::Position;
use super::types::{Color, PieceType, Square};

/// Which moves to generate: the noisy ones (captures and promotions) are
/// searched first and in quiescence; the quiet ones only in the main search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Noisy,
    Quiet,
    All,
}

/// Receives generated moves: a whole target set for one piece at a time.
trait MoveSink {
    fn add(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves whose origin is `to - offset` (promotions when `promote`).
    fn add_pawn_moves(&mut self, targets: Bitboard, offset: i8, promote: bool, pieces: &[PieceType]);
    fn add_move(&mut self, mv: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn add(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }

    #[inline]
    fn add_pawn_moves(&mut self, targets: Bitboard, offset: i8, promote: bool, pieces: &[PieceType]) {
        for to in targets {
            let from = to.offset(-offset);
            if promote {
                for &piece in pieces {
                    self.push(Move::promotion(from, to, piece));
                }
            } else {
                self.push(Move::new(from, to));
            }
        }
    }

    #[inline]
    fn add_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without listing them.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline]
    fn add(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn add_pawn_moves(&mut self, targets: Bitboard, _offset: i8, promote: bool, pieces: &[PieceType]) {
        let per_square = if promote { pieces.len() as u64 } else { 1 };
        self.0 += u64::from(targets.count()) * per_square;
    }

    #[inline]
    fn add_move(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

const ALL_PROMOTIONS: [PieceType; 4] = [PieceType::Queen, PieceType::Knight, PieceType::Rook, PieceType::Bishop];

/// Every legal move.
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    generate(pos, Stage::All, list);
}

/// Legal captures (en passant included) and all promotions.
pub fn generate_noisy(pos: &Position, list: &mut MoveList) {
    generate(pos, Stage::Noisy, list);
}

/// Legal moves that neither capture nor promote, castling included.
pub fn generate_quiet(pos: &Position, list: &mut MoveList) {
    generate(pos, Stage::Quiet, list);
}

/// The number of legal moves, counted without listing them.
#[must_use]
pub fn count_legal(pos: &Position) -> u64 {
    let mut counter = Counter(0);
    generate(pos, Stage::All, &mut counter);
    counter.0
}

/// Whether the side to move has any legal move (stalemate and mate detection).
#[must_use]
pub fn has_legal_move(pos: &Position) -> bool {
    count_legal(pos) > 0
}

fn generate(pos: &Position, stage: Stage, sink: &mut impl MoveSink) {
    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king_square(us);
    let occupied = pos.occupied();
    let enemies = pos.by_color(them);
    // Squares a piece may land on for this stage (pawns handle promotions apart).
    let stage_targets = match stage {
        Stage::Noisy => enemies,
        Stage::Quiet => !occupied,
        Stage::All => !pos.by_color(us),
    };

    generate_king_moves(pos, king, stage_targets, sink);
    let checkers = pos.checkers();
    if checkers.has_several() {
        return;
    }
    // In check, other pieces must capture the checker or step between.
    let evasion_mask = if checkers.any() { between(king, checkers.lsb()) | checkers } else { Bitboard::ALL };

    generate_pawn_moves(pos, stage, evasion_mask, sink);
    let pinned = pos.pinned();
    let targets = stage_targets & evasion_mask;
    for from in pos.pieces(us, PieceType::Knight) & !pinned {
        sink.add(from, knight_attacks(from) & targets);
    }
    let queens = pos.pieces(us, PieceType::Queen);
    for from in pos.pieces(us, PieceType::Bishop) | queens {
        let mut attacks = bishop_attacks(from, occupied) & targets;
        if pinned.contains(from) {
            attacks &= line(king, from);
        }
        sink.add(from, attacks);
    }
    for from in pos.pieces(us, PieceType::Rook) | queens {
        let mut attacks = rook_attacks(from, occupied) & targets;
        if pinned.contains(from) {
            attacks &= line(king, from);
        }
        sink.add(from, attacks);
    }
    if stage != Stage::Noisy && checkers.is_empty() {
        generate_castling(pos, sink);
    }
}

fn generate_king_moves(pos: &Position, king: Square, targets: Bitboard, sink: &mut impl MoveSink) {
    let candidates = king_attacks(king) & targets;
    if candidates.is_empty() {
        return;
    }
    let them = pos.side_to_move().flip();
    // Leaper attacks do not depend on the occupancy: take them all out at once.
    let mut safe = candidates & !pos.leaper_attacks(them);
    // The king must not hide behind itself from a slider: look through it.
    let occupied = pos.occupied() ^ Bitboard::from_square(king);
    let queens = pos.pieces(them, PieceType::Queen);
    let rooks = pos.pieces(them, PieceType::Rook) | queens;
    let bishops = pos.pieces(them, PieceType::Bishop) | queens;
    for to in safe {
        if (rook_attacks(to, occupied) & rooks).any() || (bishop_attacks(to, occupied) & bishops).any() {
            safe = safe.without(to);
        }
    }
    sink.add(king, safe);
}

fn generate_pawn_moves(pos: &Position, stage: Stage, evasion_mask: Bitboard, sink: &mut impl MoveSink) {
    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king_square(us);
    let pinned = pos.pinned();
    let pawns = pos.pieces(us, PieceType::Pawn);
    let empty = !pos.occupied();
    let enemies = pos.by_color(them);
    let last_rank = Bitboard::relative_rank(us, 7);
    let forward: i8 = if us == Color::White { 8 } else { -8 };

    // Pinned pawns can move only along the pin line; those lines are handled one by one.
    let free = pawns & !pinned;
    let single = free.forward(us) & empty;
    let double = (single & Bitboard::relative_rank(us, 2)).forward(us) & empty;
    let left = free.forward(us).west() & enemies;
    let right = free.forward(us).east() & enemies;

    let single = single & evasion_mask;
    let (left, right) = (left & evasion_mask, right & evasion_mask);
    let promotions: &[PieceType] = &ALL_PROMOTIONS;
    if stage != Stage::Quiet {
        sink.add_pawn_moves(single & last_rank, forward, true, promotions);
        sink.add_pawn_moves(left & last_rank, forward - 1, true, promotions);
        sink.add_pawn_moves(right & last_rank, forward + 1, true, promotions);
        sink.add_pawn_moves(left & !last_rank, forward - 1, false, promotions);
        sink.add_pawn_moves(right & !last_rank, forward + 1, false, promotions);
    }
    if stage != Stage::Noisy {
        sink.add_pawn_moves(single & !last_rank, forward, false, promotions);
        sink.add_pawn_moves(double & evasion_mask, 2 * forward, false, promotions);
    }

    for from in pawns & pinned {
        let pin_line = line(king, from);
        let pushes = {
            let one = Bitboard::from_square(from).forward(us) & empty;
            let two = (one & Bitboard::relative_rank(us, 2)).forward(us) & empty;
            one | two
        };
        let captures = pawn_attacks(us, from) & enemies;
        let stage_moves = match stage {
            Stage::Noisy => captures | (pushes & last_rank),
            Stage::Quiet => pushes & !last_rank,
            Stage::All => captures | pushes,
        };
        for to in stage_moves & pin_line & evasion_mask {
            if last_rank.contains(to) {
                for &piece in promotions {
                    sink.add_move(Move::promotion(from, to, piece));
                }
            } else {
                sink.add_move(Move::new(from, to));
            }
        }
    }

    if stage != Stage::Quiet {
        if let Some(ep) = pos.en_passant() {
            for from in pawn_attacks(them, ep) & pawns {
                let mv = Move::with_kind(from, ep, MoveKind::EnPassant);
                if pos.is_legal_given_pseudo_legal(mv) {
                    sink.add_move(mv);
                }
            }
        }
    }
}

/// Castling is generated only without check (the caller makes sure): the right
/// must remain, the path be empty and no square the king walks be attacked.
fn generate_castling(pos: &Position, sink: &mut impl MoveSink) {
    let us = pos.side_to_move();
    let rights = pos.castling_rights();
    for side in CastleSide::BOTH {
        if rights & right_bit(us, side) == 0 {
            continue;
        }
        let Some(path) = pos.castling_rules().path(us, side) else { continue };
        if (path.must_be_empty & pos.occupied()).any() || !pos.pieces(us, PieceType::King).contains(path.king_from) {
            continue;
        }
        let occupied = pos.occupied() ^ Bitboard::from_square(path.king_from) ^ Bitboard::from_square(path.rook_from);
        let mut walk = path.king_walk;
        if !Iterator::any(&mut walk, |square| pos.is_attacked(square, us.flip(), occupied)) {
            sink.add_move(Move::with_kind(path.king_from, path.rook_from, MoveKind::Castling));
        }
    }
}
