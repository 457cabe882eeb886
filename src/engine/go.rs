//! Turning a `go` command into a search plan, and the search's answer into a
//! `bestmove` line that is always legal.

use crate::board::{Color, Move, MoveList, Position};
use crate::board::movegen::generate_legal;
use crate::search::{SearchLimits, SearchResult};
use crate::uci::options::names;
use crate::uci::{GoParams, OptionValues};

/// Deepest iteration the search may be asked for: the search's own limit.
pub use crate::search::score::MAX_DEPTH;

/// Everything one search needs to know, decided before it starts.
#[derive(Clone, Debug)]
pub struct GoPlan {
    pub root: Position,
    pub limits: SearchLimits,
    /// The root moves the search may choose from (all legal moves, or the legal `searchmoves`).
    pub candidates: Vec<Move>,
    /// `go infinite`: no `bestmove` before `stop`, even after `ponderhit`.
    pub infinite: bool,
    /// Only one move is possible: a timed search should answer at once.
    pub single_reply: bool,
    /// Things to tell the GUI in `info string` lines.
    pub warnings: Vec<String>,
}

/// Search time for a `go` left with no limit after malformed parameters were
/// dropped: short, because the GUI probably runs a clock the engine could not read.
pub const FALLBACK_MOVETIME_MS: i64 = 100;

/// `params` ready to search. When a parameter was dropped or not understood
/// and nothing is left that would ever end the search (`go depth -5` would
/// otherwise search until a `stop` that a GUI waiting for `bestmove` never
/// sends), a short fixed-time search; the note says so.
#[must_use]
pub fn with_fallback(params: &GoParams, us: Color) -> (GoParams, Option<String>) {
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
    (fallback, Some(format!("go: no usable limit left; searching {FALLBACK_MOVETIME_MS} ms")))
}

/// Plans a search from `root`. When there is no legal move to search, the
/// error holds the lines to print instead (`info ...` and `bestmove (none)`).
pub fn plan(root: &Position, params: &GoParams, options: &OptionValues, chess960: bool) -> Result<GoPlan, String> {
    let mut legal = MoveList::new();
    generate_legal(root, &mut legal);
    let mut warnings = Vec::new();
    let mut candidates: Vec<Move> = legal.iter().copied().collect();
    let mut searchmoves = Vec::new();
    for text in &params.searchmoves {
        match root.parse_uci_move(text, chess960) {
            Ok(mv) if !searchmoves.contains(&mv) => searchmoves.push(mv),
            Ok(_) => {}
            Err(err) if text != "0000" => warnings.push(format!("searchmoves: {err}")),
            Err(_) => {}
        }
    }
    if !searchmoves.is_empty() {
        candidates.clone_from(&searchmoves);
    }
    if candidates.is_empty() {
        let score = if root.in_check() { "mate 0" } else { "cp 0" };
        return Err(format!("info depth 0 score {score}\nbestmove (none)"));
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
    Ok(GoPlan {
        root: root.clone(),
        limits,
        single_reply: candidates.len() == 1,
        candidates,
        infinite: params.infinite,
        warnings,
    })
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
