//! The traced evaluation is the evaluation: same value, every term and weight
//! accounted for; the pawn hash changes nothing; the report's last line.

mod common;

use ferrochamp::board::{Color, PieceType, Position};
use ferrochamp::eval::layout::{self, Kind};
use ferrochamp::eval::score::S;
use ferrochamp::eval::{eval_report, evaluate, evaluate_traced, PawnTable, EVAL_LIMIT};

use common::eval::test_positions;

#[test]
fn trace_total_equals_evaluate() {
    let mut pawns = PawnTable::new();
    for pos in test_positions() {
        let trace = evaluate_traced(&pos);
        let sign = pos.side_to_move().sign();
        assert_eq!(trace.white_cp * sign, evaluate(&pos, &mut pawns), "{}", pos.to_fen());
        let blended = trace.total().blend(trace.phase, trace.scale).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        assert_eq!(blended, trace.white_cp, "{}", pos.to_fen());
    }
}

#[test]
fn coefficients_explain_the_whole_score() {
    let weights = layout::current();
    let mut danger_seen = false;
    for pos in test_positions() {
        let trace = evaluate_traced(&pos);
        assert_eq!(trace.score_with(&weights), trace.total(), "{}", pos.to_fen());
        danger_seen |= trace.danger.iter().any(|d| *d != S::ZERO);
    }
    assert!(danger_seen, "no position exercised the king-danger terms");
}

#[test]
fn changing_a_weight_changes_the_rebuilt_score_by_its_count() {
    // The complexity adjustment moves the endgame half by its sign and never past
    // zero, so it is not linear: it is left out of both scores compared here.
    let mut base = layout::current();
    for group in layout::GROUPS.iter().filter(|g| g.kind == Kind::Complexity) {
        base[group.range()].fill(S::ZERO);
    }
    let mut weights = base.clone();
    weights[layout::idx::MATERIAL] += S(1, 10); // the pawn's value
    for pos in test_positions().iter().step_by(7) {
        let trace = evaluate_traced(pos);
        let pawns = |c: Color| pos.pieces(c, PieceType::Pawn).count() as i32;
        let difference = pawns(Color::White) - pawns(Color::Black);
        assert_eq!(trace.score_with(&weights) - trace.score_with(&base), S(difference, 10 * difference));
    }
}

#[test]
fn pawn_hash_changes_nothing() {
    // A shared table (hits and overwrites) against a fresh table each time (misses).
    let mut shared = PawnTable::new();
    let positions = test_positions();
    for round in 0..2 {
        for pos in &positions {
            let cached = evaluate(pos, &mut shared);
            let fresh = evaluate(pos, &mut PawnTable::new());
            assert_eq!(cached, fresh, "round {round}: {}", pos.to_fen());
        }
    }
    shared.clear();
    assert_eq!(evaluate(&positions[1], &mut shared), evaluate(&positions[1], &mut PawnTable::new()));
}

#[test]
fn report_ends_with_the_white_relative_evaluation() {
    let mut pawns = PawnTable::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/8/4k3/8/8/8/3QK3/8 b - - 0 1",
    ] {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let report = eval_report(&pos);
        let last = report.lines().last().expect("report has lines");
        let number = last
            .strip_prefix("Final evaluation: ")
            .and_then(|rest| rest.strip_suffix(" cp (white side)"))
            .unwrap_or_else(|| panic!("bad last line: {last}"));
        let cp: i32 = number.parse().expect("an integer");
        let white_view = evaluate(&pos, &mut pawns) * pos.side_to_move().sign();
        assert_eq!(cp, white_view, "{fen}");
        for term in ["Material", "Mobility", "King safety", "Passed pawns", "Threats", "Tempo", "Phase"] {
            assert!(report.contains(term), "report lacks {term}:\n{report}");
        }
        if pos.side_to_move() == Color::Black {
            assert!(report.contains("Side to move: black"));
        }
    }
}
