//! `ferrochamp epd`: runs test suites (WAC, STS, Bratko-Kopec, BT2450/BT2630,
//! mate suites) through the engine's own search and scores them.
//!
//! - [`parse`]: EPD lines into problems (`bm`, `am`, `dm`, `ce +M<N>`, `id`, STS `c0` points);
//! - [`run`]: one clean search per position on the Lazy-SMP pool;
//! - [`score`]: verdicts, time to solution, the BT rating;
//! - [`report`]: text, JSON or CSV on stdout.
//!
//! Every position starts from cleared tables and histories, and `--threads`
//! only widens each search: positions never run side by side, so the times
//! are those of one search on the whole machine.

pub mod parse;
pub mod report;
pub mod run;
pub mod score;

use std::io;
use std::path::{Path, PathBuf};

use indicatif::ProgressBar;

use crate::board::Move;
use parse::Problem;
use report::{FileReport, Format, PositionResult, Reporter, Skipped, Summary};
use run::{Budget, SearchReport, SuiteSearcher};
use score::Verdict;

/// Search time per position when no limit is given.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The settings of `ferrochamp epd`.
#[derive(Clone, Debug, clap::Args)]
pub struct EpdConfig {
    /// EPD files to run, one after the other.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Milliseconds per position (the default, 1000).
    #[arg(long, conflicts_with_all = ["nodes", "depth"])]
    pub movetime: Option<u64>,
    /// Nodes per position.
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth per position.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search threads for each position.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Output on stdout.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Keep only every K-th position of each file (lines 1, K+1, 2K+1, ...).
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// Keep only the first N positions of each file (after --every; skipped lines do not count).
    #[arg(long)]
    pub first: Option<usize>,
    /// Rate every file as a BT suite with this base (2450, 2630); BT files
    /// are recognised by name without it. Needs --movetime.
    #[arg(long)]
    pub bt: Option<u32>,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
}

impl EpdConfig {
    fn budget(&self) -> Budget {
        match (self.movetime, self.nodes, self.depth) {
            (_, Some(nodes), _) => Budget::Nodes(nodes.max(1)),
            (_, _, Some(depth)) => Budget::Depth(depth.clamp(1, 127)),
            (ms, _, _) => Budget::MoveTime { ms: ms.unwrap_or(DEFAULT_MOVETIME_MS).max(1) },
        }
    }

    fn settings(&self) -> String {
        let budget = match self.budget() {
            Budget::MoveTime { ms } => format!("movetime {ms} ms"),
            Budget::Nodes(nodes) => format!("nodes {nodes}"),
            Budget::Depth(depth) => format!("depth {depth}"),
        };
        format!("{budget} a position, threads {}, hash {} MB", self.threads.max(1), self.hash.max(1))
    }
}

/// One suite file, read and parsed.
struct Suite {
    name: String,
    problems: Vec<Problem>,
    skipped: Vec<Skipped>,
}

/// `ferrochamp epd`. Malformed lines are reported and skipped.
///
/// # Errors
/// When a file cannot be read (the other files still run) or stdout fails.
pub fn run_epd(config: &EpdConfig) -> Result<(), String> {
    let mut unreadable = Vec::new();
    let mut suites = Vec::new();
    for path in &config.files {
        match read_suite(path, config.every.max(1), config.first) {
            Ok(suite) => suites.push(suite),
            Err(err) => {
                eprintln!("epd: {err}");
                unreadable.push(err);
            }
        }
    }
    for suite in &suites {
        for skipped in &suite.skipped {
            eprintln!("epd: {}:{}: skipped: {}", suite.name, skipped.line, skipped.error);
        }
    }
    let total: usize = suites.iter().map(|s| s.problems.len()).sum();
    let bar = crate::progress::bar(total as u64, "positions", config.progress);
    bar.set_prefix("epd");
    let searcher = SuiteSearcher::new(config.threads, config.hash);
    let settings = config.settings();
    let stdout = io::stdout().lock();
    let mut reporter = Reporter::new(config.format, stdout, &settings).map_err(|e| e.to_string())?;
    let mut overall = Summary::default();
    for suite in suites {
        let report = run_suite(&suite, config, &searcher, &bar, &mut reporter).map_err(|e| e.to_string())?;
        overall.add(&report.summary);
        bar.suspend(|| reporter.file(report)).map_err(|e| e.to_string())?;
    }
    bar.finish_and_clear();
    reporter.finish(&settings, &overall).map_err(|e| e.to_string())?;
    if unreadable.is_empty() {
        Ok(())
    } else {
        Err(unreadable.join("; "))
    }
}

