//! The results of a suite run on stdout, as text, JSON or CSV, and the
//! summaries (solved, points, time to solution, BT rating).

use std::io::{self, Write};

use serde::Serialize;

/// One position's result.
#[derive(Clone, Debug, Serialize)]
pub struct PositionResult {
    /// Line number in its file, from 1.
    pub line: usize,
    /// The `id` operation, or `line N` when there is none.
    pub id: String,
    /// `solved`, `not` or `wrong`.
    pub result: &'static str,
    /// The move chosen, in SAN.
    pub found: String,
    /// The `bm` moves (or the best-scored `c0` moves) in SAN.
    pub expected: Vec<String>,
    /// The `am` moves in SAN.
    pub avoid: Vec<String>,
    /// The mate length asked for (`dm`, `ce +M<N>`).
    pub mate: Option<i32>,
    /// The final score: `cp X` or `mate N`.
    pub score: String,
    /// STS points of the move chosen, and the most a move earns.
    pub points: Option<u32>,
    /// The most points one move earns; `None`, like `points`, without a points list.
    pub max_points: Option<u32>,
    /// When the final answer was first shown and kept, and at what depth.
    pub solution_ms: Option<u64>,
    /// The depth of the line that first showed the final answer; `None` when `solution_ms` is.
    pub solution_depth: Option<i32>,
    /// The last iteration the search completed (0 if none).
    pub depth: i32,
    /// Nodes searched, all threads together.
    pub nodes: u64,
    /// The search's wall-clock time, in ms.
    pub time_ms: u64,
}

/// A line of a suite that could not be used.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    /// Line number in its file, from 1.
    pub line: usize,
    /// Why the line could not be read into a problem.
    pub error: String,
}

/// Totals over a set of positions.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Positions searched.
    pub positions: usize,
    /// Positions solved.
    pub solved: usize,
    /// Positions answered with a move that is not a solution (or one to avoid).
    pub wrong: usize,
    /// Positions where the search proved nothing asked for (no move, or no mate of the right length).
    pub not_solved: usize,
    /// Lines that could not be read into a problem.
    pub skipped: usize,
    /// STS points earned and the most that could be earned (0/0 without points).
    pub points: u64,
    /// The most STS points that could be earned.
    pub max_points: u64,
    /// Mean time to solution over the solved positions, in ms.
    pub average_solution_ms: Option<f64>,
    /// BT rating, when the suite is a BT suite searched with `--movetime`.
    pub bt_rating: Option<f64>,
    /// Sum of the search times, ms.
    pub total_ms: u64,
    /// Nodes searched over all the positions.
    pub nodes: u64,
}

impl Summary {
    /// Totals of `results` (before any BT rating, which the caller adds).
    #[must_use]
    pub fn of(results: &[PositionResult], skipped: usize) -> Summary {
        let solved: Vec<&PositionResult> = results.iter().filter(|r| r.result == "solved").collect();
        let solution_times: Vec<f64> = solved.iter().map(|r| r.solution_ms.unwrap_or(r.time_ms) as f64).collect();
        Summary {
            positions: results.len(),
            solved: solved.len(),
            wrong: results.iter().filter(|r| r.result == "wrong").count(),
            not_solved: results.iter().filter(|r| r.result == "not").count(),
            skipped,
            points: results.iter().filter_map(|r| r.points).map(u64::from).sum(),
            max_points: results.iter().filter_map(|r| r.max_points).map(u64::from).sum(),
            average_solution_ms: (!solution_times.is_empty())
                .then(|| solution_times.iter().sum::<f64>() / solution_times.len() as f64),
            bt_rating: None,
            total_ms: results.iter().map(|r| r.time_ms).sum(),
            nodes: results.iter().map(|r| r.nodes).sum(),
        }
    }

