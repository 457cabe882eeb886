//! Seeded fuzzing of the real binary with hostile UCI sessions: mutated
//! grammar of every command and parameter, mutated FENs and move lists, raw
//! byte noise and racing command sequences.
//!
//! Each engine process runs a session of many cases; every case ends with
//! `isready`, which must be answered with `readyok`, and every `go` must be
//! answered by one legal `bestmove` (checked against the position the test
//! follows with the library's own parser and move generator), and no output
//! line may carry a control character echoed from the input. At the end the
//! engine must exit with code 0 after `quit`, without panic text on stderr.
//!
//! XBoard mode has its own fuzzer, `xboard_fuzz.rs`.
//!
//! `FERROCHAMP_FUZZ_CASES=20000 cargo test --release --test uci_fuzz` runs
//! more cases; `FERROCHAMP_FUZZ_SEED=N` another seed. A failure prints the
//! seed, the case number and the case's lines.

mod common;

use std::collections::VecDeque;
use std::thread;
use std::time::{Duration, Instant};

use common::position::{legal_moves, printed_move};
use common::rng::{Rng, RngExt};
use common::uci::Engine;
use ferrochamp::board::{Move, Position};
use ferrochamp::engine::go::with_fallback;
use ferrochamp::engine::setup::build_position;
use ferrochamp::uci::{Command as Uci, GoParams, OptionValues};

const DEFAULT_CASES: usize = 1000;
const CASES_PER_PROCESS: usize = 125;
const DEFAULT_SEED: u64 = 0x00C0_FFEE_F00D_0015;
/// Longest wait for `readyok` or an owed `bestmove`.
const ANSWER_TIME: Duration = Duration::from_secs(15);

// -------------------------------------------------------------- generation

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
];

const HOSTILE_VALUES: &[&str] = &[
    "-1",
    "0",
    "-0",
    "+5",
    "abc",
    "1e9",
    "3.5",
    "99999999999999999999999",
    "-99999999999999999999",
    "0x10",
    "--1",
    "\0",
    "",
    "4294967295",
    "9223372036854775807",
    "-9223372036854775808",
    "é",
    "NaN",
    "1 000",
    "\t",
];

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

const OPTION_NAMES: &[&str] =
    &["Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash", "UCI_Chess960", "hash", "Nonexistent"];

/// A hostile version of `tokens`: dropped, repeated, swapped or replaced words.
fn mutate_tokens(rng: &mut Rng, tokens: &mut Vec<String>) {
    for _ in 0..=rng.below(3) {
        if tokens.is_empty() {
            return;
        }
        let i = rng.below(tokens.len());
        match rng.below(7) {
            0 if tokens.len() > 1 => {
                tokens.remove(i);
            }
            1 => {
                let word = tokens[i].clone();
                tokens.insert(i, word);
            }
            2 if i + 1 < tokens.len() => tokens.swap(i, i + 1),
            3 => tokens[i] = rng.pick(HOSTILE_VALUES).to_string(),
            4 => tokens.insert(i, rng.pick(GO_KEYWORDS).to_string()),
            5 => tokens[i] = tokens[i].to_uppercase(),
            _ => tokens.push(rng.pick(HOSTILE_VALUES).to_string()),
        }
    }
}

/// Joins words with ordinary or odd whitespace.
fn join(rng: &mut Rng, tokens: &[String]) -> String {
    let mut line = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            line.push_str(match rng.below(12) {
                0 => "\t",
                1 => "   ",
                _ => " ",
            });
        }
        line.push_str(token);
    }
    if rng.chance(5) {
        line.push('\r');
    }
    line
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn mutate_fen(rng: &mut Rng, fen: &str) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    const ALPHABET: &[char] = &['p', 'n', 'b', 'r', 'q', 'k', 'P', 'Q', 'K', '1', '8', '9', '0', '/', ' ', '-', 'w'];
    for _ in 0..=rng.below(3) {
        let i = rng.below(chars.len());
        match rng.below(3) {
            0 if chars.len() > 1 => {
                chars.remove(i);
            }
            1 => chars.insert(i, *rng.pick(ALPHABET)),
            _ => chars[i] = *rng.pick(ALPHABET),
        }
    }
    chars.into_iter().collect()
}

