//! `ferrochamp datagen`: labelled positions from self-play at a fixed node budget.
//!
//! Every thread plays one game at a time with its own search [`Worker`] and
//! transposition table. A game starts from a few random legal plies (after the
//! standard position or an opening from a file); openings a short search finds
//! lopsided are thrown away. Each move is a search of `nodes` nodes. The game
//! ends by the rules (mate, stalemate, threefold repetition, fifty moves,
//! insufficient material) or by adjudication: a win once the score stays beyond
//! `win_score` for `win_plies` plies, a draw once it stays within `draw_score`
//! for `draw_plies` plies after move `draw_after_move`.
//!
//! Output: one line per recorded position, `FEN | score | result`, the score
//! the search gave (centipawns, White's side) and the game result from White's
//! side (`1.0`, `0.5`, `0.0`); a game's lines are written together when it ends.
//! Recorded are the searched positions that are quiet: not in check, best move
//! neither a capture nor a promotion, score not a mate score.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::board::movegen::generate_legal;
use crate::board::{Move, MoveList, Position};
use crate::search::score::is_mate_score;
use crate::search::tt::{available_memory_mb, check_fits};
use crate::search::{MainDuties, NoClock, NoInfo, SearchLimits, SearchResult, SharedState, TranspositionTable, Worker};

use crate::rng::Rng;

/// The settings of `ferrochamp datagen`.
#[derive(Clone, Debug, clap::Args)]
pub struct DatagenConfig {
    /// The file to append `FEN | score | result` lines to.
    #[arg(long, short, default_value = "datagen.txt")]
    pub output: PathBuf,
    /// Stop starting games once this many positions are written.
    #[arg(long, default_value_t = 1_000_000)]
    pub positions: u64,
    /// Stop after this many games (whichever limit comes first).
    #[arg(long)]
    pub games: Option<u64>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games played at once, one per thread (0: every core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Transposition table per thread, in MB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Random legal plies before the game proper: this many or one more, at random.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Start from the positions of this EPD/FEN file (one a line) instead of the standard one.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Openings a search scores beyond this (centipawns) are replaced.
    #[arg(long, default_value_t = 300)]
    pub max_opening_score: i32,
    /// Adjudicate a win once the score is beyond this for `win_plies` plies.
    #[arg(long, default_value_t = 1000)]
    pub win_score: i32,
    /// Plies in a row the score must stay beyond `win_score`, for the same side, to adjudicate a win.
    #[arg(long, default_value_t = 6)]
    pub win_plies: u32,
    /// Adjudicate a draw once the score is within this for `draw_plies` plies,
    /// from move `draw_after_move` on.
    #[arg(long, default_value_t = 10)]
    pub draw_score: i32,
    /// Plies in a row the score must stay within `draw_score` to adjudicate a draw.
    #[arg(long, default_value_t = 12)]
    pub draw_plies: u32,
    /// The move number from which draws are adjudicated.
    #[arg(long, default_value_t = 40)]
    pub draw_after_move: u32,
    /// Seed of the random openings (each thread derives its own).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Show the progress bar on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            output: PathBuf::from("datagen.txt"),
            positions: 1_000_000,
            games: None,
            nodes: 5000,
            threads: 0,
            hash: 16,
            random_plies: 8,
            openings: None,
            max_opening_score: 300,
            win_score: 1000,
            win_plies: 6,
            draw_score: 10,
            draw_plies: 12,
            draw_after_move: 40,
            seed: 1,
            progress: false,
        }
    }
}

/// No game goes on longer than this; the few that would are scored as draws.
const MAX_GAME_PLIES: usize = 600;

/// How many openings a thread tries before giving up on finding a balanced one.
const OPENING_ATTEMPTS: usize = 1000;

/// What all threads count together.
#[derive(Default)]
struct Counters {
    games_started: AtomicU64,
    games: AtomicU64,
    positions: AtomicU64,
    /// Finished games by result: White wins, draws, Black wins.
    outcomes: [AtomicU64; 3],
    done: AtomicBool,
    /// A worker failed: the others start no new game.
    abort: AtomicBool,
}

