//! A small reader for PGN movetext in standard algebraic notation (SAN), enough
//! to replay a recorded game: each SAN move is matched against the legal moves.

use crate::board::movegen::generate_legal;
use crate::board::{Move, MoveList, PieceType, Position, Square};

/// The legal move of `pos` that the SAN text names (`e4`, `Nxf3+`, `Rfc8`,
/// `exd6`, `e8=Q`, `O-O-O`). Check and annotation marks are ignored.
///
/// # Errors
/// Text that is not SAN, or that names no legal move or several.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, String> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    let matches: Vec<Move> = if let Some(side) = castle_side(core) {
        legal.iter().copied().filter(|&mv| mv.is_castling() && is_king_side(mv) == side).collect()
    } else {
        let pattern = SanPattern::parse(core).ok_or_else(|| format!("'{text}' is not a SAN move"))?;
        legal.iter().copied().filter(|&mv| !mv.is_castling() && pattern.matches(pos, mv)).collect()
    };
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(format!("'{text}' is not legal in {}", pos.to_fen())),
        _ => Err(format!("'{text}' is ambiguous in {}", pos.to_fen())),
    }
}

/// `Some(true)` for O-O, `Some(false)` for O-O-O (letter O or digit 0).
fn castle_side(core: &str) -> Option<bool> {
    match core.replace('0', "O").as_str() {
        "O-O" => Some(true),
        "O-O-O" => Some(false),
        _ => None,
    }
}

/// Castling moves are king-takes-rook: king side when the rook is on the right.
fn is_king_side(mv: Move) -> bool {
    mv.to().file() > mv.from().file()
}

/// What a non-castling SAN move says about the move.
struct SanPattern {
    piece: PieceType,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<PieceType>,
}

impl SanPattern {
    fn parse(core: &str) -> Option<SanPattern> {
        let (body, promotion) = match core.split_once('=') {
            Some((body, piece)) => (body, Some(promotion_piece(piece)?)),
            None => (core, None),
        };
        let mut chars: Vec<char> = body.chars().filter(|&c| c != 'x' && c != '-').collect();
        let piece = match chars.first() {
            Some(&c) if c.is_ascii_uppercase() => {
                chars.remove(0);
                PieceType::from_letter(c).filter(|&pt| pt != PieceType::Pawn)?
            }
            _ => PieceType::Pawn,
        };
        if chars.len() < 2 {
            return None;
        }
        let to_text: String = chars.split_off(chars.len() - 2).into_iter().collect();
        let to = Square::parse(&to_text)?;
        let mut pattern = SanPattern { piece, from_file: None, from_rank: None, to, promotion };
        for c in chars {
            match c {
                'a'..='h' => pattern.from_file = Some(c as u8 - b'a'),
                '1'..='8' => pattern.from_rank = Some(c as u8 - b'1'),
                _ => return None,
            }
        }
        Some(pattern)
    }

    fn matches(&self, pos: &Position, mv: Move) -> bool {
        pos.moved_piece(mv).piece_type() == self.piece
            && mv.to() == self.to
            && mv.promotion_piece() == self.promotion
            && self.from_file.is_none_or(|file| mv.from().file() == file)
            && self.from_rank.is_none_or(|rank| mv.from().rank() == rank)
    }
}

fn promotion_piece(text: &str) -> Option<PieceType> {
    let mut chars = text.chars();
    let piece = PieceType::from_letter(chars.next()?)?;
    (chars.next().is_none() && !matches!(piece, PieceType::Pawn | PieceType::King)).then_some(piece)
}

/// The move in SAN (`Nxf3+`, `O-O-O`, `exd6`, `e8=Q#`), for reports.
#[must_use]
pub fn move_to_san(pos: &Position, mv: Move) -> String {
    let mut san = if mv.is_castling() {
        if is_king_side(mv) { "O-O".to_string() } else { "O-O-O".to_string() }
    } else {
        let piece = pos.moved_piece(mv).piece_type();
        let capture = pos.is_capture(mv);
        let mut text = String::new();
        if piece == PieceType::Pawn {
            if capture {
                text.push(char::from(b'a' + mv.from().file()));
            }
        } else {
            text.push(piece.letter().to_ascii_uppercase());
            text.push_str(&disambiguation(pos, mv, piece));
        }
        if capture {
            text.push('x');
        }
        text.push_str(&mv.to().to_string());
        if let Some(promoted) = mv.promotion_piece() {
            text.push('=');
            text.push(promoted.letter().to_ascii_uppercase());
        }
        text
    };
    if pos.gives_check(mv) {
        let mut after = pos.clone();
        after.make_move(mv);
        san.push(if crate::board::movegen::has_legal_move(&after) { '+' } else { '#' });
    }
    san
}