/// Up to `plies` random legal moves from `fen`, in UCI notation.
fn random_line(rng: &mut Rng, fen: &str, plies: usize) -> Vec<String> {
    let Ok(mut pos) = Position::from_fen(fen) else { return Vec::new() };
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        moves.push(pos.move_to_uci(mv, rng.chance(10)));
        pos.make_move(mv);
    }
    moves
}

fn position_line(rng: &mut Rng) -> String {
    let fen = *rng.pick(FENS);
    let plies = rng.below(12);
    let mut moves = random_line(rng, fen, plies);
    if rng.chance(40) && !moves.is_empty() {
        let i = rng.below(moves.len());
        moves[i] = match rng.below(5) {
            0 => "e2e5".to_string(),
            1 => "0000".to_string(),
            2 => moves[i].to_uppercase(),
            3 => format!("{}q", moves[i]),
            _ => rng.pick(HOSTILE_VALUES).to_string(),
        };
    }
    let setup = match rng.below(4) {
        0 => "startpos".to_string(),
        1 => format!("fen {}", mutate_fen(rng, fen)),
        _ => format!("fen {fen}"),
    };
    let mut tokens = words(&format!("position {setup} moves {}", moves.join(" ")));
    if rng.chance(25) {
        mutate_tokens(rng, &mut tokens);
    }
    join(rng, &tokens)
}

fn go_line(rng: &mut Rng) -> String {
    let mut tokens = vec!["go".to_string()];
    for _ in 0..rng.below(4) {
        let key = *rng.pick(GO_KEYWORDS);
        tokens.push(key.to_string());
        let value = match key {
            "wtime" | "btime" => (rng.below(20_000) as i64 - 1000).to_string(),
            "winc" | "binc" => rng.below(500).to_string(),
            "movestogo" => rng.below(40).to_string(),
            "depth" | "mate" => (1 + rng.below(6)).to_string(),
            "nodes" => rng.below(50_000).to_string(),
            "movetime" => rng.below(60).to_string(),
            "perft" => rng.below(7).to_string(),
            "searchmoves" => "e2e4 a7a6 0000 e1g1".to_string(),
            _ => continue,
        };
        tokens.extend(words(&value));
    }
    if rng.chance(50) {
        mutate_tokens(rng, &mut tokens);
    }
    join(rng, &tokens)
}

fn setoption_line(rng: &mut Rng) -> String {
    let name = *rng.pick(OPTION_NAMES);
    let value = match name {
        "Hash" | "hash" => rng.pick(&["1", "2", "16", "64", "0", "65537", "-1"]).to_string(),
        "Threads" => rng.pick(&["1", "2", "3", "0", "257"]).to_string(),
        "UCI_Chess960" | "Ponder" => rng.pick(&["true", "false", "TRUE", "yes"]).to_string(),
        _ => rng.pick(HOSTILE_VALUES).to_string(),
    };
    let mut tokens = words(&format!("setoption name {name} value {value}"));
    if rng.chance(30) {
        mutate_tokens(rng, &mut tokens);
    }
    join(rng, &tokens)
}

fn other_line(rng: &mut Rng) -> String {
    let base = *rng.pick(&[
        "uci",
        "isready",
        "ucinewgame",
        "stop",
        "ponderhit",
        "d",
        "eval",
        "debug on",
        "debug off",
        "register later",
        "xboard",
        "bench 1 1 1",
        "bench 2 2",
        "",
        "   ",
        "protover 2",
        "go ponder",
        "go infinite",
    ]);
    let mut tokens = words(base);
    if rng.chance(30) {
        mutate_tokens(rng, &mut tokens);
    }
    join(rng, &tokens)
}

/// Raw bytes without a newline: invalid UTF-8, NULs, escapes, sometimes a huge line.
fn noise_line(rng: &mut Rng) -> Vec<u8> {
    let len = if rng.chance(3) { 100_000 } else { rng.below(120) };
    (0..len).map(|_| (rng.below(255) + 1) as u8).map(|b| if b == b'\n' { b'?' } else { b }).collect()
}

/// One case: a few lines of one family, with `stop` at the end when asked.
fn generate_case(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let family = rng.below(6);
    let count = 1 + rng.below(5);
    for _ in 0..count {
        let line = match family {
            0 => go_line(rng),
            1 => {
                if rng.chance(60) {
                    position_line(rng)
                } else {
                    go_line(rng)
                }
            }
            2 => setoption_line(rng),
            3 => other_line(rng),
            4 => return vec![noise_line(rng), b"go depth 1".to_vec()],
            // Racing: a search with everything else thrown at it.
            _ => match rng.below(5) {
                0 => position_line(rng),
                1 => setoption_line(rng),
                2 => other_line(rng),
                _ => go_line(rng),
            },
        };
        lines.push(line.into_bytes());
    }
    if rng.chance(85) {
        lines.push(b"stop".to_vec());
    }
    lines
}