    /// Adds `other`'s counts (the BT rating and mean time are recomputed by the caller).
    pub fn add(&mut self, other: &Summary) {
        let weighted = |s: &Summary| s.average_solution_ms.map_or(0.0, |ms| ms * s.solved as f64);
        let total_time = weighted(self) + weighted(other);
        self.positions += other.positions;
        self.solved += other.solved;
        self.wrong += other.wrong;
        self.not_solved += other.not_solved;
        self.skipped += other.skipped;
        self.points += other.points;
        self.max_points += other.max_points;
        self.total_ms += other.total_ms;
        self.nodes += other.nodes;
        self.average_solution_ms = (self.solved > 0).then(|| total_time / self.solved as f64);
    }

    /// One line: `solved 17/24 (70.8%), wrong 5, not 2; points ...`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = format!(
            "solved {}/{} ({:.1}%), wrong {}, not solved {}",
            self.solved,
            self.positions,
            percent(self.solved as u64, self.positions as u64),
            self.wrong,
            self.not_solved
        );
        if self.max_points > 0 {
            text.push_str(&format!(
                "; points {}/{} ({:.1}%)",
                self.points,
                self.max_points,
                percent(self.points, self.max_points)
            ));
        }
        if let Some(ms) = self.average_solution_ms {
            text.push_str(&format!("; average time to solution {ms:.0} ms"));
        }
        if let Some(rating) = self.bt_rating {
            text.push_str(&format!("; BT rating {rating:.0}"));
        }
        if self.skipped > 0 {
            text.push_str(&format!("; {} lines skipped", self.skipped));
        }
        text.push_str(&format!("; {} nodes in {:.1} s", self.nodes, self.total_ms as f64 / 1000.0));
        text
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// One file's results.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The file's path, as given on the command line.
    pub file: String,
    /// The result of every position searched, in file order.
    pub positions: Vec<PositionResult>,
    /// The lines that could not be used.
    pub skipped: Vec<Skipped>,
    /// The file's totals, with its BT rating when it is rated.
    pub summary: Summary,
}

/// The output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A line per position, then a summary per file and overall.
    Text,
    /// One JSON document at the end: the settings, every file and the overall summary.
    Json,
    /// One row per position, after a header line.
    Csv,
}

/// The column names of the CSV output.
pub const CSV_HEADER: &str =
    "file,line,id,result,found,expected,avoid,mate,score,points,max_points,solution_ms,solution_depth,depth,nodes,time_ms";

/// Writes results as they come (text and CSV) or all at the end (JSON).
pub struct Reporter<W: Write> {
    format: Format,
    out: W,
    files: Vec<FileReport>,
}

impl<W: Write> Reporter<W> {
    /// Starts the output; `settings` describes the run (text only).
    ///
    /// # Errors
    /// When writing fails.
    pub fn new(format: Format, mut out: W, settings: &str) -> io::Result<Reporter<W>> {
        match format {
            Format::Text => writeln!(out, "# ferrochamp epd: {settings}")?,
            Format::Csv => writeln!(out, "{CSV_HEADER}")?,
            Format::Json => {}
        }
        Ok(Reporter { format, out, files: Vec::new() })
    }

    /// One position of `file`, as soon as it is searched.
    ///
    /// # Errors
    /// When writing fails.
    pub fn position(&mut self, file: &str, result: &PositionResult) -> io::Result<()> {
        match self.format {
            Format::Text => writeln!(self.out, "{}", position_text(result)),
            Format::Csv => writeln!(self.out, "{}", csv_row(file, result)),
            Format::Json => Ok(()),
        }
    }

    /// A finished file.
    ///
    /// # Errors
    /// When writing fails.
    pub fn file(&mut self, report: FileReport) -> io::Result<()> {
        if self.format == Format::Text {
            for skipped in &report.skipped {
                writeln!(self.out, "skipped line {}: {}", skipped.line, skipped.error)?;
            }
            writeln!(self.out, "{}: {}", report.file, report.summary.text())?;
        }
        self.files.push(report);
        Ok(())
    }

