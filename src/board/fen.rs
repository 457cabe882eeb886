//! Reading and writing positions in FEN (6 fields) and EPD (4 fields), with
//! castling rights as `KQkq`, X-FEN inner-rook file letters or Shredder-FEN.

use std::fmt;

use super::attacks::pawn_attacks;
use super::bitboard::Bitboard;
use super::castling::{right_bit, CastleSide};
use super::chess_move::{Move, MoveKind};
use super::position::Position;
use super::types::{Color, Piece, PieceType, Square};

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Neither 4 nor 6 fields; how many there are.
    FieldCount(usize),
    /// The board field does not hold 8 ranks; how many it holds.
    RankCount(usize),
    /// A character of the board field that is neither a piece letter nor a digit 1-8.
    BadPiece(char),
    /// A rank that does not describe exactly 8 squares.
    RankLength {
        /// Its place in the board field, 0 for the first written (the eighth rank).
        rank: usize,
        /// How many squares it describes (reading stops once past 8).
        squares: usize,
    },
    /// A side without exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on the first or eighth rank; its square.
    PawnOnBackRank(Square),
    /// More men of one colour than a game can have (16 pieces, 8 pawns).
    TooManyMen {
        /// The side with too many.
        color: Color,
        /// What is counted: `men` (all pieces and pawns) or `pawns`.
        what: &'static str,
        /// How many it has.
        count: u32,
        /// The most a game allows: 16 men, 8 pawns.
        max: u32,
    },
    /// More pieces beyond the initial set than pawns missing to have promoted.
    TooManyPromoted {
        /// The side.
        color: Color,
        /// Pieces beyond the initial set (a second bishop on squares of one colour counts).
        promoted: u32,
        /// Pawns short of 8: the most pieces that can have promoted.
        missing_pawns: u32,
    },
    /// The side-to-move field is not `w` or `b`; the field.
    SideToMove(String),
    /// The side not to move is in check: no game reaches that position.
    OpponentInCheck,
    /// A castling field that cannot be used; the reason, naming the letter.
    Castling(String),
    /// An en-passant field that is not a square, or not one a pawn can just have passed; the
    /// field or the reason.
    EnPassant(String),
    /// A move-clock field that is not a whole number 0 or more; the field.
    Clock(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 or 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenError::BadPiece(c) => write!(f, "bad piece letter '{c}'"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {} describes {squares} squares instead of 8", 8 - rank)
            }
            FenError::KingCount { color, count } => {
                write!(f, "{color:?} has {count} kings; exactly one is required")
            }
            FenError::PawnOnBackRank(sq) => write!(f, "pawn on {sq}: pawns cannot stand on the first or last rank"),
            FenError::TooManyMen { color, what, count, max } => {
                write!(f, "{color:?} has {count} {what}; a game allows at most {max}")
            }
            FenError::TooManyPromoted { color, promoted, missing_pawns } => write!(
                f,
                "{color:?} has {promoted} pieces beyond the initial set but only {missing_pawns} \
                 missing pawns to have promoted"
            ),
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', found '{s}'"),
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
            FenError::Castling(s) => write!(f, "bad castling rights: {s}"),
            FenError::EnPassant(s) => write!(f, "bad en-passant square: {s}"),
            FenError::Clock(s) => write!(f, "bad move clock: {s}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Parses a 6-field FEN or a 4-field EPD position (clocks then default to 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        validate_material(&pos)?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        parse_castling(&mut pos, fields[2])?;
        if fields.len() == 6 {
            pos.state.halfmove = parse_clock(fields[4])?;
            pos.fullmove = parse_clock(fields[5])?.max(1);
        }
        let them = pos.side.flip();
        if pos.is_attacked(pos.king_square(them), pos.side, pos.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        pos.update_check_info();
        parse_en_passant(&mut pos, fields[3])?;
        pos.set_keys_from_scratch();
        Ok(pos)
    }

    /// The FEN of the position; castling is written as `KQkq` when the rooks
    /// stand on the outermost files, otherwise as Shredder-style file letters.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_on(Square::from_file_rank(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.side == Color::White { " w " } else { " b " });
        fen.push_str(&self.castling_field());
        match self.state.en_passant {
            Some(square) => fen.push_str(&format!(" {square}")),
            None => fen.push_str(" -"),
        }
        fen.push_str(&format!(" {} {}", self.state.halfmove, self.fullmove));
        fen
    }

    fn castling_field(&self) -> String {
        let mut field = String::new();
        for color in Color::BOTH {
            for side in CastleSide::BOTH {
                if self.state.castling & right_bit(color, side) == 0 {
                    continue;
                }
                let Some(path) = self.rules.path(color, side) else { continue };
                let outermost = match side {
                    CastleSide::King => path.rook_from.file() == 7,
                    CastleSide::Queen => path.rook_from.file() == 0,
                };
                let letter = if outermost {
                    if side == CastleSide::King {
                        'k'
                    } else {
                        'q'
                    }
                } else {
                    char::from(b'a' + path.rook_from.file())
                };
                field.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else {
                let piece = Piece::from_letter(c).ok_or(FenError::BadPiece(c))?;
                if file < 8 {
                    pos.put_piece(piece, Square::from_file_rank(file as u8, rank));
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength { rank: row, squares: file });
        }
    }
    Ok(())
}

fn validate_material(pos: &Position) -> Result<(), FenError> {
    for color in Color::BOTH {
        let count = pos.pieces(color, PieceType::King).count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    let back_ranks = Bitboard::RANK_1 | Bitboard::RANK_8;
    if let Some(square) = (pos.by_type(PieceType::Pawn) & back_ranks).next() {
        return Err(FenError::PawnOnBackRank(square));
    }
    for color in Color::BOTH {
        validate_army(pos, color)?;
    }
    Ok(())
}

/// Refuses material no game can reach: it would also allow positions with more
/// legal moves than a move list holds (eight queens and more).
fn validate_army(pos: &Position, color: Color) -> Result<(), FenError> {
    let men = pos.by_color(color).count();
    if men > 16 {
        return Err(FenError::TooManyMen { color, what: "men", count: men, max: 16 });
    }
    let pawns = pos.pieces(color, PieceType::Pawn).count();
    if pawns > 8 {
        return Err(FenError::TooManyMen { color, what: "pawns", count: pawns, max: 8 });
    }
    // Every piece beyond the initial set is a promoted pawn. The two initial
    // bishops stand on squares of different colours, so a second bishop on the
    // same colour is promoted too.
    let count = |piece_type| pos.pieces(color, piece_type).count();
    let bishops = pos.pieces(color, PieceType::Bishop);
    let promoted = count(PieceType::Queen).saturating_sub(1)
        + count(PieceType::Rook).saturating_sub(2)
        + count(PieceType::Knight).saturating_sub(2)
        + (bishops & Bitboard::LIGHT_SQUARES).count().saturating_sub(1)
        + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1);
    let missing_pawns = 8 - pawns;
    if promoted > missing_pawns {
        return Err(FenError::TooManyPromoted { color, promoted, missing_pawns });
    }
    Ok(())
}

fn parse_clock(text: &str) -> Result<u32, FenError> {
    text.parse::<u32>().map_err(|_| FenError::Clock(text.to_string()))
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let home = color.relative_rank(0);
        let king = pos.king_square(color);
        if king.rank() != home {
            return Err(FenError::Castling(format!("'{c}' but the {color:?} king is not on its first rank")));
        }
        let rook = match c.to_ascii_lowercase() {
            'k' => outermost_rook(pos, color, king, CastleSide::King),
            'q' => outermost_rook(pos, color, king, CastleSide::Queen),
            file @ 'a'..='h' => Some(Square::from_file_rank(file as u8 - b'a', home)),
            _ => return Err(FenError::Castling(format!("unknown letter '{c}'"))),
        };
        let rook = rook.filter(|&sq| pos.piece_on(sq) == Some(Piece::new(color, PieceType::Rook)));
        let Some(rook) = rook.filter(|&sq| sq != king) else {
            return Err(FenError::Castling(format!("'{c}' has no rook to castle with")));
        };
        let side = if rook > king { CastleSide::King } else { CastleSide::Queen };
        let bit = right_bit(color, side);
        if pos.state.castling & bit != 0 {
            return Err(FenError::Castling(format!("'{c}' repeats a right")));
        }
        pos.rules.grant(color, side, king, rook);
        pos.state.castling |= bit;
    }
    Ok(())
}

/// The rook furthest from the king on `side`, the one `K`/`Q` refer to.
fn outermost_rook(pos: &Position, color: Color, king: Square, side: CastleSide) -> Option<Square> {
    let rooks = pos.pieces(color, PieceType::Rook) & Bitboard::relative_rank(color, 0);
    match side {
        CastleSide::King => rooks.filter(|&sq| sq > king).last(),
        CastleSide::Queen => rooks.into_iter().find(|&sq| sq < king),
    }
}

/// Accepts any well-formed en-passant square that a double push could have
/// made; records it only when a legal en-passant capture exists.
fn parse_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let square = Square::parse(field).ok_or_else(|| FenError::EnPassant(field.to_string()))?;
    let us = pos.side;
    let them = us.flip();
    if square.rank() != us.relative_rank(5) {
        return Err(FenError::EnPassant(format!("{field} is not on the right rank for {us:?} to capture")));
    }
    let pushed_pawn = square.forward(them);
    let origin = square.forward(us);
    let plausible = pos.piece_on(pushed_pawn) == Some(Piece::new(them, PieceType::Pawn))
        && pos.piece_on(square).is_none()
        && pos.piece_on(origin).is_none();
    if !plausible {
        return Err(FenError::EnPassant(format!("no pawn can just have passed {field}")));
    }
    let mut capturers = pawn_attacks(them, square) & pos.pieces(us, PieceType::Pawn);
    pos.state.en_passant = Some(square);
    let capturable = Iterator::any(&mut capturers, |from| {
        let mv = Move::with_kind(from, square, MoveKind::EnPassant);
        pos.is_legal(mv)
    });
    if !capturable {
        pos.state.en_passant = None;
    }
    Ok(())
}