// ---------------------------------------------------------------- the model

/// What the test knows of the engine's state: the position a `go` searches,
/// followed with the library's own parser and position building.
struct Model {
    position: Position,
    /// The position of every `go` whose `bestmove` has not arrived yet.
    owed: VecDeque<Position>,
    /// The options as the engine holds them (for `UCI_Chess960`).
    options: OptionValues,
    /// The last `go` or `go perft` may run until `stop` (or for minutes).
    unbounded: bool,
    /// `bestmove` lines checked so far.
    checked: usize,
}

impl Model {
    /// Follows one line as the engine reads it. `Err` when the line must not
    /// be sent (it would end the session or take seconds).
    fn accept(&mut self, line: &str) -> Result<(), ()> {
        let Ok(command) = line.parse::<Uci>() else { return Ok(()) };
        match command {
            Uci::Quit => return Err(()),
            Uci::Bench(params) if params.depth.is_none_or(|depth| depth > 3) => return Err(()),
            Uci::Bench(params) if params.threads.is_some_and(|t| t > 4) || params.hash_mb.is_some_and(|mb| mb > 64) => {
                return Err(())
            }
            Uci::SetOption { name, .. } if name.to_ascii_lowercase().contains("log") => return Err(()),
            Uci::Position(setup) => {
                let chess960 = self.options.check("UCI_Chess960");
                self.position =
                    build_position(&setup, chess960).unwrap_or_else(|error| error.into_kept_position(&self.position));
            }
            Uci::SetOption { name, value } => {
                let _ = self.options.set(&name, value.as_deref());
            }
            Uci::UciNewGame => self.position = Position::startpos(),
            Uci::Go(params) => {
                self.unbounded = !ends_soon(&params, &self.position);
                self.owed.push_back(self.position.clone());
            }
            Uci::Perft(depth) => self.unbounded = depth > 4,
            Uci::Stop => self.unbounded = false,
            _ => {}
        }
        Ok(())
    }
}

/// Whether a search of `params` ends by itself within a second or two.
fn ends_soon(params: &GoParams, pos: &Position) -> bool {
    let (params, _) = with_fallback(params, pos.side_to_move());
    let us = pos.side_to_move();
    !params.infinite
        && !params.ponder
        && (params.depth.is_some_and(|depth| depth <= 6)
            || params.nodes.is_some_and(|nodes| nodes <= 100_000)
            || params.movetime.is_some_and(|ms| ms <= 1000)
            || params.clock.and_then(|clock| clock.time(us)).is_some_and(|ms| ms <= 30_000))
}

/// The legal move of `pos` that `text` names in standard or Chess960 notation.
fn legal_move(pos: &Position, text: &str) -> Option<Move> {
    printed_move(pos, text, false).or_else(|| printed_move(pos, text, true))
}

fn check_bestmove(pos: &Position, line: &str) -> Result<(), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["bestmove", "(none)"] if legal_moves(pos).is_empty() => Ok(()),
        ["bestmove", best] if legal_move(pos, best).is_some() => Ok(()),
        ["bestmove", best, "ponder", ponder] => {
            let mv = legal_move(pos, best).ok_or_else(|| format!("bad bestmove '{line}' for {}", pos.to_fen()))?;
            let mut after = pos.clone();
            after.make_move(mv);
            if legal_move(&after, ponder).is_some() {
                Ok(())
            } else {
                Err(format!("illegal ponder move in '{line}' after {best} from {}", pos.to_fen()))
            }
        }
        _ => Err(format!("bad bestmove '{line}' for {}", pos.to_fen())),
    }
}

// ----------------------------------------------------------------- sessions

struct Session {
    engine: Engine,
}

impl Session {
    fn start() -> Session {
        // FERROCHAMP_FUZZ_ENGINE points the fuzzer at another build (e.g. an older one).
        let engine =
            std::env::var("FERROCHAMP_FUZZ_ENGINE").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ferrochamp").into());
        Session { engine: Engine::start_program(engine, true) }
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.engine.try_send(bytes).map_err(|e| format!("write: {e}"))
    }

