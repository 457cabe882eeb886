//! Standard algebraic notation (`Nf3`, `exd5`, `e8=Q+`, `O-O`) and the long
//! algebraic form test suites also use (`Ng1-f3`, `e7xf8N+`), resolved
//! against the position's legal moves.
//!
//! Kept in one file, apart from UCI notation, so that every reader of game
//! records and test suites shares one resolver.

use super::chess_move::{Move, MoveList};
use super::movegen::{generate_legal, has_legal_move};
use super::position::Position;
use super::types::{PieceType, Square};

/// What the text of one move asks for, before it is matched to a legal move.
#[derive(Debug, PartialEq, Eq)]
enum Pattern {
    Castle { king_side: bool },
    Piece { piece: PieceType, from_file: Option<u8>, from_rank: Option<u8>, to: Square, promotion: Option<PieceType> },
}

impl Position {
    /// Finds the legal move that `text` names in SAN or long algebraic
    /// notation; check marks, annotations (`!?`) and `0-0` for `O-O` are
    /// accepted. A plain UCI move (`e2e4`) is accepted too.
    ///
    /// # Errors
    /// When the text is not a move, names no legal move, or names several.
    pub fn parse_san(&self, text: &str) -> Result<Move, String> {
        let pattern = parse_pattern(text).ok_or_else(|| format!("'{text}' is not a move in SAN"))?;
        let mut legal = MoveList::new();
        generate_legal(self, &mut legal);
        let matching: Vec<Move> = legal.iter().copied().filter(|&mv| self.matches(mv, &pattern)).collect();
        match matching.as_slice() {
            [mv] => Ok(*mv),
            [] => self
                .parse_uci_move(text, false)
                .map_err(|_| format!("illegal move '{text}' in position {}", self.to_fen())),
            _ => Err(format!("ambiguous move '{text}' in position {}", self.to_fen())),
        }
    }

    /// The legal move `mv` in SAN, with `+` or `#` when it checks or mates.
    #[must_use]
    pub fn move_to_san(&self, mv: Move) -> String {
        let mut san = self.san_without_check(mv);
        let mut after = self.clone();
        after.make_move(mv);
        if after.in_check() {
            san.push(if has_legal_move(&after) { '+' } else { '#' });
        }
        san
    }

    fn san_without_check(&self, mv: Move) -> String {
        if mv.is_castling() {
            let king_side = mv.to().file() > mv.from().file();
            return if king_side { "O-O".into() } else { "O-O-O".into() };
        }
        let piece = self.moved_piece(mv).piece_type();
        let capture = self.is_capture(mv);
        let mut san = String::new();
        if piece == PieceType::Pawn {
            if capture {
                san.push(file_letter(mv.from()));
            }
        } else {
            san.push(piece.letter().to_ascii_uppercase());
            san.push_str(&self.disambiguation(mv, piece));
        }
        if capture {
            san.push('x');
        }
        san.push_str(&mv.to().to_string());
        if let Some(promotion) = mv.promotion_piece() {
            san.push('=');
            san.push(promotion.letter().to_ascii_uppercase());
        }
        san
    }

    /// The file, rank or square of `mv`'s origin that tells it apart from the
    /// other legal moves of the same piece type to the same square.
    fn disambiguation(&self, mv: Move, piece: PieceType) -> String {
        let mut legal = MoveList::new();
        generate_legal(self, &mut legal);
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|&&other| other != mv && other.to() == mv.to() && !other.is_castling())
            .filter(|&&other| self.moved_piece(other).piece_type() == piece)
            .map(|other| other.from())
            .collect();
        let from = mv.from();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|sq| sq.file() != from.file()) {
            file_letter(from).to_string()
        } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
            ((b'1' + from.rank()) as char).to_string()
        } else {
            from.to_string()
        }
    }

    fn matches(&self, mv: Move, pattern: &Pattern) -> bool {
        match *pattern {
            Pattern::Castle { king_side } => mv.is_castling() && (mv.to().file() > mv.from().file()) == king_side,
            Pattern::Piece { piece, from_file, from_rank, to, promotion } => {
                !mv.is_castling()
                    && mv.to() == to
                    && self.moved_piece(mv).piece_type() == piece
                    && from_file.is_none_or(|file| mv.from().file() == file)
                    && from_rank.is_none_or(|rank| mv.from().rank() == rank)
                    && mv.promotion_piece() == promotion
            }
        }
    }
}

fn file_letter(square: Square) -> char {
    (b'a' + square.file()) as char
}

