//! The position: piece bitboards plus a mailbox, the game state, and the
//! history stack that make/unmake and repetition detection share.

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_bb, queen_attacks,
    rook_attacks, rook_rays,
};
use super::bitboard::Bitboard;
use super::castling::CastlingRules;
use super::chess_move::Move;
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist;

/// The squares one side attacks, layered by the value of the cheapest attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats {
    /// By a pawn.
    pub by_pawn: Bitboard,
    /// By a pawn, knight or bishop.
    pub by_minor: Bitboard,
    /// By a pawn, minor piece or rook.
    pub by_rook: Bitboard,
    /// By any piece.
    pub all: Bitboard,
}

impl Threats {
    /// No square attacked: where the threats are not worked out.
    pub const NONE: Threats =
        Threats { by_pawn: Bitboard::EMPTY, by_minor: Bitboard::EMPTY, by_rook: Bitboard::EMPTY, all: Bitboard::EMPTY };
}

/// The part of the position that make/unmake saves and restores as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub key: u64,
    pub pawn_key: u64,
    /// Per colour, the Zobrist key of that colour's pieces other than pawns (king included).
    pub non_pawn_keys: [u64; 2],
    pub castling: u8,
    pub en_passant: Option<Square>,
    pub halfmove: u32,
    /// Plies since the last null move: repetitions never reach across one.
    pub plies_from_null: u32,
    pub checkers: Bitboard,
    pub pinned: Bitboard,
    /// The move that led here and the piece it captured, for unmake.
    pub last_move: Move,
    pub captured: Option<Piece>,
}

impl State {
    /// Toggles `piece` on `square` in the full key and in the pawn key or its
    /// colour's non-pawn key: the one rule for building and updating the keys.
    #[inline]
    pub fn toggle_piece(&mut self, piece: Piece, square: Square) {
        let key = zobrist::piece_square(piece, square);
        self.key ^= key;
        if piece.piece_type() == PieceType::Pawn {
            self.pawn_key ^= key;
        } else {
            self.non_pawn_keys[piece.color().index()] ^= key;
        }
    }
}