fn read_suite(path: &Path, every: usize, first: Option<usize>) -> Result<Suite, String> {
    let text = std::fs::read_to_string(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    let mut suite = Suite { name: path.display().to_string(), problems: Vec::new(), skipped: Vec::new() };
    let lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .enumerate()
        .filter(|(kept, _)| kept % every == 0)
        .map(|(_, numbered)| numbered);
    for (number, line) in lines {
        if first.is_some_and(|n| suite.problems.len() >= n) {
            break;
        }
        match parse::parse_problem(line, number) {
            Ok(Some(problem)) => suite.problems.push(problem),
            Ok(None) => {}
            Err(error) => suite.skipped.push(Skipped { line: number, error }),
        }
    }
    Ok(suite)
}

fn run_suite<W: io::Write>(
    suite: &Suite,
    config: &EpdConfig,
    searcher: &SuiteSearcher,
    bar: &ProgressBar,
    reporter: &mut Reporter<W>,
) -> io::Result<FileReport> {
    let budget = config.budget();
    let mut results = Vec::with_capacity(suite.problems.len());
    for problem in &suite.problems {
        let result = solve(problem, budget, searcher);
        bar.suspend(|| reporter.position(&suite.name, &result))?;
        bar.inc(1);
        results.push(result);
        let solved = results.iter().filter(|r| r.result == "solved").count();
        bar.set_message(format!("solved {solved}/{}", results.len()));
    }
    let mut summary = Summary::of(&results, suite.skipped.len());
    let stem = Path::new(&suite.name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let base = config.bt.or_else(|| score::bt_base(&stem));
    if let (Some(base), Budget::MoveTime { ms }) = (base, budget) {
        let times: Vec<Option<f64>> = results
            .iter()
            .map(|r| (r.result == "solved").then(|| r.solution_ms.unwrap_or(r.time_ms) as f64 / 1000.0))
            .collect();
        summary.bt_rating = Some(score::bt_rating(base, &times, ms as f64 / 1000.0));
    }
    Ok(FileReport { file: suite.name.clone(), positions: results, skipped: suite.skipped.clone(), summary })
}

/// Searches one problem and judges the answer.
fn solve(problem: &Problem, budget: Budget, searcher: &SuiteSearcher) -> PositionResult {
    let report = searcher.search(&problem.position, budget, problem.mate);
    let chosen = report.best_move;
    let verdict = score::judge(problem, chosen, report.mate(), || {
        problem.mate.is_some_and(|moves| searcher.keeps_mate(&problem.position, chosen, moves, budget))
    });
    let solution = score::time_to_solution(&report.lines, chosen, problem.mate);
    position_result(problem, &report, verdict, solution)
}

fn position_result(
    problem: &Problem,
    report: &SearchReport,
    verdict: Verdict,
    solution: Option<score::Solution>,
) -> PositionResult {
    let san = |mv: Move| problem.position.move_to_san(mv);
    let expected: Vec<String> = if problem.best.is_empty() {
        let max = problem.max_points();
        problem.points.iter().filter(|&&(_, p)| p == max && max > 0).map(|&(mv, _)| san(mv)).collect()
    } else {
        problem.best.iter().map(|&mv| san(mv)).collect()
    };
    let has_points = !problem.points.is_empty();
    PositionResult {
        line: problem.line,
        id: problem.id.clone(),
        result: verdict.label(),
        found: if report.best_move.is_some() { san(report.best_move) } else { "(none)".to_string() },
        expected,
        avoid: problem.avoid.iter().map(|&mv| san(mv)).collect(),
        mate: problem.mate,
        score: crate::search::score::uci_score(report.score),
        points: has_points.then(|| problem.points_for(report.best_move)),
        max_points: has_points.then(|| problem.max_points()),
        solution_ms: solution.map(|s| s.time_ms),
        solution_depth: solution.map(|s| s.depth),
        depth: report.depth,
        nodes: report.nodes,
        time_ms: report.time_ms,
    }
}
