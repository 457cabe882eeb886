//! Positions for the tests: parsing a FEN known to be valid, playing moves,
//! listing the legal moves and the colour-flipped mirror.

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{Move, MoveList, Position, START_FEN};

use super::fen::mirror_fen;

/// Parses a FEN the test knows to be valid, with the engine's error in the message.
pub fn position(fen: &str) -> Position {
    match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(err) => panic!("valid FEN rejected: {fen}: {err}"),
    }
}

/// The position after the UCI `moves` from `fen` (standard castling notation),
/// with the game history kept.
pub fn played<S: AsRef<str>>(fen: &str, moves: impl IntoIterator<Item = S>) -> Position {
    let mut pos = position(fen);
    for text in moves {
        let text = text.as_ref();
        match pos.parse_uci_move(text, false) {
            Ok(mv) => pos.make_move(mv),
            Err(err) => panic!("scripted move {text} rejected in {}: {err}", pos.to_fen()),
        }
    }
    pos
}

/// The position after the UCI `moves` from the start position.
pub fn startpos_after<S: AsRef<str>>(moves: impl IntoIterator<Item = S>) -> Position {
    played(START_FEN, moves)
}

/// The legal moves of `pos`, in generation order.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list.as_slice().to_vec()
}

/// The legal move of `pos` that the engine would print as `text` in the given
/// notation (`chess960`: king takes rook): stricter than parsing, which also
/// takes other spellings.
pub fn printed_move(pos: &Position, text: &str, chess960: bool) -> Option<Move> {
    legal_moves(pos).into_iter().find(|&mv| pos.move_to_uci(mv, chess960) == text)
}

/// The colour-flipped mirror of `pos` (see [`mirror_fen`]).
pub fn mirror(pos: &Position) -> Position {
    let fen = mirror_fen(&pos.to_fen());
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("mirrored FEN {fen} rejected: {e:?}"))
}
