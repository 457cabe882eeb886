//! Named special cases of the rules, each with perft counts and explicit
//! assertions on the moves involved. Every perft case also runs on its
//! colour-mirrored position, which must give the same counts.
//!
//! Sources of the counts: Martin Sedlak's perft test positions (published on
//! talkchess, repeated on the Chess Programming Wiki), and, for the positions
//! written for this file, counts computed with python-chess 1.11 and checked
//! by hand at depth 1.

mod common;

use common::fen::mirror_fen;
use common::position::{legal_moves, position};
use ferrochamp::board::perft::perft;
use ferrochamp::board::{Color, Move, Piece, PieceType, Position, Square};

/// Perft at depths 1..=expected.len(), on the position and on its mirror.
fn assert_perft(fen: &str, expected: &[u64]) {
    for fen in [fen.to_string(), mirror_fen(fen)] {
        let mut pos = position(&fen);
        let got: Vec<u64> = (1..=expected.len()).map(|depth| perft(&mut pos, depth as u8 as _)).collect();
        assert_eq!(got, expected, "perft 1..={} of {fen}", expected.len());
    }
}

/// The castling moves among the legal ones, in the given notation, sorted.
fn castling_moves(pos: &Position, chess960: bool) -> Vec<String> {
    let mut moves: Vec<String> =
        legal_moves(pos).into_iter().filter(|mv| mv.is_castling()).map(|mv| pos.move_to_uci(mv, chess960)).collect();
    moves.sort();
    moves
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square in test: {name}"))
}

fn white(piece_type: PieceType) -> Option<Piece> {
    Some(Piece::new(Color::White, piece_type))
}

// ---------------------------------------------------------------- en passant

#[test]
fn en_passant_that_uncovers_a_rank_check_is_illegal() {
    // b5xc6 e.p. removes b5 and c5 together and opens rank 5 from h5 to the king on a5.
    let fen = "8/8/8/KPp4r/8/8/8/7k w - c6 0 2";
    let pos = position(fen);
    assert!(!legal_moves(&pos).iter().any(|mv| mv.is_en_passant()), "{fen}: e.p. exposes the king");
    assert!(pos.parse_uci_move("b5c6", false).is_err(), "{fen}: b5c6 accepted");
    assert_perft(fen, &[4, 56, 259, 4225, 23591]);
    // Sedlak "illegal ep move #1": after ...d7-d5 the same capture would expose the king.
    assert_perft("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", &[18, 92, 1670, 10138, 185429, 1134888]);
}

#[test]
fn en_passant_that_uncovers_a_diagonal_check_is_illegal() {
    // d2-d4 checks the king on c5; e4xd3 e.p. would remove the checker but open the e3-c5 diagonal.
    let fen = "8/8/8/2k5/3Pp3/4B3/8/K7 b - d3 0 1";
    let pos = position(fen);
    assert!(pos.in_check());
    assert!(!legal_moves(&pos).iter().any(|mv| mv.is_en_passant()), "{fen}: e.p. exposes the king");
    assert_perft(fen, &[7, 76, 509, 5940, 39392]);
    // Sedlak "illegal ep move #2": the bishop on a2 pins along the diagonal after d2-d4 ...c4xd3.
    assert_perft("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", &[13, 102, 1266, 10276, 135655, 1015133]);
}

#[test]
fn en_passant_can_capture_the_checking_pawn() {
    let fen = "8/8/8/2k5/3Pp3/8/8/K7 b - d3 0 1";
    let mut pos = position(fen);
    assert!(pos.in_check());
    let mv = pos.parse_uci_move("e4d3", false).expect("e.p. captures the checker");
    assert!(mv.is_en_passant() && pos.is_capture(mv));
    assert_eq!(pos.captured_piece_type(mv), Some(PieceType::Pawn));
    pos.make_move(mv);
    assert_eq!(pos.piece_on(square("d4")), None, "the captured pawn leaves d4");
    assert_eq!(pos.piece_on(square("d3")), Some(Piece::new(Color::Black, PieceType::Pawn)));
    pos.unmake_move();
    assert_eq!(pos.to_fen(), position(fen).to_fen());
    assert_perft(fen, &[9, 33, 250, 1419, 10604]);
    // Sedlak "ep capture checks opponent".
    assert_perft("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", &[15, 126, 1928, 13931, 206379, 1440467]);
}

// ------------------------------------------------------------------ castling

