//! Each term fires where a chess player would expect it: checked through the
//! coefficients the traced evaluation records (White count, Black count).

use ferrochamp::board::Position;
use ferrochamp::eval::evaluate_traced;
use ferrochamp::eval::layout::idx;

/// How often the weight at `index` counted for White and for Black in `fen`.
fn counts(fen: &str, index: usize) -> [i32; 2] {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    evaluate_traced(&pos).coeffs[index]
}

#[test]
fn pawn_structure_terms() {
    // White: a2 and c2 isolated, e2/e3 doubled; Black: f7-g7 phalanx, h6 supported by g7.
    let fen = "4k3/5pp1/7p/8/8/4P3/P1P1P3/4K3 w - - 0 1";
    assert_eq!(counts(fen, idx::PAWN_ISOLATED), [4, 0]);
    assert_eq!(counts(fen, idx::PAWN_DOUBLED), [1, 0]);
    assert_eq!(counts(fen, idx::PAWN_PHALANX + 1), [0, 2]);
    assert_eq!(counts(fen, idx::PAWN_SUPPORTED + 2), [0, 1]);
}

#[test]
fn backward_pawn_is_seen() {
    // Black's d6: its neighbour c5 has gone past it, and White's e4 hits the stop square d5.
    let fen = "4k3/8/3p4/2p5/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(counts(fen, idx::PAWN_BACKWARD + 1), [0, 1], "unopposed backward pawn");
    // With c7 still behind it, d6 can be supported: not backward.
    let supported = "4k3/2p5/3p4/8/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(counts(supported, idx::PAWN_BACKWARD)[1] + counts(supported, idx::PAWN_BACKWARD + 1)[1], 0);
}

#[test]
fn passed_pawn_terms() {
    // White a5 runs; the black king on h1 is outside the square; Black to move is too late.
    let fen = "8/8/8/P7/8/8/8/4K2k b - - 0 1";
    assert_eq!(counts(fen, idx::PASSED_RANK + 4), [1, 0]);
    assert_eq!(counts(fen, idx::PASSED_FREE_PATH + 4), [1, 0]);
    assert_eq!(counts(fen, idx::PASSED_UNSTOPPABLE), [1, 0]);
    // With the black king on d5 the pawn is caught.
    let caught = "8/8/8/P2k4/8/8/8/4K3 b - - 0 1";
    assert_eq!(counts(caught, idx::PASSED_UNSTOPPABLE), [0, 0]);
    // A rook behind the passer.
    let rook = "4k3/8/8/P7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(counts(rook, idx::PASSED_ROOK_BEHIND), [1, 0]);
}

#[test]
fn piece_terms() {
    // Bishop pair for White; rook on the open d-file; knight on a protected e5 outpost.
    let fen = "r3k3/pp4pp/8/4N3/3P4/8/PP3PPP/2BRKB2 w - - 0 1";
    assert_eq!(counts(fen, idx::BISHOP_PAIR), [1, 0]);
    assert_eq!(counts(fen, idx::OUTPOST), [1, 0]);
    // An f-pawn that can still advance to f6 spoils the outpost.
    let chased = "r3k3/pp3ppp/8/4N3/3P4/8/PP3PPP/2BRKB2 w - - 0 1";
    assert_eq!(counts(chased, idx::OUTPOST), [0, 0]);
    assert_eq!(counts(fen, idx::ROOK_FILE)[0] + counts(fen, idx::ROOK_FILE + 1)[0], 0, "d-file holds a white pawn");
    let open = "3rk3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1";
    assert_eq!(counts(open, idx::ROOK_FILE + 1), [1, 1]);
    // The bishop taken on a7 and shut in by b6.
    let trapped = "4k3/B7/1p6/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(counts(trapped, idx::TRAPPED_BISHOP), [1, 0]);
    // Rook h1 boxed in by the king on f1 behind pawns g2/h2.
    let boxed = "4k3/8/8/8/8/8/6PP/5K1R w - - 0 1";
    assert_eq!(counts(boxed, idx::TRAPPED_ROOK), [1, 0]);
}

