//! The traced evaluation is the evaluation: same value, every term and weight
//! accounted for; the pawn hash changes nothing; the report's last line.

mod eval_support;

use ferrochamp::board::{Color, Position};
use ferrochamp::eval::layout::{self, Kind};
use ferrochamp::eval::score::S;
use ferrochamp::eval::{danger_penalty, eval_report, evaluate, evaluate_traced, PawnTable};

use eval_support::test_positions;

#[test]
fn trace_total_equals_evaluate() {
    let mut pawns = PawnTable::new();
    for pos in test_positions() {
        let trace = evaluate_traced(&pos);
        let sign = pos.side_to_move().sign();
        assert_eq!(trace.white_cp * sign, evaluate(&pos, &mut pawns), "{}", pos.to_fen());
        assert_eq!(trace.total().blend(trace.phase, trace.scale), trace.white_cp, "{}", pos.to_fen());
    }
}

/// Rebuilds the unblended score from the coefficients alone, as the tuner will:
/// linear weights straight in, king-danger weights through the penalty per king.
fn score_from_coefficients(coeffs: &[[i32; 2]], weights: &[S]) -> S {
    let mut linear = S::ZERO;
    let mut danger = [S::ZERO; 2];
    for group in layout::GROUPS {
        for index in group.start..group.start + group.len {
            let [white, black] = coeffs[index];
            match group.kind {
                Kind::Linear => linear += weights[index] * (white - black),
                Kind::KingDanger => {
                    danger[0] += weights[index] * white;
                    danger[1] += weights[index] * black;
                }
            }
        }
    }
    linear + danger_penalty(danger[0]) - danger_penalty(danger[1])
}

#[test]
fn coefficients_explain_the_whole_score() {
    let weights = layout::current();
    let mut danger_seen = false;
    for pos in test_positions() {
        let trace = evaluate_traced(&pos);
        assert_eq!(score_from_coefficients(&trace.coeffs, &weights), trace.total(), "{}", pos.to_fen());
        danger_seen |= trace.danger.iter().any(|d| *d != S::ZERO);
    }
    assert!(danger_seen, "no position exercised the king-danger terms");
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
