//! Making and unmaking moves (and null moves), with incremental Zobrist keys.

use super::attacks::pawn_attacks;
use super::castling::CastleSide;
use super::chess_move::{Move, MoveKind};
use super::position::Position;
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist;

impl Position {
    /// Plays a legal move. The previous state goes on the history stack.
    pub fn make_move(&mut self, mv: Move) {
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        let piece = match self.piece_on(from) {
            Some(piece) => piece,
            None => {
                debug_assert!(false, "make_move: no piece on {from} for {mv}");
                return;
            }
        };

        self.history.push(self.state);
        let mut state = self.state;
        state.last_move = mv;
        state.captured = None;
        state.halfmove += 1;
        state.plies_from_null += 1;
        state.key ^= zobrist::side();
        if let Some(square) = state.en_passant.take() {
            state.key ^= zobrist::en_passant(square);
        }

        match mv.kind() {
            MoveKind::Castling => self.make_castling(&mut state, piece, from, to),
            MoveKind::EnPassant => {
                let victim_square = to.forward(us.flip());
                let victim = Piece::new(us.flip(), PieceType::Pawn);
                self.remove_piece(victim, victim_square);
                self.move_piece(piece, from, to);
                for (pawn, square) in [(victim, victim_square), (piece, from), (piece, to)] {
                    state.toggle_piece(pawn, square);
                }
                state.captured = Some(victim);
                state.halfmove = 0;
            }
            MoveKind::Normal | MoveKind::Promotion => self.make_normal(&mut state, mv, piece),
        }

        let lost = self.rules.lost_by(from) | self.rules.lost_by(to);
        if state.castling & lost != 0 {
            state.key ^= zobrist::castling(state.castling);
            state.castling &= !lost;
            state.key ^= zobrist::castling(state.castling);
        }

        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.state = state;
        self.update_check_info();

        let double_push = piece.piece_type() == PieceType::Pawn && from.index().abs_diff(to.index()) == 16;
        if double_push {
            self.record_en_passant(Square::new(((from.index() + to.index()) / 2) as u8));
        }
    }

