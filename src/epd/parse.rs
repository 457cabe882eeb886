//! Reading EPD lines: four position fields, then `;`-separated operations
//! (`bm Nf3 Qd2; id "WAC.001"; c0 "Qd2=10, Qe2=7";`), and turning the
//! operations test suites use into a [`Problem`] with legal moves.

use crate::board::{Move, Position};

/// One operation: its opcode and operands (a quoted string is one operand,
/// without its quotes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The operation's name, e.g. `bm` or `id`.
    pub opcode: String,
    /// The words after the opcode, up to the `;`.
    pub operands: Vec<String>,
}

/// A position to solve and what counts as solving it.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Line number in its file, from 1.
    pub line: usize,
    /// The `id` operation, or `line N` when there is none.
    pub id: String,
    /// The position to search, with the `hmvc` and `fmvn` clocks when the line gives them.
    pub position: Position,
    /// `bm`: one of these moves solves it.
    pub best: Vec<Move>,
    /// `am`: none of these moves may be played.
    pub avoid: Vec<Move>,
    /// `dm N` or `ce +M<N>`: the side to move mates in exactly N moves.
    pub mate: Option<i32>,
    /// STS-style `c0 "Qd2=10, Qe2=7"`: points for each listed move.
    pub points: Vec<(Move, u32)>,
}

impl Problem {
    /// The most points one move earns (0 without a points list).
    #[must_use]
    pub fn max_points(&self) -> u32 {
        self.points.iter().map(|&(_, p)| p).max().unwrap_or(0)
    }

    /// The points `mv` earns (0 when it is not listed).
    #[must_use]
    pub fn points_for(&self, mv: Move) -> u32 {
        self.points.iter().find(|&&(m, _)| m == mv).map_or(0, |&(_, p)| p)
    }
}