/// A game's result from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1.0",
            Outcome::Draw => "0.5",
            Outcome::BlackWins => "0.0",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The win of the side `score` (White's side) favours.
    fn win_for(white_score: i32) -> Outcome {
        if white_score > 0 {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    }
}

/// One thread's engine: its searcher and transposition table.
struct Player {
    searcher: Worker,
    tt: Arc<TranspositionTable>,
    nodes: u64,
}

impl Player {
    fn new(config: &DatagenConfig) -> Result<Player, String> {
        Ok(Player {
            searcher: Worker::new(),
            tt: Arc::new(TranspositionTable::try_new(config.hash.max(1)).map_err(|err| err.to_string())?),
            nodes: config.nodes.max(1),
        })
    }

    fn new_game(&mut self) {
        self.searcher.clear();
        self.tt.clear();
    }

    /// A search of the set node budget.
    fn search(&mut self, pos: &Position) -> SearchResult {
        self.tt.new_search();
        let shared = SharedState::new(Arc::clone(&self.tt), Arc::new(AtomicBool::new(false)));
        let limits = SearchLimits { nodes: Some(self.nodes), multipv: 1, ..SearchLimits::default() };
        let clock = Arc::new(NoClock(Instant::now()));
        let main = MainDuties { clock, info: Arc::new(NoInfo), chess960: false, show_wdl: false };
        self.searcher.search(pos, &shared, &limits, Some(&main))
    }
}

/// The game's end by the rules, if it has ended.
fn rules_outcome(pos: &Position) -> Option<Outcome> {
    let mut moves = MoveList::new();
    generate_legal(pos, &mut moves);
    if moves.is_empty() {
        return Some(if pos.in_check() { Outcome::win_for(-pos.side_to_move().sign()) } else { Outcome::Draw });
    }
    (pos.is_repetition(0) || pos.is_fifty_move_draw() || pos.has_insufficient_material()).then_some(Outcome::Draw)
}

/// Adjudication state: how long the score has stayed decisive or dead level.
#[derive(Default)]
struct Adjudicator {
    winning_plies: u32,
    winning_side: i32,
    level_plies: u32,
}

impl Adjudicator {
    fn update(&mut self, config: &DatagenConfig, pos: &Position, white_score: i32) -> Option<Outcome> {
        let side = white_score.signum();
        if white_score.abs() >= config.win_score && side == self.winning_side {
            self.winning_plies += 1;
        } else if white_score.abs() >= config.win_score {
            self.winning_side = side;
            self.winning_plies = 1;
        } else {
            self.winning_plies = 0;
        }
        if self.winning_plies >= config.win_plies {
            return Some(Outcome::win_for(white_score));
        }
        let late = pos.fullmove_number() >= config.draw_after_move;
        self.level_plies = if late && white_score.abs() <= config.draw_score { self.level_plies + 1 } else { 0 };
        (self.level_plies >= config.draw_plies).then_some(Outcome::Draw)
    }
}

/// A starting position: the opening (or the standard position) plus random plies,
/// checked by a search not to be lopsided. `None` when no balanced one was found.
fn opening(player: &mut Player, config: &DatagenConfig, openings: &[Position], rng: &mut Rng) -> Option<Position> {
    'attempt: for _ in 0..OPENING_ATTEMPTS {
        let mut pos =
            if openings.is_empty() { Position::startpos() } else { openings[rng.below(openings.len())].clone() };
        let plies = config.random_plies + rng.below(2);
        for _ in 0..plies {
            let mut moves = MoveList::new();
            generate_legal(&pos, &mut moves);
            if moves.is_empty() {
                continue 'attempt;
            }
            pos.make_move(moves.as_slice()[rng.below(moves.len())]);
        }
        if rules_outcome(&pos).is_some() {
            continue;
        }
        player.new_game();
        let result = player.search(&pos);
        if result.best_move.is_some() && result.score.abs() <= config.max_opening_score {
            return Some(pos);
        }
    }
    None
}

/// Plays one game; returns its lines and result.
fn play_game(player: &mut Player, config: &DatagenConfig, mut pos: Position) -> (Vec<String>, Outcome) {
    player.new_game();
    let mut records: Vec<String> = Vec::new();
    let mut adjudicator = Adjudicator::default();
    let mut plies = 0;
    let outcome = loop {
        if let Some(outcome) = rules_outcome(&pos) {
            break outcome;
        }
        if plies >= MAX_GAME_PLIES {
            break Outcome::Draw;
        }
        let result = player.search(&pos);
        let best: Move = result.best_move;
        if best.is_none() {
            break Outcome::Draw; // unreachable: the rules found a legal move
        }
        let white_score = result.score * pos.side_to_move().sign();
        let quiet = !pos.in_check() && !pos.is_capture(best) && !best.is_promotion();
        if quiet && !is_mate_score(result.score) {
            records.push(format!("{} | {white_score}", pos.to_fen()));
        }
        if let Some(outcome) = adjudicator.update(config, &pos, white_score) {
            break outcome;
        }
        pos.make_move(best);
        plies += 1;
    };
    (records, outcome)
}

