//! Property tests of the two parsers that read untrusted text: the UCI
//! command parser and the FEN parser. Neither may panic on any input, and
//! valid input must come back out as it went in.

use proptest::prelude::*;

use ferrochamp::board::movegen::generate_legal;
use ferrochamp::board::{MoveList, Position};
use ferrochamp::uci::Command;

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
];

/// The position after playing the moves `choices` pick, one per ply, from `FENS[start]`.
fn reached(start: usize, choices: &[usize]) -> Position {
    let mut pos = Position::from_fen(FENS[start % FENS.len()]).expect("suite FEN");
    for &choice in choices {
        let mut moves = MoveList::new();
        generate_legal(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        pos.make_move(moves.as_slice()[choice % moves.len()]);
    }
    pos
}

proptest! {
    // No failure files in the source tree: a failure prints its minimal input.
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_command_parser_never_panics(line in ".{0,200}") {
        let _ = line.parse::<Command>();
    }

    #[test]
    fn the_command_parser_never_panics_on_uci_words(
        words in prop::collection::vec(
            prop_oneof![
                Just("go"), Just("position"), Just("setoption"), Just("name"), Just("value"), Just("fen"),
                Just("startpos"), Just("moves"), Just("depth"), Just("perft"), Just("wtime"), Just("movestogo"),
                Just("searchmoves"), Just("infinite"), Just("bench"), Just("-1"), Just("99999999999999999999"),
                Just("abc"), Just("\0"), Just("\r"), Just("e2e4"), Just("0x10"),
            ],
            0..12,
        )
    ) {
        let line = words.join(" ");
        if let Ok(Command::Go(params)) = line.parse::<Command>() {
            // A malformed value is dropped, never turned into a limit; huge
            // values saturate.
            let plausible = params.depth.is_none_or(|d| d == u32::MAX || line.contains(&format!("depth {}", d)));
            prop_assert!(plausible, "{:?} from {}", params.depth, line);
        }
    }

    #[test]
    fn go_limits_round_trip(
        depth in 0u32..1000, nodes in any::<u64>(), wtime in any::<i64>(), binc in any::<i64>(),
        movetime in any::<i64>(), order in 0usize..4,
    ) {
        let mut parts = [
            format!("depth {depth}"), format!("nodes {nodes}"), format!("wtime {wtime}"), format!("binc {binc}"),
        ];
        parts.rotate_left(order);
        let line = format!("go {} movetime {movetime}", parts.join(" "));
        let Ok(Command::Go(params)) = line.parse::<Command>() else {
            return Err(TestCaseError::fail(format!("{line} is not a go")));
        };
        prop_assert!(params.dropped.is_empty(), "{:?}", params.dropped);
        prop_assert_eq!((params.depth, params.nodes, params.movetime), (Some(depth), Some(nodes), Some(movetime)));
        let clock = params.clock.expect("a clock");
        prop_assert_eq!((clock.wtime, clock.binc), (Some(wtime), binc));
    }

    #[test]
    fn setoption_round_trips(name in "[A-Za-z_][A-Za-z0-9_ ]{0,20}", value in "[ -~]{0,30}") {
        prop_assume!(!name.split_whitespace().any(|w| w == "name" || w == "value"));
        let line = format!("setoption name {name} value {value}");
        let parsed = line.parse::<Command>();
        let expected_name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        prop_assert_eq!(
            parsed,
            Ok(Command::SetOption { name: expected_name, value: Some(value.trim().to_string()) })
        );
    }

    #[test]
    fn the_fen_parser_never_panics(text in ".{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn the_fen_parser_never_panics_on_fen_like_text(text in "[pnbrqkPNBRQK0-9/ wb\\-a-hA-H]{0,90}") {
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever it accepts, it can print and read back.
            prop_assert!(Position::from_fen(&pos.to_fen()).is_ok());
        }
    }

    #[test]
    fn reachable_positions_round_trip_through_fen(start in 0usize..64, choices in prop::collection::vec(any::<usize>(), 0..40)) {
        let pos = reached(start, &choices);
        let fen = pos.to_fen();
        let back = Position::from_fen(&fen).map_err(|err| TestCaseError::fail(format!("{fen}: {err}")))?;
        prop_assert_eq!(back.to_fen(), fen);
        prop_assert_eq!(back.key(), pos.key());
    }

    #[test]
    fn mutated_reachable_fens_never_panic(
        start in 0usize..64, choices in prop::collection::vec(any::<usize>(), 0..20),
        at in any::<usize>(), with in "[pnbrqkPNBRQK1-9/ \\-]",
    ) {
        let mut fen: Vec<char> = reached(start, &choices).to_fen().chars().collect();
        let at = at % fen.len();
        fen[at] = with.chars().next().unwrap_or(' ');
        let text: String = fen.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&text) {
            let mut moves = MoveList::new();
            generate_legal(&pos, &mut moves);
            prop_assert!(moves.len() <= 218, "{} moves in {}", moves.len(), text);
        }
    }
}