/// Reads the parts of a SAN or long-algebraic move; `None` if it is not one.
fn parse_pattern(text: &str) -> Option<Pattern> {
    let bare = text.trim().trim_end_matches(['+', '#', '!', '?']);
    match bare.replace('0', "O").as_str() {
        "O-O" => return Some(Pattern::Castle { king_side: true }),
        "O-O-O" => return Some(Pattern::Castle { king_side: false }),
        _ => {}
    }
    if !bare.is_ascii() || bare.chars().any(char::is_whitespace) {
        return None;
    }
    let mut chars: Vec<char> = bare.chars().collect();
    let promotion = take_promotion(&mut chars);
    let piece = match chars.first() {
        Some(&letter) if "KQRBN".contains(letter) => {
            chars.remove(0);
            PieceType::from_letter(letter)?
        }
        _ => PieceType::Pawn,
    };
    if chars.len() < 2 {
        return None;
    }
    let to_text: String = chars.split_off(chars.len() - 2).into_iter().collect();
    let to = Square::parse(&to_text)?;
    // What is left between the piece and the destination: an origin file,
    // rank or square, and the capture or move mark.
    let origin: Vec<char> = chars.into_iter().filter(|&c| c != 'x' && c != '-' && c != ':').collect();
    let (from_file, from_rank) = match origin.as_slice() {
        [] => (None, None),
        [file @ 'a'..='h'] => (Some(*file as u8 - b'a'), None),
        [rank @ '1'..='8'] => (None, Some(*rank as u8 - b'1')),
        [file @ 'a'..='h', rank @ '1'..='8'] => (Some(*file as u8 - b'a'), Some(*rank as u8 - b'1')),
        _ => return None,
    };
    if promotion.is_some() && piece != PieceType::Pawn {
        return None;
    }
    Some(Pattern::Piece { piece, from_file, from_rank, to, promotion })
}

/// Removes a trailing promotion (`=Q`, `Q`, `q`, `(Q)`) and returns its piece.
fn take_promotion(chars: &mut Vec<char>) -> Option<PieceType> {
    if chars.last() == Some(&')') && chars.len() >= 3 && chars[chars.len() - 3] == '(' {
        let letter = chars[chars.len() - 2];
        chars.truncate(chars.len() - 3);
        return promotion_piece(letter);
    }
    let &letter = chars.last()?;
    if chars.len() < 3 || !"QRBNqrbn".contains(letter) {
        return None;
    }
    // A promotion follows a rank-8 or rank-1 destination; `Nb` or `Qa`
    // endings elsewhere are not promotions.
    let before = chars[chars.len() - 2];
    let rank = if before == '=' { chars.get(chars.len().wrapping_sub(3)).copied()? } else { before };
    if rank != '8' && rank != '1' {
        return None;
    }
    chars.pop();
    if chars.last() == Some(&'=') {
        chars.pop();
    }
    promotion_piece(letter)
}

fn promotion_piece(letter: char) -> Option<PieceType> {
    PieceType::from_letter(letter).filter(|piece| !matches!(piece, PieceType::Pawn | PieceType::King))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    fn uci(position: &Position, text: &str) -> String {
        position.move_to_uci(position.parse_san(text).expect("a legal move"), false)
    }

    #[test]
    fn plain_moves_and_captures() {
        let start = Position::startpos();
        assert_eq!(uci(&start, "e4"), "e2e4");
        assert_eq!(uci(&start, "Nf3"), "g1f3");
        assert_eq!(uci(&start, "Ng1-f3"), "g1f3");
        assert_eq!(uci(&start, "e2-e4!"), "e2e4");
        assert_eq!(uci(&start, "e2e4"), "e2e4");
        let open = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        assert_eq!(uci(&open, "exd5"), "e4d5");
        assert_eq!(uci(&open, "e4xd5"), "e4d5");
    }

    #[test]
    fn disambiguation_both_ways() {
        // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3.
        let position = pos("4k3/8/8/R7/8/8/8/RN2K3 w - - 0 1");
        assert_eq!(uci(&position, "R1a3"), "a1a3");
        assert_eq!(uci(&position, "R5a3"), "a5a3");
        assert!(position.parse_san("Ra3").is_err_and(|e| e.contains("ambiguous")));
        let a1a3 = position.parse_san("R1a3").expect("legal");
        assert_eq!(position.move_to_san(a1a3), "R1a3");
        let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let bd2 = knights.parse_san("Nbd2").expect("legal");
        assert_eq!(knights.move_to_uci(bd2, false), "b1d2");
        assert_eq!(knights.move_to_san(bd2), "Nbd2");
    }

    #[test]
    fn castling_promotion_and_check_marks() {
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(uci(&castle, "O-O"), "e1g1");
        assert_eq!(uci(&castle, "0-0-0"), "e1c1");
        assert_eq!(castle.move_to_san(castle.parse_san("O-O-O").expect("legal")), "O-O-O");
        let promote = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(uci(&promote, "a8=Q+"), "a7a8q");
        assert_eq!(uci(&promote, "axb8N"), "a7b8n");
        assert_eq!(uci(&promote, "a7xb8=R"), "a7b8r");
        assert_eq!(promote.move_to_san(promote.parse_san("a8Q").expect("legal")), "a8=Q");
        assert_eq!(promote.move_to_san(promote.parse_san("axb8=Q").expect("legal")), "axb8=Q+");
        let mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(mate.move_to_san(mate.parse_san("Ra8").expect("legal")), "Ra8#");
    }

    #[test]
    fn en_passant_is_a_pawn_capture() {
        let position = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let mv = position.parse_san("exd6").expect("legal");
        assert!(mv.is_en_passant());
        assert_eq!(position.move_to_san(mv), "exd6");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        let start = Position::startpos();
        for text in ["", "bm", "Ke2", "Qh5", "e5", "Nf3=Q", "x", "O-O-O-O", "Zz9", "e9", "é4", "a8=Q"] {
            assert!(start.parse_san(text).is_err(), "{text}");
        }
    }
}
