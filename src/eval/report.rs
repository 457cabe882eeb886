//! The `eval` command's table: every term for both colours, from the traced
//! evaluation (the same code the search runs).

use std::fmt::Write;

use crate::board::{Color, Position};

use super::score::{PHASE_MAX, S, SCALE_NORMAL};
use super::trace::{EvalTrace, Term};
use super::{evaluate_traced, evaluate_traced_with};

/// A table of every evaluation term of `pos` (White, Black, White minus Black,
/// each middlegame and endgame), the phase and the scale; the last line is
/// `Final evaluation: <cp> cp (white side)`.
#[must_use]
pub fn eval_report(pos: &Position) -> String {
    format_report(&evaluate_traced(pos), pos.side_to_move())
}

/// [`eval_report`] with the weights of a play style (a flat vector).
#[must_use]
pub fn eval_report_with(pos: &Position, weights: &[S]) -> String {
    format_report(&evaluate_traced_with(pos, weights), pos.side_to_move())
}

fn format_report(trace: &EvalTrace, side_to_move: Color) -> String {
    let mut out = String::with_capacity(2048);
    let rule = "-".repeat(16) + "+---------------+---------------+---------------";
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(out, "{:<15} | {:^13} | {:^13} | {:^13}", "Term", "White", "Black", "Total");
    let _ = writeln!(out, "{:<15} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}", "", "MG", "EG", "MG", "EG", "MG", "EG");
    let _ = writeln!(out, "{rule}");
    for term in Term::ALL {
        let [white, black] = trace.terms[term as usize];
        let _ = writeln!(out, "{}", row(term.name(), white, black));
    }
    let _ = writeln!(out, "{rule}");
    let white_total: S = trace.terms.iter().map(|t| t[0]).sum();
    let black_total: S = trace.terms.iter().map(|t| t[1]).sum();
    let _ = writeln!(out, "{}", row("Total", white_total, black_total));
    let _ = writeln!(out);
    let [white_danger, black_danger] = trace.danger;
    let _ = writeln!(
        out,
        "King danger units: white king {} mg {} eg, black king {} mg {} eg",
        white_danger.mg(),
        white_danger.eg(),
        black_danger.mg(),
        black_danger.eg()
    );
    let _ = writeln!(out, "Phase: {} / {PHASE_MAX} (256 = middlegame, 0 = endgame)", trace.phase);
    let _ = writeln!(out, "Endgame scale: {} / {SCALE_NORMAL}", trace.scale);
    let side = if side_to_move == Color::White { "white" } else { "black" };
    let _ = writeln!(out, "Side to move: {side} (tempo included above)");
    let _ = write!(out, "Final evaluation: {} cp (white side)", trace.white_cp);
    out
}

fn row(name: &str, white: S, black: S) -> String {
    let total = white - black;
    format!(
        "{name:<15} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
        white.mg(),
        white.eg(),
        black.mg(),
        black.eg(),
        total.mg(),
        total.eg()
    )
}