/// Splits one line into its position (as a FEN with clocks) and operations.
/// `Ok(None)` for a blank line or a `#` comment.
///
/// # Errors
/// When fewer than four position fields are present or a quote is not closed.
pub fn split_line(text: &str) -> Result<Option<(String, Vec<Operation>)>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut fields = text.splitn(5, char::is_whitespace).filter(|f| !f.is_empty());
    let board: Vec<&str> = fields.by_ref().take(4).collect();
    if board.len() < 4 {
        return Err(format!("expected four position fields, found {}", board.len()));
    }
    let rest = text.splitn(5, char::is_whitespace).filter(|f| !f.is_empty()).nth(4);
    let operations = rest.map_or_else(|| Ok(Vec::new()), split_operations)?;
    let clock = |opcode: &str, default: &str| -> String {
        operations
            .iter()
            .find(|op| op.opcode == opcode)
            .and_then(|op| op.operands.first().cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let fen = format!("{} {} {}", board.join(" "), clock("hmvc", "0"), clock("fmvn", "1"));
    Ok(Some((fen, operations)))
}

/// The operations after the position fields.
fn split_operations(text: &str) -> Result<Vec<Operation>, String> {
    let mut operations = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let finish_token = |current: &mut String, tokens: &mut Vec<String>, was_quoted: &mut bool| {
        if !current.is_empty() || *was_quoted {
            tokens.push(std::mem::take(current));
        }
        *was_quoted = false;
    };
    for ch in text.chars() {
        match ch {
            '"' if quoted => quoted = false,
            '"' => {
                quoted = true;
                was_quoted = true;
            }
            c if quoted => current.push(c),
            ';' => {
                finish_token(&mut current, &mut tokens, &mut was_quoted);
                push_operation(&mut operations, &mut tokens);
            }
            c if c.is_whitespace() => finish_token(&mut current, &mut tokens, &mut was_quoted),
            c => current.push(c),
        }
    }
    if quoted {
        return Err("a quoted operand is not closed".to_string());
    }
    finish_token(&mut current, &mut tokens, &mut was_quoted);
    push_operation(&mut operations, &mut tokens);
    Ok(operations)
}

fn push_operation(operations: &mut Vec<Operation>, tokens: &mut Vec<String>) {
    let mut drained = std::mem::take(tokens).into_iter();
    if let Some(opcode) = drained.next() {
        operations.push(Operation { opcode, operands: drained.collect() });
    }
}

/// Reads line `line` (numbered from 1) of a suite into a problem.
/// `Ok(None)` for a blank or comment line.
///
/// # Errors
/// A malformed line, an illegal position, an illegal `bm`/`am`/`c0` move, a
/// bad `dm`, or a line that asks nothing (no `bm`, `am`, `dm`, mate `ce` or points).
pub fn parse_problem(text: &str, line: usize) -> Result<Option<Problem>, String> {
    let Some((fen, operations)) = split_line(text)? else {
        return Ok(None);
    };
    let position = Position::from_fen(&fen).map_err(|err| format!("bad position: {err}"))?;
    let mut problem = Problem {
        line,
        id: format!("line {line}"),
        position,
        best: Vec::new(),
        avoid: Vec::new(),
        mate: None,
        points: Vec::new(),
    };
    for op in &operations {
        match op.opcode.as_str() {
            "id" => problem.id = op.operands.join(" "),
            "bm" => problem.best = moves(&problem.position, &op.operands, "bm")?,
            "am" => problem.avoid = moves(&problem.position, &op.operands, "am")?,
            "dm" => problem.mate = Some(direct_mate(&op.operands)?),
            "ce" => problem.mate = problem.mate.or(mate_evaluation(&op.operands)),
            "c0" => {
                if let Some(points) = points_list(&problem.position, &op.operands)? {
                    problem.points = points;
                }
            }
            _ => {}
        }
    }
    let asks_something =
        !problem.best.is_empty() || !problem.avoid.is_empty() || problem.mate.is_some() || !problem.points.is_empty();
    if !asks_something {
        return Err("no bm, am, dm, mate ce or c0 points to solve".to_string());
    }
    Ok(Some(problem))
}

/// The legal moves named by `operands` (SAN or long algebraic).
fn moves(position: &Position, operands: &[String], opcode: &str) -> Result<Vec<Move>, String> {
    if operands.is_empty() {
        return Err(format!("{opcode} without a move"));
    }
    let mut found = Vec::new();
    for text in operands {
        let mv = position.parse_san(text).map_err(|err| format!("{opcode}: {err}"))?;
        if !found.contains(&mv) {
            found.push(mv);
        }
    }
    Ok(found)
}

fn direct_mate(operands: &[String]) -> Result<i32, String> {
    operands
        .first()
        .and_then(|text| text.parse::<i32>().ok())
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("dm needs a positive number of moves, found '{}'", operands.join(" ")))
}

/// `ce +M3` (or `M3`) in the mate suites: a mate in 3 for the side to move.
fn mate_evaluation(operands: &[String]) -> Option<i32> {
    let text = operands.first()?;
    let moves = text.strip_prefix("+M").or_else(|| text.strip_prefix('M'))?;
    moves.parse::<i32>().ok().filter(|&n| n > 0)
}

