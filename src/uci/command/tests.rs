//! Unit tests of `command.rs`, kept apart so that the parser reads on its own.

use super::*;

fn parse(line: &str) -> Result<Command, CommandError> {
    line.parse()
}

fn go(line: &str) -> GoParams {
    match parse(line) {
        Ok(Command::Go(params)) => params,
        other => panic!("{line}: expected go, got {other:?}"),
    }
}

fn position(line: &str) -> PositionSetup {
    match parse(line) {
        Ok(Command::Position(setup)) => setup,
        other => panic!("{line}: expected position, got {other:?}"),
    }
}

#[test]
fn simple_commands_ignore_surrounding_whitespace_and_carriage_returns() {
    let cases = [
        ("uci\r", Command::Uci),
        ("  isready  ", Command::IsReady),
        ("\tucinewgame\r\n", Command::UciNewGame),
        ("stop", Command::Stop),
        ("ponderhit", Command::PonderHit),
        ("quit", Command::Quit),
        ("d", Command::Display),
        ("eval", Command::Eval),
        ("xboard", Command::Xboard),
        ("register later", Command::Register),
        ("debug on", Command::Debug(true)),
        ("debug off\r", Command::Debug(false)),
        ("", Command::Empty),
        ("   \r\n", Command::Empty),
    ];
    for (line, expected) in cases {
        assert_eq!(parse(line), Ok(expected), "{line:?}");
    }
}

#[test]
fn unknown_commands_name_the_word() {
    let err = parse("hello world").expect_err("unknown");
    assert_eq!(err.to_string(), "unknown command: hello");
    assert!(matches!(parse("UCI"), Err(CommandError::Unknown(_))), "commands are case-sensitive");
    assert!(parse("debug maybe").is_err());
    assert!(parse("debug").is_err());
}

#[test]
fn setoption_name_is_the_words_before_value_and_value_is_the_rest() {
    let set = |name: &str, value: Option<&str>| {
        Ok(Command::SetOption { name: name.into(), value: value.map(str::to_string) })
    };
    assert_eq!(parse("setoption name Hash value 128"), set("Hash", Some("128")));
    assert_eq!(parse("setoption name Clear Hash"), set("Clear Hash", None));
    assert_eq!(parse("setoption  name  Move   Overhead value 30\r"), set("Move Overhead", Some("30")));
    assert_eq!(
        parse("setoption name Debug Log File value C:\\My  Logs\\ferro value.txt "),
        set("Debug Log File", Some("C:\\My  Logs\\ferro value.txt"))
    );
    assert_eq!(parse("setoption name Debug Log File value"), set("Debug Log File", Some("")));
    assert_eq!(parse("setoption name Debug Log File value <empty>"), set("Debug Log File", Some("<empty>")));
}

#[test]
fn setoption_without_a_name_is_an_error() {
    for line in ["setoption", "setoption Hash value 3", "setoption name", "setoption name value 5"] {
        assert!(matches!(parse(line), Err(CommandError::Malformed { command: "setoption", .. })), "{line}");
    }
}

