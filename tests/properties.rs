//! Properties checked along a few hundred random games, from the start
//! position and from the suites' positions (standard and Chess960): the
//! incremental keys, make/unmake, the legality and partition of the generated
//! moves, the attacked squares, the move predicates, `is_legal` (pseudo-legality and king safety), and UCI notation.
//!
//! The games are random but deterministic (a seeded generator), so a
//! failure is reproducible; its message names the start, the moves and the FEN.

mod common;

use common::attacks::{is_attacked_naive, is_attacked_naive_by};
use common::perft::{load_suite, CPW_SUITE, FISCHER_SUITE, STANDARD_SUITE};
use common::position::{legal_moves, position};
use common::rng::Rng;
use ferrochamp::board::movegen::{generate_noisy, generate_quiet};
use ferrochamp::board::{Bitboard, Color, Move, MoveKind, MoveList, Piece, PieceType, Position, Square};

/// Plies per random game; most games are still going at this point.
const MAX_PLIES: usize = 120;
/// Positions between two exhaustive scans of all 65 536 move encodings.
const FULL_SCAN_INTERVAL: usize = 64;

/// Where a random game starts, and the move notation it uses.
struct Start {
    fen: String,
    chess960: bool,
}

/// 100 games from the start position, one from each standard-suite and CPW
/// position, and one from every eighth Chess960 position.
fn starts() -> Vec<Start> {
    let standard = |fen: String| Start { fen, chess960: false };
    let mut starts: Vec<Start> = (0..100).map(|_| standard(Position::startpos().to_fen())).collect();
    starts.extend(load_suite(STANDARD_SUITE).into_iter().map(|entry| standard(entry.fen)));
    starts.extend(load_suite(CPW_SUITE).into_iter().map(|entry| standard(entry.fen)));
    starts
        .extend(load_suite(FISCHER_SUITE).into_iter().step_by(8).map(|entry| Start { fen: entry.fen, chess960: true }));
    starts
}

fn collect(generate: fn(&Position, &mut MoveList), pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.as_slice().to_vec()
}

/// Plays random legal games from every start and runs `check` on each position
/// reached. `check` may change the position but must restore it; it gets its
/// own generator so that the games do not depend on what it draws.
fn for_each_position(seed: u64, mut check: impl FnMut(&mut Position, &Start, &mut Rng) -> Result<(), String>) {
    let mut game_rng = Rng::new(seed);
    let mut check_rng = Rng::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    for start in &starts() {
        let mut pos = position(&start.fen);
        let mut played = Vec::new();
        for _ in 0..MAX_PLIES {
            let fen_before = pos.to_fen();
            let verdict = check(&mut pos, start, &mut check_rng).and_then(|()| {
                let fen_after = pos.to_fen();
                (fen_after == fen_before).then_some(()).ok_or(format!("the check changed the position to {fen_after}"))
            });
            if let Err(err) = verdict {
                panic!("{err}\n  position: {fen_before}\n  game from {} after: {}", start.fen, played.join(" "));
            }
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[game_rng.below(moves.len())];
            played.push(pos.move_to_uci(mv, start.chess960));
            pos.make_move(mv);
        }
    }
}

/// Every hash key a position keeps.
#[derive(Debug, PartialEq, Eq)]
struct Keys {
    full: u64,
    pawn: u64,
    /// White's, then Black's.
    non_pawn: [u64; 2],
}

fn all_keys(pos: &Position) -> Keys {
    Keys {
        full: pos.key(),
        pawn: pos.pawn_key(),
        non_pawn: [pos.non_pawn_key(Color::White), pos.non_pawn_key(Color::Black)],
    }
}

/// The keys of the same position built from scratch out of its FEN.
fn keys_from_scratch(pos: &Position) -> Result<Keys, String> {
    let fen = pos.to_fen();
    let fresh = Position::from_fen(&fen).map_err(|err| format!("own FEN {fen} rejected: {err}"))?;
    Ok(all_keys(&fresh))
}

fn check_keys(pos: &Position, context: &str) -> Result<(), String> {
    let incremental = all_keys(pos);
    let scratch = keys_from_scratch(pos)?;
    if incremental == scratch {
        Ok(())
    } else {
        Err(format!("{context}: incremental {incremental:x?} vs from scratch {scratch:x?}"))
    }
}

