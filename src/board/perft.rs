//! Perft: counts the leaf nodes of the legal move tree, the standard check
//! that move generation is exact.

use super::chess_move::{Move, MoveList};
use super::movegen::{count_legal, generate_legal};
use super::position::Position;

/// Leaf nodes at `depth`; the last ply is counted in bulk without making moves.
#[must_use]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut moves = MoveList::new();
            generate_legal(pos, &mut moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                pos.make_move(mv);
                nodes += perft(pos, depth - 1);
                pos.unmake_move();
            }
            nodes
        }
    }
}

/// Leaf nodes below each root move, in generation order.
#[must_use]
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    generate_legal(pos, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            pos.make_move(mv);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake_move();
            (mv, nodes)
        })
        .collect()
}

/// The `go perft` / `perft --divide` report: `move: count` per root move, a
/// blank line, then `Nodes searched: N`. Returns the lines and the total.
#[must_use]
pub fn divide_report(pos: &mut Position, depth: u32, chess960: bool) -> (Vec<String>, u64) {
    let counts = divide(pos, depth);
    let total = counts.iter().map(|(_, count)| count).sum();
    let mut lines: Vec<String> =
        counts.iter().map(|(mv, count)| format!("{}: {count}", pos.move_to_uci(*mv, chess960))).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    (lines, total)
}
