//! Perft: counts the leaf nodes of the legal move tree, the standard check
//! that move generation is exact.

use std::sync::atomic::{AtomicBool, Ordering};

use super::chess_move::{Move, MoveList};
use super::movegen::{count_legal, generate_legal};
use super::position::Position;

/// The deepest perft accepted. Even the emptiest positions could not finish
/// far below it, and it keeps the recursion a few dozen frames deep on any
/// thread's stack (a depth of 20 000 used to overflow it).
pub const MAX_DEPTH: u32 = 64;
/// [`MAX_DEPTH`] for error messages.
pub const DEPTH_RANGE: &str = "a depth from 0 to 64";

/// Leaf nodes at `depth`; the last ply is counted in bulk without making moves.
#[must_use]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    count_until(pos, depth, &AtomicBool::new(false))
}

/// Leaf nodes at `depth`, or a partial count once `stop` is raised. The flag is
/// read above the last two plies only, where its cost is lost in the move generation.
pub fn count_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            if depth > 2 && stop.load(Ordering::Relaxed) {
                return 0;
            }
            let mut moves = MoveList::new();
            generate_legal(pos, &mut moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                pos.make_move(mv);
                nodes += count_until(pos, depth - 1, stop);
                pos.unmake_move();
            }
            nodes
        }
    }
}

/// Leaf nodes below each root move, in generation order.
#[must_use]
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    divide_until(pos, depth, &AtomicBool::new(false))
}

fn divide_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    generate_legal(pos, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            pos.make_move(mv);
            let nodes = count_until(pos, depth.saturating_sub(1), stop);
            pos.unmake_move();
            (mv, nodes)
        })
        .collect()
}

/// The `go perft` / `perft --divide` report: `move: count` per root move, a
/// blank line, then `Nodes searched: N`. Returns the lines and the total.
#[must_use]
pub fn divide_report(pos: &mut Position, depth: u32, chess960: bool) -> (Vec<String>, u64) {
    divide_report_until(pos, depth, chess960, &AtomicBool::new(false))
}

/// [`divide_report`] that gives up once `stop` is raised; the counts are then
/// partial and the last line says `perft stopped` instead of the total.
pub fn divide_report_until(pos: &mut Position, depth: u32, chess960: bool, stop: &AtomicBool) -> (Vec<String>, u64) {
    let counts = divide_until(pos, depth, stop);
    let total = counts.iter().map(|(_, count)| count).sum();
    if stop.load(Ordering::Relaxed) {
        return (vec![format!("info string perft stopped after {total} nodes")], total);
    }
    let mut lines: Vec<String> =
        counts.iter().map(|(mv, count)| format!("{}: {count}", pos.move_to_uci(*mv, chess960))).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    (lines, total)
}
