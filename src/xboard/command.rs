//! One CECP (XBoard protocol version 2) line parsed into a typed command.
//!
//! Commands that mean what a UCI command means become that [`Command`]
//! (`quit`, `memory` → `Hash`, `cores` → `Threads`, `egtpath syzygy` →
//! `SyzygyPath`, `option NAME=VALUE`); the others become [`Command::Cecp`]
//! with an [`XbCommand`]. Parsing never panics and never touches the board:
//! moves and FENs stay strings for the controller to check.

use super::clock::{parse_base, parse_seconds};
use crate::uci::options::names;
use crate::uci::{shorten, Command, CommandError};

/// A CECP command with no UCI counterpart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XbCommand {
    /// The first line was `xboard`: the session speaks CECP from here on.
    Start,
    /// `protover N`: answer with the `feature` lines (from version 2 on).
    Protover(u32),
    /// `new`: the starting position, the engine plays Black, no depth limit.
    New,
    /// `variant normal|fischerandom`; true for Chess960.
    Variant(bool),
    /// `force`: play neither side, just follow the moves.
    Force,
    /// `go`: play the side to move and start thinking.
    Go,
    /// `playother`: play the side not to move (pondering if `hard`).
    PlayOther,
    /// `usermove MOVE` (or a bare move): the opponent's move, unchecked.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `undo`: take back one half-move.
    Undo,
    /// `remove`: take back two half-moves.
    Remove,
    /// `setboard FEN` (unchecked FEN text).
    SetBoard(String),
    /// `ping N`: answer `pong N` once everything before it is done.
    Ping(i64),
    /// `time N`: the engine's clock, in centiseconds.
    Time(i64),
    /// `otim N`: the opponent's clock, in centiseconds.
    Otim(i64),
    /// `level MPS BASE INC`.
    Level {
        /// Moves per session; 0 is sudden death (with or without increment).
        moves: u32,
        /// Time per session, milliseconds.
        base_ms: i64,
        /// Increment per move, milliseconds.
        inc_ms: i64,
    },
    /// `st T`: exactly this long per move, milliseconds.
    St(i64),
    /// `sd D`: no deeper than D plies.
    Sd(u32),
    /// `nps N`: count time in nodes, N nodes a second (with `st`).
    Nps(u64),
    /// `post` (true) or `nopost` (false): thinking output on or off.
    Post(bool),
    /// `hard` (true) or `easy` (false): pondering on or off.
    Hard(bool),
    /// `analyze`: search the position until told otherwise.
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: a status line during analysis.
    Status,
    /// `bk`: show book moves.
    Book,
    /// `hint`: suggest a move.
    Hint,
    /// `result RESULT {comment}`: the game is over.
    Result(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `name`, `rating`, `computer`, `random`, `ics`, `accepted`, `rejected`,
    /// `white`, `black`, `easy`-like commands that need no action.
    Ignored,
}

