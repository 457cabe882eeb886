//! FEN: printing and parsing back every suite position, the castling
//! notations, the en-passant normalisation, and a corpus of malformed FENs
//! that must each give an error and never a panic.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use common::attacks::is_attacked_naive;
use common::fen::castling_rook_files;
use common::perft::{load_suite, PerftEntry, CPW_SUITE, FISCHER_SUITE, STANDARD_SUITE};
use common::position::{legal_moves, position};
use common::rng::Rng;
use ferrochamp::board::{Bitboard, Color, PieceType, Position, Square};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn fields(fen: &str) -> Vec<&str> {
    fen.split_whitespace().collect()
}

// --------------------------------------------------------------- round trips

/// Compares a printed FEN with the suite's text: same board, side, clocks and
/// castling rights (in whatever notation), and an en-passant square kept when
/// a capture is possible and dropped when no pawn could even try one.
fn check_round_trip(entry: &PerftEntry) -> Result<(), String> {
    let pos = Position::from_fen(&entry.fen).map_err(|err| format!("rejected: {err}"))?;
    let printed = pos.to_fen();
    let (original, out) = (fields(&entry.fen), fields(&printed));
    if out.len() != 6 {
        return Err(format!("printed {printed} has {} fields", out.len()));
    }
    if (original[0], original[1], &original[4..]) != (out[0], out[1], &out[4..]) {
        return Err(format!("board, side or clocks changed: {printed}"));
    }
    if castling_rook_files(&entry.fen) != castling_rook_files(&printed) || castling_rook_files(&printed).is_none() {
        return Err(format!("castling rights changed: {printed}"));
    }
    let ep_capture_exists = legal_moves(&pos).iter().any(|mv| mv.is_en_passant());
    let expected_ep = if ep_capture_exists { original[3] } else { "-" };
    if out[3] != expected_ep && !(out[3] == original[3] && pawn_attacks_ep_square(&pos, original[3])) {
        return Err(format!("en-passant square {} printed as {}", original[3], out[3]));
    }
    let reparsed = Position::from_fen(&printed).map_err(|err| format!("own output {printed} rejected: {err}"))?;
    if reparsed.to_fen() != printed || reparsed.key() != pos.key() || reparsed.pawn_key() != pos.pawn_key() {
        return Err(format!("printing is not stable: {printed} -> {}", reparsed.to_fen()));
    }
    Ok(())
}

/// Whether a pawn of the side to move attacks the square at all (the capture
/// may still be illegal); in that case keeping the square is not wrong.
fn pawn_attacks_ep_square(pos: &Position, square: &str) -> bool {
    let Some(target) = Square::parse(square) else { return false };
    let us = pos.side_to_move();
    // `Bitboard::any` (non-empty) shadows `Iterator::any`.
    Iterator::any(&mut pos.pieces(us, PieceType::Pawn), |pawn: Square| {
        let file_step = i32::from(target.file()) - i32::from(pawn.file());
        let rank_step = i32::from(target.rank()) - i32::from(pawn.rank());
        file_step.abs() == 1 && rank_step == us.sign()
    })
}

fn check_suite_round_trips(text: &str, exact: bool) {
    let mut errors = Vec::new();
    for entry in load_suite(text) {
        let result = check_round_trip(&entry).and_then(|()| {
            // Standard-chess positions print castling as KQkq, exactly as they came in.
            let printed = position(&entry.fen).to_fen();
            (!exact || printed == entry.fen).then_some(()).ok_or(format!("printed as {printed}"))
        });
        if let Err(err) = result {
            errors.push(format!("line {}: {}: {err}", entry.line, entry.fen));
        }
    }
    assert!(errors.is_empty(), "{} round-trip failures:\n{}", errors.len(), errors.join("\n"));
}

#[test]
fn standard_suite_positions_round_trip_exactly() {
    check_suite_round_trips(STANDARD_SUITE, true);
    check_suite_round_trips(CPW_SUITE, true);
}

#[test]
fn chess960_suite_positions_round_trip() {
    check_suite_round_trips(FISCHER_SUITE, false);
}

#[test]
fn startpos_and_four_field_epd() {
    assert_eq!(Position::startpos().to_fen(), START_FEN);
    let epd = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(epd.to_fen(), START_FEN, "a 4-field EPD position gets clocks 0 1");
    assert_eq!((epd.halfmove_clock(), epd.fullmove_number()), (0, 1));
    assert_eq!(epd.key(), Position::startpos().key());
}

#[test]
fn the_key_ignores_the_clocks() {
    let a = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let b = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 37 80");
    assert_eq!((b.halfmove_clock(), b.fullmove_number()), (37, 80));
    assert_eq!(a.key(), b.key());
    assert_eq!(a.pawn_key(), b.pawn_key());
}

