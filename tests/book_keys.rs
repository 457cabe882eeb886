//! Polyglot keys of the positions published with the format's description,
//! plus the en-passant rule ("a pawn can capture, legal or not").

mod common;

use common::position::{played, startpos_after};
use ferrochamp::board::Position;
use ferrochamp::book::polyglot_key;

/// The list published with the Polyglot book format (also checked against
/// python-chess's `chess.polyglot.zobrist_hash`).
const PUBLISHED: [(&str, u64); 9] = [
    ("", 0x463b_9618_1691_fc9c),
    ("e2e4", 0x823c_9b50_fd11_4196),
    ("e2e4 d7d5", 0x0756_b944_61c5_0fb0),
    ("e2e4 d7d5 e4e5", 0x662f_afb9_65db_29d4),
    ("e2e4 d7d5 e4e5 f7f5", 0x22a4_8b5a_8e47_ff78),
    ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a_607c_a3f2_42c1),
    ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fd_d303_c946_bdd9),
    ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c81_23ea_7b06_7637),
    ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f_9b82_9b27_9560),
];

#[test]
fn published_positions_have_the_published_keys() {
    for (moves, expected) in PUBLISHED {
        let pos = startpos_after(moves.split_whitespace());
        assert_eq!(polyglot_key(&pos), expected, "after '{moves}': got {:016x}", polyglot_key(&pos));
    }
}

#[test]
fn a_fen_with_en_passant_gives_the_same_key_as_the_moves() {
    let pos = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").expect("valid FEN");
    assert_eq!(polyglot_key(&pos), 0x22a4_8b5a_8e47_ff78);
    // The same position without the en-passant right has another key.
    let without =
        Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").expect("valid FEN");
    assert_ne!(polyglot_key(&without), 0x22a4_8b5a_8e47_ff78);
}

#[test]
fn en_passant_counts_even_when_the_capture_would_be_illegal() {
    // b5xc6 would expose the king on a5 to the rook on h5; Polyglot still hashes
    // the en-passant file (python-chess: f008b0d4b67d65ee, and f032230c04fd0c8c without it).
    let pos = played("8/2p5/8/KP5r/8/8/8/7k b - - 0 1", ["c7c5"]);
    assert_eq!(polyglot_key(&pos), 0xf008_b0d4_b67d_65ee);
    let plain = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - - 0 2").expect("valid FEN");
    assert_eq!(polyglot_key(&plain), 0xf032_230c_04fd_0c8c);
}
