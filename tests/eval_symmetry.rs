//! The evaluation is colour-blind: a position and its colour-flipped mirror
//! get the same score from the side to move.

mod common;

use common::eval::test_positions;
use common::fen::mirror_fen;
use common::position::mirror;
use ferrochamp::eval::{evaluate, PawnTable};

#[test]
fn mirror_of_a_fen_swaps_everything() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq e3 0 1";
    let expected = "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq e6 0 1";
    assert_eq!(mirror_fen(fen), expected);
    assert_eq!(mirror_fen(expected), fen);
}

#[test]
fn evaluation_equals_the_mirrored_evaluation() {
    let mut pawns = PawnTable::new();
    let positions = test_positions();
    assert!(positions.len() > 1000, "only {} positions", positions.len());
    let mut nonzero = 0;
    for pos in &positions {
        let flipped = mirror(pos);
        let score = evaluate(pos, &mut pawns);
        let mirrored = evaluate(&flipped, &mut pawns);
        assert_eq!(score, mirrored, "{} vs mirror {}", pos.to_fen(), flipped.to_fen());
        nonzero += usize::from(score != 0);
    }
    // Guards against a trivially symmetric (constant) evaluation.
    assert!(nonzero > positions.len() / 2);
}