// ------------------------------------------------------- castling notations

/// The Shredder castling field written in X-FEN: `K`/`Q` for the outermost
/// rook on each side of the king, the file letter for an inner rook.
fn shredder_to_x_fen(fen: &str) -> String {
    let mut parts: Vec<String> = fields(fen).iter().map(ToString::to_string).collect();
    let rights = castling_rook_files(fen).unwrap_or_default();
    let mut castling = String::new();
    for &(color, file) in &rights {
        let as_king_side = format!("{} {} K -", parts[0], parts[1]);
        let as_queen_side = format!("{} {} Q -", parts[0], parts[1]);
        let letter = if castling_rook_files(&as_king_side).is_some_and(|r| r == [('w', file)]) && color == 'w' {
            'K'
        } else if castling_rook_files(&as_queen_side).is_some_and(|r| r == [('w', file)]) && color == 'w' {
            'Q'
        } else if castling_rook_files(&as_king_side.replace(" K -", " k -")).is_some_and(|r| r == [('b', file)]) {
            'k'
        } else if castling_rook_files(&as_queen_side.replace(" Q -", " q -")).is_some_and(|r| r == [('b', file)]) {
            'q'
        } else if color == 'w' {
            (b'A' + file) as char
        } else {
            (b'a' + file) as char
        };
        castling.push(letter);
    }
    parts[2] = if castling.is_empty() { "-".to_string() } else { castling };
    parts.join(" ")
}

