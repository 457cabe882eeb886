//! Reading labelled positions: one position a line, the game result from
//! White's side, in the formats tuning data sets commonly use.
//!
//! Accepted lines (blank lines and `#` comments are skipped):
//! - `FEN | result` (this project's data sets);
//! - `FEN | score | result` (`ferrochamp datagen` output: the search's score in
//!   centipawns from White's side, which `tune --lambda` blends into the label);
//! - `FEN [result]` (the bracketed form of several public sets);
//! - `FEN c9 "1-0";` (EPD with the result as an operation).
//!
//! A result is `1.0`/`0.5`/`0.0` (any number in 0..=1), `1`, `0`, `1-0`,
//! `0-1` or `1/2-1/2`.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// One labelled position as read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position's FEN as written in the file, trimmed (not yet checked).
    pub fen: String,
    /// The game result from White's side: 1 win, 0.5 draw, 0 loss.
    pub result: f32,
    /// The search's score from White's side (centipawns), when the line has one.
    pub score: Option<f32>,
}

/// Parses a result token, or `None` when it is not one.
#[must_use]
pub fn parse_result(token: &str) -> Option<f32> {
    let token = token.trim().trim_matches(|c| c == '"' || c == ';' || c == '[' || c == ']').trim();
    match token {
        "1-0" => return Some(1.0),
        "0-1" => return Some(0.0),
        "1/2-1/2" | "1/2" => return Some(0.5),
        _ => {}
    }
    let value: f32 = token.parse().ok()?;
    (0.0..=1.0).contains(&value).then_some(value)
}

/// Parses one line; `Ok(None)` for blank and comment lines.
///
/// # Errors
/// A message when the line has no recognisable result.
pub fn parse_line(line: &str) -> Result<Option<Labelled>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut score = None;
    let (fen, result) = if line.contains('|') {
        let mut fields = line.split('|');
        let fen = fields.next().unwrap_or_default();
        // The result is the last field; a score may stand between.
        let last = fields.next_back().unwrap_or_default();
        if let Some(middle) = fields.next() {
            let parsed = middle.trim().parse::<f32>().ok().filter(|s| s.is_finite());
            score = Some(parsed.ok_or_else(|| format!("no score in line: {line}"))?);
        }
        (fen, parse_result(last))
    } else if let Some(open) = line.rfind('[') {
        (&line[..open], parse_result(&line[open..]))
    } else if let Some(op) = line.find(" c9 ") {
        (&line[..op], parse_result(&line[op + 4..]))
    } else {
        (line, None)
    };
    match result {
        Some(result) => Ok(Some(Labelled { fen: fen.trim().to_string(), result, score })),
        None => Err(format!("no result in line: {line}")),
    }
}

/// What loading found besides the positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadStats {
    /// Lines read, blank and comment lines included.
    pub lines: usize,
    /// Lines skipped because no result could be read from them.
    pub malformed: usize,
}

/// Reads every labelled position of the files, in order, up to `limit` positions.
/// Malformed lines are counted and skipped (a few bad lines should not stop a run).
///
/// # Errors
/// When a file cannot be opened or read.
pub fn load_files(paths: &[impl AsRef<Path>], limit: Option<usize>) -> Result<(Vec<Labelled>, LoadStats), String> {
    let mut positions = Vec::new();
    let mut stats = LoadStats::default();
    for path in paths {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        for line in BufReader::new(file).lines() {
            if limit.is_some_and(|limit| positions.len() >= limit) {
                return Ok((positions, stats));
            }
            let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            stats.lines += 1;
            match parse_line(&line) {
                Ok(Some(labelled)) => positions.push(labelled),
                Ok(None) => {}
                Err(_) => stats.malformed += 1,
            }
        }
    }
    Ok((positions, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "r1bq1rk1/pp1nppbp/2p2np1/3p4/P2P4/4PN2/1PPNBPPP/R1BQ1RK1 w - - 1 5";

    fn result_of(line: &str) -> f32 {
        parse_line(line).expect("parses").expect("a position").result
    }

    #[test]
    fn reads_every_format() {
        assert_eq!(result_of(&format!("{FEN} | 0.5")), 0.5);
        assert_eq!(result_of(&format!("{FEN} | 1.0")), 1.0);
        assert_eq!(result_of(&format!("{FEN} | -35 | 0.0")), 0.0);
        assert_eq!(result_of(&format!("{FEN} [1.0]")), 1.0);
        assert_eq!(result_of(&format!("{FEN} [0.5]")), 0.5);
        assert_eq!(result_of(&format!("{FEN} c9 \"0-1\";")), 0.0);
        assert_eq!(result_of(&format!("{FEN} | 1/2-1/2")), 0.5);
        let parsed = parse_line(&format!("{FEN} | 12 | 1")).expect("parses").expect("a position");
        assert_eq!(parsed.fen, FEN);
        assert_eq!(parsed.score, Some(12.0));
        assert_eq!(parse_line(&format!("{FEN} | 1")).expect("parses").expect("a position").score, None);
    }

    #[test]
    fn skips_blank_and_rejects_garbage() {
        assert_eq!(parse_line("   "), Ok(None));
        assert_eq!(parse_line("# a comment"), Ok(None));
        assert!(parse_line(FEN).is_err());
        assert!(parse_line(&format!("{FEN} | 2.0")).is_err());
        assert!(parse_line(&format!("{FEN} | draw")).is_err());
        assert!(parse_line(&format!("{FEN} | big | 0.5")).is_err());
    }
}