/// One thread: plays games until a limit is reached, writing each as it ends.
fn worker(
    config: &DatagenConfig,
    openings: &[Position],
    seed: u64,
    counters: &Counters,
    out: &Mutex<BufWriter<File>>,
) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let mut player = Player::new(config)?;
    loop {
        let started = counters.games_started.fetch_add(1, Ordering::Relaxed);
        let over_games = config.games.is_some_and(|games| started >= games);
        if over_games
            || counters.abort.load(Ordering::Relaxed)
            || counters.positions.load(Ordering::Relaxed) >= config.positions
        {
            return Ok(());
        }
        let Some(start) = opening(&mut player, config, openings, &mut rng) else {
            return Err("no balanced opening found; raise --max-opening-score".to_string());
        };
        let (records, outcome) = play_game(&mut player, config, start);
        let mut text = String::with_capacity(records.len() * 80);
        for record in &records {
            text.push_str(record);
            text.push_str(" | ");
            text.push_str(outcome.label());
            text.push('\n');
        }
        {
            let mut file = out.lock().map_err(|_| "output lock poisoned".to_string())?;
            file.write_all(text.as_bytes()).map_err(|e| format!("cannot write: {e}"))?;
        }
        counters.positions.fetch_add(records.len() as u64, Ordering::Relaxed);
        counters.games.fetch_add(1, Ordering::Relaxed);
        counters.outcomes[outcome.index()].fetch_add(1, Ordering::Relaxed);
    }
}

/// Most threads a run may start, and most random plies per opening (beyond
/// it every opening would be a random middlegame, and each try costs a while).
const MAX_THREADS: usize = 1024;
const MAX_RANDOM_PLIES: usize = 200;

/// Refuses settings that could not run, before any thread starts.
fn validate(config: &DatagenConfig, threads: usize) -> Result<(), String> {
    if threads > MAX_THREADS {
        return Err(format!("--threads {threads}: at most {MAX_THREADS}"));
    }
    if config.random_plies > MAX_RANDOM_PLIES {
        return Err(format!("--random-plies {}: at most {MAX_RANDOM_PLIES}", config.random_plies));
    }
    // Every thread has its own table: all of them must fit together.
    let total_mb = config.hash.max(1).saturating_mul(threads);
    check_fits(total_mb, available_memory_mb())
        .map_err(|err| format!("--hash {} on {threads} threads: {err}", config.hash))
}

/// Reads the openings file: the first four fields of each line (EPD or FEN).
fn read_openings(config: &DatagenConfig) -> Result<Vec<Position>, String> {
    let Some(path) = &config.openings else { return Ok(Vec::new()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let openings: Vec<Position> = text
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            (fields.len() == 4).then(|| Position::from_fen(&fields.join(" ")).ok()).flatten()
        })
        .collect();
    if openings.is_empty() {
        return Err(format!("no positions in {}", path.display()));
    }
    Ok(openings)
}

fn progress_line(counters: &Counters, start: Instant) -> String {
    let positions = counters.positions.load(Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64().max(1e-3);
    let [white, draws, black] = [0, 1, 2].map(|i| counters.outcomes[i].load(Ordering::Relaxed));
    format!(
        "datagen: {positions} positions, {} games (+{white} ={draws} -{black}), {:.0} positions/s, {:.0}s",
        counters.games.load(Ordering::Relaxed),
        positions as f64 / seconds,
        seconds
    )
}

/// `ferrochamp datagen`: self-play on all threads until the position or game limit.
///
/// # Errors
/// When the output or openings file cannot be used, or no balanced opening is found.
pub fn run_datagen(config: DatagenConfig) -> Result<(), String> {
    let threads = match config.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    validate(&config, threads)?;
    let openings = read_openings(&config)?;
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.output)
        .map_err(|e| format!("cannot open {}: {e}", config.output.display()))?;
    let out = Mutex::new(BufWriter::new(file));
    let counters = Counters::default();
    let start = Instant::now();
    eprintln!("datagen: {threads} threads, {} nodes a move, writing to {}", config.nodes, config.output.display());

    let results = run_workers(threads, &counters, &config, |i, counters| {
        let seed = config.seed.wrapping_mul(0x9E37_79B9).wrapping_add(i as u64);
        worker(&config, &openings, seed, counters, &out)
    });
    let flushed = match out.into_inner() {
        Ok(mut file) => file.flush().map_err(|e| format!("cannot write {}: {e}", config.output.display())),
        Err(_) => Err("output lock poisoned".to_string()),
    };
    eprintln!("{}", progress_line(&counters, start));
    results.into_iter().collect::<Result<(), String>>()?;
    flushed
}