/// The file, rank or both that tell `mv` apart from moves of the same kind of
/// piece to the same square.
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
    let file = char::from(b'a' + from.file());
    let rank = char::from(b'1' + from.rank());
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|sq| sq.file() != from.file()) {
        file.to_string()
    } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

/// The SAN moves of the first game of a PGN text, in order: tags, comments,
/// variations, move numbers and NAGs are skipped, and the result ends the game.
#[must_use]
pub fn pgn_san_moves(pgn: &str) -> Vec<String> {
    let movetext: String = pgn
        .lines()
        .filter(|line| !line.trim_start().starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut moves = Vec::new();
    let mut depth = 0usize;
    'tokens: for token in strip_comments(&movetext).split_whitespace() {
        for part in split_variations(token) {
            match part.as_str() {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                text => {
                    let is_result = matches!(text, "1-0" | "0-1" | "1/2-1/2" | "*");
                    if is_result {
                        break 'tokens;
                    }
                    let text = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    if !text.is_empty() && !text.starts_with('$') {
                        moves.push(text.to_string());
                    }
                }
            }
        }
    }
    moves
}

fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_comment = false;
    for c in text.chars() {
        match c {
            '{' => in_comment = true,
            '}' => {
                in_comment = false;
                out.push(' ');
            }
            _ if !in_comment => out.push(c),
            _ => {}
        }
    }
    out
}

/// Splits `(`, `)` off a token so variations can be skipped.
fn split_variations(token: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for c in token.chars() {
        if c == '(' || c == ')' {
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
            }
            parts.push(c.to_string());
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// Replays the SAN moves from the start position.
///
/// # Errors
/// The first move that cannot be read or is illegal, with its number.
pub fn replay(sans: &[String]) -> Result<Vec<Move>, String> {
    let mut pos = Position::startpos();
    let mut moves = Vec::with_capacity(sans.len());
    for (index, san) in sans.iter().enumerate() {
        let mv = parse_san(&pos, san).map_err(|err| format!("ply {}: {err}", index + 1))?;
        pos.make_move(mv);
        moves.push(mv);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_movetext_with_comments_variations_and_result() {
        let pgn = "[Event \"x\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 0-1\n\n[Event \"y\"]\n1. d4 *";
        assert_eq!(pgn_san_moves(pgn), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    }

    #[test]
    fn resolves_captures_disambiguation_castling_and_promotion() {
        let pos = Position::from_fen("r3k2r/1P6/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1").expect("valid");
        assert_eq!(pos.move_to_uci(parse_san(&pos, "Nge4").expect("legal"), false), "g3e4");
        assert!(parse_san(&pos, "Ne4").is_err(), "two knights reach e4");
        assert_eq!(pos.move_to_uci(parse_san(&pos, "O-O-O").expect("legal"), false), "e1c1");
        assert_eq!(pos.move_to_uci(parse_san(&pos, "bxa8=Q+").expect("legal"), false), "b7a8q");
        assert_eq!(pos.move_to_uci(parse_san(&pos, "Rxa8").expect("legal"), false), "a1a8");
        assert!(parse_san(&pos, "Kd3").is_err());
        assert!(parse_san(&pos, "Zz9").is_err());
    }

    #[test]
    fn writes_san_that_reads_back() {
        let pos = Position::from_fen("r3k2r/1P6/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1").expect("valid");
        let mut legal = MoveList::new();
        generate_legal(&pos, &mut legal);
        for &mv in legal.iter() {
            let san = move_to_san(&pos, mv);
            assert_eq!(parse_san(&pos, &san), Ok(mv), "{san}");
        }
        let knight = parse_san(&pos, "Nge4").expect("legal");
        assert_eq!(move_to_san(&pos, knight), "Nge4");
        let promotion = parse_san(&pos, "bxa8=Q").expect("legal");
        assert_eq!(move_to_san(&pos, promotion), "bxa8=Q+");
    }
}