/// A chess position: the pieces on bitboards and a mailbox, the side to move, castling rights,
/// en passant and clocks, and the states of the earlier positions for unmaking moves and
/// spotting repetitions.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_type: [Bitboard; 6],
    pub(crate) board: [Option<Piece>; 64],
    pub(crate) side: Color,
    pub(crate) fullmove: u32,
    pub(crate) rules: CastlingRules,
    pub(crate) state: State,
    /// States of the earlier positions of the game, oldest first.
    pub(crate) history: Vec<State>,
}

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// An empty board; the FEN parser fills it.
    pub(crate) fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_type: [Bitboard::EMPTY; 6],
            board: [None; 64],
            side: Color::White,
            fullmove: 1,
            rules: CastlingRules::empty(),
            state: State {
                key: 0,
                pawn_key: 0,
                non_pawn_keys: [0; 2],
                castling: 0,
                en_passant: None,
                halfmove: 0,
                plies_from_null: 0,
                checkers: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
                last_move: Move::NONE,
                captured: None,
            },
            history: Vec::new(),
        }
    }

    /// The standard starting position.
    #[must_use]
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start position is a valid FEN")
    }

    /// Whose turn it is.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Every piece of `piece_type`, of both colours.
    #[inline]
    #[must_use]
    pub fn by_type(&self, piece_type: PieceType) -> Bitboard {
        self.by_type[piece_type.index()]
    }

    /// Every piece of `color`.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// `color`'s pieces of type `piece_type`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        self.by_color(color) & self.by_type(piece_type)
    }

    /// How many pieces `color` has other than pawns and the king. Without them
    /// zugzwang is likely, which is what the search's null-move and move-count
    /// pruning must not assume away.
    #[inline]
    #[must_use]
    pub fn non_pawn_pieces(&self, color: Color) -> u32 {
        let pawns_and_kings = self.by_type(PieceType::Pawn) | self.by_type(PieceType::King);
        (self.by_color(color) & !pawns_and_kings).count()
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `square`; `None` if it is empty.
    #[inline]
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Where `color`'s king stands.
    #[inline]
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King).lsb()
    }

    /// The enemy pieces that give check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.state.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.state.checkers.any()
    }

    /// Pieces of the side to move that shield their own king from a slider.
    #[inline]
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        self.state.pinned
    }

    /// The Zobrist key of the position: pieces, side to move, castling rights and en-passant file.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    /// The Zobrist key of the pawns of both colours alone, for pawn-structure tables.
    #[inline]
    #[must_use]
    pub fn pawn_key(&self) -> u64 {
        self.state.pawn_key
    }

    /// The Zobrist key of `color`'s pieces other than pawns (king included), for
    /// tables keyed by one side's piece placement.
    #[inline]
    #[must_use]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.state.non_pawn_keys[color.index()]
    }

    /// Plies since the last capture or pawn move, for the fifty-move rule.
    #[inline]
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.state.halfmove
    }

    /// The move number (1 in the starting position), one more after each Black move.
    #[inline]
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The square a pawn can capture on en passant; `None` unless the side to move has a legal
    /// en-passant capture.
    #[inline]
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.state.en_passant
    }

    /// The 4-bit castling-rights mask (see `castling::right_bit`).
    #[inline]
    #[must_use]
    pub fn castling_rights(&self) -> u8 {
        self.state.castling
    }

    /// Where each castling right's king and rook stand, and which rights a move from or to each
    /// square takes away.
    #[inline]
    #[must_use]
    pub fn castling_rules(&self) -> &CastlingRules {
        &self.rules
    }

    /// How many earlier positions the game history holds.
    #[must_use]
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The move that led to this position, if any.
    #[must_use]
    pub fn last_move(&self) -> Move {
        self.state.last_move
    }

    /// The piece the move that led here captured, if any.
    #[must_use]
    pub fn last_captured(&self) -> Option<Piece> {
        self.state.captured
    }

    /// Forgets the game history (keeps the position): for long games the
    /// controller may trim positions that can never repeat again.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// All pieces of both colours that attack `square`, given `occupied`.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.by_type(PieceType::Rook) | self.by_type(PieceType::Queen);
        let bishops = self.by_type(PieceType::Bishop) | self.by_type(PieceType::Queen);
        (pawn_attacks(Color::White, square) & self.pieces(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, square) & self.pieces(Color::White, PieceType::Pawn))
            | (knight_attacks(square) & self.by_type(PieceType::Knight))
            | (king_attacks(square) & self.by_type(PieceType::King))
            | (rook_attacks(square, occupied) & rooks)
            | (bishop_attacks(square, occupied) & bishops)
    }

    /// Whether `by` attacks `square` when the board holds `occupied`.
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        // Only `by`'s pieces matter: cheaper than `attackers_to` and a colour filter.
        let queens = self.pieces(by, PieceType::Queen);
        let attackers = (pawn_attacks(by.flip(), square) & self.pieces(by, PieceType::Pawn))
            | (knight_attacks(square) & self.pieces(by, PieceType::Knight))
            | (king_attacks(square) & self.pieces(by, PieceType::King))
            | (rook_attacks(square, occupied) & (self.pieces(by, PieceType::Rook) | queens))
            | (bishop_attacks(square, occupied) & (self.pieces(by, PieceType::Bishop) | queens));
        attackers.any()
    }

    /// Every square `color`'s pawns, knights and king attack: the attacks that
    /// do not depend on the occupancy.
    #[must_use]
    pub fn leaper_attacks(&self, color: Color) -> Bitboard {
        self.attacks_of_pawns(color) | self.attacks_of_knights(color) | king_attacks(self.king_square(color))
    }

    /// Every square `color`'s pawns attack.
    fn attacks_of_pawns(&self, color: Color) -> Bitboard {
        pawn_attacks_bb(color, self.pieces(color, PieceType::Pawn))
    }

    /// Every square `color`'s knights attack.
    fn attacks_of_knights(&self, color: Color) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        for knight in self.pieces(color, PieceType::Knight) {
            attacked |= knight_attacks(knight);
        }
        attacked
    }

    /// The squares `by` attacks (defended own pieces included) at the current
    /// occupancy, layered by the cheapest attacker: a side's threats, for move ordering.
    #[must_use]
    pub fn threats_by(&self, by: Color) -> Threats {
        let occupied = self.occupied();
        let queens = self.pieces(by, PieceType::Queen);
        let by_pawn = self.attacks_of_pawns(by);
        let mut by_minor = by_pawn | self.attacks_of_knights(by);
        for square in self.pieces(by, PieceType::Bishop) {
            by_minor |= bishop_attacks(square, occupied);
        }
        let mut by_rook = by_minor;
        for square in self.pieces(by, PieceType::Rook) {
            by_rook |= rook_attacks(square, occupied);
        }
        let mut all = by_rook | king_attacks(self.king_square(by));
        for square in queens {
            all |= queen_attacks(square, occupied);
        }
        Threats { by_pawn, by_minor, by_rook, all }
    }

    /// The squares a piece of this type attacks from `square`.
    #[inline]
    #[must_use]
    pub fn piece_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
        match piece.piece_type() {
            PieceType::Pawn => pawn_attacks(piece.color(), square),
            PieceType::Knight => knight_attacks(square),
            PieceType::Bishop => bishop_attacks(square, occupied),
            PieceType::Rook => rook_attacks(square, occupied),
            PieceType::Queen => queen_attacks(square, occupied),
            PieceType::King => king_attacks(square),
        }
    }

    #[inline]
    pub(crate) fn put_piece(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_color[piece.color().index()] |= bit;
        self.by_type[piece.piece_type().index()] |= bit;
        self.board[square.index()] = Some(piece);
    }

    #[inline]
    pub(crate) fn remove_piece(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_color[piece.color().index()] ^= bit;
        self.by_type[piece.piece_type().index()] ^= bit;
        self.board[square.index()] = None;
    }

    #[inline]
    pub(crate) fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_color[piece.color().index()] ^= bits;
        self.by_type[piece.piece_type().index()] ^= bits;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
    }

    /// Computes checkers and pinned pieces for the side to move.
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side;
        let them = us.flip();
        let king = self.king_square(us);
        let occupied = self.occupied();
        let queens = self.pieces(them, PieceType::Queen);
        let rooks = self.pieces(them, PieceType::Rook) | queens;
        let bishops = self.pieces(them, PieceType::Bishop) | queens;
        // No king term: kings never stand next to each other in a legal position.
        self.state.checkers = (pawn_attacks(us, king) & self.pieces(them, PieceType::Pawn))
            | (knight_attacks(king) & self.pieces(them, PieceType::Knight))
            | (rook_attacks(king, occupied) & rooks)
            | (bishop_attacks(king, occupied) & bishops);
        self.state.pinned = self.shields(king, rooks, bishops) & self.by_color(us);
    }

    /// Pieces of colour `own` that stand alone between `square` and a slider of `attacker`.
    #[must_use]
    pub fn blockers_for(&self, square: Square, attacker: Color, own: Color) -> Bitboard {
        let queens = self.pieces(attacker, PieceType::Queen);
        let rooks = self.pieces(attacker, PieceType::Rook) | queens;
        let bishops = self.pieces(attacker, PieceType::Bishop) | queens;
        self.shields(square, rooks, bishops) & self.by_color(own)
    }

    /// Pieces of either colour that stand alone between `square` and one of the given sliders.
    #[inline]
    fn shields(&self, square: Square, rooks: Bitboard, bishops: Bitboard) -> Bitboard {
        let snipers = (rook_rays(square) & rooks) | (bishop_rays(square) & bishops);
        let occupied = self.occupied();
        let mut shields = Bitboard::EMPTY;
        for sniper in snipers {
            let between_pieces = between(square, sniper) & occupied;
            if !between_pieces.has_several() {
                shields |= between_pieces;
            }
        }
        shields
    }

    /// Sets the Zobrist keys from scratch (the incremental ones must equal these).
    pub(crate) fn set_keys_from_scratch(&mut self) {
        (self.state.key, self.state.pawn_key, self.state.non_pawn_keys) = (0, 0, [0; 2]);
        for square in self.occupied() {
            if let Some(piece) = self.piece_on(square) {
                self.state.toggle_piece(piece, square);
            }
        }
        self.state.key ^= zobrist::castling(self.state.castling);
        if let Some(square) = self.state.en_passant {
            self.state.key ^= zobrist::en_passant(square);
        }
        if self.side == Color::Black {
            self.state.key ^= zobrist::side();
        }
    }
}
