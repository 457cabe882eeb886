//! The long forced mates of `data/mates/long_mates.epd` (made by
//! `scripts/long_mates.py make`, see `data/README.md`) and its sample in
//! `tests/data/long_mates_sample.epd`: every line reads as an EPD problem with
//! a legal best move and a mate in 5 to 12, names its source, and no position
//! repeats; the sample's lines are lines of the set, and none of its positions
//! has a mate in one or two (a brute-force check of what Stockfish's `dm` says).
//! No search: a few milliseconds.

mod common;

use std::collections::{HashMap, HashSet};

use common::position::legal_moves;
use ferrochamp::board::Position;
use ferrochamp::epd::parse::{parse_problem, split_line, Problem};

const SET: &str = include_str!("../data/mates/long_mates.epd");
const SAMPLE: &str = include_str!("data/long_mates_sample.epd");
const SHORTEST: i32 = 5;
const LONGEST: i32 = 12;
const MOST_FROM_ONE_GAME: usize = 3;

/// Every non-blank line of `text` as (line, problem); a line that does not read fails the test.
fn problems(text: &str) -> Vec<(&str, Problem)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| match parse_problem(line, index + 1) {
            Ok(Some(problem)) => (line, problem),
            Ok(None) => panic!("line {} is a comment: {line}", index + 1),
            Err(err) => panic!("line {}: {err}: {line}", index + 1),
        })
        .collect()
}

/// The `c0` comment of a line (its source: file, game, ply, how it was found).
fn source(line: &str) -> String {
    let (_, operations) = split_line(line).ok().flatten().unwrap_or_else(|| panic!("unsplittable: {line}"));
    let c0 = operations.iter().find(|op| op.opcode == "c0").unwrap_or_else(|| panic!("no c0: {line}"));
    c0.operands.join(" ")
}

fn check_problem(line: &str, problem: &Problem) {
    let mate = problem.mate.unwrap_or_else(|| panic!("no dm: {line}"));
    assert!((SHORTEST..=LONGEST).contains(&mate), "dm {mate} outside {SHORTEST}..{LONGEST}: {line}");
    assert_eq!(problem.best.len(), 1, "one bm move: {line}");
    assert!(problem.id.starts_with("long."), "id: {line}");
    assert!(problem.avoid.is_empty() && problem.points.is_empty(), "only bm, dm, id: {line}");
    assert!(!legal_moves(&problem.position).is_empty(), "the game is over: {line}");
}

#[test]
fn every_line_of_the_set_is_a_long_mate_with_its_source() {
    let set = problems(SET);
    assert!(set.len() >= 100, "only {} positions", set.len());
    let mut ids = HashSet::new();
    let mut positions = HashSet::new();
    let mut per_game: HashMap<String, usize> = HashMap::new();
    for (line, problem) in &set {
        check_problem(line, problem);
        assert!(ids.insert(problem.id.clone()), "id repeated: {line}");
        assert!(positions.insert(problem.position.key()), "position repeated: {line}");
        let from = source(line);
        let words: Vec<&str> = from.split_whitespace().collect();
        assert!(words.len() == 6 && words[1] == "game" && words[3] == "ply", "c0 '{from}': {line}");
        assert!(["claim", "mated-claim", "final-mate"].contains(&words[5]), "how found '{}': {line}", words[5]);
        let game = format!("{} {}", words[0], words[2]);
        *per_game.entry(game.clone()).or_default() += 1;
        assert!(per_game[&game] <= MOST_FROM_ONE_GAME, "more than {MOST_FROM_ONE_GAME} from {game}");
    }
    let lengths: HashSet<i32> = set.iter().filter_map(|(_, p)| p.mate).collect();
    assert!(lengths.len() >= 4, "mate lengths {lengths:?}");
}

#[test]
fn the_sample_is_part_of_the_set() {
    let set: HashSet<&str> = SET.lines().collect();
    let sample = problems(SAMPLE);
    assert!(sample.len() >= 8, "only {} sample positions", sample.len());
    for (line, problem) in &sample {
        check_problem(line, problem);
        assert!(set.contains(line), "not a line of data/mates/long_mates.epd: {line}");
    }
}

/// Whether the side to move mates within `moves` moves, whatever the defence.
fn mates_within(pos: &Position, moves: u32) -> bool {
    moves > 0
        && legal_moves(pos).into_iter().any(|mv| {
            let mut next = pos.clone();
            next.make_move(mv);
            let replies = legal_moves(&next);
            if replies.is_empty() {
                return next.in_check();
            }
            replies.into_iter().all(|reply| {
                let mut after = next.clone();
                after.make_move(reply);
                mates_within(&after, moves - 1)
            })
        })
}

#[test]
fn no_sample_position_mates_in_one_or_two() {
    for (line, problem) in problems(SAMPLE) {
        assert!(!mates_within(&problem.position, 2), "a mate in two or less: {line}");
    }
    // The check itself finds a mate in two when there is one.
    let mate_in_two = Position::from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").expect("a valid FEN");
    assert!(!mates_within(&mate_in_two, 1) && mates_within(&mate_in_two, 2));
    let back_rank = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("a valid FEN");
    assert!(mates_within(&back_rank, 1));
}
