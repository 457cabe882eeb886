//! The mate suites (`tests/data/mate_in_*_sample.epd`): their lines and their
//! long-algebraic moves.

use ferrochamp::board::{Move, Position};

use super::position::legal_moves;

/// A move in the mate files' long algebraic form (`Qd8-f6`, `e7xf8N+`, `O-O-O`).
pub fn parse_long_algebraic(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim_end_matches(['+', '#']);
    if text == "O-O" || text == "O-O-O" {
        let king_side = text == "O-O";
        return legal_moves(pos)
            .into_iter()
            .find(|mv| mv.is_castling() && (mv.to().file() > mv.from().file()) == king_side)
            .ok_or_else(|| format!("no {text} here"));
    }
    let squares: String =
        text.trim_start_matches(['K', 'Q', 'R', 'B', 'N']).chars().filter(|c| !matches!(c, 'x' | '-')).collect();
    pos.parse_uci_move(&squares.to_ascii_lowercase(), false)
}

/// One line of a mate file: the position, the mate length, the best moves.
pub struct MateCase {
    pub fen: String,
    pub moves: i32,
    pub best: Vec<String>,
}

pub fn parse_mate_line(line: &str) -> Option<MateCase> {
    let (fen, ops) = line.split_once(" bm ")?;
    let mut best = Vec::new();
    let mut moves = None;
    for op in ops.split(';').map(str::trim) {
        if let Some(rest) = op.strip_prefix("ce +M") {
            moves = rest.trim().parse().ok();
        } else if !op.starts_with("pv") && !op.starts_with("ce") && !op.is_empty() {
            best = op.split_whitespace().filter(|token| *token != "bm").map(str::to_string).collect();
        }
    }
    Some(MateCase { fen: fen.trim().to_string(), moves: moves?, best })
}
