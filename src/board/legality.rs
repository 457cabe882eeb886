//! Questions about single moves: is a move from the transposition table or a
//! killer slot playable here, is it legal, does it capture, does it check.

use super::attacks::{between, bishop_attacks, bishop_rays, line, pawn_attacks, rook_attacks, rook_rays};
use super::bitboard::Bitboard;
use super::castling::CastleSide;
use super::chess_move::{Move, MoveKind};
use super::makemove::castle_destinations;
use super::position::Position;
use super::types::{Color, Piece, PieceType, Square};

impl Position {
    /// The piece that makes `mv` (the move must come from this position).
    #[inline]
    #[must_use]
    pub fn moved_piece(&self, mv: Move) -> Piece {
        self.piece_on(mv.from()).unwrap_or(Piece::new(self.side, PieceType::Pawn))
    }

    /// Captures, en passant included; castling (king takes own rook) is not one.
    #[inline]
    #[must_use]
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            MoveKind::Normal | MoveKind::Promotion => self.piece_on(mv.to()).is_some(),
        }
    }

    /// The kind of piece `mv` captures: a pawn for en passant; `None` for castling and non-captures.
    #[inline]
    #[must_use]
    pub fn captured_piece_type(&self, mv: Move) -> Option<PieceType> {
        match mv.kind() {
            MoveKind::EnPassant => Some(PieceType::Pawn),
            MoveKind::Castling => None,
            MoveKind::Normal | MoveKind::Promotion => self.piece_on(mv.to()).map(Piece::piece_type),
        }
    }

    /// Neither a capture nor a promotion.
    #[inline]
    #[must_use]
    pub fn is_quiet(&self, mv: Move) -> bool {
        !mv.is_promotion() && !self.is_capture(mv)
    }

    /// Whether `mv` is a move the side to move could make here, judged from its
    /// own fields (for moves from the transposition table or killer slots).
    /// Moves that leave the king in check may still pass: see `is_legal`, which
    /// asks both questions.
    #[must_use]
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_on(from) else { return false };
        if mv.is_none() || piece.color() != us {
            return false;
        }
        if mv.is_castling() {
            return piece.piece_type() == PieceType::King && self.castling_is_playable(from, to);
        }
        if self.by_color(us).contains(to) {
            return false;
        }
        let targets = if piece.piece_type() == PieceType::Pawn {
            self.pawn_targets(mv)
        } else {
            if mv.kind() != MoveKind::Normal {
                return false;
            }
            Position::piece_attacks(piece, from, self.occupied())
        };
        if !targets.contains(to) {
            return false;
        }
        self.answers_check(mv, piece)
    }

    /// The squares a pawn move of this kind could reach, or nothing when the kind does not fit.
    fn pawn_targets(&self, mv: Move) -> Bitboard {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let last_rank = Bitboard::relative_rank(us, 7);
        if mv.is_en_passant() {
            return match self.state.en_passant {
                Some(ep) if ep == to => pawn_attacks(us, from),
                _ => Bitboard::EMPTY,
            };
        }
        if mv.is_promotion() != last_rank.contains(to) {
            return Bitboard::EMPTY;
        }
        let empty = !self.occupied();
        let captures = pawn_attacks(us, from) & self.by_color(us.flip());
        let single = Bitboard::from_square(from).forward(us) & empty;
        let double = single.forward(us) & empty & Bitboard::relative_rank(us, 3);
        captures | single | double
    }

    /// In check, a non-king move must capture the single checker or block it.
    fn answers_check(&self, mv: Move, piece: Piece) -> bool {
        let checkers = self.checkers();
        if checkers.is_empty() || piece.piece_type() == PieceType::King {
            return true;
        }
        if checkers.has_several() {
            return false;
        }
        let checker = checkers.lsb();
        let blocks = between(self.king_square(self.side), checker) | checkers;
        if mv.is_en_passant() {
            return blocks.contains(mv.to()) || checker == mv.to().forward(self.side.flip());
        }
        blocks.contains(mv.to())
    }

    /// Castling with the rook on `rook`: the right exists, the path is empty and safe.
    fn castling_is_playable(&self, king: Square, rook: Square) -> bool {
        let us = self.side;
        if self.in_check() {
            return false;
        }
        let Some(side) = self.rules.side_of_rook(us, rook) else { return false };
        let bit = super::castling::right_bit(us, side);
        let Some(path) = self.rules.path(us, side) else { return false };
        if self.state.castling & bit == 0 || path.king_from != king {
            return false;
        }
        if (path.must_be_empty & self.occupied()).any() {
            return false;
        }
        let occupied = self.occupied() ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook);
        let them = us.flip();
        let mut walk = path.king_walk;
        !Iterator::any(&mut walk, |square| self.is_attacked(square, them, occupied))
    }

    /// Whether `mv`, from anywhere (the transposition table, a killer slot, a PV, user input),
    /// is a legal move here: playable by the side to move and not leaving its king in check.
    #[inline]
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        mv.is_some() && self.is_pseudo_legal(mv) && self.is_legal_given_pseudo_legal(mv)
    }

    /// Whether a move already known to be pseudo-legal (generated here, or passed by
    /// `is_pseudo_legal`) keeps the mover's king out of check. Any other move may get a wrong
    /// answer: use `is_legal` for those.
    #[must_use]
    pub fn is_legal_given_pseudo_legal(&self, mv: Move) -> bool {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let king = self.king_square(us);
        match mv.kind() {
            // Castling safety is fully checked when the move is generated or validated.
            MoveKind::Castling => true,
            MoveKind::EnPassant => {
                let captured = to.forward(us.flip());
                let occupied = (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                    | Bitboard::from_square(to);
                let them = us.flip();
                let rooks = self.pieces(them, PieceType::Rook) | self.pieces(them, PieceType::Queen);
                let bishops = self.pieces(them, PieceType::Bishop) | self.pieces(them, PieceType::Queen);
                (rook_attacks(king, occupied) & rooks).is_empty()
                    && (bishop_attacks(king, occupied) & bishops).is_empty()
                    && (self.checkers() & !Bitboard::from_square(captured)).is_empty()
            }
            MoveKind::Normal | MoveKind::Promotion if from == king => {
                let occupied = self.occupied() ^ Bitboard::from_square(from);
                !self.is_attacked(to, us.flip(), occupied)
            }
            MoveKind::Normal | MoveKind::Promotion => !self.pinned().contains(from) || line(king, from).contains(to),
        }
    }

    /// Whether playing `mv` (legal) puts the opponent in check.
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let their_king = self.king_square(us.flip());
        let (from, to) = (mv.from(), mv.to());
        let mut occupied = self.occupied() ^ Bitboard::from_square(from);
        let mut moved_from = Bitboard::from_square(from);
        let (piece_square, piece) = match mv.kind() {
            MoveKind::Castling => {
                let (king_to, rook_to) = castle_destinations(us, from, to);
                occupied = (occupied ^ Bitboard::from_square(to)) | Bitboard::from_square(king_to);
                moved_from |= Bitboard::from_square(to);
                (rook_to, Piece::new(us, PieceType::Rook))
            }
            MoveKind::EnPassant => {
                occupied ^= Bitboard::from_square(to.forward(us.flip()));
                (to, Piece::new(us, PieceType::Pawn))
            }
            MoveKind::Promotion => {
                let promoted = mv.promotion_piece().unwrap_or(PieceType::Queen);
                (to, Piece::new(us, promoted))
            }
            MoveKind::Normal => (to, self.moved_piece(mv)),
        };
        occupied |= Bitboard::from_square(piece_square);
        if Position::piece_attacks(piece, piece_square, occupied).contains(their_king) {
            return true;
        }
        // Discovered checks from our sliders that stayed where they were. Only a
        // square the move empties can uncover one, and most moves empty none on
        // a line through their king: skip the slider lookups for those (this
        // runs for every move the search tries).
        let vacated = self.occupied() & !occupied;
        let queens = self.pieces(us, PieceType::Queen);
        let uncovers_file_or_rank = (rook_rays(their_king) & vacated).any();
        let uncovers_diagonal = (bishop_rays(their_king) & vacated).any();
        let rooks = (self.pieces(us, PieceType::Rook) | queens) & !moved_from;
        let bishops = (self.pieces(us, PieceType::Bishop) | queens) & !moved_from;
        (uncovers_file_or_rank && (rook_attacks(their_king, occupied) & rooks).any())
            || (uncovers_diagonal && (bishop_attacks(their_king, occupied) & bishops).any())
    }

    /// The castling move of `color` towards `side`, as king-takes-rook, if the right exists.
    #[must_use]
    pub fn castling_move(&self, color: Color, side: CastleSide) -> Option<Move> {
        let path = self.rules.path(color, side)?;
        Some(Move::with_kind(path.king_from, path.rook_from, MoveKind::Castling))
    }
}
