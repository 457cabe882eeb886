//! Helpers shared by the evaluation tests: the perft-suite positions, random
//! games and the colour-flipped mirror of a position.

#![allow(dead_code)]

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{MoveList, Position};

const PERFT_SUITE: &str = include_str!("../data/perftsuite_standard.epd");

/// Every position of the perft suite (the FEN before the first `;`).
pub fn perft_positions() -> Vec<Position> {
    PERFT_SUITE
        .lines()
        .filter_map(|line| line.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty())
        .map(|fen| Position::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e:?}")))
        .collect()
}

/// A small deterministic generator, so failures reproduce.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
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

/// The same position with ranks mirrored and colours swapped (side to move,
/// castling rights and the en-passant square included): its evaluation from
/// the side to move must be the same.
pub fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { white_first(&swap_case(fields[2])) };
    let en_passant = match fields[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".to_string(),
    };
    let mut out = format!("{} {side} {castling} {en_passant}", board.join("/"));
    for rest in &fields[4..] {
        out.push(' ');
        out.push_str(rest);
    }
    out
}

pub fn mirror(pos: &Position) -> Position {
    let fen = mirror_fen(&pos.to_fen());
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("mirrored FEN {fen} rejected: {e:?}"))
}

/// Castling letters in the usual order, White's first.
fn white_first(letters: &str) -> String {
    let (white, black): (String, String) = letters.chars().partition(char::is_ascii_uppercase);
    white + &black
}

fn swap_case(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect()
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
