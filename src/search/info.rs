//! The `info` lines the main worker prints about its iterations, and the
//! final line of a search whose move came from a helper.

use std::fmt::Write;

use crate::board::{Move, Position};
use crate::wdl::wdl;

use super::score::uci_score;
use super::tt::Bound;
use super::SearchResult;

/// One `info ... pv ...` line's contents.
pub(super) struct LineReport<'a> {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    pub score: i32,
    pub bound: Bound,
    pub nodes: u64,
    pub tb_hits: u64,
    pub time_ms: u64,
    pub hashfull: usize,
    pub pv: &'a [Move],
}

/// The counters printed with a finished search's line.
#[derive(Clone, Copy, Debug)]
pub struct SearchTotals {
    pub nodes: u64,
    pub tb_hits: u64,
    pub time_ms: u64,
    pub hashfull: usize,
}

/// The exact-score line of a finished search. Printed when the move chosen is
/// a helper's, so that `bestmove` is always the last printed line's first move.
#[must_use]
pub fn result_line(
    result: &SearchResult,
    root: &Position,
    totals: SearchTotals,
    chess960: bool,
    show_wdl: bool,
) -> String {
    let report = LineReport {
        depth: result.depth,
        seldepth: result.seldepth,
        multipv: 1,
        score: result.score,
        bound: Bound::Exact,
        nodes: totals.nodes,
        tb_hits: totals.tb_hits,
        time_ms: totals.time_ms,
        hashfull: totals.hashfull,
        pv: &result.pv,
    };
    format_line(&report, root, chess960, show_wdl)
}

/// The line for a root without a legal move: `info depth 0 score mate 0` when
/// checkmated, `cp 0` when stalemated; with `show_wdl` the result is certain.
#[must_use]
pub fn no_legal_move_line(in_check: bool, show_wdl: bool) -> String {
    let (score, chances) = if in_check { ("mate 0", "0 0 1000") } else { ("cp 0", "0 1000 0") };
    if show_wdl {
        format!("info depth 0 score {score} wdl {chances}")
    } else {
        format!("info depth 0 score {score}")
    }
}

/// Formats `info depth D seldepth S multipv K score ... [wdl W D L] [lowerbound|upperbound] nodes N nps N
/// hashfull H tbhits T time MS pv ...`; the `wdl` part (with `show_wdl`) stands
/// where Stockfish puts it, right after the score. `root` is the position the PV starts from.
pub(super) fn format_line(report: &LineReport<'_>, root: &Position, chess960: bool, show_wdl: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        report.depth.max(1),
        report.seldepth.max(1),
        report.multipv,
        uci_score(report.score)
    );
    if show_wdl {
        let chances = wdl(report.score, root);
        // Writing to a String cannot fail.
        let _ = write!(line, " wdl {} {} {}", chances.win, chances.draw, chances.loss);
    }
    match report.bound {
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
        Bound::Exact => {}
    }
    let nps = report.nodes.saturating_mul(1000) / report.time_ms.max(1);
    // Writing to a String cannot fail.
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} tbhits {} time {} pv",
        report.nodes, nps, report.hashfull, report.tb_hits, report.time_ms
    );
    // Walk the line on a copy so that each move is printed from its own position
    // (and a line that somehow turned illegal is cut rather than printed).
    let mut pos = root.clone();
    for &mv in report.pv {
        if !pos.is_legal(mv) {
            break;
        }
        line.push(' ');
        line.push_str(&pos.move_to_uci(mv, chess960));
        pos.make_move(mv);
    }
    line
}
