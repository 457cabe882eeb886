//! One line from the GUI parsed into a typed [`Command`].
//!
//! Parsing never panics and never touches the board: FENs and moves stay
//! strings for the controller to check against the position. Anything wrong
//! becomes a [`CommandError`] whose message is fit for an `info string`.

use std::fmt;
use std::str::FromStr;

use super::shorten;
use crate::board::{perft, Color};

/// A GUI command, or one of the engine's own extensions (`d`, `eval`, `bench`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line: nothing to do.
    Empty,
    /// `uci`: answer with the engine's id, its options and `uciok`.
    Uci,
    /// `debug on|off`: whether diagnostics also go to the GUI as `info string`.
    Debug(bool),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `value` is `None` when the word `value` is absent; otherwise the rest of
    /// the line after it, trimmed (possibly empty, possibly `<empty>`).
    SetOption {
        /// The option's name as sent: the words between `name` and `value`,
        /// joined by single spaces (case not yet checked against the table).
        name: String,
        /// The text after `value`, or `None` without it.
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored.
    Register,
    /// `ucinewgame`: forget the previous game (hash, history) and reset the board.
    UciNewGame,
    /// `position ...`: the position to search next.
    Position(PositionSetup),
    /// `go ...`: start a search within these limits.
    Go(GoParams),
    /// `go perft N`.
    Perft(u32),
    /// `stop`: end the search and answer `bestmove` now.
    Stop,
    /// `ponderhit`: the opponent played the expected move; the ponder search
    /// goes on as a normal one and its clock starts.
    PonderHit,
    /// `quit`: leave as soon as possible.
    Quit,
    /// `d`: print the board.
    Display,
    /// `eval`: print the evaluation breakdown.
    Eval,
    /// `bench [depth] [threads] [hash]`: search the bench positions and print the node count.
    Bench(BenchParams),
    /// `xboard`: as the first line, the switch to the XBoard protocol (the
    /// front thread then sends `Cecp(Start)`); later, Arena's auto-detection probe, ignored.
    Xboard,
    /// A CECP (XBoard) command without a UCI counterpart, in XBoard mode.
    Cecp(crate::xboard::XbCommand),
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
    /// White's remaining time (`wtime`).
    pub wtime: Option<i64>,
    /// Black's remaining time (`btime`).
    pub btime: Option<i64>,
    /// White's increment per move (`winc`); missing increments are 0.
    pub winc: i64,
    /// Black's increment per move (`binc`); 0 when missing.
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
    /// Deepest iteration to run, in plies.
    pub depth: Option<u32>,
    /// Nodes to search, counted over all threads.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `infinite`: no time control, and no `bestmove` before `stop`.
    pub infinite: bool,
    /// `ponder`: search on the opponent's time; the limits apply from `ponderhit` on,
    /// and no `bestmove` comes before `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root to these moves (UCI notation, unchecked); empty = all.
    pub searchmoves: Vec<String>,
    /// Words `go` did not understand, skipped so that the search still runs;
    /// the controller may mention them in an `info string`.
    pub ignored: Vec<String>,
    /// Parameters dropped for a missing or malformed value, each with the
    /// reason (fit for an `info string`); the search runs on the others.
    pub dropped: Vec<String>,
}

/// `bench [depth] [threads] [hash]`; missing values take the bench defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchParams {
    /// Search depth of each position, in plies.
    pub depth: Option<u32>,
    /// Number of search threads.
    pub threads: Option<usize>,
    /// Transposition table size, in MiB.
    pub hash_mb: Option<usize>,
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command we know (quoted, shortened).
    Unknown(String),
    /// `key` of `command` came without its value.
    MissingValue {
        /// The command the key belongs to (`go`, `bench`).
        command: &'static str,
        /// The keyword left without a value.
        key: String,
    },
    /// `key` of `command` has a value that is not the number it needs.
    BadNumber {
        /// The command the key belongs to.
        command: &'static str,
        /// The keyword whose value is wrong.
        key: String,
        /// The value as sent (shortened).
        value: String,
        /// What was wanted, as a phrase (`a non-negative integer`).
        expected: &'static str,
    },
    /// Any other malformed argument list.
    Malformed {
        /// The command whose arguments are wrong.
        command: &'static str,
        /// What is wrong, fit for an `info string`.
        reason: String,
    },
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
            "go" => Ok(parse_go(&mut tokens)),
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

    /// The non-negative integer after `key`, saturated to the `u64` range.
    fn unsigned(&mut self, command: &'static str, key: &str) -> Result<u64, CommandError> {
        let text = self.value_of(command, key)?;
        unsigned_value(command, key, text)
    }
}

