//! Self-play data generation: a couple of tiny games give well-formed lines
//! that the tuner's reader accepts.

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{MoveList, Position};
use ferrochamp::tune::dataset::parse_line;
use ferrochamp::tune::{run_datagen, DatagenConfig};

#[test]
fn two_tiny_games_write_well_formed_quiet_positions() {
    let path = std::env::temp_dir().join(format!("ferrochamp-{}-datagen.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let config = DatagenConfig {
        output: path.clone(),
        games: Some(2),
        nodes: 400,
        threads: 2,
        hash: 1,
        // Keep the games short: adjudicate early.
        win_score: 400,
        win_plies: 4,
        draw_after_move: 1,
        draw_score: 30,
        draw_plies: 6,
        progress: false,
        ..DatagenConfig::default()
    };
    run_datagen(config).expect("datagen runs");
    let text = std::fs::read_to_string(&path).expect("output written");
    let _ = std::fs::remove_file(&path);
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty(), "no positions written");
    let mut results = std::collections::BTreeSet::new();
    for line in &lines {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "not `FEN | score | result`: {line}");
        let pos = Position::from_fen(fields[0]).expect("a valid FEN");
        assert!(!pos.in_check(), "recorded a position in check: {line}");
        let mut moves = MoveList::new();
        generate_legal(&pos, &mut moves);
        assert!(!moves.is_empty(), "recorded a finished position: {line}");
        let score: i32 = fields[1].parse().expect("an integer score");
        assert!(score.abs() < 30_000, "a mate score slipped through: {line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "bad result: {line}");
        results.insert(fields[2]);
        let labelled = parse_line(line).expect("the tuner reads it").expect("a position");
        assert_eq!(labelled.fen, fields[0]);
    }
    // Two games: at most two distinct results.
    assert!(results.len() <= 2);
    // Random openings: the games do not start from the standard position's first move.
    assert!(!lines[0].starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
}
