//! Our PGN reader and SAN resolution against python-chess, on every move of
//! `tests/data/book/san-games.pgn` (Turing-Glennie 1952, a game in the
//! spellings real files use, and random games with castling, promotions,
//! disambiguation, comments, NAGs and variations); `make_san_data.py` beside it
//! wrote the PGN and python-chess's reading of it.

use ferrochamp::board::Position;
use ferrochamp::book::pgn::parse_games;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book");

/// python-chess's main line of each game: (uci, san) pairs.
fn expected_games() -> Vec<Vec<(String, String)>> {
    let text = std::fs::read_to_string(format!("{DATA}/san-expected.txt")).expect("expected moves");
    text.lines()
        .map(|line| {
            let (_, moves) = line.split_once(": ").unwrap_or((line, ""));
            moves
                .split_whitespace()
                .map(|pair| {
                    let (uci, san) = pair.split_once('/').expect("uci/san");
                    (uci.to_string(), san.to_string())
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_move_resolves_and_prints_as_python_chess_says() {
    let text = std::fs::read_to_string(format!("{DATA}/san-games.pgn")).expect("PGN file");
    let games = parse_games(&text);
    let expected = expected_games();
    assert_eq!(games.len(), expected.len(), "number of games");
    let mut checked = 0;
    for (game, moves) in games.iter().zip(&expected) {
        assert_eq!(game.problem, None, "game {}", game.number);
        assert_eq!(game.moves.len(), moves.len(), "main line length of game {}", game.number);
        let mut pos = match game.tag("FEN") {
            Some(fen) => Position::from_fen(fen).expect("valid FEN tag"),
            None => Position::startpos(),
        };
        for (word, (uci, san)) in game.moves.iter().zip(moves) {
            let mv = pos.parse_san(word).unwrap_or_else(|err| panic!("game {}: {err}", game.number));
            assert_eq!(&pos.move_to_uci(mv, false), uci, "game {}, '{word}'", game.number);
            assert_eq!(&pos.move_to_san(mv), san, "game {}, SAN of {uci}", game.number);
            pos.make_move(mv);
            checked += 1;
        }
    }
    assert!(checked > 3000, "only {checked} moves checked");
}

#[test]
fn the_file_has_the_features_the_test_is_about() {
    let all: Vec<String> = expected_games().into_iter().flatten().map(|(_, san)| san).collect();
    let count = |test: &dyn Fn(&str) -> bool| all.iter().filter(|san| test(san)).count();
    let disambiguated = |san: &str| {
        let core = san.trim_end_matches(['+', '#']).replace('x', "");
        san.starts_with(['N', 'B', 'R', 'Q', 'K']) && core.len() >= 4 && !san.contains('=')
    };
    assert!(count(&|s| s.starts_with("O-O-O")) >= 2);
    assert!(count(&|s| s.starts_with("O-O") && !s.starts_with("O-O-O")) >= 5);
    assert!(count(&|s| s.contains('=')) >= 10);
    assert!(count(&|s| s.contains("=N") || s.contains("=R") || s.contains("=B")) >= 2);
    assert!(count(&disambiguated) >= 20);
    assert!(count(&|s| s.ends_with('#')) >= 1);
    let text = std::fs::read_to_string(format!("{DATA}/san-games.pgn")).expect("PGN file");
    for marker in ["{", "(", "$", ";", "\n%", "0-0-0", "b8Q", "!?"] {
        assert!(text.contains(marker), "the PGN has no '{marker}'");
    }
}

/// Random damage to a real PGN file (characters deleted, PGN's special
/// characters inserted) must never make the reader or the builder panic; every
/// game the reader returns is either used or skipped with a message.
#[test]
fn damaged_pgn_never_panics() {
    use ferrochamp::book::builder::{BookBuilder, BuildLimits};
    let original: Vec<char> =
        std::fs::read_to_string(format!("{DATA}/san-games.pgn")).expect("PGN file").chars().collect();
    let specials = ['{', '}', '(', ')', '[', ']', '"', ';', '%', '$', '.', '\n', '=', 'x', '-', '0', '½', '*', '\\'];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    for _ in 0..300 {
        let mut text = original.clone();
        for _ in 0..1 + next(20) {
            let at = next(text.len());
            if next(2) == 0 {
                text.remove(at);
            } else {
                text.insert(at, specials[next(specials.len())]);
            }
        }
        let text: String = text.into_iter().collect();
        let games = parse_games(&text).len();
        let mut builder = BookBuilder::new(BuildLimits { max_ply: 30, min_games: 1 });
        builder.add_pgn("damaged.pgn", &text);
        assert_eq!(builder.games_used() + builder.skipped().len(), games);
        let book = builder.build();
        assert!(ferrochamp::book::Book::from_bytes(&book.to_bytes()).is_ok());
    }
}
