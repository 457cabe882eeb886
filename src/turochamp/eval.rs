//! Turing's position-play value: the tie-break between moves of equal material value.
//!
//! It is computed once per candidate move, on the position right after that
//! move, for the side that made it (Turing: "each white piece has a certain
//! position-play contribution and so has the black king"); no analysis is
//! involved. Interpretations of the rules, term by term:
//!
//! - **Mobility** (queen, rook, bishop, knight): √(legal moves), a capture
//!   counting as two moves. The side that moved is not the side to move, so
//!   its moves are counted as if it were: pinned pieces move along the pin
//!   only. Taking the enemy king is not a move.
//! - **Piece safety** (rook, bishop, knight; not the queen, as Turing says):
//!   1.0 if at least one own piece (pawns and king included) attacks its
//!   square, 1.5 if two or more do. Defenders are counted directly, without
//!   x-rays through other defenders.
//! - **King mobility**: √(legal non-castling king moves), captures counting twice.
//! - **King safety**: minus √(moves a friendly queen would have on the king's
//!   square), captures counting twice. Turing: "assuming it to be replaced by a
//!   friendly Q on the same square, estimating as in i), but subtracting" —
//!   "as in i)" includes the square root, so it is taken (the summary
//!   leaves it out).
//! - **Castling**: +1 while the side keeps any castling right, +1 more if a
//!   castling move would be legal were it the side's turn now, and +2 (the
//!   issue's reading of Turing's "yet another 1.0 for the actual performance")
//!   on the move that castles — whose rights are then gone.
//! - **Pawns**: +0.2 per rank each own pawn stands beyond its starting rank,
//!   +0.3 for each own pawn attacked by at least one own non-pawn piece (the
//!   king counts as a piece).
//! - **Against the enemy king**: +0.5 if the move gives check; +1 for a threat of
//!   mate, i.e. the side that moved would have a mating move if it could move
//!   again at once (tested only when the move does not give check, since a
//!   side in check cannot "pass").

use crate::board::attacks::{king_attacks, line, queen_attacks};
use crate::board::castling::CastleSide;
use crate::board::movegen::{generate_legal, has_legal_move};
use crate::board::{Bitboard, Color, MoveList, Piece, PieceType, Position, Square};

const DEFENDED_ONCE: f64 = 1.0;
const DEFENDED_TWICE: f64 = 1.5;
const CASTLING_KEPT: f64 = 1.0;
const CASTLING_NEXT_MOVE: f64 = 1.0;
const CASTLING_DONE: f64 = 2.0;
const PAWN_PER_RANK: f64 = 0.2;
const PAWN_DEFENDED_BY_PIECE: f64 = 0.3;
const MATE_THREAT: f64 = 1.0;
const CHECK: f64 = 0.5;

/// The position-play value split into Turing's terms (for reports and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PositionPlay {
    /// The sum over queens, rooks, bishops and knights of √(moves), captures counting twice.
    pub mobility: f64,
    /// 1.0 per rook, bishop or knight defended once, 1.5 per one defended twice or more.
    pub piece_safety: f64,
    /// √(king moves), captures counting twice; castling not included.
    pub king_mobility: f64,
    /// Minus √(moves of a friendly queen on the king's square): zero or negative.
    pub king_safety: f64,
    /// 0 to 2 for castling rights kept and castling playable; 2 on the move that castles.
    pub castling: f64,
    /// 0.2 per rank of pawn advance, plus 0.3 per pawn defended by a piece.
    pub pawns: f64,
    /// 1.0 if the side that moved threatens mate (and is not giving check), else 0.
    pub mate_threat: f64,
    /// 0.5 if the move gives check, else 0.
    pub check: f64,
}

impl PositionPlay {
    /// The sum of every term: the value that breaks ties between moves.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.mobility
            + self.piece_safety
            + self.king_mobility
            + self.king_safety
            + self.castling
            + self.pawns
            + self.mate_threat
            + self.check
    }
}

/// The position-play value of `after` (the position right after a move) for
/// the side that just moved; `castled` says whether that move was castling.
#[must_use]
pub fn position_play(after: &Position, castled: bool) -> PositionPlay {
    let us = after.side_to_move().flip();
    let gives_check = after.in_check();
    PositionPlay {
        mobility: piece_mobility(after, us),
        piece_safety: piece_safety(after, us),
        king_mobility: move_weight(king_moves(after, us)).sqrt(),
        king_safety: -move_weight(queen_on_king_square(after, us)).sqrt(),
        castling: castling(after, us, castled),
        pawns: pawns(after, us),
        mate_threat: if !gives_check && threatens_mate(after) { MATE_THREAT } else { 0.0 },
        check: if gives_check { CHECK } else { 0.0 },
    }
}

