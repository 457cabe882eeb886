//! Turning a `go` command into a search plan, and the search's answer into a
//! `bestmove` line that is always legal.

use std::fmt;

use crate::board::movegen::generate_legal;
use crate::board::{Color, Move, MoveList, Position};
use crate::search::info::no_legal_move_line;
use crate::search::{SearchLimits, SearchResult};
use crate::uci::options::names;
use crate::uci::{GoParams, OptionValues};

/// Deepest iteration the search may be asked for: the search's own limit.
pub use crate::search::score::MAX_DEPTH;

/// Everything one search needs to know, decided before it starts.
#[derive(Clone, Debug)]
pub struct GoPlan {
    /// The position to search (the `position` command's result).
    pub root: Position,
    /// Depth, nodes, mate, MultiPV and time limits of this `go`.
    pub limits: SearchLimits,
    /// The root moves the search may choose from (all legal moves, or the legal `searchmoves`).
    pub candidates: Vec<Move>,
    /// `go infinite`: no `bestmove` before `stop`, even after `ponderhit`.
    pub infinite: bool,
    /// Only one move is possible: a timed search should answer at once.
    pub single_reply: bool,
    /// Things to tell the GUI in `info string` lines.
    pub warnings: Vec<GoWarning>,
}

/// What a `go` becomes: a search, or at once an answer without one.
#[derive(Clone, Debug)]
pub enum GoDecision {
    /// Search with this plan.
    Search(Box<GoPlan>),
    /// No legal move (or no legal `searchmoves`): nothing to search.
    NoMove {
        /// The side to move is in check: checkmate rather than stalemate.
        in_check: bool,
    },
}

impl GoDecision {
    /// The lines that answer a `go` without a search: the score (mated or
    /// stalemate) and `bestmove (none)`.
    #[must_use]
    pub fn no_move_lines(in_check: bool, show_wdl: bool) -> [String; 2] {
        [no_legal_move_line(in_check, show_wdl), "bestmove (none)".to_string()]
    }
}

/// Something in a `go` the engine could not use; the search runs without it.
/// `Display` gives the `info string` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoWarning {
    /// Nothing left would end the search: a short fixed-time search instead.
    NoUsableLimit {
        /// The fixed search time used instead, in milliseconds.
        fallback_ms: i64,
    },
    /// A `searchmoves` entry that is no legal move here.
    SearchMove(String),
}

impl fmt::Display for GoWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoWarning::NoUsableLimit { fallback_ms } => {
                write!(f, "go: no usable limit left; searching {fallback_ms} ms")
            }
            GoWarning::SearchMove(reason) => write!(f, "searchmoves: {reason}"),
        }
    }
}

/// Search time for a `go` left with no limit after malformed parameters were
/// dropped: short, because the GUI probably runs a clock the engine could not read.
pub const FALLBACK_MOVETIME_MS: i64 = 100;

/// `params` ready to search. When a parameter was dropped or not understood
/// and nothing is left that would ever end the search (`go depth -5` would
/// otherwise search until a `stop` that a GUI waiting for `bestmove` never
/// sends), a short fixed-time search; the warning says so.
#[must_use]
pub fn with_fallback(params: &GoParams, us: Color) -> (GoParams, Option<GoWarning>) {
    let damaged = !params.dropped.is_empty() || !params.ignored.is_empty();
    let ends = params.depth.is_some()
        || params.nodes.is_some()
        || params.mate.is_some()
        || params.movetime.is_some()
        || params.infinite
        || params.ponder
        || params.clock.is_some_and(|clock| clock.time(us).is_some());
    if !damaged || ends {
        return (params.clone(), None);
    }
    let fallback = GoParams { movetime: Some(FALLBACK_MOVETIME_MS), ..params.clone() };
    (fallback, Some(GoWarning::NoUsableLimit { fallback_ms: FALLBACK_MOVETIME_MS }))
}