/// `4k3/8/8/8/<rank 4>/8/8/R3K2R w KQ`: a black rook on rank 4 attacks one file.
const CASTLING_CASES: [(&str, &str, &[&str], [u64; 4]); 8] = [
    ("4r3", "out of check: no castling", &[], [4, 72, 1736, 29376]),
    ("5r2", "through f1: only O-O-O", &["e1c1"], [23, 396, 9273, 150389]),
    ("6r1", "into g1: only O-O-O", &["e1c1"], [25, 432, 10478, 173794]),
    ("3r4", "through d1: only O-O", &["e1g1"], [23, 396, 9314, 151662]),
    ("2r5", "into c1: only O-O", &["e1g1"], [25, 432, 10518, 175206]),
    ("1r6", "b1 attacked: the king does not cross it, both sides", &["e1c1", "e1g1"], [26, 449, 10992, 182071]),
    ("7r", "the rook on h1 attacked: both sides", &["e1c1", "e1g1"], [22, 374, 8633, 139101]),
    // The same counts are in the standard perft suite.
    ("8", "no attack: both sides", &["e1c1", "e1g1"], [26, 112, 3189, 17945]),
];

#[test]
fn castling_out_of_through_and_into_check() {
    for (rank4, what, castles, counts) in CASTLING_CASES {
        let fen = format!("4k3/8/8/8/{rank4}/8/8/R3K2R w KQ - 0 1");
        let pos = position(&fen);
        assert_eq!(castling_moves(&pos, false), castles, "{what}: {fen}");
        // Both the standard and the king-takes-rook spelling name the same move, when legal.
        for (standard, king_takes_rook) in [("e1g1", "e1h1"), ("e1c1", "e1a1")] {
            let legal = castles.contains(&standard);
            let parsed = pos.parse_uci_move(standard, false);
            assert_eq!(parsed.is_ok(), legal, "{what}: {standard} in {fen}");
            if legal {
                assert_eq!(pos.parse_uci_move(king_takes_rook, false), parsed, "{king_takes_rook} in {fen}");
            }
        }
        assert_perft(&fen, &counts);
    }
}

#[test]
fn castling_blocked_and_published_castling_cases() {
    // A knight on b1 blocks O-O-O even though the king never crosses b1.
    let fen = "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1";
    assert_eq!(castling_moves(&position(fen), false), ["e1g1"]);
    assert_perft(fen, &[25, 111, 3216, 18546]);
    // Sedlak: short and long castling that give check, castle rights lost by captures,
    // castling prevented by attacked squares.
    assert_perft("5k2/8/8/8/8/8/8/4K2R w K - 0 1", &[15, 66, 1198, 6399, 120330, 661072]);
    assert_perft("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", &[16, 71, 1286, 7418, 141077, 803711]);
    assert_perft("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", &[26, 1141, 27826, 1274206]);
    assert_perft("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", &[44, 1494, 50509, 1720476]);
}

#[test]
fn castling_moves_king_and_rook_and_unmake_restores_them() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut pos = position(fen);
    for (uci, king_to, rook_to, emptied) in [("e1g1", "g1", "f1", ["e1", "h1"]), ("e1c1", "c1", "d1", ["e1", "a1"])] {
        let mv = pos.parse_uci_move(uci, false).expect("castling is legal");
        assert!(mv.is_castling() && !pos.is_capture(mv), "{uci} is castling, not a capture");
        assert_eq!(pos.move_to_uci(mv, false), uci);
        assert_eq!(pos.move_to_uci(mv, true), format!("e1{}1", if uci == "e1g1" { 'h' } else { 'a' }));
        pos.make_move(mv);
        assert_eq!(pos.piece_on(square(king_to)), white(PieceType::King), "{uci}");
        assert_eq!(pos.piece_on(square(rook_to)), white(PieceType::Rook), "{uci}");
        for name in emptied {
            assert_eq!(pos.piece_on(square(name)), None, "{uci} leaves {name} empty");
        }
        assert!(pos.to_fen().contains(" b kq "), "White lost both rights: {}", pos.to_fen());
        pos.unmake_move();
        assert_eq!(pos.to_fen(), fen);
    }
}

// ---------------------------------------------------------------- promotions

#[test]
fn promotions_with_capture_to_every_piece() {
    // b7 can push to b8 or capture the rook on a8 or the knight on c8, each to four pieces.
    let fen = "r1n5/1P5k/8/8/8/8/8/4K3 w - - 0 1";
    let mut pos = position(fen);
    let promotions: Vec<Move> = legal_moves(&pos).into_iter().filter(|mv| mv.is_promotion()).collect();
    assert_eq!(promotions.len(), 12, "{fen}");
    for (target, captured) in [("a8", Some(PieceType::Rook)), ("b8", None), ("c8", Some(PieceType::Knight))] {
        for piece in [PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight] {
            let uci = format!("b7{target}{}", piece.letter());
            let mv = pos.parse_uci_move(&uci, false).unwrap_or_else(|err| panic!("{uci} rejected: {err}"));
            assert!(promotions.contains(&mv), "{uci} missing from the generated moves");
            assert_eq!(mv.promotion_piece(), Some(piece), "{uci}");
            assert_eq!(pos.move_to_uci(mv, false), uci);
            assert_eq!(pos.is_capture(mv), captured.is_some(), "{uci}");
            assert_eq!(pos.captured_piece_type(mv), captured, "{uci}");
            assert!(!pos.is_quiet(mv), "{uci}: promotions are not quiet");
            pos.make_move(mv);
            assert_eq!(pos.piece_on(square(target)), white(piece), "{uci}");
            assert_eq!(pos.piece_on(square("b7")), None, "{uci}");
            pos.unmake_move();
            assert_eq!(pos.to_fen(), fen, "unmake {uci}");
        }
    }
    // A promotion needs its letter.
    assert!(pos.parse_uci_move("b7b8", false).is_err());
    assert_perft(fen, &[17, 241, 3369, 52021, 801322]);
}

