//! Seeded fuzzing of the real binary in XBoard (CECP 2) mode, the companion
//! of `uci_fuzz.rs`: hostile arguments for every CECP command, mutated FENs
//! and moves, 100 kB lines and raw byte noise, between which the engine is
//! asked to move.
//!
//! The test follows the game itself, reading every line it sends with the
//! library's CECP parser and move generator. Each case ends with `ping`,
//! which must be answered with its `pong`; every `go` must bring exactly one
//! legal `move` (or the result line when the rules have ended the game, or
//! `resign`); no output line may carry a control character (but the tab
//! that starts CECP's `bk` lines). At the end the
//! engine must exit with code 0 after `quit`, without panic text on stderr.
//!
//! `FERROCHAMP_FUZZ_CASES=5000 cargo test --release --test xboard_fuzz` runs
//! more cases; `FERROCHAMP_FUZZ_SEED=N` another seed.

mod common;

use std::time::Duration;

use common::position::{legal_moves, printed_move};
use common::rng::{Rng, RngExt};
use common::uci::Engine;
use ferrochamp::board::Position;
use ferrochamp::uci::Command;
use ferrochamp::xboard::game::Game;
use ferrochamp::xboard::{parse, XbCommand};

const DEFAULT_CASES: u64 = 300;
const CASES_PER_PROCESS: u64 = 150;
const DEFAULT_SEED: u64 = 0x00C0_FFEE_0B0A_2D00;
const ANSWER_TIME: Duration = Duration::from_secs(15);

/// A control character other than the tab of `bk` lines: echoed input, a bug.
fn has_control(line: &str) -> bool {
    line.chars().any(|c| c.is_control() && c != '\t')
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "8/8/8/8/8/8/8/8 w - - 0 1",
];

const HOSTILE: &[&str] = &[
    "-1",
    "0",
    "-0",
    "+5",
    "abc",
    "1e9",
    "3.5",
    "0.001",
    "1:",
    ":30",
    "2:75",
    "99999999999999999999999",
    "\0",
    "",
    "9223372036854775807",
    "-9223372036854775808",
    "é",
    "NaN",
    "1 000",
    "\t",
    "40",
    "5",
    "0:05",
];

/// Commands with arguments, and the words they take.
const COMMANDS: &[&str] = &[
    "level 40 5 0",
    "level 0 2:30 1",
    "time 1000",
    "otim 1000",
    "st 0.05",
    "sd 3",
    "nps 1000",
    "ping 1",
    "memory 8",
    "cores 1",
    "egtpath syzygy /nonexistent",
    "option Contempt=10",
    "option Draw_Accept=1",
    "option Resign_Score=500",
    "option Nonexistent=3",
    "result 1-0 {mate}",
    "draw",
    "hint",
    "bk",
    ".",
    "?",
    "post",
    "nopost",
    "easy",
    "name Someone",
    "rating 2000 1800",
    "computer",
    "accepted setboard",
    "undo",
    "remove",
];

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    for _ in 0..=rng.below(3) {
        let i = rng.below(words.len().max(1));
        match rng.below(5) {
            0 if words.len() > 1 => {
                words.remove(i);
            }
            1 => words.push(rng.pick(HOSTILE).to_string()),
            2 if i < words.len() && i > 0 => words[i] = rng.pick(HOSTILE).to_string(),
            3 if i < words.len() => words[i] = words[i].to_uppercase(),
            _ => {}
        }
    }
    words.join(if rng.chance(10) { "\t" } else { " " })
}

fn noise(rng: &mut Rng) -> Vec<u8> {
    let len = if rng.chance(5) { 100_000 } else { rng.below(80) };
    (0..len).map(|_| (rng.below(255) + 1) as u8).map(|b| if b == b'\n' { b'?' } else { b }).collect()
}

/// One hostile or ordinary line for the game `game`.
fn line(rng: &mut Rng, game: &Game) -> Vec<u8> {
    let pos = game.position();
    let text = match rng.below(8) {
        0 | 1 => {
            let moves = legal_moves(pos);
            if moves.is_empty() || rng.chance(30) {
                format!("usermove {}", rng.pick(&["e2e5", "a1a1", "e7e8x", "O-O", "0000", "h9h1", "e2e4"]))
            } else {
                format!("usermove {}", pos.move_to_uci(*rng.pick(&moves), false))
            }
        }
        2 => {
            let fen = rng.pick(FENS).to_string();
            format!("setboard {}", if rng.chance(50) { mutate(rng, &fen) } else { fen })
        }
        3 => return noise(rng),
        _ => {
            let command = rng.pick(COMMANDS).to_string();
            if rng.chance(60) {
                mutate(rng, &command)
            } else {
                command
            }
        }
    };
    text.into_bytes()
}

