//! Probing agrees entry for entry with an independent reader (python-chess's
//! `chess.polyglot`) on the positions of `tests/data/book/gnuchess-probes.txt`,
//! walked along GNU Chess's book; `make_probe_data.py` beside it wrote both files.

mod common;

use std::path::Path;

use common::position::startpos_after;
use ferrochamp::board::Position;
use ferrochamp::book::{polyglot_key, Book};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book");

struct Probe {
    moves: String,
    key: u64,
    entries: Vec<String>,
}

fn probes() -> Vec<Probe> {
    let text = std::fs::read_to_string(format!("{DATA}/gnuchess-probes.txt")).expect("probe list");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "malformed line: {line}");
            Probe {
                moves: fields[0].trim().to_string(),
                key: u64::from_str_radix(fields[1].trim(), 16).expect("hex key"),
                entries: fields[2].split_whitespace().map(str::to_string).collect(),
            }
        })
        .collect()
}

/// The probe list's moves: `-` is the start position.
fn position_after(moves: &str) -> Position {
    startpos_after(moves.split_whitespace().filter(|&m| m != "-"))
}

#[test]
fn every_probe_matches_python_chess() {
    let book = Book::open(Path::new(&format!("{DATA}/gnuchess-subset.bin"))).expect("the subset is a valid book");
    let probes = probes();
    let mut with_entries = 0;
    for probe in &probes {
        let pos = position_after(&probe.moves);
        assert_eq!(polyglot_key(&pos), probe.key, "key after '{}'", probe.moves);
        let ours: Vec<String> = book
            .moves(&pos)
            .iter()
            .map(|m| format!("{}:{}:{}", pos.move_to_uci(m.mv, false), m.weight, m.learn))
            .collect();
        assert_eq!(ours, probe.entries, "entries after '{}'", probe.moves);
        with_entries += usize::from(!ours.is_empty());
    }
    assert!(probes.len() >= 300 && with_entries >= 300, "{} probes, {with_entries} in the book", probes.len());
}

#[test]
fn castling_entries_are_read_as_castling() {
    let book = Book::open(Path::new(&format!("{DATA}/gnuchess-subset.bin"))).expect("valid book");
    let castles = probes()
        .iter()
        .map(|probe| {
            let pos = position_after(&probe.moves);
            book.moves(&pos).into_iter().filter(|m| m.mv.is_castling()).count()
        })
        .sum::<usize>();
    assert!(castles > 10, "only {castles} castling entries found");
}