#[test]
fn published_promotion_and_mate_cases() {
    // Sedlak: promote out of check, discovered check, promote to give check,
    // underpromote to give check, self stalemate, stalemate and checkmate.
    assert_perft("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", &[11, 133, 1442, 19174, 266199, 3821001]);
    assert_perft("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", &[29, 165, 5160, 31961, 1004658]);
    assert_perft("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", &[9, 40, 472, 2661, 38983, 217342]);
    assert_perft("8/P1k5/K7/8/8/8/8/8 w - - 0 1", &[6, 27, 273, 1329, 18135, 92683]);
    assert_perft("K1k5/8/P7/8/8/8/8/8 w - - 0 1", &[2, 6, 13, 63, 382, 2217]);
    assert_perft("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", &[10, 25, 268, 926, 10857, 43261, 567584]);
    assert_perft("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", &[37, 183, 6559, 23527]);
}

// ------------------------------------------------------------------ Chess960

/// (FEN, legal castling moves in king-takes-rook notation with the king's and
/// the rook's squares afterwards, perft 1..4).
type Chess960Case = (&'static str, &'static [(&'static str, &'static str, &'static str)], [u64; 4]);

const CHESS960_CASES: [Chess960Case; 8] = [
    // King already on g1: O-O only moves the rook h1-f1; O-O-O goes g1-c1 and b1-d1.
    (
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
        &[("g1b1", "c1", "d1"), ("g1h1", "g1", "f1")],
        [24, 576, 13518, 317204],
    ),
    // Rook already on f1: O-O only moves the king e1-g1.
    ("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", &[("e1f1", "g1", "f1")], [14, 47, 781, 4432]),
    // King already on c1: O-O-O only moves the rook a1-d1.
    ("4k3/8/8/8/8/8/8/R1K5 w A - 0 1", &[("c1a1", "c1", "d1")], [14, 63, 1125, 6672]),
    // King b1, rook a1: they pass each other.
    ("4k3/8/8/8/8/8/8/RK6 w A - 0 1", &[("b1a1", "c1", "d1")], [12, 53, 945, 5549]),
    // Rook already on d1: O-O-O only moves the king; the knight on b1 is in nobody's way.
    ("4k3/8/8/8/8/8/8/1N1RK3 w D - 0 1", &[("e1d1", "c1", "d1")], [16, 53, 981, 5583]),
    // The castling rook on b1 shields c1 from the queen on a1: once it leaves, the king stands in check.
    ("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", &[], [4, 65, 876, 19079]),
    // f1 is attacked, but only the rook crosses it: castling is legal.
    ("k4r2/8/8/8/8/8/8/6KR w H - 0 1", &[("g1h1", "g1", "f1")], [10, 151, 2175, 31772]),
    // The king needs not move, but the rook's target f1 is taken.
    ("4k3/8/8/8/8/8/8/5BKR w H - 0 1", &[], [17, 77, 1643, 9407]),
];

#[test]
fn chess960_castling_with_king_or_rook_on_its_target_square() {
    for (fen, castles, counts) in CHESS960_CASES {
        let mut pos = position(fen);
        let expected: Vec<&str> = castles.iter().map(|&(uci, _, _)| uci).collect();
        assert_eq!(castling_moves(&pos, true), expected, "{fen}");
        for &(uci, king_to, rook_to) in castles {
            let mv = pos.parse_uci_move(uci, true).unwrap_or_else(|err| panic!("{uci} in {fen}: {err}"));
            assert!(mv.is_castling(), "{uci} in {fen} must be castling");
            assert_eq!(pos.move_to_uci(mv, true), uci);
            pos.make_move(mv);
            assert_eq!(pos.piece_on(square(king_to)), white(PieceType::King), "{uci} in {fen}");
            assert_eq!(pos.piece_on(square(rook_to)), white(PieceType::Rook), "{uci} in {fen}");
            assert_eq!(pos.by_color(Color::White).count(), position(fen).by_color(Color::White).count());
            assert_eq!(position(&pos.to_fen()).key(), pos.key(), "{uci} in {fen}: incremental key");
            pos.unmake_move();
            assert_eq!(pos.to_fen(), position(fen).to_fen(), "unmake {uci} in {fen}");
        }
        assert_perft(fen, &counts);
    }
}