#[test]
fn position_keeps_fen_and_moves_as_strings() {
    assert_eq!(position("position startpos"), PositionSetup::default());
    assert_eq!(position("position startpos moves").moves, Vec::<String>::new());
    let setup = position("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!((setup.fen, setup.moves), (None, vec!["e2e4".into(), "e7e5".into(), "g1f3".into()]));
    let fen6 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let setup = position(&format!("position fen {fen6} moves e7e5"));
    assert_eq!(setup.fen.as_deref(), Some(fen6));
    assert_eq!(setup.moves, ["e7e5"]);
    let fen4 = "8/8/8/4k3/8/8/8/4K2R w K -";
    assert_eq!(position(&format!("position fen  {fen4}\r")).fen.as_deref(), Some(fen4));
}

#[test]
fn malformed_positions_are_errors() {
    let lines = [
        "position",
        "position e2e4",
        "position startpos e2e4",
        "position fen 8/8/8/8/8/8/8/8 w - - 0",
        "position fen 8/8/8/8/8/8/8/8 w -",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1 extra",
        "position fen",
    ];
    for line in lines {
        let err = parse(line).expect_err(line);
        assert!(matches!(err, CommandError::Malformed { command: "position", .. }), "{line}: {err}");
    }
}

#[test]
fn position_tolerates_thousands_of_moves_and_huge_lines() {
    let moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(500);
    assert_eq!(position(&format!("position startpos moves {moves}")).moves.len(), 2000);
    let huge = format!("position startpos moves {}", "a".repeat(100_000));
    assert_eq!(position(&huge).moves[0].len(), 100_000);
    let garbage_fen = format!("position fen {}", "x ".repeat(50_000));
    assert!(parse(&garbage_fen).is_err());
}

#[test]
fn go_reads_every_limit_in_any_order() {
    let params = go("go movetime 2000 nodes 5000000 wtime 300000 btime -250 winc 2000 binc 1000 \
                     movestogo 40 depth 17 mate 3 ponder infinite");
    let clock = Clock { wtime: Some(300_000), btime: Some(-250), winc: 2000, binc: 1000, movestogo: Some(40) };
    assert_eq!(params.clock, Some(clock));
    assert_eq!(
        (params.movetime, params.depth, params.nodes, params.mate),
        (Some(2000), Some(17), Some(5_000_000), Some(3))
    );
    assert!(params.ponder && params.infinite);
    assert!(params.ignored.is_empty() && params.searchmoves.is_empty());
}

#[test]
fn go_defaults_missing_increments_to_zero_and_movestogo_zero_to_none() {
    let clock = go("go wtime 1000 btime 900").clock.expect("clock");
    assert_eq!((clock.winc, clock.binc, clock.movestogo), (0, 0, None));
    assert_eq!(clock.time(Color::Black), Some(900));
    assert_eq!(clock.increment(Color::White), 0);
    assert_eq!(go("go wtime 5 movestogo 0").clock.and_then(|c| c.movestogo), None);
    assert_eq!(go("go").clock, None);
    assert_eq!(go("go depth 5").clock, None);
    assert!(go("go movestogo 4 depth 17").clock.is_some());
}

#[test]
fn go_saturates_huge_numbers_instead_of_overflowing() {
    let params = go("go wtime 99999999999999999999999999 btime -99999999999999999999999 \
                     depth 123456789012 nodes 99999999999999999999999 movestogo 9999999999999");
    let clock = params.clock.expect("clock");
    assert_eq!((clock.wtime, clock.btime), (Some(i64::MAX), Some(i64::MIN)));
    assert_eq!((params.depth, params.nodes, clock.movestogo), (Some(u32::MAX), Some(u64::MAX), Some(u32::MAX)));
}

#[test]
fn go_drops_malformed_values_and_keeps_the_rest() {
    let params = go("go wtime fast btime 900");
    assert_eq!(params.dropped, ["go: 'wtime' needs an integer, got 'fast'"]);
    assert_eq!(params.clock.map(|c| (c.wtime, c.btime)), Some((None, Some(900))));
    // A missing value does not swallow the next keyword.
    let params = go("go wtime btime 100");
    assert_eq!(params.dropped, ["go: 'wtime' needs a value"]);
    assert_eq!(params.clock.and_then(|c| c.btime), Some(100));
    let params = go("go depth");
    assert_eq!((params.depth, params.dropped.len()), (None, 1));
    for line in ["go depth -3", "go movetime 1e9", "go nodes 3.5", "go mate -1", "go nodes +", "go depth 2\0"] {
        let params = go(line);
        assert_eq!(params.dropped.len(), 1, "{line}");
        assert_eq!((params.depth, params.nodes, params.mate, params.movetime), (None, None, None, None), "{line}");
    }
    let params = go("go winc --1 movestogo 0x10 depth 4");
    assert_eq!((params.dropped.len(), params.depth, params.clock), (2, Some(4), None));
}

#[test]
fn searchmoves_takes_moves_up_to_the_next_keyword() {
    let params = go("go searchmoves e2e4 d2d4 0000");
    assert_eq!(params.searchmoves, ["e2e4", "d2d4", "0000"]);
    let params = go("go searchmoves e2e4 g1f3 depth 5");
    assert_eq!((params.searchmoves.len(), params.depth), (2, Some(5)));
}

#[test]
fn go_skips_unknown_words_but_keeps_them_for_a_message() {
    let params = go("go wtime 100 fast btime 100");
    assert_eq!(params.ignored, ["fast"]);
    assert_eq!(params.clock.and_then(|c| c.btime), Some(100));
}

#[test]
fn go_perft_and_bench() {
    assert_eq!(parse("go perft 5"), Ok(Command::Perft(5)));
    assert_eq!(parse("go depth 3 perft 64"), Ok(Command::Perft(64)));
    // A perft that is missing, malformed or too deep is dropped like any bad value.
    for line in ["go perft", "go perft x", "go perft 65", "go perft 4294967295", "go perft -1"] {
        assert_eq!(go(line).dropped.len(), 1, "{line}");
    }
    assert_eq!(parse("bench"), Ok(Command::Bench(BenchParams::default())));
    assert_eq!(
        parse("bench 13 2 64"),
        Ok(Command::Bench(BenchParams { depth: Some(13), threads: Some(2), hash_mb: Some(64) }))
    );
    assert_eq!(parse("bench 9"), Ok(Command::Bench(BenchParams { depth: Some(9), ..BenchParams::default() })));
    assert!(matches!(parse("bench deep"), Err(CommandError::BadNumber { command: "bench", .. })));
}

#[test]
fn error_messages_stay_short_on_huge_garbage() {
    let garbage = "z".repeat(100_000);
    for line in [garbage.clone(), format!("position {garbage}")] {
        let message = parse(&line).expect_err("garbage").to_string();
        assert!(message.len() < 200, "{} chars", message.len());
    }
    let params = go(&format!("go wtime {garbage}"));
    assert!(params.dropped[0].len() < 200, "{} chars", params.dropped[0].len());
}

#[test]
fn random_garbage_never_panics() {
    // A fixed pseudo-random mix of command words, numbers and junk characters.
    let words = [
        "go",
        "position",
        "setoption",
        "name",
        "value",
        "fen",
        "moves",
        "startpos",
        "wtime",
        "-",
        "+",
        "searchmoves",
        "perft",
        "bench",
        "debug",
        "9999999999999999999999",
        "-0",
        "é",
        "\0",
        "\r",
        " ",
        "\t",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20_000 {
        let mut line = String::new();
        for _ in 0..(state % 9) {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            line.push_str(words[(state >> 33) as usize % words.len()]);
            if state & 1 == 0 {
                line.push(' ');
            }
        }
        let _ = parse(&line); // the assertion is that this returns
    }
}