/// Applies a sent line to the followed game; false for lines that would
/// leave force mode or the protocol, which the fuzzer does not send.
fn follow(game: &mut Game, text: &str) -> bool {
    match parse(text) {
        Ok(Command::Cecp(command)) => match command {
            XbCommand::UserMove(mv) => {
                let _ = game.play_text(&mv, false);
                true
            }
            XbCommand::Undo => {
                game.take_back(1);
                true
            }
            XbCommand::Remove => {
                game.take_back(2);
                true
            }
            XbCommand::SetBoard(fen) => {
                if let Ok(pos) = Position::from_fen(&fen) {
                    *game = Game::from_position(pos);
                }
                true
            }
            XbCommand::Go | XbCommand::PlayOther | XbCommand::Analyze | XbCommand::New | XbCommand::Variant(_) => false,
            XbCommand::Hard(on) => !on,
            _ => true,
        },
        Ok(Command::SetOption { name, value }) => {
            // Large tables and thread counts would only slow the fuzzer down.
            let small = value.as_deref().and_then(|v| v.parse::<i64>().ok()).is_none_or(|v| v <= 64);
            small && !name.to_ascii_lowercase().contains("log")
        }
        Ok(Command::Uci | Command::Quit) => false,
        _ => true,
    }
}

/// Asks for a move and checks the answer; the move is played in `game`.
fn check_go(engine: &mut Engine, game: &mut Game) -> Result<(), String> {
    for line in ["force", "sd 4", "st 0.05", "go"] {
        engine.send(line);
    }
    let expected_result = game.result_line();
    let mut moves = Vec::new();
    loop {
        let line = engine.next_line(ANSWER_TIME).ok_or("no move within the answer time")?;
        if has_control(&line) {
            return Err(format!("a control character in {line:?}"));
        }
        if let Some(mv) = line.strip_prefix("move ") {
            moves.push(mv.to_string());
            break;
        }
        if line == "resign" || expected_result.is_some_and(|result| line == result) {
            engine.send("force");
            *game = Game::default();
            engine.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
            return Ok(());
        }
    }
    engine.send("force");
    let pos = game.position().clone();
    let mv =
        printed_move(&pos, &moves[0], false).ok_or_else(|| format!("illegal move {} in {}", moves[0], pos.to_fen()))?;
    game.play(mv);
    Ok(())
}

fn run_process(seed: u64, cases: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let mut engine = Engine::start_program(env!("CARGO_BIN_EXE_ferrochamp"), true);
    for line in ["xboard", "protover 2", "new", "force"] {
        engine.send(line);
    }
    engine.read_until("feature done=1", ANSWER_TIME);
    let mut game = Game::default();
    for case in 0..cases {
        let mut sent = Vec::new();
        for _ in 0..=rng.below(8) {
            let bytes = line(&mut rng, &game);
            let text = String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string();
            if follow(&mut game, &text) {
                engine.try_send(&bytes).map_err(|e| format!("write: {e}"))?;
                sent.push(text.chars().take(80).collect::<String>());
            }
        }
        let fail = |err: String| format!("seed {seed:#x}, case {case}: {err}\nlines: {sent:#?}");
        if rng.chance(50) {
            check_go(&mut engine, &mut game).map_err(fail)?;
        }
        engine.send(&format!("ping {case}"));
        loop {
            let line = engine.next_line(ANSWER_TIME).ok_or_else(|| fail(format!("no pong {case}")))?;
            if has_control(&line) || line.starts_with("move ") {
                return Err(fail(format!("unexpected line {line:?}")));
            }
            if line == format!("pong {case}") {
                break;
            }
        }
    }
    engine.send("quit");
    let status = engine.wait_status(ANSWER_TIME).ok_or("no exit after quit")?;
    let stderr = engine.stderr_text();
    if status.code() != Some(0) || stderr.contains("panicked") {
        return Err(format!("seed {seed:#x}: exit {status}, stderr: {stderr}"));
    }
    Ok(())
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|text| text.trim().parse().ok())
}

#[test]
fn hostile_xboard_sessions_never_crash_hang_or_play_illegal_moves() {
    let cases = env_number("FERROCHAMP_FUZZ_CASES").unwrap_or(DEFAULT_CASES);
    let seed = env_number("FERROCHAMP_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let processes = cases.div_ceil(CASES_PER_PROCESS);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..processes)
            .map(|i| {
                scope.spawn(move || {
                    run_process(seed.wrapping_add(i), CASES_PER_PROCESS.min(cases - i * CASES_PER_PROCESS))
                })
            })
            .collect();
        handles.into_iter().filter_map(|handle| handle.join().expect("no panic").err()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
