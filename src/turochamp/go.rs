//! Running Turochamp for a UCI `go`: the same inputs and outputs as the normal
//! search (stop flag, candidate moves, one `info` line, a [`SearchResult`]).

use std::fmt::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::board::{Move, Position};
use crate::search::{InfoSink, SearchResult};
use crate::wdl::wdl;

use super::search::search;

/// Node budget of one move when `go` gives none. A full Turochamp search
/// usually takes a few thousand nodes; this bound (well under a second here)
/// only matters in positions full of hanging pieces, and the stop flag
/// (raised by the time manager at the hard limit) still comes first.
pub const DEFAULT_MAX_NODES: u64 = 2_000_000;

/// Searches `root` by Turing's rules over `candidates` (legal, at least one),
/// prints one exact `info ... score ... pv ...` line (with `wdl W D L` after
/// the score when `show_wdl`) and returns the move.
pub fn run(
    root: &Position,
    candidates: &[Move],
    stop: &AtomicBool,
    max_nodes: Option<u64>,
    info: &dyn InfoSink,
    chess960: bool,
    show_wdl: bool,
) -> (SearchResult, u64) {
    let started = Instant::now();
    let result = search(root, candidates, stop, max_nodes.unwrap_or(DEFAULT_MAX_NODES).max(1));
    let time_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let pv = &result.best.pv;
    let nps = result.nodes.saturating_mul(1000) / time_ms.max(1);
    let mut line =
        format!("info depth 2 seldepth {} multipv 1 score {}", result.seldepth.max(2), result.best.value.uci_score());
    if show_wdl {
        let chances = wdl(result.best.value.search_score(), root);
        // Writing to a String cannot fail.
        let _ = write!(line, " wdl {} {} {}", chances.win, chances.draw, chances.loss);
    }
    let _ = write!(line, " nodes {} nps {nps} time {time_ms} pv", result.nodes);
    let mut pos = root.clone();
    for &mv in pv {
        // Writing to a String cannot fail.
        let _ = write!(line, " {}", pos.move_to_uci(mv, chess960));
        pos.make_move(mv);
    }
    if !result.complete {
        info.info("info string Turochamp: search cut short by the clock or node limit");
    }
    info.info(&line);
    let search_result = SearchResult {
        best_move: result.best.mv,
        ponder_move: pv.get(1).copied().unwrap_or(Move::NONE),
        score: 0,
        depth: 2,
        seldepth: result.seldepth,
        pv: pv.clone(),
        lines: Vec::new(),
    };
    (search_result, result.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Lines(Mutex<Vec<String>>);

    impl InfoSink for Lines {
        fn info(&self, line: &str) {
            self.0.lock().expect("not poisoned").push(line.to_string());
        }
    }

    #[test]
    fn prints_one_exact_line_whose_pv_starts_with_the_move() {
        let root = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").expect("valid");
        let candidates: Vec<Move> =
            ["d2d5", "e1e2"].iter().map(|m| root.parse_uci_move(m, false).expect("legal")).collect();
        let lines = Lines(Mutex::new(Vec::new()));
        let (result, nodes) = run(&root, &candidates, &AtomicBool::new(false), None, &lines, false, false);
        let lines = lines.0.into_inner().expect("not poisoned");
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("info depth 2 seldepth "), "{}", lines[0]);
        // Rook against nothing: 5 pawns of material difference.
        assert!(lines[0].contains(" score cp 500 nodes "), "{}", lines[0]);
        assert!(lines[0].contains(" pv d2d5"), "{}", lines[0]);
        assert_eq!(result.best_move, candidates[0]);
        assert!(nodes > 0);
    }

    #[test]
    fn shows_win_draw_loss_after_the_score_when_asked() {
        let root = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").expect("valid");
        let candidates: Vec<Move> = ["d2d5"].iter().map(|m| root.parse_uci_move(m, false).expect("legal")).collect();
        let lines = Lines(Mutex::new(Vec::new()));
        run(&root, &candidates, &AtomicBool::new(false), None, &lines, false, true);
        let lines = lines.0.into_inner().expect("not poisoned");
        let after = lines[0].split(" score cp 500 wdl ").nth(1).expect("wdl right after the score");
        let chances: Vec<u32> = after.split(' ').take(3).map(|n| n.parse().expect("a number")).collect();
        assert_eq!(chances.iter().sum::<u32>(), 1000, "{}", lines[0]);
        assert!(chances[0] > chances[2], "a rook up wins more than it loses: {}", lines[0]);
    }
}