/// `text` as a signed integer, saturated to the `i64` range.
fn signed_value(command: &'static str, key: &str, text: &str) -> Result<i64, CommandError> {
    let n = parse_int_saturating(text).ok_or_else(|| bad_number(command, key, text, "an integer"))?;
    Ok(i64::try_from(n).unwrap_or(if n < 0 { i64::MIN } else { i64::MAX }))
}

/// `text` as a non-negative integer, saturated to the `u64` range.
fn unsigned_value(command: &'static str, key: &str, text: &str) -> Result<u64, CommandError> {
    match parse_int_saturating(text) {
        Some(n) if n >= 0 => Ok(u64::try_from(n).unwrap_or(u64::MAX)),
        _ => Err(bad_number(command, key, text, "a non-negative integer")),
    }
}

fn bad_number(command: &'static str, key: &str, value: &str, expected: &'static str) -> CommandError {
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
    let malformed = |reason: &str| CommandError::Malformed { command: "setoption", reason: reason.into() };
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
        Some(other) => return Err(malformed(format!("expected 'moves', got '{}'", shorten(other)))),
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

/// The words after `go`, in any order and combination. A malformed value never
/// makes the whole `go` fail (a GUI would wait forever for its `bestmove`): the
/// parameter is dropped, the reason kept in `dropped`, and the rest stands.
fn parse_go(tokens: &mut Tokens) -> Command {
    let mut go = GoParams::default();
    let mut clock: Option<Clock> = None;
    let mut perft = None;
    while let Some(key) = tokens.next() {
        let read = match key {
            "perft" => go_value(tokens, key).and_then(perft_depth).map(|depth| perft = Some(depth)),
            "wtime" | "btime" | "winc" | "binc" | "movestogo" => go_value(tokens, key)
                .and_then(|text| signed_value("go", key, text))
                .map(|n| set_clock_field(key, n, clock.get_or_insert_with(Clock::default))),
            "movetime" => {
                go_value(tokens, key).and_then(|text| signed_value("go", key, text)).map(|n| go.movetime = Some(n))
            }
            "depth" => go_unsigned(tokens, key).map(|n| go.depth = Some(saturate_u32(n))),
            "nodes" => go_unsigned(tokens, key).map(|n| go.nodes = Some(n)),
            "mate" => go_unsigned(tokens, key).map(|n| go.mate = Some(saturate_u32(n))),
            "infinite" => {
                go.infinite = true;
                Ok(())
            }
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                go.searchmoves.extend(search_moves(tokens));
                Ok(())
            }
            other => {
                go.ignored.push(shorten(other));
                Ok(())
            }
        };
        if let Err(err) = read {
            go.dropped.push(err.to_string());
        }
    }
    go.clock = clock;
    match perft {
        Some(depth) => Command::Perft(depth),
        None => Command::Go(go),
    }
}

fn is_go_keyword(word: &str) -> bool {
    GO_KEYWORDS.split_whitespace().any(|keyword| keyword == word)
}

/// The value after `key` of `go`. A missing value is not replaced by the next
/// keyword: `go wtime btime 100` drops `wtime` and keeps `btime 100`.
fn go_value<'a>(tokens: &mut Tokens<'a>, key: &str) -> Result<&'a str, CommandError> {
    match tokens.peek() {
        Some(word) if !is_go_keyword(word) => {
            tokens.next();
            Ok(word)
        }
        _ => Err(CommandError::MissingValue { command: "go", key: key.to_string() }),
    }
}

fn go_unsigned(tokens: &mut Tokens, key: &str) -> Result<u64, CommandError> {
    go_value(tokens, key).and_then(|text| unsigned_value("go", key, text))
}

/// `go perft N`: deeper than [`perft::MAX_DEPTH`] would never finish.
fn perft_depth(text: &str) -> Result<u32, CommandError> {
    match parse_int_saturating(text) {
        Some(n) if (0..=i128::from(perft::MAX_DEPTH)).contains(&n) => Ok(u32::try_from(n).unwrap_or(perft::MAX_DEPTH)),
        _ => Err(bad_number("go", "perft", text, perft::DEPTH_RANGE)),
    }
}

/// One of `wtime btime winc binc movestogo` and its value.
fn set_clock_field(key: &str, n: i64, clock: &mut Clock) {
    match key {
        "wtime" => clock.wtime = Some(n),
        "btime" => clock.btime = Some(n),
        "winc" => clock.winc = n,
        "binc" => clock.binc = n,
        // 0 or less means none: some GUIs send `movestogo 0` in sudden death.
        _ => clock.movestogo = (n > 0).then(|| u32::try_from(n).unwrap_or(u32::MAX)),
    }
}

/// The moves after `searchmoves`, up to the next `go` keyword or the end.
fn search_moves(tokens: &mut Tokens) -> Vec<String> {
    let mut moves = Vec::new();
    while let Some(word) = tokens.peek() {
        if is_go_keyword(word) {
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
mod tests;