    /// The key after `mv` in the common case, for prefetching the hash table
    /// before making the move: the moving piece, the captured one, the side to
    /// move and the en passant square that expires. It ignores changed castling
    /// rights, en passant captures, new en passant squares and promotions, where
    /// it may then differ from the true key; a prefetch of the wrong line
    /// costs nothing but the load.
    #[must_use]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_on(from) else { return self.key() };
        let mut key =
            self.key() ^ zobrist::side() ^ zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
        if let Some(victim) = self.piece_on(to) {
            key ^= zobrist::piece_square(victim, to);
        }
        if let Some(square) = self.state.en_passant {
            key ^= zobrist::en_passant(square);
        }
        key
    }

    fn make_normal(&mut self, state: &mut super::position::State, mv: Move, piece: Piece) {
        let (from, to) = (mv.from(), mv.to());
        if let Some(victim) = self.piece_on(to) {
            self.remove_piece(victim, to);
            state.toggle_piece(victim, to);
            state.captured = Some(victim);
            state.halfmove = 0;
        }
        state.toggle_piece(piece, from);
        if piece.piece_type() == PieceType::Pawn {
            state.halfmove = 0;
        }
        let arrived = match mv.promotion_piece() {
            Some(promoted) => {
                let promoted = Piece::new(piece.color(), promoted);
                self.remove_piece(piece, from);
                self.put_piece(promoted, to);
                promoted
            }
            None => {
                self.move_piece(piece, from, to);
                piece
            }
        };
        state.toggle_piece(arrived, to);
    }

    /// King takes own rook: both pieces leave first, since in Chess960 a
    /// destination may be the other piece's start square.
    fn make_castling(&mut self, state: &mut super::position::State, king: Piece, from: Square, rook_from: Square) {
        let us = king.color();
        let rook = Piece::new(us, PieceType::Rook);
        let (king_to, rook_to) = castle_destinations(us, from, rook_from);
        self.remove_piece(king, from);
        self.remove_piece(rook, rook_from);
        self.put_piece(king, king_to);
        self.put_piece(rook, rook_to);
        for (piece, square) in [(king, from), (king, king_to), (rook, rook_from), (rook, rook_to)] {
            state.toggle_piece(piece, square);
        }
    }

    /// Sets the en-passant square only when the side to move can really capture there.
    fn record_en_passant(&mut self, square: Square) {
        let us = self.side;
        let mut capturers = pawn_attacks(us.flip(), square) & self.pieces(us, PieceType::Pawn);
        let legal = Iterator::any(&mut capturers, |from| {
            self.is_legal_given_pseudo_legal(Move::with_kind(from, square, MoveKind::EnPassant))
        });
        if legal {
            self.state.en_passant = Some(square);
            self.state.key ^= zobrist::en_passant(square);
        }
    }

    /// Takes back the last move made with `make_move`.
    pub fn unmake_move(&mut self) {
        let Some(previous) = self.history.pop() else {
            debug_assert!(false, "unmake_move with an empty history");
            return;
        };
        let mv = self.state.last_move;
        let captured = self.state.captured;
        self.side = self.side.flip();
        let us = self.side;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (mv.from(), mv.to());
        match mv.kind() {
            MoveKind::Castling => {
                let (king_to, rook_to) = castle_destinations(us, from, to);
                let king = Piece::new(us, PieceType::King);
                let rook = Piece::new(us, PieceType::Rook);
                self.remove_piece(king, king_to);
                self.remove_piece(rook, rook_to);
                self.put_piece(king, from);
                self.put_piece(rook, to);
            }
            MoveKind::EnPassant => {
                self.move_piece(Piece::new(us, PieceType::Pawn), to, from);
                if let Some(victim) = captured {
                    self.put_piece(victim, to.forward(us.flip()));
                }
            }
            MoveKind::Promotion => {
                if let Some(promoted) = self.piece_on(to) {
                    self.remove_piece(promoted, to);
                }
                self.put_piece(Piece::new(us, PieceType::Pawn), from);
                if let Some(victim) = captured {
                    self.put_piece(victim, to);
                }
            }
            MoveKind::Normal => {
                if let Some(piece) = self.piece_on(to) {
                    self.move_piece(piece, to, from);
                }
                if let Some(victim) = captured {
                    self.put_piece(victim, to);
                }
            }
        }
        self.state = previous;
    }

    /// Passes the move (for null-move pruning). Not allowed in check.
    pub fn make_null(&mut self) {
        self.history.push(self.state);
        let mut state = self.state;
        state.last_move = Move::NONE;
        state.captured = None;
        state.halfmove += 1;
        state.plies_from_null = 0;
        state.key ^= zobrist::side();
        if let Some(square) = state.en_passant.take() {
            state.key ^= zobrist::en_passant(square);
        }
        self.side = self.side.flip();
        self.state = state;
        self.update_check_info();
    }

    /// Takes back the null move made last with `make_null`.
    pub fn unmake_null(&mut self) {
        if let Some(previous) = self.history.pop() {
            self.side = self.side.flip();
            self.state = previous;
        }
    }
}

/// Where king and rook end up when `color` castles with the rook on `rook_from`.
#[inline]
pub(crate) fn castle_destinations(color: Color, king_from: Square, rook_from: Square) -> (Square, Square) {
    let side = if rook_from > king_from { CastleSide::King } else { CastleSide::Queen };
    let home = color.relative_rank(0);
    match side {
        CastleSide::King => (Square::from_file_rank(6, home), Square::from_file_rank(5, home)),
        CastleSide::Queen => (Square::from_file_rank(2, home), Square::from_file_rank(3, home)),
    }
}

#[cfg(test)]
mod tests {
    use crate::board::movegen::generate_legal;
    use crate::board::{MoveList, Position};

    /// `key_after` is exact for every move but castling, en passant captures,
    /// double pushes that leave an en passant square, moves that change castling
    /// rights, and promotions (and for those it must not panic).
    #[test]
    fn key_after_matches_the_key_after_making_ordinary_moves() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut exact = 0;
        for fen in fens {
            let mut pos = Position::from_fen(fen).expect("valid FEN");
            let mut moves = MoveList::new();
            generate_legal(&pos, &mut moves);
            for &mv in moves.iter() {
                let predicted = pos.key_after(mv);
                let rights_before = pos.to_fen().split_whitespace().nth(2).map(str::to_string);
                pos.make_move(mv);
                let rights_after = pos.to_fen().split_whitespace().nth(2).map(str::to_string);
                let ordinary = !mv.is_promotion()
                    && !matches!(mv.kind(), super::MoveKind::Castling | super::MoveKind::EnPassant)
                    && rights_before == rights_after
                    && pos.to_fen().split_whitespace().nth(3) == Some("-");
                if ordinary {
                    assert_eq!(predicted, pos.key(), "{fen}: {mv}");
                    exact += 1;
                }
                pos.unmake_move();
            }
        }
        assert!(exact > 40, "only {exact} ordinary moves checked");
    }
}