/// Runs `work` on `threads` threads beside the progress reporter. A worker
/// that fails or panics raises `abort`, so that the others finish early, and
/// the reporter always ends: a failed run exits with its error instead of
/// printing progress forever.
fn run_workers<F>(threads: usize, counters: &Counters, config: &DatagenConfig, work: F) -> Vec<Result<(), String>>
where
    F: Fn(usize, &Counters) -> Result<(), String> + Sync,
{
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let work = &work;
                scope.spawn(move || {
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(i, counters)))
                        .unwrap_or_else(|panic| Err(format!("worker {i} failed: {}", panic_message(&*panic))));
                    if outcome.is_err() {
                        counters.abort.store(true, Ordering::Relaxed);
                    }
                    outcome
                })
            })
            .collect();
        let reporter = scope.spawn(|| report_progress(counters, config));
        let results = handles
            .into_iter()
            .map(|handle| handle.join().unwrap_or_else(|_| Err("a worker thread was lost".to_string())))
            .collect();
        counters.done.store(true, Ordering::Relaxed);
        let _ = reporter.join();
        results
    })
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panicked".to_string())
}

/// Keeps a bar of positions written (with games, results, rate and ETA) on
/// stderr until the workers are done.
fn report_progress(counters: &Counters, config: &DatagenConfig) {
    let bar = crate::progress::bar(config.positions, "positions", config.progress);
    bar.set_prefix("datagen");
    while !counters.done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        let [white, draws, black] = [0, 1, 2].map(|i| counters.outcomes[i].load(Ordering::Relaxed));
        let games = counters.games.load(Ordering::Relaxed);
        bar.set_position(counters.positions.load(Ordering::Relaxed).min(config.positions));
        bar.set_message(format!("{games} games (+{white} ={draws} -{black})"));
    }
    bar.finish_and_clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_end_games() {
        let mate = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").expect("fen");
        assert_eq!(rules_outcome(&mate), Some(Outcome::WhiteWins));
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("fen");
        assert_eq!(rules_outcome(&stalemate), Some(Outcome::Draw));
        let bare = Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").expect("fen");
        assert_eq!(rules_outcome(&bare), Some(Outcome::Draw));
        assert_eq!(rules_outcome(&Position::startpos()), None);
    }

    #[test]
    fn a_failing_worker_ends_the_run_with_its_error() {
        let counters = Counters::default();
        // Worker 0 panics; worker 1 would play forever but for the abort flag.
        let results = run_workers(2, &counters, &DatagenConfig::default(), |i, counters| {
            if i == 0 {
                panic!("worker trouble");
            }
            while !counters.abort.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            Ok(())
        });
        assert_eq!(results, vec![Err("worker 0 failed: worker trouble".to_string()), Ok(())]);
        assert!(counters.done.load(Ordering::Relaxed), "the progress reporter was told to end");
    }

    #[test]
    fn settings_that_cannot_run_are_refused_before_starting() {
        let config = DatagenConfig::default();
        assert!(validate(&config, 2).is_ok());
        assert!(validate(&config, MAX_THREADS + 1).is_err());
        let plies = DatagenConfig { random_plies: MAX_RANDOM_PLIES + 1, ..DatagenConfig::default() };
        assert!(validate(&plies, 1).is_err());
        let hash = DatagenConfig { hash: usize::MAX / 4, ..DatagenConfig::default() };
        if available_memory_mb().is_some() {
            assert!(validate(&hash, 4).unwrap_err().contains("cannot allocate"));
        }
    }

    #[test]
    fn adjudication_needs_a_lasting_score() {
        let config = DatagenConfig::default();
        let early = Position::startpos();
        let mut adjudicator = Adjudicator::default();
        for _ in 0..config.win_plies - 1 {
            assert_eq!(adjudicator.update(&config, &early, 1500), None);
        }
        // A swing to the other side restarts the count.
        assert_eq!(adjudicator.update(&config, &early, -1500), None);
        for _ in 0..config.win_plies - 2 {
            assert_eq!(adjudicator.update(&config, &early, -1200), None);
        }
        assert_eq!(adjudicator.update(&config, &early, -1200), Some(Outcome::BlackWins));

        // Level scores draw only after the set move.
        let mut adjudicator = Adjudicator::default();
        for _ in 0..50 {
            assert_eq!(adjudicator.update(&config, &early, 0), None);
        }
        let late = Position::from_fen("8/5pk1/8/8/8/8/5PK1/8 w - - 0 60").expect("fen");
        let verdicts: Vec<_> = (0..config.draw_plies).map(|_| adjudicator.update(&config, &late, 3)).collect();
        assert_eq!(verdicts.last(), Some(&Some(Outcome::Draw)));
        assert!(verdicts[..verdicts.len() - 1].iter().all(Option::is_none));
    }
}