/// STS's `c0 "Qd2=10, Qe2=7, ..."`. `Ok(None)` when the comment is not a
/// points list (many suites keep free text in `c0`).
fn points_list(position: &Position, operands: &[String]) -> Result<Option<Vec<(Move, u32)>>, String> {
    let text = operands.join(" ");
    let mut entries = Vec::new();
    for item in text.split(',').map(str::trim).filter(|item| !item.is_empty()) {
        let Some((move_text, points_text)) = item.split_once('=') else {
            return Ok(None);
        };
        // `e8=Q=10`: the points follow the last `=`.
        let (move_text, points_text) = match points_text.rsplit_once('=') {
            Some((promotion, points)) => (format!("{move_text}={promotion}"), points),
            None => (move_text.to_string(), points_text),
        };
        let Ok(points) = points_text.trim().parse::<u32>() else {
            return Ok(None);
        };
        entries.push((move_text.trim().to_string(), points));
    }
    if entries.is_empty() {
        return Ok(None);
    }
    let mut points = Vec::new();
    for (move_text, value) in entries {
        let mv = position.parse_san(&move_text).map_err(|err| format!("c0: {err}"))?;
        points.push((mv, value));
    }
    Ok(Some(points))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Problem {
        parse_problem(text, 7).expect("a valid line").expect("not blank")
    }

    #[test]
    fn operations_split_on_semicolons_outside_quotes() {
        let (fen, ops) = split_line(r#"8/8/8/8/8/8/8/K1k5 w - - bm Kb1; id "a; b"; c0 "x=1, y=2";"#)
            .expect("valid")
            .expect("not blank");
        assert_eq!(fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        let opcodes: Vec<&str> = ops.iter().map(|op| op.opcode.as_str()).collect();
        assert_eq!(opcodes, ["bm", "id", "c0"]);
        assert_eq!(ops[1].operands, ["a; b"]);
        assert_eq!(ops[2].operands, ["x=1, y=2"]);
    }

    #[test]
    fn clocks_come_from_hmvc_and_fmvn() {
        let (fen, _) = split_line("4k3/8/8/8/8/8/8/4K3 b - - hmvc 12; fmvn 40; am Kd7;").expect("valid").expect("line");
        assert_eq!(fen, "4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    }

    #[test]
    fn best_and_avoid_moves_in_san_and_long_algebraic() {
        let p = problem(r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 Ng1-f3; am f3; id "start";"#);
        assert_eq!(p.id, "start");
        assert_eq!(p.line, 7);
        let names: Vec<String> = p.best.iter().map(|&m| p.position.move_to_uci(m, false)).collect();
        assert_eq!(names, ["e2e4", "g1f3"]);
        assert_eq!(p.avoid.len(), 1);
        assert_eq!(p.mate, None);
    }

    #[test]
    fn mates_from_dm_and_ce() {
        let dm = problem("6k1/5ppp/8/8/8/8/8/R5K1 w - - dm 1;");
        assert_eq!(dm.mate, Some(1));
        assert!(dm.best.is_empty());
        let ce = problem("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra1-a8+; ce +M1; pv Ra1-a8+;");
        assert_eq!(ce.mate, Some(1));
        assert_eq!(ce.best.len(), 1);
        // A centipawn `ce` is not a target on its own.
        assert!(parse_problem("6k1/5ppp/8/8/8/8/8/R5K1 w - - ce 120;", 1).is_err());
    }

    #[test]
    fn sts_points_and_free_text_comments() {
        let p = problem(r#"1n2k3/P7/8/8/8/8/8/4K3 w - - bm a8=Q+; c0 "a8=Q+=10, axb8=Q=7, Kd2=1";"#);
        assert_eq!(p.points.len(), 3);
        assert_eq!(p.max_points(), 10);
        let kd2 = p.position.parse_san("Kd2").expect("legal");
        assert_eq!(p.points_for(kd2), 1);
        let other = p.position.parse_san("Ke2").expect("legal");
        assert_eq!(p.points_for(other), 0);
        let comment = problem(r#"6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8; c0 "Mate in 1 move";"#);
        assert!(comment.points.is_empty());
    }

    #[test]
    fn bad_lines_are_errors_with_a_reason() {
        assert!(parse_problem("", 1).expect("blank is fine").is_none());
        assert!(parse_problem("# a comment", 1).expect("comment is fine").is_none());
        let cases = [
            ("4k3/8/8/8/8/8/8/4K3 w", "four position fields"),
            ("8/8/8/8/8/8/8/8 w - - bm Kb1;", "bad position"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;", "illegal"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm bm e4;", "bm"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - dm x;", "dm"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"x;", "quoted"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"x\";", "nothing"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"Qh5=10\";", "c0"),
        ];
        for (line, reason) in cases {
            let err = parse_problem(line, 3).expect_err(line);
            let expected = if reason == "nothing" { "no bm" } else { reason };
            assert!(err.contains(expected), "{line}: {err}");
        }
    }
}