    /// Reads until `readyok` has come and every owed `bestmove` is checked.
    fn settle(&mut self, model: &mut Model) -> Result<(), String> {
        let deadline = Instant::now() + ANSWER_TIME;
        let mut ready = false;
        while !ready || !model.owed.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.engine.next_line(left).ok_or_else(|| {
                format!("no answer within {ANSWER_TIME:?}: readyok {ready}, {} bestmoves owed", model.owed.len())
            })?;
            if line.chars().any(char::is_control) {
                return Err(format!("a control character in the output line {line:?}"));
            }
            if line == "readyok" {
                ready = true;
            } else if line.starts_with("bestmove") {
                let pos = model.owed.pop_front().ok_or_else(|| format!("a bestmove nobody asked for: {line}"))?;
                check_bestmove(&pos, &line)?;
                model.checked += 1;
            }
        }
        Ok(())
    }

    fn quit(mut self) -> Result<(), String> {
        self.send(b"quit")?;
        let status = self.engine.wait_status(Duration::from_secs(10)).ok_or("no exit within 10 s of quit")?;
        let stderr = self.engine.stderr_text();
        if status.code() != Some(0) {
            return Err(format!("exit status {status}; stderr: {stderr}"));
        }
        if stderr.contains("panicked") || stderr.contains("overflow") {
            return Err(format!("panic text on stderr: {stderr}"));
        }
        Ok(())
    }
}

fn printable(lines: &[Vec<u8>]) -> String {
    lines
        .iter()
        .map(|line| {
            let text = String::from_utf8_lossy(line);
            let short: String = text.chars().take(200).collect();
            format!("  {short:?}\n")
        })
        .collect()
}

/// One engine process through `cases` cases; returns the `bestmove` lines checked.
fn run_session(seed: u64, first_case: usize, cases: usize) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut session = Session::start();
    let mut model = Model {
        position: Position::startpos(),
        owed: VecDeque::new(),
        options: OptionValues::default(),
        unbounded: false,
        checked: 0,
    };
    for case in first_case..first_case + cases {
        let mut sent = Vec::new();
        for line in generate_case(&mut rng) {
            // The engine reads lines as lossy UTF-8 without the trailing \r.
            let text = String::from_utf8_lossy(&line).trim_end_matches(['\n', '\r']).to_string();
            if model.accept(&text).is_err() {
                continue;
            }
            session.send(&line)?;
            sent.push(line);
            if rng.chance(20) {
                thread::sleep(Duration::from_millis(rng.below(15) as u64));
            }
        }
        if model.unbounded {
            session.send(b"stop")?;
            model.unbounded = false;
            sent.push(b"stop".to_vec());
        }
        sent.push(b"isready".to_vec());
        let answered = session.send(b"isready").and_then(|()| session.settle(&mut model));
        if let Err(err) = answered {
            return Err(format!("seed {seed:#x}, case {case}: {err}\nlines:\n{}", printable(&sent)));
        }
    }
    session.quit().map_err(|err| format!("seed {seed:#x}, after case {}: {err}", first_case + cases))?;
    Ok(model.checked)
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|text| text.trim().parse().ok())
}

#[test]
fn hostile_sessions_never_crash_hang_or_play_illegal_moves() {
    let cases = env_number("FERROCHAMP_FUZZ_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let seed = env_number("FERROCHAMP_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let sessions = cases.div_ceil(CASES_PER_PROCESS);
    let start = Instant::now();
    // Two engines at a time: the search of one overlaps the other's pauses.
    let results: Vec<Result<usize, String>> = thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|lane| {
                scope.spawn(move || {
                    (lane..sessions)
                        .step_by(2)
                        .map(|s| {
                            let count = CASES_PER_PROCESS.min(cases - s * CASES_PER_PROCESS);
                            run_session(seed.wrapping_add(s as u64), s * CASES_PER_PROCESS, count)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("fuzz lane")).collect()
    });
    let checked: usize = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    eprintln!(
        "{cases} fuzz cases in {sessions} sessions, {checked} bestmoves checked, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let report: Vec<&str> = failures.iter().map(|f| f.as_str()).collect();
    assert!(failures.is_empty(), "{} failing sessions:\n{}", failures.len(), report.join("\n"));
    // Most cases search: a fuzzer whose searches all went missing tests nothing.
    assert!(checked >= cases / 2, "only {checked} bestmoves in {cases} cases");
}
