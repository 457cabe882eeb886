//! Standard Algebraic Notation: reading a SAN word as one of the position's
//! legal moves, and writing a move as SAN.
//!
//! Reading accepts what real PGN files contain: castling as `O-O`/`O-O-O` or
//! with zeros, promotions as `e8=Q` or `e8Q`, disambiguation by file, rank or
//! square, long algebraic `Ng1-f3`, and any trailing `+`, `#`, `!` and `?`. The move must be legal;
//! the generator decides, so the rules live in one place.

use crate::board::castling::CastleSide;
use crate::board::movegen::{generate_legal, has_legal_move};
use crate::board::{Move, MoveList, PieceType, Position, Square};

/// What a SAN word asks for, before it is matched against the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SanPattern {
    piece: PieceType,
    to: Square,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    promotion: Option<PieceType>,
}

/// The legal move of `pos` that the SAN word `text` names.
///
/// # Errors
/// A word that is not SAN, or that names no legal move or several.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, String> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    if let Some(side) = castling_side(core) {
        let castle = pos.castling_move(pos.side_to_move(), side);
        return castle
            .filter(|&mv| legal.contains(mv))
            .ok_or_else(|| format!("'{text}': castling is not legal here"));
    }
    let pattern = parse_pattern(core).ok_or_else(|| format!("'{text}' is not a move in SAN"))?;
    let mut matches = legal.iter().copied().filter(|&mv| pattern.matches(pos, mv));
    match (matches.next(), matches.next()) {
        (Some(mv), None) => Ok(mv),
        (None, _) => Err(format!("'{text}' is not a legal move")),
        (Some(_), Some(_)) => Err(format!("'{text}' is ambiguous")),
    }
}

fn castling_side(core: &str) -> Option<CastleSide> {
    match core {
        "O-O" | "0-0" | "o-o" => Some(CastleSide::King),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(CastleSide::Queen),
        _ => None,
    }
}

/// Splits `Nbxd7`, `exd8=Q`, `R1e2`, `Qh4e1`, `e4` into their parts.
fn parse_pattern(core: &str) -> Option<SanPattern> {
    if !core.is_ascii() {
        return None;
    }
    let (piece, rest) = match core.chars().next()? {
        letter @ ('K' | 'Q' | 'R' | 'B' | 'N') => (PieceType::from_letter(letter)?, &core[1..]),
        _ => (PieceType::Pawn, core),
    };
    let (rest, promotion) = split_promotion(rest)?;
    if rest.len() < 2 {
        return None;
    }
    let (head, target) = rest.split_at(rest.len() - 2);
    let to = Square::parse(target)?;
    let mut pattern = SanPattern { piece, to, from_file: None, from_rank: None, promotion };
    // `x` (or `:`) marks a capture and `-` a long-algebraic move (`Ng1-f3`): neither matters here.
    for c in head.chars().filter(|&c| !matches!(c, 'x' | ':' | '-')) {
        match c {
            'a'..='h' if pattern.from_file.is_none() => pattern.from_file = Some(c as u8 - b'a'),
            '1'..='8' if pattern.from_rank.is_none() => pattern.from_rank = Some(c as u8 - b'1'),
            _ => return None,
        }
    }
    if promotion.is_some() && piece != PieceType::Pawn {
        return None;
    }
    Some(pattern)
}

/// `e8=Q`, `e8Q`, `e8=q` and `e8q` name a promotion; the rest is returned without it.
fn split_promotion(text: &str) -> Option<(&str, Option<PieceType>)> {
    let Some(last) = text.chars().last() else { return Some((text, None)) };
    if !matches!(last.to_ascii_uppercase(), 'Q' | 'R' | 'B' | 'N') {
        return Some((text, None));
    }
    let body = &text[..text.len() - 1];
    let body = body.strip_suffix('=').unwrap_or(body);
    // Only a move to the first or last rank promotes; anything else ending in a
    // letter is not SAN (and the pattern parser will say so).
    if !body.ends_with(['1', '8']) {
        return Some((text, None));
    }
    Some((body, Some(PieceType::from_letter(last)?)))
}