/// Parses one CECP line (surrounding whitespace ignored).
///
/// # Errors
/// A [`CommandError`] naming the command and what is wrong with it; the
/// controller prints it as `Error (...): ...`.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let cecp = |command: XbCommand| Ok(Command::Cecp(command));
    match word {
        "" => Ok(Command::Empty),
        "quit" => Ok(Command::Quit),
        "uci" => Ok(Command::Uci),
        "xboard" => Ok(Command::Xboard),
        "memory" => Ok(set_option(names::HASH, &positive("memory", rest)?.to_string())),
        "cores" => Ok(set_option(names::THREADS, &positive("cores", rest)?.to_string())),
        "egtpath" => parse_egtpath(rest),
        "option" => parse_option(rest),
        "protover" => {
            cecp(XbCommand::Protover(number("protover", rest, 1, i64::from(u32::MAX))?.try_into().unwrap_or(2)))
        }
        "new" => cecp(XbCommand::New),
        "variant" => match rest {
            "normal" => cecp(XbCommand::Variant(false)),
            "fischerandom" => cecp(XbCommand::Variant(true)),
            _ => Err(malformed("variant", format!("unsupported variant '{}'", shorten(rest)))),
        },
        "force" => cecp(XbCommand::Force),
        "go" => cecp(XbCommand::Go),
        "playother" => cecp(XbCommand::PlayOther),
        "usermove" => match rest.split_whitespace().collect::<Vec<_>>()[..] {
            [mv] => cecp(XbCommand::UserMove(mv.to_string())),
            _ => Err(malformed("usermove", "expected one move".into())),
        },
        "?" => cecp(XbCommand::MoveNow),
        "undo" => cecp(XbCommand::Undo),
        "remove" => cecp(XbCommand::Remove),
        "setboard" => parse_setboard(rest),
        "ping" => cecp(XbCommand::Ping(number("ping", rest, i64::MIN, i64::MAX)?)),
        "time" => cecp(XbCommand::Time(number("time", rest, 0, i64::MAX / 10)?)),
        "otim" => cecp(XbCommand::Otim(number("otim", rest, 0, i64::MAX / 10)?)),
        "level" => parse_level(rest),
        "st" => match parse_seconds(rest) {
            Some(ms) if ms > 0 => cecp(XbCommand::St(ms)),
            _ => Err(malformed("st", format!("expected a positive number of seconds, got '{}'", shorten(rest)))),
        },
        "sd" => cecp(XbCommand::Sd(number("sd", rest, 1, i64::from(u32::MAX))?.try_into().unwrap_or(u32::MAX))),
        "nps" => cecp(XbCommand::Nps(number("nps", rest, 1, i64::MAX)?.try_into().unwrap_or(u64::MAX))),
        "post" => cecp(XbCommand::Post(true)),
        "nopost" => cecp(XbCommand::Post(false)),
        "hard" => cecp(XbCommand::Hard(true)),
        "easy" => cecp(XbCommand::Hard(false)),
        "analyze" => cecp(XbCommand::Analyze),
        "exit" => cecp(XbCommand::Exit),
        "." => cecp(XbCommand::Status),
        "bk" => cecp(XbCommand::Book),
        "hint" => cecp(XbCommand::Hint),
        "result" => cecp(XbCommand::Result(shorten(rest))),
        "draw" => cecp(XbCommand::Draw),
        "name" | "rating" | "computer" | "random" | "ics" | "accepted" | "rejected" | "white" | "black" => {
            cecp(XbCommand::Ignored)
        }
        _ if rest.is_empty() && looks_like_move(word) => cecp(XbCommand::UserMove(word.to_string())),
        _ => Err(CommandError::Unknown(shorten(word))),
    }
}

/// `e2e4`, `e7e8q`, `O-O`-less coordinate notation: what a protocol-1 GUI sends without `usermove`.
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    let square = |file: u8, rank: u8| (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
    matches!(bytes.len(), 4 | 5)
        && square(bytes[0], bytes[1])
        && square(bytes[2], bytes[3])
        && bytes.get(4).is_none_or(|p| b"qrbnk".contains(p))
}

fn set_option(name: &str, value: &str) -> Command {
    Command::SetOption { name: name.to_string(), value: Some(value.to_string()) }
}

fn malformed(command: &'static str, reason: String) -> CommandError {
    CommandError::Malformed { command, reason }
}

/// The one integer argument of `command`, within `min..=max`.
fn number(command: &'static str, text: &str, min: i64, max: i64) -> Result<i64, CommandError> {
    let bad = || CommandError::BadNumber {
        command,
        key: command.to_string(),
        value: shorten(text),
        expected: "an integer in range",
    };
    let value: i64 = text.parse().map_err(|_| bad())?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(bad())
    }
}

fn positive(command: &'static str, text: &str) -> Result<i64, CommandError> {
    number(command, text, 1, i64::MAX)
}

/// `egtpath syzygy PATH`: the only tables the engine reads.
fn parse_egtpath(rest: &str) -> Result<Command, CommandError> {
    match rest.split_once(char::is_whitespace) {
        Some(("syzygy", path)) => Ok(set_option(names::SYZYGY_PATH, path.trim())),
        _ => Err(malformed("egtpath", format!("expected 'syzygy PATH', got '{}'", shorten(rest)))),
    }
}

