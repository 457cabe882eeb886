//! Plausibility of the hand-set evaluation: balanced start, material counts,
//! dead draws near zero, and the mop-up gradients that mate a bare king.

mod common;

use common::fen::mirror_fen;
use common::position::position;
use ferrochamp::eval::{evaluate, PawnTable};

/// The evaluation from White's side.
fn white_eval(fen: &str) -> i32 {
    let pos = position(fen);
    evaluate(&pos, &mut PawnTable::new()) * pos.side_to_move().sign()
}

#[test]
fn start_position_is_nearly_balanced() {
    let start = white_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 50, "startpos {start}");
    let black_to_move = white_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(black_to_move.abs() < 50 && black_to_move < start, "tempo goes to the side to move");
}

#[test]
fn extra_material_is_worth_about_its_value() {
    let queen_up = white_eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(queen_up > 700, "queen up: {queen_up}");
    let knight_up = white_eval("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!((200..500).contains(&knight_up), "knight up: {knight_up}");
    let pawn_up = white_eval("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!((30..200).contains(&pawn_up), "pawn up: {pawn_up}");
}

#[test]
fn dead_draws_score_near_zero() {
    for fen in [
        "8/8/4k3/8/8/8/3NK3/8 w - - 0 1",  // KNK
        "8/8/4k3/8/8/8/3BK3/8 b - - 0 1",  // KBK
        "8/8/4k3/8/8/8/2NNK3/8 w - - 0 1", // KNNK
    ] {
        let score = white_eval(fen);
        assert!(score.abs() <= 5, "{fen}: {score}");
    }
    // Less than a rook ahead without pawns: far below the material difference.
    let rook_vs_bishop = white_eval("8/8/4k3/8/8/8/3RK3/4b3 w - - 0 1");
    assert!(rook_vs_bishop.abs() < 80, "KRKB {rook_vs_bishop}");
}

#[test]
fn opposite_bishops_scale_the_endgame_down() {
    // The same pawns; the bishops on opposite colours, then on the same colour.
    let opposite = white_eval("8/6k1/6p1/2b5/1P6/5BP1/6K1/8 w - - 0 1");
    let same = white_eval("8/6k1/6p1/2b5/1P6/4B1P1/6K1/8 w - - 0 1");
    assert!(same > 60, "a clean extra pawn: {same}");
    assert!(opposite * 3 < same * 2, "opposite {opposite}, same {same}");
}

#[test]
fn mop_up_drives_the_bare_king_to_the_edge() {
    for (centre, edge) in [
        ("8/8/8/3k4/8/8/2Q5/4K3 w - - 0 1", "3k4/8/8/8/8/8/2Q5/4K3 w - - 0 1"),
        ("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "3k4/8/8/8/8/8/8/R3K3 w - - 0 1"),
        ("8/8/8/3k4/8/8/8/2BNK3 w - - 0 1", "7k/8/8/8/8/8/8/2BNK3 w - - 0 1"),
    ] {
        let (c, e) = (white_eval(centre), white_eval(edge));
        assert!(c > 600, "a won ending is clearly winning: {centre} {c}");
        assert!(e > c + 50, "edge {edge} ({e}) should beat centre {centre} ({c})");
        // The same from Black's side: the colours are interchangeable.
        assert_eq!(white_eval(&mirror_fen(edge)), -e);
    }
}

#[test]
fn kbnk_prefers_the_bishop_coloured_corner() {
    // A dark-squared bishop (c1) mates only in a1 or h8.
    let right = white_eval("7k/8/8/8/8/8/8/2BNK3 w - - 0 1");
    let wrong = white_eval("k7/8/8/8/8/8/8/2BNK3 w - - 0 1");
    assert!(right > wrong + 100, "right corner {right}, wrong corner {wrong}");
}

#[test]
fn mop_up_brings_the_winning_king_closer() {
    let far = white_eval("k7/8/8/8/8/8/8/3Q3K w - - 0 1");
    let near = white_eval("k7/8/2K5/8/8/8/8/3Q4 w - - 0 1");
    assert!(near > far, "near {near}, far {far}");
    let far = white_eval("k7/8/8/8/8/8/8/3R3K w - - 0 1");
    let near = white_eval("k7/8/2K5/8/8/8/8/3R4 w - - 0 1");
    assert!(near > far, "near {near}, far {far}");
}
