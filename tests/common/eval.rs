//! Positions for the evaluation tests: the perft-suite positions and random
//! games from them.

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{MoveList, Position};

use super::perft::{load_suite, STANDARD_SUITE};
use super::position::position;
use super::rng::Rng;

/// Every position of the standard perft suite.
pub fn perft_positions() -> Vec<Position> {
    load_suite(STANDARD_SUITE).iter().map(|entry| position(&entry.fen)).collect()
}

/// The positions of `games` random games of at most `plies` plies from `start`.
pub fn random_game_positions(start: &Position, games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            moves.clear();
            generate_legal(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            pos.make_move(mv);
            out.push(Position::from_fen(&pos.to_fen()).expect("own FEN parses"));
        }
    }
    out
}

/// The perft positions and random games from them and from the start.
pub fn test_positions() -> Vec<Position> {
    let mut all = perft_positions();
    let starts: Vec<Position> = all.iter().step_by(8).cloned().collect();
    for (i, start) in starts.iter().enumerate() {
        all.extend(random_game_positions(start, 2, 80, 0x9E37 + i as u64));
    }
    all.extend(random_game_positions(&Position::startpos(), 30, 160, 12345));
    all
}
