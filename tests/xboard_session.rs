//! XBoard (CECP 2) sessions with the real binary over pipes: the handshake,
//! a whole game under a moves-per-session clock, analysis, ping, take-backs,
//! `?`, resigning, draw offers and the error replies to bad input.

mod common;

use common::position::{legal_moves, printed_move};
use common::rng::{Rng, RngExt};
use common::uci::Engine;
use common::xboard::{move_of, ping, start, turn, ANSWER};
use ferrochamp::board::Position;

/// The engine's move in `lines` (exactly one), checked legal in `pos`; it is played there.
fn engine_move(pos: &mut Position, lines: &[String]) -> String {
    let moves: Vec<&str> = lines.iter().filter_map(|line| move_of(line)).collect();
    assert_eq!(moves.len(), 1, "one move per turn: {lines:?}");
    let mv = printed_move(pos, moves[0], false).unwrap_or_else(|| panic!("illegal {} in {}", moves[0], pos.to_fen()));
    pos.make_move(mv);
    moves[0].to_string()
}

fn is_thinking_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 5 && words[..4].iter().all(|w| w.trim_start_matches('-').parse::<i64>().is_ok())
}

#[test]
fn the_handshake_lists_the_features_and_options() {
    let (mut engine, features) = start();
    let text = features.join("\n");
    for wanted in [
        "myname=\"Ferrochamp",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "variants=\"normal,fischerandom\"",
        "egt=\"syzygy\"",
        "memory=1",
        "smp=1",
        "option=\"Contempt -spin 0 -100 100\"",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from {text}");
    }
    engine.send("memory 32");
    engine.send("cores 1");
    engine.send("option Draw_Accept=0");
    engine.send("option Contempt=500");
    engine.send("memory 0");
    let replies = ping(&mut engine, 1);
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies.iter().all(|line| line.starts_with("Error (")), "{replies:?}");
}

#[test]
fn a_whole_game_under_a_moves_per_session_clock() {
    let (mut engine, _) = start();
    let mut rng = Rng::new(0x5EED_0001);
    engine.send("new");
    engine.send("level 40 0:30 0");
    engine.send("post");
    let mut pos = Position::startpos();
    let mut thinking = 0;
    let mut ended = None;
    for _ in 0..150 {
        let replies = legal_moves(&pos);
        if replies.is_empty() {
            // The engine mated the random mover: its result line follows its move.
            ended = engine.next_line(ANSWER);
            break;
        }
        let mv = *rng.pick(&replies);
        engine.send("time 300");
        engine.send("otim 300");
        engine.send(&format!("usermove {}", pos.move_to_uci(mv, false)));
        pos.make_move(mv);
        let lines = turn(&engine);
        thinking += lines.iter().filter(|line| is_thinking_line(line)).count();
        let last = lines.last().expect("a turn ends with a line");
        if move_of(last).is_none() {
            ended = Some(last.clone());
            break;
        }
        engine_move(&mut pos, &lines);
    }
    let ended = ended.expect("the game ends within 75 moves against a random mover");
    assert!(ended.starts_with("0-1 {Black mates}") || ended.starts_with("1/2-1/2"), "{ended} in {}", pos.to_fen());
    assert!(thinking > 0, "post shows thinking lines");
    let after = ping(&mut engine, 2);
    assert!(after.is_empty(), "{after:?}");
    engine.send("result 0-1 {test over}");
    engine.send("quit");
    assert!(engine.wait_exit(ANSWER));
}

#[test]
fn ping_comes_after_the_commands_before_it() {
    let (mut engine, _) = start();
    for line in ["new", "force", "usermove e2e4", "usermove e7e5", "sd 3"] {
        engine.send(line);
    }
    assert!(ping(&mut engine, 42).is_empty());
    engine.send("go");
    let mut pos = Position::startpos();
    for text in ["e2e4", "e7e5"] {
        let mv = printed_move(&pos, text, false).expect("legal");
        pos.make_move(mv);
    }
    engine_move(&mut pos, &turn(&engine));
}