#[test]
fn shredder_and_x_fen_castling_name_the_same_rights() {
    let standard = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let shredder = position("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(standard.key(), shredder.key());
    assert_eq!(standard.to_fen(), shredder.to_fen());

    let mut mismatches = Vec::new();
    for entry in load_suite(FISCHER_SUITE) {
        let x_fen = shredder_to_x_fen(&entry.fen);
        let (a, b) = (position(&entry.fen), position(&x_fen));
        if a.key() != b.key() || a.to_fen() != b.to_fen() || legal_moves(&a).len() != legal_moves(&b).len() {
            mismatches.push(format!("{} vs {x_fen}", entry.fen));
        }
    }
    assert!(mismatches.is_empty(), "Shredder and X-FEN differ:\n{}", mismatches.join("\n"));
}

#[test]
fn x_fen_inner_rook_letter_differs_from_outer_rook() {
    // Two white rooks left of the king: `Q` names a1 (blocked by b1), `B` names b1.
    // (The keys may be equal: the castling rooks are fixed for a whole game, so two
    // positions of one game never differ only in which rook castles.)
    let outer = position("1r2k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    let inner = position("1r2k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert!(!legal_moves(&outer).iter().any(|mv| mv.is_castling()));
    assert_eq!((legal_moves(&outer).len(), legal_moves(&inner).len()), (21, 22));
    // The printed FEN keeps the inner rook, so printing and parsing back loses nothing.
    assert_ne!(outer.to_fen(), inner.to_fen());
    let reparsed = position(&inner.to_fen());
    for pos in [&inner, &reparsed] {
        let castles: Vec<String> =
            legal_moves(pos).iter().filter(|mv| mv.is_castling()).map(|&mv| pos.move_to_uci(mv, true)).collect();
        assert_eq!(castles, ["e1b1"], "{}", pos.to_fen());
    }
}

// ---------------------------------------------------------------- en passant

#[test]
fn uncapturable_en_passant_square_is_accepted_and_dropped() {
    // After 1.e4 e5 the square e6 is well-formed, but no white pawn can take on it.
    let with_ep = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    let without = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(with_ep.to_fen(), without.to_fen());
    assert_eq!(with_ep.key(), without.key(), "a dead e.p. square must not split the key");

    // After 1.e4 from the start position no black pawn can take on e3 either.
    let mut pos = Position::startpos();
    let e4 = pos.parse_uci_move("e2e4", false).expect("legal");
    pos.make_move(e4);
    assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(pos.key(), position(&pos.to_fen()).key());
}

#[test]
fn capturable_en_passant_square_is_kept_in_fen_and_key() {
    let fen = "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let pos = position(fen);
    assert_eq!(pos.to_fen(), fen);
    assert_ne!(pos.key(), position(&fen.replace(" f6 ", " - ")).key());
    assert!(pos.parse_uci_move("e5f6", false).is_ok_and(|mv| mv.is_en_passant()));
}

// ------------------------------------------------------------ invalid FENs

/// Malformed FENs, each with what is wrong with it.
const INVALID_FENS: &[(&str, &str)] = &[
    ("", "empty string"),
    ("   ", "only blanks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "one field"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "two fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "three fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "five fields: only 4 or 6 are valid"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4", "seven fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter X"),
    ("rnbqkbnr/pppppppp/8/3x4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter x"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♜ w KQkq - 0 1", "a Unicode chess symbol"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has only 7 squares"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "digit 9 overflows the rank"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has 9 squares"),
    ("rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece plus 8 empty squares"),
    ("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "0 is not an empty-square count"),
    ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "nine ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "seven ranks"),
    ("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "an empty rank"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "trailing slash"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "no white king"),
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no black king"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "empty board, no kings"),
    ("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w kq - 0 1", "two white kings"),
    ("rnbqkbnr/pppppppp/8/3k4/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "two black kings"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on the eighth rank"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on the first rank"),
    ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on the eighth rank"),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black pawn on the first rank"),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Black, not to move, is in check from the rook"),
    ("8/8/8/8/8/3k4/4P3/4K3 w - - 0 1", "Black, not to move, is in check from the pawn"),
    ("4k3/8/8/8/8/8/8/4K3 b - - 0 1 x", "seven fields, trailing garbage"),
    ("4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "White, not to move, is in check from the queen"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K without a rook"),
    ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling right k without a rook right of the king"),
    ("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "castling rights with the king off its home rank"),
    ("4k3/8/8/8/8/8/8/R3K2R w KB - 0 1", "Shredder letter B names an empty b1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "bad castling letter x"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQ-kq - 0 1", "dash mixed into castling letters"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move x"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", "side to move wb"),
    ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2", "e.p. e3 on the wrong rank for White to move"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "e.p. e6 on the wrong rank for Black to move"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "e.p. square on rank 4"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e.p. d6 without a black pawn on d5"),
    ("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2", "e.p. d6, but d7 is occupied: d7-d5 was not the last move"),
    ("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 2", "e.p. d6, but d6 itself is occupied"),
    ("4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 2", "e.p. d6 behind a white pawn"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "e.p. square off the board"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z6 0 1", "e.p. file z"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "e.p. square without a rank"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "negative halfmove clock"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "negative fullmove number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "non-numeric halfmove clock"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "non-numeric fullmove number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", "fractional halfmove clock"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", "halfmove clock overflows"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999", "fullmove overflows"),
    ("hello world", "garbage"),
    ("w KQkq - 0 1", "no board"),
    ("/////// w - - 0 1", "ranks without squares"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\0w KQkq - 0 1", "NUL byte instead of a blank"),
    ("é/8/8/8/8/8/8/8 w - - 0 1", "multi-byte character in a rank"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5", "EPD operations are not part of a FEN"),
    ("knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1", "27 white queens: more than 256 legal moves"),
    ("KNqqqqqq/NNq4q/qq5q/q6q/q6q/q6q/q6q/qqqqqqqk b - - 0 1", "the colour-mirrored 27 black queens"),
    ("QQQQQQQQ/QQQQQQQQ/8/8/8/8/k7/7K w - - 0 1", "17 white men"),
    ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 black pawns"),
    ("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "a second queen with all 8 pawns on the board"),
    ("4k3/8/8/8/8/8/PPPPPPP1/RRRRK3 w - - 0 1", "four rooks need two missing pawns, one is missing"),
    ("4k3/8/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1", "two bishops on light squares with all 8 pawns"),
    ("nnn1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", "a third black knight with all 8 pawns"),
    ("qqqqkqqq/ppp5/8/8/8/8/8/4K3 b - - 0 1", "seven black queens but only five missing pawns"),
];

/// Very long inputs, built at run time.
fn long_invalid_fens() -> Vec<(String, &'static str)> {
    vec![
        (format!("{} w - - 0 1", "8/".repeat(100_000)), "100 000 ranks"),
        (format!("{} w - - 0 1", "1".repeat(100_000)), "a rank of 100 000 ones"),
        (format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", "9".repeat(10_000)), "a 10 000-digit clock"),
        (format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(10_000)), "10 000 castling letters"),
        ("x".repeat(1_000_000), "a million letters"),
        (format!("{START_FEN} {}", "1 ".repeat(10_000)), "thousands of extra fields"),
    ]
}

/// Parses without letting a panic escape: `Err(message)` describes what went wrong.
fn parse_guarded(fen: &str) -> Result<Result<Position, String>, String> {
    catch_unwind(|| Position::from_fen(fen).map_err(|err| err.to_string())).map_err(|_| "panicked".to_string())
}

#[test]
fn every_invalid_fen_is_an_error() {
    let long = long_invalid_fens();
    let corpus =
        INVALID_FENS.iter().map(|&(fen, why)| (fen, why)).chain(long.iter().map(|(fen, why)| (fen.as_str(), *why)));
    let mut wrong = Vec::new();
    for (fen, why) in corpus {
        let shown: String = fen.chars().take(90).collect();
        match parse_guarded(fen) {
            Err(panic) => wrong.push(format!("{why}: {panic}: {shown}")),
            Ok(Ok(pos)) => wrong.push(format!("{why}: accepted as {}", pos.to_fen())),
            Ok(Err(message)) if message.trim().is_empty() => wrong.push(format!("{why}: empty error message")),
            Ok(Err(_)) => {}
        }
    }
    assert!(wrong.is_empty(), "{} invalid FENs not rejected:\n{}", wrong.len(), wrong.join("\n"));
}

// ----------------------------------------------------------------- fuzzing

const FUZZ_ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/',
    ' ', '-', 'w', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'A', 'C', 'D', 'E', 'F', 'G', 'H', 'x', 'é',
];

/// A FEN with one to three random character edits.
fn mutate(fen: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let letter = FUZZ_ALPHABET[rng.below(FUZZ_ALPHABET.len())];
        match rng.below(4) {
            0 if at < chars.len() => chars[at] = letter,
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 => chars.truncate(at),
            _ => chars.insert(at, letter),
        }
    }
    chars.into_iter().collect()
}

/// What any accepted position must satisfy, whatever text it came from.
fn check_accepted(pos: &mut Position) -> Result<(), String> {
    let printed = pos.to_fen();
    let us = pos.side_to_move();
    for color in Color::BOTH {
        if pos.pieces(color, PieceType::King).count() != 1 {
            return Err(format!("{color:?} has not exactly one king"));
        }
    }
    if (pos.by_type(PieceType::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
        return Err("pawn on a back rank".into());
    }
    if is_attacked_naive(pos, pos.king_square(us.flip()), us) {
        return Err("the side not to move is in check".into());
    }
    match Position::from_fen(&printed) {
        Ok(again) if again.to_fen() == printed => {}
        _ => return Err(format!("own output does not parse back: {printed}")),
    }
    for &mv in legal_moves(pos).iter() {
        pos.make_move(mv);
        pos.unmake_move();
        if pos.to_fen() != printed {
            return Err(format!("make/unmake {} changed the position", pos.move_to_uci(mv, true)));
        }
    }
    Ok(())
}

/// The most material and the most moves a game can reach are still accepted.
#[test]
fn extreme_but_reachable_material_is_accepted() {
    let reachable = [
        ("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218),
        ("4k3/8/8/8/8/8/PPPPPPP1/RRR1K3 w - - 0 1", 0),
        ("4k3/8/8/8/8/8/PPPPPP2/1B1BK1B1 w - - 0 1", 0),
        ("qqqqkqqq/pp6/8/8/8/8/8/4K3 b - - 0 1", 0),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20),
    ];
    for (fen, moves) in reachable {
        let pos = Position::from_fen(fen).unwrap_or_else(|err| panic!("{fen} refused: {err}"));
        if moves > 0 {
            assert_eq!(legal_moves(&pos).len(), moves, "{fen}");
        }
    }
}

#[test]
fn impossible_material_is_refused_with_a_message_naming_it() {
    let err = Position::from_fen("knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1").expect_err("27 queens");
    assert!(err.to_string().contains("men; a game allows at most 16"), "{err}");
    let err = Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1").expect_err("extra queen");
    assert!(err.to_string().contains("1 pieces beyond the initial set but only 0 missing pawns"), "{err}");
}

#[test]
fn mutated_fens_never_panic_and_accepted_ones_are_sane() {
    let mut rng = Rng::new(0x00F3_F00D);
    let seeds: Vec<String> =
        [STANDARD_SUITE, FISCHER_SUITE, CPW_SUITE].into_iter().flat_map(load_suite).map(|entry| entry.fen).collect();
    let mut problems = Vec::new();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let fen = mutate(&seeds[rng.below(seeds.len())], &mut rng);
        match parse_guarded(&fen) {
            Err(panic) => problems.push(format!("from_fen {panic}: {fen}")),
            Ok(Err(_)) => {}
            Ok(Ok(mut pos)) => {
                accepted += 1;
                match catch_unwind(AssertUnwindSafe(|| check_accepted(&mut pos))) {
                    Ok(Ok(())) => {}
                    Ok(Err(err)) => problems.push(format!("accepted {fen}: {err}")),
                    Err(_) => problems.push(format!("accepted {fen}, then panicked")),
                }
            }
        }
        if problems.len() >= 20 {
            break;
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    // Sanity of the fuzzer itself: some mutants (a changed clock, a moved piece) stay valid.
    assert!(accepted > 100, "only {accepted} mutants accepted: the fuzzer tests nothing");
}