/// Where a piece can go, split into plain moves and captures.
#[derive(Clone, Copy, Debug, Default)]
struct Moves {
    quiet: u32,
    captures: u32,
}

/// Turing's count: a capture is worth two moves.
fn move_weight(moves: Moves) -> f64 {
    f64::from(moves.quiet + 2 * moves.captures)
}

fn split_targets(pos: &Position, us: Color, targets: Bitboard) -> Moves {
    let theirs = pos.by_color(us.flip());
    Moves { quiet: (targets & !theirs).count(), captures: (targets & theirs).count() }
}

/// Squares a piece of `us` on `from` may move to: own pieces and the enemy
/// king excluded, and along the pin line only when pinned to its king.
fn piece_targets(pos: &Position, us: Color, piece: Piece, from: Square) -> Bitboard {
    let them = us.flip();
    let enemy_king = Bitboard::from_square(pos.king_square(them));
    let mut targets = Position::piece_attacks(piece, from, pos.occupied()) & !pos.by_color(us) & !enemy_king;
    let king = pos.king_square(us);
    if pos.blockers_for(king, them, us).contains(from) {
        targets &= line(king, from);
    }
    targets
}

fn piece_mobility(pos: &Position, us: Color) -> f64 {
    let mut total = 0.0;
    for piece_type in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        let piece = Piece::new(us, piece_type);
        for from in pos.pieces(us, piece_type) {
            let moves = split_targets(pos, us, piece_targets(pos, us, piece, from));
            total += move_weight(moves).sqrt();
        }
    }
    total
}

fn piece_safety(pos: &Position, us: Color) -> f64 {
    let mut total = 0.0;
    for piece_type in [PieceType::Knight, PieceType::Bishop, PieceType::Rook] {
        for square in pos.pieces(us, piece_type) {
            total += match defenders(pos, us, square).count() {
                0 => 0.0,
                1 => DEFENDED_ONCE,
                _ => DEFENDED_TWICE,
            };
        }
    }
    total
}

/// The pieces of `us` that attack `square`.
fn defenders(pos: &Position, us: Color, square: Square) -> Bitboard {
    pos.attackers_to(square, pos.occupied()) & pos.by_color(us)
}

fn king_moves(pos: &Position, us: Color) -> Moves {
    let them = us.flip();
    let king = pos.king_square(us);
    let enemy_king = Bitboard::from_square(pos.king_square(them));
    let without_king = pos.occupied().without(king);
    let safe = (king_attacks(king) & !pos.by_color(us) & !enemy_king)
        .filter(|&to| !pos.is_attacked(to, them, without_king))
        .fold(Bitboard::EMPTY, Bitboard::with);
    split_targets(pos, us, safe)
}

fn queen_on_king_square(pos: &Position, us: Color) -> Moves {
    let king = pos.king_square(us);
    let enemy_king = Bitboard::from_square(pos.king_square(us.flip()));
    let targets = queen_attacks(king, pos.occupied()) & !pos.by_color(us) & !enemy_king;
    split_targets(pos, us, targets)
}

fn castling(pos: &Position, us: Color, castled: bool) -> f64 {
    if castled {
        return CASTLING_DONE;
    }
    let sides: Vec<CastleSide> = CastleSide::BOTH
        .into_iter()
        .filter(|&side| pos.castling_rights() & crate::board::castling::right_bit(us, side) != 0)
        .collect();
    if sides.is_empty() {
        return 0.0;
    }
    let playable = sides.iter().any(|&side| castling_playable(pos, us, side));
    CASTLING_KEPT + if playable { CASTLING_NEXT_MOVE } else { 0.0 }
}

/// Whether `us` could castle towards `side` if it were its turn: the right is
/// held (checked by the caller), the squares between are empty, and the king
/// is not in check and crosses no attacked square.
fn castling_playable(pos: &Position, us: Color, side: CastleSide) -> bool {
    let Some(path) = pos.castling_rules().path(us, side) else { return false };
    let them = us.flip();
    let occupied = pos.occupied();
    if (path.must_be_empty & occupied).any() {
        return false;
    }
    let walk = path.king_walk.with(path.king_from);
    let without_pieces = occupied.without(path.king_from).without(path.rook_from);
    walk.into_iter().all(|square| !pos.is_attacked(square, them, without_pieces))
}

