//! One line from the GUI parsed into a typed [`Command`].
//!
//! Parsing never panics and never touches the board: FENs and moves stay
//! strings for the controller to check against the position. Anything wrong
//! becomes a [`CommandError`] whose message is fit for an `info string`.

use std::fmt;
use std::str::FromStr;

use super::shorten;
use crate::board::Color;

/// A GUI command, or one of the engine's own extensions (`d`, `eval`, `bench`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line: nothing to do.
    Empty,
    Uci,
    Debug(bool),
    IsReady,
    /// `value` is `None` when the word `value` is absent; otherwise the rest of
    /// the line after it, trimmed (possibly empty, possibly `<empty>`).
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored.
    Register,
    UciNewGame,
    Position(PositionSetup),
    Go(GoParams),
    /// `go perft N`.
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    /// `d`: print the board.
    Display,
    /// `eval`: print the evaluation breakdown.
    Eval,
    Bench(BenchParams),
    /// `xboard`: Arena's auto-detection probe; ignored.
    Xboard,
}

/// `position startpos|fen <FEN> [moves ...]`, unchecked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSetup {
    /// The FEN's fields joined by single spaces (4 or 6 of them); `None` means
    /// the standard starting position.
    pub fen: Option<String>,
    /// Moves in UCI notation, in the order played.
    pub moves: Vec<String>,
}

/// The clock part of `go`: times in milliseconds, signed because GUIs do send
/// negative remaining times.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    /// Missing increments are 0.
    pub winc: i64,
    pub binc: i64,
    /// Moves to the next time control; `None` is sudden death (also for `movestogo 0`).
    pub movestogo: Option<u32>,
}

impl Clock {
    /// Remaining time of `side`, if the GUI sent it.
    #[must_use]
    pub fn time(&self, side: Color) -> Option<i64> {
        match side {
            Color::White => self.wtime,
            Color::Black => self.btime,
        }
    }

    /// Increment of `side` per move.
    #[must_use]
    pub fn increment(&self, side: Color) -> i64 {
        match side {
            Color::White => self.winc,
            Color::Black => self.binc,
        }
    }
}

/// The limits of one `go`. They combine: the search stops at the first one reached.
/// No limit at all means "search until `stop`", like `infinite`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Present when any of `wtime btime winc binc movestogo` was sent.
    pub clock: Option<Clock>,
    /// Exact time for this move, milliseconds.
    pub movetime: Option<i64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (UCI notation, unchecked); empty = all.
    pub searchmoves: Vec<String>,
    /// Words `go` did not understand, skipped so that the search still runs;
    /// the controller may mention them in an `info string`.
    pub ignored: Vec<String>,
}

/// `bench [depth] [threads] [hash]`; missing values take the bench defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchParams {
    pub depth: Option<u32>,
    pub threads: Option<usize>,
    pub hash_mb: Option<usize>,
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command we know (quoted, shortened).
    Unknown(String),
    /// `key` of `command` came without its value.
    MissingValue { command: &'static str, key: String },
    /// `key` of `command` has a value that is not the number it needs.
    BadNumber { command: &'static str, key: String, value: String, expected: &'static str },
    /// Any other malformed argument list.
    Malformed { command: &'static str, reason: String },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command: {word}"),
            CommandError::MissingValue { command, key } => {
                write!(f, "{command}: '{key}' needs a value")
            }
            CommandError::BadNumber { command, key, value, expected } => {
                write!(f, "{command}: '{key}' needs {expected}, got '{value}'")
            }
            CommandError::Malformed { command, reason } => write!(f, "{command}: {reason}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl FromStr for Command {
    type Err = CommandError;

    /// Parses one line; surrounding whitespace and `\r` are ignored.
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let mut tokens = Tokens::new(line);
        let Some(word) = tokens.next() else {
            return Ok(Command::Empty);
        };
        match word {
            "uci" => Ok(Command::Uci),
            "debug" => parse_debug(&mut tokens),
            "isready" => Ok(Command::IsReady),
            "setoption" => parse_setoption(&mut tokens),
            "register" => Ok(Command::Register),
            "ucinewgame" => Ok(Command::UciNewGame),
            "position" => parse_position(&mut tokens).map(Command::Position),
            "go" => parse_go(&mut tokens),
            "stop" => Ok(Command::Stop),
            "ponderhit" => Ok(Command::PonderHit),
            "quit" => Ok(Command::Quit),
            "d" => Ok(Command::Display),
            "eval" => Ok(Command::Eval),
            "bench" => parse_bench(&mut tokens).map(Command::Bench),
            "xboard" => Ok(Command::Xboard),
            other => Err(CommandError::Unknown(shorten(other))),
        }
    }
}

// ---------------------------------------------------------------------------
// Tokens

/// Whitespace-separated words of a line that can also hand out the raw rest
/// of the line (a `setoption` value keeps its inner spacing).
#[derive(Clone)]
struct Tokens<'a> {
    line: &'a str,
    /// Byte offset of the first character not yet consumed.
    pos: usize,
}