#[test]
fn incremental_keys_equal_keys_from_scratch() {
    for_each_position(1, |pos, start, _| {
        check_keys(pos, "position")?;
        for mv in legal_moves(pos) {
            let uci = pos.move_to_uci(mv, start.chess960);
            let moves_a_pawn = pos.moved_piece(mv).piece_type() == PieceType::Pawn
                || pos.captured_piece_type(mv) == Some(PieceType::Pawn);
            let only_pawns = pos.moved_piece(mv).piece_type() == PieceType::Pawn
                && matches!(pos.captured_piece_type(mv), None | Some(PieceType::Pawn))
                && mv.kind() != MoveKind::Promotion;
            let before = all_keys(pos);
            pos.make_move(mv);
            let result = check_keys(pos, &format!("after {uci}"));
            let after = all_keys(pos);
            pos.unmake_move();
            result?;
            if !moves_a_pawn && after.pawn != before.pawn {
                return Err(format!("{uci} moves no pawn but changes the pawn key"));
            }
            if only_pawns && after.non_pawn != before.non_pawn {
                return Err(format!("{uci} moves only pawns but changes a non-pawn key"));
            }
        }
        Ok(())
    });
}

/// Everything make/unmake must restore, in one comparable value.
fn snapshot(pos: &Position) -> (String, u64, u64, u64, usize) {
    (pos.to_fen(), pos.key(), pos.pawn_key(), pos.checkers().0, pos.history_len())
}

#[test]
fn unmake_and_null_moves_restore_the_position_exactly() {
    for_each_position(2, |pos, start, _| {
        let before = snapshot(pos);
        for mv in legal_moves(pos) {
            pos.make_move(mv);
            let grew = pos.history_len() == before.4 + 1;
            pos.unmake_move();
            let uci = pos.move_to_uci(mv, start.chess960);
            if !grew {
                return Err(format!("make {uci} did not push one history entry"));
            }
            if snapshot(pos) != before {
                return Err(format!("make/unmake {uci} left {:?}, expected {before:?}", snapshot(pos)));
            }
        }
        if !pos.in_check() {
            pos.make_null();
            let side_flipped = pos.side_to_move() != start_side(&before.0);
            let keys = check_keys(pos, "after a null move");
            pos.unmake_null();
            keys?;
            if !side_flipped || snapshot(pos) != before {
                return Err("the null move did not flip the side or unmake_null did not restore".into());
            }
        }
        Ok(())
    });
}

fn start_side(fen: &str) -> Color {
    if fen.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    }
}

#[test]
fn generated_moves_are_legal_unique_and_partitioned() {
    for_each_position(3, |pos, start, _| {
        let legal = legal_moves(pos);
        let (noisy, quiet) = (collect(generate_noisy, pos), collect(generate_quiet, pos));
        let mut sorted: Vec<u16> = legal.iter().map(|mv| mv.raw()).collect();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != legal.len() {
            return Err("generate_legal returned a move twice".into());
        }
        let mut split: Vec<u16> = noisy.iter().chain(&quiet).map(|mv| mv.raw()).collect();
        split.sort_unstable();
        if split != sorted {
            return Err(format!("noisy ({}) + quiet ({}) != legal ({})", noisy.len(), quiet.len(), legal.len()));
        }
        let us = pos.side_to_move();
        let naive_check = is_attacked_naive(pos, pos.king_square(us), us.flip());
        if pos.in_check() != naive_check || pos.checkers().any() != naive_check {
            return Err(format!("in_check {} but the king is attacked: {naive_check}", pos.in_check()));
        }
        for &mv in &noisy {
            if !(pos.is_capture(mv) || mv.is_promotion()) {
                return Err(format!("noisy {} is neither capture nor promotion", pos.move_to_uci(mv, start.chess960)));
            }
        }
        for &mv in &quiet {
            if pos.is_capture(mv) || mv.is_promotion() {
                return Err(format!("quiet {} captures or promotes", pos.move_to_uci(mv, start.chess960)));
            }
        }
        for mv in legal {
            pos.make_move(mv);
            let exposed = is_attacked_naive(pos, pos.king_square(us), us.flip());
            pos.unmake_move();
            if exposed {
                return Err(format!("{} leaves the king attacked", pos.move_to_uci(mv, start.chess960)));
            }
        }
        Ok(())
    });
}