impl SanPattern {
    fn matches(&self, pos: &Position, mv: Move) -> bool {
        !mv.is_castling()
            && mv.to() == self.to
            && pos.moved_piece(mv).piece_type() == self.piece
            && mv.promotion_piece() == self.promotion
            && self.from_file.is_none_or(|file| mv.from().file() == file)
            && self.from_rank.is_none_or(|rank| mv.from().rank() == rank)
    }
}

/// The SAN of the legal move `mv` in `pos`, with `+` or `#`.
#[must_use]
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut san = if mv.is_castling() {
        if mv.to().file() > mv.from().file() { "O-O" } else { "O-O-O" }.to_string()
    } else {
        piece_move_san(pos, mv)
    };
    let mut after = pos.clone();
    after.make_move(mv);
    if after.in_check() {
        san.push(if has_legal_move(&after) { '+' } else { '#' });
    }
    san
}

fn piece_move_san(pos: &Position, mv: Move) -> String {
    let piece = pos.moved_piece(mv).piece_type();
    let capture = pos.is_capture(mv);
    let mut san = String::new();
    if piece == PieceType::Pawn {
        if capture {
            san.push(char::from(b'a' + mv.from().file()));
        }
    } else {
        san.push(piece.letter().to_ascii_uppercase());
        san.push_str(&disambiguation(pos, mv, piece));
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

/// The file, rank or square that tells `mv` apart from the other legal moves
/// of the same piece type to the same square: the file if it suffices, else
/// the rank, else both.
fn disambiguation(pos: &Position, mv: Move, piece: PieceType) -> String {
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|&&other| {
            other != mv && !other.is_castling() && other.to() == mv.to() && pos.moved_piece(other).piece_type() == piece
        })
        .map(|other| other.from())
        .collect();
    let from = mv.from();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|sq| sq.file() != from.file()) {
        char::from(b'a' + from.file()).to_string()
    } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
        char::from(b'1' + from.rank()).to_string()
    } else {
        from.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(fen: &str, san: &str) -> Result<String, String> {
        let pos = Position::from_fen(fen).expect("valid FEN");
        parse_san(&pos, san).map(|mv| pos.move_to_uci(mv, false))
    }

    #[test]
    fn reads_the_forms_found_in_real_files() {
        let start = crate::board::START_FEN;
        assert_eq!(uci(start, "e4").as_deref(), Ok("e2e4"));
        assert_eq!(uci(start, "Nf3!?").as_deref(), Ok("g1f3"));
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(uci(castles, "O-O").as_deref(), Ok("e1g1"));
        assert_eq!(uci(castles, "0-0-0+").as_deref(), Ok("e1c1"));
        let promo = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(uci(promo, "a8=Q+").as_deref(), Ok("a7a8q"));
        assert_eq!(uci(promo, "axb8N").as_deref(), Ok("a7b8n"));
        assert_eq!(uci(promo, "axb8=r").as_deref(), Ok("a7b8r"));
        assert_eq!(uci(promo, "a8b").as_deref(), Ok("a7a8b"));
        assert_eq!(uci(start, "Ng1-f3").as_deref(), Ok("g1f3"));
        assert!(uci(promo, "a8").is_err(), "a promotion needs its piece");
        let rooks = "7k/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(uci(rooks, "R1a3").as_deref(), Ok("a1a3"));
        assert!(uci(rooks, "Ra3").is_err_and(|e| e.contains("ambiguous")));
        assert!(uci(start, "Nf4").is_err());
        assert!(uci(start, "Zz9").is_err());
        assert!(uci(start, "").is_err());
    }

    #[test]
    fn writes_disambiguation_and_mate() {
        let pos = Position::from_fen("7k/8/8/R7/8/8/8/R3K3 w - - 0 1").expect("valid FEN");
        let mv = pos.parse_uci_move("a1a3", false).expect("legal");
        assert_eq!(to_san(&pos, mv), "R1a3");
        let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("valid FEN");
        let mv = mate.parse_uci_move("a1a8", false).expect("legal");
        assert_eq!(to_san(&mate, mv), "Ra8#");
    }
}