/// `option NAME=VALUE`, or `option NAME` for a button.
fn parse_option(rest: &str) -> Result<Command, CommandError> {
    let (name, value) = match rest.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim().to_string())),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(malformed("option", "expected NAME=VALUE".into()));
    }
    Ok(Command::SetOption { name: name.to_string(), value })
}

/// `setboard FEN`: 4 or 6 fields; the board checks the rest.
fn parse_setboard(rest: &str) -> Result<Command, CommandError> {
    let fields = rest.split_whitespace().take(7).count();
    if fields == 4 || fields == 6 {
        Ok(Command::Cecp(XbCommand::SetBoard(rest.split_whitespace().collect::<Vec<_>>().join(" "))))
    } else {
        Err(malformed(
            "setboard",
            format!("a FEN has 4 or 6 fields, got {}", if fields > 6 { "more" } else { "fewer" }),
        ))
    }
}

/// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`, INC in seconds.
fn parse_level(rest: &str) -> Result<Command, CommandError> {
    let bad = || malformed("level", format!("expected 'MPS BASE INC', got '{}'", shorten(rest)));
    let [moves, base, inc] = rest.split_whitespace().collect::<Vec<_>>()[..] else { return Err(bad()) };
    let moves = moves.parse::<u32>().ok().filter(|&m| m <= 10_000).ok_or_else(bad)?;
    let base_ms = parse_base(base).ok_or_else(bad)?;
    let inc_ms = parse_seconds(inc).ok_or_else(bad)?;
    if base_ms == 0 && inc_ms == 0 {
        return Err(malformed("level", "no time at all".into()));
    }
    Ok(Command::Cecp(XbCommand::Level { moves, base_ms, inc_ms }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cecp(line: &str) -> XbCommand {
        match parse(line) {
            Ok(Command::Cecp(command)) => command,
            other => panic!("{line}: expected a CECP command, got {other:?}"),
        }
    }

    #[test]
    fn shared_commands_become_uci_commands() {
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("memory 64"), Ok(set_option("Hash", "64")));
        assert_eq!(parse("cores 2"), Ok(set_option("Threads", "2")));
        assert_eq!(parse("egtpath syzygy /tb/a:/tb b"), Ok(set_option("SyzygyPath", "/tb/a:/tb b")));
        let option = parse("option Resign Score=500");
        assert_eq!(option, Ok(set_option("Resign Score", "500")));
        assert!(parse("egtpath gaviota /x").is_err());
        assert!(parse("memory 0").is_err());
    }

    #[test]
    fn clocks_and_limits_parse_with_their_units() {
        assert_eq!(cecp("level 40 5 0"), XbCommand::Level { moves: 40, base_ms: 300_000, inc_ms: 0 });
        assert_eq!(cecp("level 0 2:30 1"), XbCommand::Level { moves: 0, base_ms: 150_000, inc_ms: 1000 });
        assert_eq!(cecp("level 0 0:02 0.02"), XbCommand::Level { moves: 0, base_ms: 2000, inc_ms: 20 });
        assert_eq!(cecp("time 12345"), XbCommand::Time(12345));
        assert_eq!(cecp("st 0.5"), XbCommand::St(500));
        assert_eq!(cecp("sd 7"), XbCommand::Sd(7));
        assert_eq!(cecp("e2e4"), XbCommand::UserMove("e2e4".into()));
        assert_eq!(cecp("usermove e7e8q"), XbCommand::UserMove("e7e8q".into()));
    }

    #[test]
    fn bad_arguments_are_errors_not_panics() {
        for line in [
            "level x y z",
            "level 40 5",
            "level 0 0 0",
            "level -1 5 0",
            "time -5",
            "time",
            "otim abc",
            "sd 0",
            "sd -3",
            "st 0",
            "st",
            "ping",
            "setboard",
            "setboard a b c",
            "usermove",
            "usermove e2e4 e7e5",
            "variant crazyhouse",
            "protover x",
            "nps 0",
            "option =5",
            "frobnicate",
        ] {
            assert!(parse(line).is_err(), "{line} parsed as {:?}", parse(line));
        }
        let long = "x".repeat(100_000);
        assert!(parse(&long).is_err());
        assert!(parse(&format!("setboard {long}")).is_err());
    }
}