fn pawns(pos: &Position, us: Color) -> f64 {
    let pieces = pos.by_color(us) & !pos.pieces(us, PieceType::Pawn);
    let mut total = 0.0;
    for square in pos.pieces(us, PieceType::Pawn) {
        let start_rank = us.relative_rank(1);
        let advanced = (i32::from(square.rank()) - i32::from(start_rank)).unsigned_abs();
        total += PAWN_PER_RANK * f64::from(advanced);
        if (defenders(pos, us, square) & pieces).any() {
            total += PAWN_DEFENDED_BY_PIECE;
        }
    }
    total
}

/// Whether the side that just moved would have a mating move if the opponent passed.
fn threatens_mate(after: &Position) -> bool {
    let mut pos = after.clone();
    pos.make_null();
    let mut moves = MoveList::new();
    generate_legal(&pos, &mut moves);
    let mates = moves.iter().any(|&mv| {
        if !pos.gives_check(mv) {
            return false;
        }
        pos.make_move(mv);
        let mate = !has_legal_move(&pos);
        pos.unmake_move();
        mate
    });
    pos.unmake_null();
    mates
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(fen: &str, uci: &str) -> (Position, bool) {
        let mut pos = Position::from_fen(fen).expect("test FEN is valid");
        let mv = pos.parse_uci_move(uci, false).expect("test move is legal");
        pos.make_move(mv);
        (pos, mv.is_castling())
    }

    #[test]
    fn terms_after_one_e4_match_a_hand_count() {
        let (pos, castled) = after(crate::board::START_FEN, "e2e4");
        let play = position_play(&pos, castled);
        // Knights: b1 (a3, c3) and g1 (f3, h3, e2); bishop f1: e2..a6 (5);
        // queen d1: e2, f3, g4, h5 (4); rooks: none.
        let expected_mobility = 2f64.sqrt() + 3f64.sqrt() + 5f64.sqrt() + 2.0;
        assert!((play.mobility - expected_mobility).abs() < 1e-9, "{play:?}");
        // Defended once each: Nb1 (Ra1), Bc1 (Qd1), Bf1 (Ke1), Ng1 (Rh1); the rooks not at all.
        assert!((play.piece_safety - 4.0).abs() < 1e-9, "{play:?}");
        assert!((play.king_mobility - 1.0).abs() < 1e-9, "only e2: {play:?}");
        assert!((play.king_safety + 2f64.sqrt()).abs() < 1e-9, "a queen on e1 reaches e2, e3: {play:?}");
        // e4 is two ranks up; a2, b2, c2, d2, f2, g2, h2 each have a piece behind them.
        assert!((play.pawns - (0.4 + 7.0 * 0.3)).abs() < 1e-9, "{play:?}");
        assert!((play.castling - 1.0).abs() < 1e-9, "rights kept, castling not yet legal: {play:?}");
        assert!(play.check == 0.0 && play.mate_threat == 0.0);
    }

    #[test]
    fn check_mate_threat_and_castling_are_scored() {
        // Qh5 after 1.e4 e5 2.Bc4 Nc6 threatens Qxf7#.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3";
        let (pos, castled) = after(fen, "d1h5");
        let play = position_play(&pos, castled);
        assert_eq!(play.mate_threat, MATE_THREAT);
        assert_eq!(play.check, 0.0);
        let (pos, castled) = after(fen, "c4f7");
        assert_eq!(position_play(&pos, castled).check, CHECK);
        let (pos, castled) = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1");
        assert!(castled);
        assert_eq!(position_play(&pos, castled).castling, CASTLING_DONE);
        let (pos, castled) = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1b1");
        assert_eq!(position_play(&pos, castled).castling, CASTLING_KEPT + CASTLING_NEXT_MOVE);
    }

    #[test]
    fn pawns_score_advance_and_piece_defence() {
        let (pos, castled) = after("4k3/8/8/8/4P3/8/8/2N1K3 w - - 0 1", "c1d3");
        // e4 is 2 ranks beyond e2; the knight on d3 does not defend e4, the king neither.
        assert!((position_play(&pos, castled).pawns - 0.4).abs() < 1e-9);
        let (pos, castled) = after("4k3/8/8/8/4P3/8/8/2N1K3 w - - 0 1", "c1b3");
        assert!((position_play(&pos, castled).pawns - 0.4).abs() < 1e-9);
        let (pos, castled) = after("4k3/8/8/8/4P3/8/8/3NK3 w - - 0 1", "d1c3");
        assert!((position_play(&pos, castled).pawns - 0.7).abs() < 1e-9);
    }
}
