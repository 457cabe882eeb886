//! A thousand short searches with two threads, interleaved with every command
//! that can race a search: each `go` must get exactly one legal `bestmove`.

mod common;

use std::time::Duration;

use common::position::startpos_after;
use common::rng::Rng;
use common::uci::{legal_bestmove, Engine};

const GAMES_MOVES: [&str; 4] = [
    "",
    " moves e2e4 e7e5 g1f3 b8c6 f1b5",
    " moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5",
    " moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
];

fn searches() -> usize {
    std::env::var("FERROCHAMP_STRESS_SEARCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000)
}

#[test]
fn a_thousand_short_searches_each_get_one_legal_bestmove() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.isready();
    // Deterministic, so that a failure can be replayed.
    let mut rng = Rng::new(0x5EED_1234_ABCD_0001);
    for round in 0..searches() {
        let moves = GAMES_MOVES[rng.below(4)];
        let pos = startpos_after(moves.split_whitespace().skip(1));
        match rng.below(6) {
            0 => engine.send("ucinewgame"),
            1 => engine.send(&format!("setoption name Hash value {}", 1 + rng.below(32))),
            2 => engine.send("isready"),
            _ => {}
        }
        engine.send(&format!("position startpos{moves}"));
        let go = match rng.below(5) {
            0 => "go nodes 3000".to_string(),
            1 => format!("go movetime {}", 1 + rng.below(10)),
            2 => "go depth 3".to_string(),
            3 => "go ponder wtime 100 btime 100".to_string(),
            _ => "go infinite".to_string(),
        };
        engine.send(&go);
        match rng.below(4) {
            0 => engine.send("isready"),
            1 => engine.send("ponderhit"),
            _ => {}
        }
        if go.contains("infinite") || go.contains("ponder") || rng.below(2) == 0 {
            engine.send("stop");
        }
        let lines = engine.read_until("bestmove", Duration::from_secs(10));
        if let Err(err) = legal_bestmove(&pos, lines.last().expect("bestmove line")) {
            panic!("round {round}: {err} after '{go}'");
        }
        // A stray second bestmove would show up before this readyok.
        engine.send("isready");
        let lines = engine.read_until("readyok", Duration::from_secs(10));
        let extra: Vec<_> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert!(extra.is_empty(), "round {round}: second bestmove {extra:?} after '{go}'");
    }
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)));
}