#[test]
fn attacked_squares_agree_with_a_walk_of_the_board() {
    use PieceType::{Bishop, King, Knight, Pawn, Queen, Rook};
    for_each_position(9, |pos, _, _| {
        for by in [Color::White, Color::Black] {
            let threats = pos.threats_by(by);
            let layers: [(&str, Bitboard, &[PieceType]); 4] = [
                ("by_pawn", threats.by_pawn, &[Pawn]),
                ("by_minor", threats.by_minor, &[Pawn, Knight, Bishop]),
                ("by_rook", threats.by_rook, &[Pawn, Knight, Bishop, Rook]),
                ("all", threats.all, &[Pawn, Knight, Bishop, Rook, Queen, King]),
            ];
            for (name, attacked, types) in layers {
                let disagrees = |sq: &Square| attacked.contains(*sq) != is_attacked_naive_by(pos, *sq, by, types);
                if let Some(square) = Square::all().find(disagrees) {
                    let said = attacked.contains(square);
                    return Err(format!("threats_by({by:?}).{name} says {said} on {square:?}"));
                }
            }
        }
        Ok(())
    });
}

/// What a move's predicates must say, worked out from the board alone.
fn check_predicates(pos: &mut Position, mv: Move, uci: &str) -> Result<(), String> {
    let us = pos.side_to_move();
    let mover = pos.piece_on(mv.from()).ok_or(format!("{uci}: no piece on the from square"))?;
    let target = pos.piece_on(mv.to()).filter(|piece| piece.color() != us);
    let captured = if mv.is_en_passant() { Some(PieceType::Pawn) } else { target.map(|piece| piece.piece_type()) };
    if mover.color() != us || pos.moved_piece(mv) != mover {
        return Err(format!("{uci}: moved_piece {:?}, board has {mover:?}", pos.moved_piece(mv)));
    }
    if pos.is_capture(mv) != captured.is_some() || pos.captured_piece_type(mv) != captured {
        return Err(format!("{uci}: capture predicates disagree with the board ({captured:?})"));
    }
    if pos.is_quiet(mv) != (captured.is_none() && !mv.is_promotion()) {
        return Err(format!("{uci}: is_quiet wrong"));
    }
    let takes_own_rook = pos.piece_on(mv.to()) == Some(Piece::new(us, PieceType::Rook));
    if mv.is_castling() != (mover.piece_type() == PieceType::King && takes_own_rook) {
        return Err(format!("{uci}: castling must be encoded as king takes own rook"));
    }
    let predicted = pos.gives_check(mv);
    pos.make_move(mv);
    let (checks, naive) = (pos.in_check(), is_attacked_naive(pos, pos.king_square(us.flip()), us));
    pos.unmake_move();
    if predicted != checks || checks != naive {
        return Err(format!("{uci}: gives_check {predicted}, in_check after {checks}, attacked {naive}"));
    }
    Ok(())
}

#[test]
fn move_predicates_agree_with_the_board() {
    for_each_position(4, |pos, start, _| {
        for mv in legal_moves(pos) {
            let uci = pos.move_to_uci(mv, start.chess960);
            check_predicates(pos, mv, &uci)?;
        }
        Ok(())
    });
}

/// Positions where a move checks in a way random games seldom reach: en passant
/// uncovering a bishop through the captured pawn's square, or a rook along the
/// rank both pawns leave; castling whose rook gives check; a promotion that
/// uncovers a rook; a knight move that uncovers a queen.
const RARE_CHECKS: [&str; 5] = [
    "k7/8/8/3pP3/8/5B2/8/4K3 w - d6 0 2",
    "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2",
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/RP5k/8/8/8/8/8/4K3 w - - 0 1",
    "7k/8/8/8/3N4/8/1Q6/4K3 w - - 0 1",
];

#[test]
fn move_predicates_hold_where_checks_are_rare() {
    for fen in RARE_CHECKS {
        let mut pos = position(fen);
        let moves = legal_moves(&pos);
        let checking = moves.iter().filter(|&&mv| pos.gives_check(mv)).count();
        assert!(checking > 0, "{fen}: no checking move found");
        for mv in moves {
            let uci = pos.move_to_uci(mv, false);
            if let Err(message) = check_predicates(&mut pos, mv, &uci) {
                panic!("{fen}: {message}");
            }
        }
    }
}