impl<'a> Tokens<'a> {
    fn new(line: &'a str) -> Tokens<'a> {
        Tokens { line, pos: 0 }
    }

    /// The unconsumed part of the line, trimmed.
    fn rest(&self) -> &'a str {
        self.line[self.pos..].trim()
    }

    fn peek(&self) -> Option<&'a str> {
        self.clone().next()
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = &self.line[self.pos..];
        let Some(start) = rest.find(|c: char| !c.is_whitespace()) else {
            self.pos = self.line.len();
            return None;
        };
        let word = &rest[start..];
        let len = word.find(char::is_whitespace).unwrap_or(word.len());
        self.pos += start + len;
        Some(&word[..len])
    }
}

// ---------------------------------------------------------------------------
// Numbers

/// An integer of any length, saturated to the `i128` range; `None` if not an integer.
///
/// `i128` holds every `i64` and `u64`, so callers saturate once more to their type.
fn parse_int_saturating(text: &str) -> Option<i128> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Every byte is a digit, so only overflow can make the parse fail.
    let magnitude = digits.parse::<i128>().unwrap_or(i128::MAX);
    Some(if negative { -magnitude } else { magnitude })
}

impl<'a> Tokens<'a> {
    /// The word after `key` of `command`, or an error naming it.
    fn value_of(&mut self, command: &'static str, key: &str) -> Result<&'a str, CommandError> {
        self.next().ok_or_else(|| CommandError::MissingValue { command, key: key.to_string() })
    }

    /// The signed integer after `key`, saturated to the `i64` range.
    fn signed(&mut self, command: &'static str, key: &str) -> Result<i64, CommandError> {
        let text = self.value_of(command, key)?;
        let n = parse_int_saturating(text)
            .ok_or_else(|| bad_number(command, key, text, "an integer"))?;
        Ok(i64::try_from(n).unwrap_or(if n < 0 { i64::MIN } else { i64::MAX }))
    }

    /// The non-negative integer after `key`, saturated to the `u64` range.
    fn unsigned(&mut self, command: &'static str, key: &str) -> Result<u64, CommandError> {
        let text = self.value_of(command, key)?;
        match parse_int_saturating(text) {
            Some(n) if n >= 0 => Ok(u64::try_from(n).unwrap_or(u64::MAX)),
            _ => Err(bad_number(command, key, text, "a non-negative integer")),
        }
    }
}

fn bad_number(
    command: &'static str,
    key: &str,
    value: &str,
    expected: &'static str,
) -> CommandError {
    CommandError::BadNumber { command, key: key.to_string(), value: shorten(value), expected }
}

fn saturate_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn saturate_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

// ---------------------------------------------------------------------------
// Commands with arguments

fn parse_debug(tokens: &mut Tokens) -> Result<Command, CommandError> {
    match tokens.next() {
        Some("on") => Ok(Command::Debug(true)),
        Some("off") => Ok(Command::Debug(false)),
        other => Err(CommandError::Malformed {
            command: "debug",
            reason: format!("expected 'on' or 'off', got '{}'", shorten(other.unwrap_or(""))),
        }),
    }
}

/// `setoption name <words> [value <rest of line>]`.
fn parse_setoption(tokens: &mut Tokens) -> Result<Command, CommandError> {
    let malformed =
        |reason: &str| CommandError::Malformed { command: "setoption", reason: reason.into() };
    if tokens.next() != Some("name") {
        return Err(malformed("expected 'name' after setoption"));
    }
    let mut words = Vec::new();
    let mut value = None;
    while let Some(word) = tokens.next() {
        if word == "value" {
            value = Some(tokens.rest().to_string());
            break;
        }
        words.push(word);
    }
    if words.is_empty() {
        return Err(malformed("the option name is missing"));
    }
    Ok(Command::SetOption { name: words.join(" "), value })
}

/// `startpos|fen <fields> [moves ...]` after the word `position`.
fn parse_position(tokens: &mut Tokens) -> Result<PositionSetup, CommandError> {
    let malformed = |reason: String| CommandError::Malformed { command: "position", reason };
    let fen = match tokens.next() {
        Some("startpos") => None,
        Some("fen") => Some(fen_fields(tokens).map_err(malformed)?),
        other => {
            let got = shorten(other.unwrap_or(""));
            return Err(malformed(format!("expected 'startpos' or 'fen', got '{got}'")));
        }
    };
    match tokens.next() {
        None | Some("moves") => {}
        Some(other) => {
            return Err(malformed(format!("expected 'moves', got '{}'", shorten(other))))
        }
    }
    Ok(PositionSetup { fen, moves: tokens.map(str::to_string).collect() })
}

/// The FEN's fields up to `moves` or the end of the line, joined by spaces.
fn fen_fields(tokens: &mut Tokens) -> Result<String, String> {
    let mut fields = Vec::new();
    while let Some(field) = tokens.peek() {
        if field == "moves" {
            break;
        }
        tokens.next();
        fields.push(field);
        if fields.len() > 6 {
            break; // no need to read a long line of garbage to know it is wrong
        }
    }
    match fields.len() {
        4 | 6 => Ok(fields.join(" ")),
        7.. => Err("a FEN has 4 or 6 fields, got more than 6".into()),
        n => Err(format!("a FEN has 4 or 6 fields, got {n}")),
    }
}

/// Every keyword of `go`; `searchmoves` stops at one of them.
const GO_KEYWORDS: &str = "wtime btime winc binc movestogo depth nodes mate movetime infinite \
                           ponder searchmoves perft";

/// The words after `go`, in any order and combination.
fn parse_go(tokens: &mut Tokens) -> Result<Command, CommandError> {
    let mut go = GoParams::default();
    let mut clock: Option<Clock> = None;
    while let Some(key) = tokens.next() {
        match key {
            "perft" => return tokens.unsigned("go", key).map(|n| Command::Perft(saturate_u32(n))),
            "wtime" | "btime" | "winc" | "binc" | "movestogo" => {
                read_clock_field(key, clock.get_or_insert_with(Clock::default), tokens)?;
            }
            "movetime" => go.movetime = Some(tokens.signed("go", key)?),
            "depth" => go.depth = Some(saturate_u32(tokens.unsigned("go", key)?)),
            "nodes" => go.nodes = Some(tokens.unsigned("go", key)?),
            "mate" => go.mate = Some(saturate_u32(tokens.unsigned("go", key)?)),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => go.searchmoves.extend(search_moves(tokens)),
            other => go.ignored.push(shorten(other)),
        }
    }
    go.clock = clock;
    Ok(Command::Go(go))
}

/// One of `wtime btime winc binc movestogo` and its value.
fn read_clock_field(key: &str, clock: &mut Clock, tokens: &mut Tokens) -> Result<(), CommandError> {
    let n = tokens.signed("go", key)?;
    match key {
        "wtime" => clock.wtime = Some(n),
        "btime" => clock.btime = Some(n),
        "winc" => clock.winc = n,
        "binc" => clock.binc = n,
        // 0 or less means none: some GUIs send `movestogo 0` in sudden death.
        _ => clock.movestogo = (n > 0).then(|| u32::try_from(n).unwrap_or(u32::MAX)),
    }
    Ok(())
}

/// The moves after `searchmoves`, up to the next `go` keyword or the end.
fn search_moves(tokens: &mut Tokens) -> Vec<String> {
    let mut moves = Vec::new();
    while let Some(word) = tokens.peek() {
        if GO_KEYWORDS.split_whitespace().any(|keyword| keyword == word) {
            break;
        }
        tokens.next();
        moves.push(word.to_string());
    }
    moves
}

/// `[depth] [threads] [hash]` after `bench`.
fn parse_bench(tokens: &mut Tokens) -> Result<BenchParams, CommandError> {
    let mut params = BenchParams::default();
    if tokens.peek().is_some() {
        params.depth = Some(saturate_u32(tokens.unsigned("bench", "depth")?));
    }
    if tokens.peek().is_some() {
        params.threads = Some(saturate_usize(tokens.unsigned("bench", "threads")?));
    }
    if tokens.peek().is_some() {
        params.hash_mb = Some(saturate_usize(tokens.unsigned("bench", "hash")?));
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
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
        assert!(
            matches!(parse("UCI"), Err(CommandError::Unknown(_))),
            "commands are case-sensitive"
        );
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
        assert_eq!(
            parse("setoption  name  Move   Overhead value 30\r"),
            set("Move Overhead", Some("30"))
        );
        assert_eq!(
            parse("setoption name Debug Log File value C:\\My  Logs\\ferro value.txt "),
            set("Debug Log File", Some("C:\\My  Logs\\ferro value.txt"))
        );
        assert_eq!(parse("setoption name Debug Log File value"), set("Debug Log File", Some("")));
        assert_eq!(
            parse("setoption name Debug Log File value <empty>"),
            set("Debug Log File", Some("<empty>"))
        );
    }

    #[test]
    fn setoption_without_a_name_is_an_error() {
        for line in
            ["setoption", "setoption Hash value 3", "setoption name", "setoption name value 5"]
        {
            assert!(
                matches!(parse(line), Err(CommandError::Malformed { command: "setoption", .. })),
                "{line}"
            );
        }
    }

    #[test]
    fn position_keeps_fen_and_moves_as_strings() {
        assert_eq!(position("position startpos"), PositionSetup::default());
        assert_eq!(position("position startpos moves").moves, Vec::<String>::new());
        let setup = position("position startpos moves e2e4 e7e5 g1f3");
        assert_eq!(
            (setup.fen, setup.moves),
            (None, vec!["e2e4".into(), "e7e5".into(), "g1f3".into()])
        );
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
            assert!(
                matches!(err, CommandError::Malformed { command: "position", .. }),
                "{line}: {err}"
            );
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
        let params =
            go("go movetime 2000 nodes 5000000 wtime 300000 btime -250 winc 2000 binc 1000 \
                         movestogo 40 depth 17 mate 3 ponder infinite");
        let clock = Clock {
            wtime: Some(300_000),
            btime: Some(-250),
            winc: 2000,
            binc: 1000,
            movestogo: Some(40),
        };
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
        assert_eq!(
            (params.depth, params.nodes, clock.movestogo),
            (Some(u32::MAX), Some(u64::MAX), Some(u32::MAX))
        );
    }

    #[test]
    fn go_rejects_non_numbers_and_missing_values() {
        let err = parse("go wtime fast").expect_err("not a number");
        assert_eq!(err.to_string(), "go: 'wtime' needs an integer, got 'fast'");
        assert!(matches!(parse("go depth"), Err(CommandError::MissingValue { .. })));
        assert!(matches!(parse("go depth -3"), Err(CommandError::BadNumber { .. })));
        assert!(matches!(parse("go wtime btime 100"), Err(CommandError::BadNumber { .. })));
        assert!(parse("go movetime 1.5").is_err());
        assert!(parse("go nodes +").is_err());
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
        assert!(parse("go perft").is_err());
        assert!(parse("go perft x").is_err());
        assert_eq!(parse("bench"), Ok(Command::Bench(BenchParams::default())));
        assert_eq!(
            parse("bench 13 2 64"),
            Ok(Command::Bench(BenchParams {
                depth: Some(13),
                threads: Some(2),
                hash_mb: Some(64)
            }))
        );
        assert_eq!(
            parse("bench 9"),
            Ok(Command::Bench(BenchParams { depth: Some(9), ..BenchParams::default() }))
        );
        assert!(matches!(
            parse("bench deep"),
            Err(CommandError::BadNumber { command: "bench", .. })
        ));
    }

    #[test]
    fn error_messages_stay_short_on_huge_garbage() {
        let garbage = "z".repeat(100_000);
        for line in [garbage.clone(), format!("go wtime {garbage}"), format!("position {garbage}")]
        {
            let message = parse(&line).expect_err("garbage").to_string();
            assert!(message.len() < 200, "{} chars", message.len());
        }
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
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                line.push_str(words[(state >> 33) as usize % words.len()]);
                if state & 1 == 0 {
                    line.push(' ');
                }
            }
            let _ = parse(&line); // the assertion is that this returns
        }
    }
}