#[test]
fn threat_terms() {
    // The e4 pawn attacks the d5 knight; the c3 knight attacks the undefended rook on a4.
    let fen = "4k3/8/8/3n4/r3P3/2N5/8/4K3 w - - 0 1";
    assert_eq!(counts(fen, idx::THREAT_BY_PAWN + 1), [1, 0]);
    assert_eq!(counts(fen, idx::THREAT_BY_MINOR + 3), [1, 0]);
    assert_eq!(counts(fen, idx::HANGING)[0], 2);
}

#[test]
fn king_safety_terms() {
    // White king g1 behind f2 g2 h2: shelter on rank 2 for all three files.
    // (Black keeps an a-pawn: a bare king's safety is not evaluated.)
    let fen = "4k3/p7/8/8/8/8/5PPP/6K1 w - - 0 1";
    let shelter_g = idx::KING_SHELTER + 8 + 1; // g-file: one from the edge, pawn on rank 2
    assert_eq!(counts(fen, shelter_g), [1, 0]);
    // Black king e8 without pawns near it: d and e files open, f half-open (White's f2).
    assert_eq!(counts(fen, idx::KING_OPEN_FILE + 1)[1], 2);
    assert_eq!(counts(fen, idx::KING_OPEN_FILE)[1], 1);
    // Queen and rook bearing down on an exposed king: danger is counted.
    let attacked = "6k1/5p2/6pQ/8/8/8/8/4K1R1 b - - 0 1";
    let pos = Position::from_fen(attacked).expect("valid");
    let trace = evaluate_traced(&pos);
    assert!(trace.danger[1].mg() > 0, "danger {:?}", trace.danger);
    assert!(trace.coeffs[idx::KS_ATTACKER_WEIGHT + 4][1] == 1);
}

#[test]
fn king_left_in_the_centre_is_counted_only_against_a_queen() {
    // White king e1 facing a black queen; the black king on g8 is castled.
    let with_queen = "r1b2rk1/ppppqppp/2n2n2/8/8/2N2N2/PPPP1PPP/R1B1KB1R w KQ - 0 8";
    assert_eq!(counts(with_queen, idx::KING_CENTRE_FILE + 4), [1, 0]);
    assert_eq!(counts(with_queen, idx::KING_CENTRE_FILE + 6), [0, 0], "no queen on White's side: g8 is not weighed");
    // Without the black queen the white king may stay in the centre.
    let without_queen = "r1b2rk1/pppp1ppp/2n2n2/8/8/2N2N2/PPPP1PPP/R1BQKB1R w KQ - 0 8";
    assert_eq!(counts(without_queen, idx::KING_CENTRE_FILE + 4), [0, 0]);
    // Castled kings on g1 and g8 with both queens on: the g-file weight, zero by design, is recorded.
    let castled = "r1bq1rk1/pppp1ppp/2n2n2/8/8/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 8";
    assert_eq!(counts(castled, idx::KING_CENTRE_FILE + 6), [1, 1]);
}

#[test]
fn complexity_counts_pawns_wings_and_pawn_endgames() {
    // Six pawns, all on the kingside, rooks on: no wing bonus, not a pawn ending.
    let one_wing = "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    assert_eq!(counts(one_wing, idx::COMPLEXITY_PAWNS), [6, 0]);
    assert_eq!(counts(one_wing, idx::COMPLEXITY_BOTH_FLANKS), [0, 0]);
    assert_eq!(counts(one_wing, idx::COMPLEXITY_PAWN_ENDGAME), [0, 0]);
    assert_eq!(counts(one_wing, idx::COMPLEXITY_OFFSET), [1, 0], "counted once, in White's slot");
    // Kings and pawns on both wings.
    let pawn_ending = "6k1/p4ppp/8/8/8/8/P4PPP/6K1 w - - 0 1";
    assert_eq!(counts(pawn_ending, idx::COMPLEXITY_BOTH_FLANKS), [1, 0]);
    assert_eq!(counts(pawn_ending, idx::COMPLEXITY_PAWN_ENDGAME), [1, 0]);
}