#[test]
fn bad_input_gets_an_error_reply_and_keeps_the_last_good_state() {
    let (mut engine, _) = start();
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("st 0.1");
    let bad = [
        "level x y z",
        "level 40",
        "time -5",
        "otim",
        "sd 0",
        "st -1",
        "setboard 8/8/8/8/8/8/8/8 w - - 0 1",
        "setboard not a fen at all",
        "usermove e2e5",
        "usermove e7e5",
        "usermove",
        "ping",
        "variant atomic",
        "egtpath gaviota /tmp",
        "option NoSuchOption=1",
        "undo",
        "frobnicate",
    ];
    for line in bad {
        engine.send(line);
    }
    let long = "x".repeat(100_000);
    engine.send(&long);
    engine.try_send(&[0xff, 0x00, 0x1b, b'[', 0x80, b'\r']).expect("the engine reads on");
    let replies = ping(&mut engine, 3);
    let errors = replies.iter().filter(|line| line.starts_with("Error (") || line.starts_with("Illegal move")).count();
    assert_eq!(errors, bad.len() + 2, "{replies:#?}");
    assert!(replies.iter().all(|line| !line.chars().any(char::is_control) && line.len() < 400), "{replies:?}");
    engine.send("go");
    let mut pos = Position::from_fen(fen).expect("valid");
    engine_move(&mut pos, &turn(&engine));
    engine.send("quit");
    assert!(engine.wait_exit(ANSWER));
    let stderr = engine.stderr_text();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn analysis_follows_the_moves_and_never_plays() {
    let (mut engine, _) = start();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    let first = engine.read_until("1 ", ANSWER);
    assert!(first.iter().all(|line| move_of(line).is_none()), "{first:?}");
    engine.send("usermove e2e4");
    engine.send("undo");
    engine.send("usermove d2d4");
    std::thread::sleep(std::time::Duration::from_millis(200));
    engine.send("exit");
    let lines = ping(&mut engine, 4);
    assert!(lines.iter().all(|line| move_of(line).is_none() && !line.starts_with("Error")), "{lines:?}");
    assert!(lines.iter().any(|line| is_thinking_line(line)), "{lines:?}");
    // After d2d4 the engine, told to play, moves for Black.
    engine.send("sd 2");
    engine.send("go");
    let mut pos = Position::startpos();
    pos.make_move(printed_move(&pos, "d2d4", false).expect("legal"));
    engine_move(&mut pos, &turn(&engine));
}

#[test]
fn remove_takes_back_a_full_move() {
    let (mut engine, _) = start();
    for line in ["new", "force", "usermove e2e4", "usermove e7e5", "usermove g1f3", "remove", "sd 3", "go"] {
        engine.send(line);
    }
    let mut pos = Position::startpos();
    pos.make_move(printed_move(&pos, "e2e4", false).expect("legal"));
    engine_move(&mut pos, &turn(&engine));
}

#[test]
fn move_now_ends_a_long_search() {
    let (mut engine, _) = start();
    for line in ["new", "post", "st 1000", "usermove e2e4"] {
        engine.send(line);
    }
    engine.read_until("2 ", ANSWER);
    engine.send("?");
    let mut pos = Position::startpos();
    pos.make_move(printed_move(&pos, "e2e4", false).expect("legal"));
    engine_move(&mut pos, &turn(&engine));
}

#[test]
fn the_engine_resigns_a_lost_position() {
    let (mut engine, _) = start();
    for line in ["option Resign_Moves=1", "new", "force", "setboard 7k/8/8/8/8/8/2QQ4/K7 b - - 0 1", "st 0.2", "go"] {
        engine.send(line);
    }
    let lines = turn(&engine);
    assert_eq!(lines.last().map(String::as_str), Some("resign"), "{lines:?}");
    assert!(lines.iter().all(|line| move_of(line).is_none()), "{lines:?}");
}

#[test]
fn draw_offers_are_accepted_only_when_not_better() {
    let (mut engine, _) = start();
    // The engine plays Black two pawns down in a rook ending: it takes the draw.
    for line in ["new", "force", "setboard 6k1/7r/8/8/8/8/PP6/R5K1 w - - 0 1", "st 0.1", "usermove g1g2", "go"] {
        engine.send(line);
    }
    let mut pos = Position::from_fen("6k1/7r/8/8/8/8/PP6/R5K1 b - - 1 1").expect("valid");
    engine_move(&mut pos, &turn(&engine));
    engine.send("draw");
    assert_eq!(ping(&mut engine, 5), ["offer draw"]);
    // A queen up, it declines: no answer at all.
    for line in ["new", "force", "setboard 6k1/8/8/8/8/8/q7/6K1 b - - 0 1", "go"] {
        engine.send(line);
    }
    turn(&engine);
    engine.send("draw");
    assert!(ping(&mut engine, 6).is_empty());
}

#[test]
fn contempt_counts_in_games_and_not_in_analysis() {
    // The one legal move, Kxg2, leaves a lone knight, which cannot mate: a draw,
    // scored -Contempt in a game.
    let fen = "k7/8/8/8/8/5n2/6b1/7K w - - 0 1";
    let (mut engine, _) = start();
    for line in ["option Contempt=30", "new", "force", &format!("setboard {fen}"), "post", "sd 4", "go"] {
        engine.send(line);
    }
    let game = turn(&engine);
    let scores = |lines: &[String]| -> Vec<i64> {
        lines
            .iter()
            .filter(|line| is_thinking_line(line))
            .filter_map(|line| line.split_whitespace().nth(1)?.parse().ok())
            .collect()
    };
    assert_eq!(scores(&game).last(), Some(&-30), "{game:?}");
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("analyze");
    let analysis = engine.read_until("3 ", ANSWER);
    assert_eq!(scores(&analysis).last(), Some(&0), "{analysis:?}");
    engine.send("exit");
    let _ = ping(&mut engine, 7);
    let mut uci = Engine::start();
    uci.send("setoption name Contempt value 30");
    uci.send(&format!("position fen {fen}"));
    let lines = uci.bestmove_after("go depth 4", ANSWER);
    assert!(lines.iter().any(|line| line.contains("score cp -30")), "{lines:?}");
}

#[test]
fn pondering_on_the_expected_reply_and_on_another_one_both_end_in_one_move() {
    let (mut engine, _) = start();
    for line in ["new", "hard", "st 0.2", "usermove e2e4"] {
        engine.send(line);
    }
    let mut pos = Position::startpos();
    pos.make_move(printed_move(&pos, "e2e4", false).expect("legal"));
    engine_move(&mut pos, &turn(&engine));
    engine.send("hint");
    let hint = ping(&mut engine, 8);
    let expected = hint.iter().find_map(|line| line.strip_prefix("Hint: ")).expect("a hint").to_string();
    // The expected reply: the ponder search becomes the search for the move.
    engine.send(&format!("usermove {expected}"));
    pos.make_move(printed_move(&pos, &expected, false).expect("the hint is legal"));
    engine_move(&mut pos, &turn(&engine));
    // Another reply: the ponder search is dropped and a fresh one answers.
    engine.send("hint");
    let hint = ping(&mut engine, 9);
    let expected = hint.iter().find_map(|line| line.strip_prefix("Hint: ")).map(str::to_string);
    let other = legal_moves(&pos)
        .into_iter()
        .map(|mv| pos.move_to_uci(mv, false))
        .find(|mv| Some(mv) != expected.as_ref())
        .expect("another legal move");
    engine.send(&format!("usermove {other}"));
    pos.make_move(printed_move(&pos, &other, false).expect("legal"));
    engine_move(&mut pos, &turn(&engine));
    engine.send("easy");
    assert!(ping(&mut engine, 10).is_empty());
}