/// A random move encoding in the one canonical form the generator uses:
/// the promotion bits are zero unless the kind is a promotion.
fn canonical(raw: u16) -> Move {
    let mv = Move::from_raw(raw);
    if mv.kind() == MoveKind::Promotion {
        mv
    } else {
        Move::from_raw(raw & 0x3FFF)
    }
}

fn agrees_with_generator(pos: &Position, legal: &[Move], mv: Move) -> Result<(), String> {
    let accepted = pos.is_legal(mv);
    if accepted == legal.contains(&mv) {
        Ok(())
    } else {
        Err(format!("{mv} ({:?}, raw {:#06x}): is_legal says {accepted}", mv.kind(), mv.raw()))
    }
}

#[test]
fn pseudo_legal_and_legal_agree_with_the_generator() {
    // Moves seen in earlier positions, of this game and of others: the likely TT and killer moves.
    let mut pool: Vec<Move> = Vec::new();
    let mut visited = 0;
    for_each_position(5, |pos, _, rng| {
        let legal = legal_moves(pos);
        let random = (0..64).map(|_| canonical(rng.next_u64() as u16));
        for mv in legal.iter().copied().chain(pool.iter().copied()).chain(random) {
            agrees_with_generator(pos, &legal, mv)?;
        }
        visited += 1;
        if visited % FULL_SCAN_INTERVAL == 0 {
            for raw in 0..=u16::MAX {
                agrees_with_generator(pos, &legal, canonical(raw))?;
            }
        }
        for mv in legal {
            if pool.len() < 512 {
                pool.push(mv);
            } else {
                pool[rng.below(512)] = mv;
            }
        }
        Ok(())
    });
}

/// How the move must be printed: `from to [promotion]`, lowercase coordinates.
fn well_formed_uci(text: &str, mv: Move) -> bool {
    let bytes = text.as_bytes();
    let squares_ok = bytes.len() >= 4
        && bytes[..4].chunks(2).all(|sq| (b'a'..=b'h').contains(&sq[0]) && (b'1'..=b'8').contains(&sq[1]));
    let promotion_ok = match mv.promotion_piece() {
        Some(piece) => bytes.len() == 5 && bytes[4] == piece.letter() as u8,
        None => bytes.len() == 4,
    };
    squares_ok && promotion_ok
}

#[test]
fn uci_notation_round_trips() {
    let mut strings_seen: Vec<String> = Vec::new();
    for_each_position(6, |pos, start, rng| {
        let legal = legal_moves(pos);
        // Standard notation is ambiguous for some Chess960 castling moves (king b1 to c1), so
        // Chess960 games are written only in king-takes-rook form.
        let notations: &[bool] = if start.chess960 { &[true] } else { &[false, true] };
        let mut printed = Vec::new();
        for &mv in &legal {
            for &chess960 in notations {
                let text = pos.move_to_uci(mv, chess960);
                if !well_formed_uci(&text, mv) {
                    return Err(format!("{mv} printed as `{text}`"));
                }
                if pos.parse_uci_move(&text, start.chess960) != Ok(mv) {
                    return Err(format!("`{text}` (chess960 {chess960}) does not parse back to {mv}"));
                }
                printed.push(text);
            }
        }
        // A parser may also take the standard spelling of a Chess960 castling move; no other
        // string of another position's move may parse unless it names a legal move here.
        let tolerated: Vec<String> =
            legal.iter().filter(|mv| mv.is_castling()).map(|&mv| pos.move_to_uci(mv, false)).collect();
        let garbage = ["", "e2", "e2e4e", "a1a1", "h8h9", "e7e8k", "0000", "@@@@"].map(String::from);
        let sampled: Vec<&String> =
            (0..16).filter_map(|_| strings_seen.get(rng.below(strings_seen.len().max(1)))).collect();
        for text in sampled.into_iter().chain(&garbage) {
            let parsed = pos.parse_uci_move(text, start.chess960);
            if parsed.is_ok() && !printed.contains(text) && !tolerated.contains(text) {
                return Err(format!("`{text}` parsed to {parsed:?} but names no legal move"));
            }
        }
        for text in printed {
            if strings_seen.len() < 256 {
                strings_seen.push(text);
            } else {
                strings_seen[rng.below(256)] = text;
            }
        }
        Ok(())
    });
}