#[test]
fn complexity_moves_the_endgame_half_but_never_past_zero() {
    use ferrochamp::eval::complexity_adjustment;
    assert_eq!(complexity_adjustment(120, -50), -50, "a drawish position shrinks White's edge");
    assert_eq!(complexity_adjustment(-120, -50), 50, "and Black's alike");
    assert_eq!(complexity_adjustment(30, -50), -30, "down to zero, not beyond");
    assert_eq!(complexity_adjustment(-30, -50), 30);
    assert_eq!(complexity_adjustment(80, 40), 40, "a complex position enlarges it");
    assert_eq!(complexity_adjustment(0, 40), 0, "a level endgame half stays level");
    // A rook up with few pawns on one wing: the adjustment pulls towards zero, keeping the sign.
    let pos = Position::from_fen("4k3/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").expect("fen");
    let trace = evaluate_traced(&pos);
    let complexity = trace.terms[ferrochamp::eval::trace::Term::Complexity as usize][0].eg();
    let before = trace.total().eg() - complexity;
    assert!(before > 0 && complexity < 0 && before + complexity > 0, "{before} {complexity}");
}

#[test]
fn king_defenders_and_distance_from_the_pawns() {
    // White's king zone (f1..h3) holds f2 g2 h2 and the f3 knight; Black's (d8..f6) holds nothing.
    let fen = "4k3/p7/8/8/8/5N2/5PPP/6K1 w - - 0 1";
    assert_eq!(counts(fen, idx::KING_DEFENDERS + 4), [1, 0]);
    assert_eq!(counts(fen, idx::KING_DEFENDERS), [0, 1]);
    // The g1 king stands on a pawn file; the e8 king one file from the f-pawn.
    assert_eq!(counts(fen, idx::KING_PAWN_FILE_DISTANCE), [1, 0]);
    assert_eq!(counts(fen, idx::KING_PAWN_FILE_DISTANCE + 1), [0, 1]);
}

#[test]
fn restricted_squares_lose_one_to_a_pawn_guard() {
    // Both rooks sweep a2..a7; Black's b6 pawn guards a5, so White restricts five squares, Black six.
    let fen = "r6k/8/1p6/8/8/8/8/R6K w - - 0 1";
    assert_eq!(counts(fen, idx::RESTRICTED), [5, 6]);
}

#[test]
fn a_centre_pawn_push_gains_space() {
    // Start: c3..f4 are safe for each side, 8 squares times 7 pieces over 4.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(counts(start, idx::SPACE), [14, 14]);
    // After e4: e2 is freed, and e3 and e2 behind the pawn count twice (10 squares);
    // the pawn's attacks take d5 and f5 from Black (6 squares).
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(counts(e4, idx::SPACE), [17, 10]);
}

/// One expectation for the terms added with the teacher fit: why it holds, the position, the
/// weight's index and how often it counts for White and for Black.
type Case = (&'static str, &'static str, usize, [i32; 2]);