/// Plans a search from `root`, or says that there is no legal move to search.
#[must_use]
pub fn plan(root: &Position, params: &GoParams, options: &OptionValues, chess960: bool) -> GoDecision {
    let mut legal = MoveList::new();
    generate_legal(root, &mut legal);
    let mut warnings = Vec::new();
    let mut candidates: Vec<Move> = legal.iter().copied().collect();
    let mut searchmoves = Vec::new();
    for text in &params.searchmoves {
        match root.parse_uci_move(text, chess960) {
            Ok(mv) if !searchmoves.contains(&mv) => searchmoves.push(mv),
            Ok(_) => {}
            Err(err) if text != "0000" => warnings.push(GoWarning::SearchMove(err)),
            Err(_) => {}
        }
    }
    if !searchmoves.is_empty() {
        candidates.clone_from(&searchmoves);
    }
    if candidates.is_empty() {
        return GoDecision::NoMove { in_check: root.in_check() };
    }
    let multipv = usize::try_from(options.spin(names::MULTI_PV)).unwrap_or(1).clamp(1, candidates.len());
    let mut depth = params.depth.map(|d| i32::try_from(d).unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH));
    // With one legal move under a clock there is nothing to think about:
    // answer after the first iteration and keep the time.
    let timed = params.clock.is_some() || params.movetime.is_some();
    if candidates.len() == 1 && timed && !params.infinite {
        depth = Some(1);
    }
    let limits = SearchLimits {
        depth,
        nodes: params.nodes,
        mate: params.mate.map(|m| i32::try_from(m).unwrap_or(i32::MAX)),
        searchmoves,
        multipv,
        tablebase_scores: Vec::new(),
    };
    GoDecision::Search(Box::new(GoPlan {
        root: root.clone(),
        limits,
        single_reply: candidates.len() == 1,
        candidates,
        infinite: params.infinite,
        warnings,
    }))
}

/// `bestmove m [ponder p]`: the search's move when it is one of the
/// candidates, otherwise the first candidate; the ponder move only when it is
/// legal after `m`.
#[must_use]
pub fn bestmove_line(plan: &GoPlan, result: &SearchResult, chess960: bool) -> String {
    let best = if plan.candidates.contains(&result.best_move) { result.best_move } else { plan.candidates[0] };
    let mut line = format!("bestmove {}", plan.root.move_to_uci(best, chess960));
    if best == result.best_move && result.ponder_move.is_some() {
        let mut after = plan.root.clone();
        after.make_move(best);
        let mut replies = MoveList::new();
        generate_legal(&after, &mut replies);
        if replies.contains(result.ponder_move) {
            line.push_str(&format!(" ponder {}", after.move_to_uci(result.ponder_move, chess960)));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_legal_move_is_an_answer_not_an_error() {
        let mated = Position::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").expect("valid FEN");
        let decision = plan(&mated, &GoParams::default(), &OptionValues::default(), false);
        assert!(matches!(decision, GoDecision::NoMove { in_check: true }));
        assert_eq!(GoDecision::no_move_lines(true, false), ["info depth 0 score mate 0", "bestmove (none)"]);
        assert_eq!(GoDecision::no_move_lines(false, true)[0], "info depth 0 score cp 0 wdl 0 1000 0");
    }

    #[test]
    fn warnings_print_as_info_string_text() {
        let warning = GoWarning::NoUsableLimit { fallback_ms: FALLBACK_MOVETIME_MS };
        assert_eq!(warning.to_string(), format!("go: no usable limit left; searching {FALLBACK_MOVETIME_MS} ms"));
        let start = Position::startpos();
        let params = GoParams { searchmoves: vec!["e2e5".to_string()], ..GoParams::default() };
        let GoDecision::Search(plan) = plan(&start, &params, &OptionValues::default(), false) else {
            panic!("the start position has moves");
        };
        assert_eq!(plan.warnings.len(), 1);
        assert!(plan.warnings[0].to_string().starts_with("searchmoves: "), "{}", plan.warnings[0]);
    }
}