    /// The overall summary; ends the output.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(mut self, settings: &str, overall: &Summary) -> io::Result<()> {
        match self.format {
            Format::Text => writeln!(self.out, "overall: {}", overall.text())?,
            Format::Csv => {}
            Format::Json => {
                let document = serde_json::json!({
                    "settings": settings,
                    "files": self.files,
                    "summary": overall,
                });
                writeln!(self.out, "{}", serde_json::to_string_pretty(&document).map_err(io::Error::other)?)?;
            }
        }
        self.out.flush()
    }
}

fn position_text(r: &PositionResult) -> String {
    let mut text = format!("{:<28} {:<6} found {:<8}", r.id, r.result, r.found);
    if !r.expected.is_empty() {
        text.push_str(&format!(" expected {}", r.expected.join(" ")));
    }
    if !r.avoid.is_empty() {
        text.push_str(&format!(" avoid {}", r.avoid.join(" ")));
    }
    if let Some(mate) = r.mate {
        text.push_str(&format!(" (mate in {mate})"));
    }
    if let (Some(points), Some(max)) = (r.points, r.max_points) {
        text.push_str(&format!(" points {points}/{max}"));
    }
    text.push_str(&format!(" score {}", r.score));
    match (r.solution_ms, r.solution_depth) {
        (Some(ms), Some(depth)) => text.push_str(&format!(" | kept from {ms} ms depth {depth}")),
        _ => text.push_str(" | not kept"),
    }
    text.push_str(&format!(" | depth {} nodes {} time {} ms", r.depth, r.nodes, r.time_ms));
    text
}

fn csv_row(file: &str, r: &PositionResult) -> String {
    let optional = |value: Option<String>| value.unwrap_or_default();
    let fields = [
        file.to_string(),
        r.line.to_string(),
        r.id.clone(),
        r.result.to_string(),
        r.found.clone(),
        r.expected.join(" "),
        r.avoid.join(" "),
        optional(r.mate.map(|m| m.to_string())),
        r.score.clone(),
        optional(r.points.map(|p| p.to_string())),
        optional(r.max_points.map(|p| p.to_string())),
        optional(r.solution_ms.map(|t| t.to_string())),
        optional(r.solution_depth.map(|d| d.to_string())),
        r.depth.to_string(),
        r.nodes.to_string(),
        r.time_ms.to_string(),
    ];
    fields.iter().map(|field| csv_field(field)).collect::<Vec<_>>().join(",")
}

/// Quotes a field that holds a comma, a quote or a line break (RFC 4180).
fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(result: &'static str, solution_ms: Option<u64>, points: Option<u32>) -> PositionResult {
        PositionResult {
            line: 1,
            id: "a, \"b\"".into(),
            result,
            found: "Nf3".into(),
            expected: vec!["Nf3".into(), "e4".into()],
            avoid: Vec::new(),
            mate: None,
            score: "cp 20".into(),
            points,
            max_points: points.map(|_| 10),
            solution_ms,
            solution_depth: solution_ms.map(|_| 5),
            depth: 9,
            nodes: 1000,
            time_ms: 100,
        }
    }

    #[test]
    fn summaries_count_and_average() {
        let results = [
            result("solved", Some(40), Some(10)),
            result("solved", Some(80), Some(10)),
            result("wrong", None, Some(3)),
        ];
        let summary = Summary::of(&results, 2);
        assert_eq!((summary.positions, summary.solved, summary.wrong, summary.skipped), (3, 2, 1, 2));
        assert_eq!((summary.points, summary.max_points), (23, 30));
        assert_eq!(summary.average_solution_ms, Some(60.0));
        let mut total = Summary::of(&[result("solved", Some(120), None)], 0);
        total.add(&summary);
        assert_eq!(total.solved, 3);
        assert_eq!(total.average_solution_ms, Some(80.0));
        assert!(summary.text().contains("points 23/30 (76.7%)"), "{}", summary.text());
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        let row = csv_row("suite.epd", &result("solved", Some(40), None));
        assert!(row.starts_with("suite.epd,1,\"a, \"\"b\"\"\",solved,Nf3,Nf3 e4,,"), "{row}");
        assert_eq!(CSV_HEADER.split(',').count(), 16);
    }
}