fn check(cases: &[Case]) {
    for &(why, fen, index, expected) in cases {
        assert_eq!(counts(fen, index), expected, "{why}: {fen}");
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn closedness_moves_knight_and_rook_values() {
    let open = "4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1";
    let locked = "4k3/pp6/2p1pp2/3p2pp/P2PP1PP/2P2P2/1P6/R3K1N1 w - - 0 1";
    check(&[
        ("16 pawns, none rammed, no open file: 16 / 3", START, idx::CLOSED_KNIGHT + 5, [2, 2]),
        ("16 pawns, none rammed, no open file: 16 / 3", START, idx::CLOSED_ROOK + 5, [2, 2]),
        ("no pawns, eight open files", open, idx::CLOSED_KNIGHT, [1, 0]),
        ("no pawns, eight open files", open, idx::CLOSED_ROOK, [1, 0]),
        ("three rammed pairs: (16 + 3 * 3) / 3, capped at 8", locked, idx::CLOSED_KNIGHT + 8, [1, 0]),
    ]);
}

#[test]
fn minor_distance_to_own_king() {
    let bishops = idx::MINOR_KING_DISTANCE + 8;
    check(&[
        ("the b1 knight is 3 from e1", START, idx::MINOR_KING_DISTANCE + 3, [1, 1]),
        ("the g1 knight is 2 from e1", START, idx::MINOR_KING_DISTANCE + 2, [1, 1]),
        ("the c1 bishop is 2 from e1", START, bishops + 2, [1, 1]),
        ("the f1 bishop is 1 from e1", START, bishops + 1, [1, 1]),
    ]);
}

#[test]
fn bishop_terms_beyond_the_pair() {
    check(&[
        (
            "the fianchettoed g2 bishop sees e4 and d5 past the pawns",
            "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1",
            idx::BISHOP_LONG_DIAGONAL,
            [1, 0],
        ),
        (
            "a pawn on e4 blocks its view of d5",
            "rnbqkbnr/pppppppp/8/8/4P3/6P1/PPPP1PBP/RNBQK1NR w KQkq - 0 1",
            idx::BISHOP_LONG_DIAGONAL,
            [0, 0],
        ),
        (
            "enemy pawns e3 and h6 lie on the c1 bishop's diagonal",
            "4k3/8/7p/8/8/4p3/8/2B1K3 w - - 0 1",
            idx::BISHOP_XRAY_PAWNS,
            [2, 0],
        ),
    ]);
}

#[test]
fn queen_exposure_terms() {
    check(&[
        (
            "the c5 knight alone stands between the d4 queen and the a7 bishop",
            "4k3/b7/8/2N5/3Q4/8/8/4K3 w - - 0 1",
            idx::WEAK_QUEEN,
            [1, 0],
        ),
        ("two pieces between: no pin, no discovery", "4k3/b7/1N6/2N5/3Q4/8/8/4K3 w - - 0 1", idx::WEAK_QUEEN, [0, 0]),
        (
            "the d1 knight can hit the lone d5 queen from c3 or e3, both safe",
            "4k3/8/8/3q4/8/8/8/3NK3 w - - 0 1",
            idx::KNIGHT_ON_QUEEN,
            [2, 0],
        ),
        ("no black pawn can reach a queen on d6", "4k3/8/3Q4/8/8/8/8/4K3 w - - 0 1", idx::QUEEN_INFILTRATION, [1, 0]),
        ("the e7 pawn can chase a queen on d6", "4k3/4p3/3Q4/8/8/8/8/4K3 w - - 0 1", idx::QUEEN_INFILTRATION, [0, 0]),
        ("the d1 rook on the black queen's file", "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", idx::ROOK_ON_QUEEN_FILE, [1, 0]),
    ]);
}

#[test]
fn pawn_terms_added_with_the_teacher() {
    let rammed = "4k3/8/4p3/4P3/8/8/P7/4K3 w - - 0 1";
    let per_pawn = "4k3/p6r/8/8/8/8/PPP5/1N2K3 w - - 0 1";
    check(&[
        ("e5 is rammed by e6", rammed, idx::PAWN_BLOCKED, [1, 0]),
        ("a2 is isolated and unopposed; e5 and e6 face each other", rammed, idx::PAWN_ISOLATED_UNOPPOSED, [1, 0]),
        ("a passer on the a-file is an edge passer", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", idx::PASSED_FILE, [1, 0]),
        ("a knight with three own pawns", per_pawn, idx::KNIGHT_PER_PAWN, [3, 0]),
        ("Black's rook with one own pawn", per_pawn, idx::ROOK_PER_PAWN, [0, 1]),
        (
            "kings on g1 and e8: no pawn on the f-h or d-f files",
            "4k3/p7/8/8/8/8/P7/6K1 w - - 0 1",
            idx::PAWNLESS_FLANK,
            [1, 1],
        ),
    ]);
}
