//! `ferrochamp wdl-fit`: fits the win/draw/loss model of `UCI_ShowWDL` to
//! `ferrochamp datagen` output and shows how well it is calibrated.
//!
//! Datagen writes `FEN | score | result` lines, the score and result from
//! White's side, a game's lines together. They are turned to the side to move's
//! view, the one `info` lines take: the fit does not care (the model is the
//! same from either side), but the calibration tables then show what a GUI shows.
//! Games are told apart by a `# game` line (as `scripts/pgn_to_wdl.py` writes
//! before each game) or by what cannot happen within one: the result label
//! changes, the move number goes back, or men come back on the board.
//! The last `--holdout` share of the games is kept out of the fit; their
//! positions are bucketed by predicted win (and draw) chance and the mean
//! prediction set beside the observed rate. Everything goes to stdout as
//! Markdown, ending with the constants to paste into `src/wdl/mod.rs`.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use crate::board::{Color, Position};
use crate::search::score::is_decisive;

use super::mle::{fit, mean_log_loss, pool, Cell, Outcome};
use super::{material, WdlModel, MOVE_32_MATERIAL, UNNORMALISED_MIDPOINT_CP};

/// The settings of `ferrochamp wdl-fit`.
#[derive(Clone, Debug, clap::Args)]
pub struct WdlFitConfig {
    /// `ferrochamp datagen` output (`FEN | score | result`), one or more files.
    #[arg(long, short, required = true, num_args = 1..)]
    pub input: Vec<PathBuf>,
    /// Share of the games (the last ones) held out of the fit for the calibration table.
    #[arg(long, default_value_t = 0.2)]
    pub holdout: f64,
}

/// One scored position of a game: its score and material, and the game's result,
/// from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredOutcome {
    /// The game's number, counted across the files read.
    pub game: usize,
    /// The search score, centipawns.
    pub score: i32,
    /// The material on the board, as the model counts it.
    pub material: u32,
    /// The game's result.
    pub outcome: Outcome,
}

/// What the reader needs of a line to tell games apart.
struct LineFacts {
    sample: (i32, u32, Outcome),
    /// The game's result from White's side: the same on every line of a game.
    white_outcome: Outcome,
    fullmove: u32,
    /// Men on the board (material can grow, by promotion; their number cannot).
    men: u32,
}

fn parse_line(line: &str) -> Result<Option<LineFacts>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(format!("expected `FEN | score | result`: {line}"));
    };
    let pos = Position::from_fen(fen).map_err(|e| format!("bad FEN ({e}): {line}"))?;
    let score: i32 = score.parse().map_err(|_| format!("bad score: {line}"))?;
    let white_outcome = match result {
        "1.0" | "1" | "1-0" => Outcome::Win,
        "0.5" | "1/2-1/2" => Outcome::Draw,
        "0.0" | "0" | "0-1" => Outcome::Loss,
        _ => return Err(format!("bad result: {line}")),
    };
    let (score, outcome) = match pos.side_to_move() {
        Color::White => (score, white_outcome),
        Color::Black => (-score, white_outcome.reversed()),
    };
    let (fullmove, men) = (pos.fullmove_number(), pos.occupied().count());
    Ok(Some(LineFacts { sample: (score, material(&pos), outcome), white_outcome, fullmove, men }))
}

/// The line that starts a game in converted match games.
const GAME_MARK: &str = "# game";

/// Reads datagen lines, numbering the games. Decisive scores are skipped (the
/// model does not apply to them); so are malformed lines, which are counted.
///
/// # Errors
/// When reading fails.
pub fn read_games(reader: impl BufRead, first_game: usize) -> Result<(Vec<ScoredOutcome>, usize), String> {
    let mut samples = Vec::new();
    let mut malformed = 0;
    let mut game = first_game;
    let mut previous: Option<LineFacts> = None;
    let mut game_marked = false;
    for line in reader.lines() {
        let line = line.map_err(|e| format!("cannot read: {e}"))?;
        if line.trim_start().starts_with(GAME_MARK) {
            game_marked = true;
            continue;
        }
        let facts = match parse_line(&line) {
            Ok(Some(facts)) => facts,
            Ok(None) => continue,
            Err(_) => {
                malformed += 1;
                continue;
            }
        };
        let (score, material, outcome) = facts.sample;
        if let Some(last) = &previous {
            let new_game =
                facts.white_outcome != last.white_outcome || facts.fullmove < last.fullmove || facts.men > last.men;
            if game_marked || new_game {
                game += 1;
            }
        }
        game_marked = false;
        if !is_decisive(score) {
            samples.push(ScoredOutcome { game, score, material, outcome });
        }
        previous = Some(facts);
    }
    Ok((samples, malformed))
}

/// Splits the samples by game: the last `share` of the games are held out.
#[must_use]
pub fn split_by_game(samples: &[ScoredOutcome], share: f64) -> (Vec<ScoredOutcome>, Vec<ScoredOutcome>) {
    let games = samples.iter().map(|s| s.game + 1).max().unwrap_or(0);
    let held = ((games as f64) * share).round() as usize;
    let first_held = games - held.min(games);
    samples.iter().partition(|s| s.game < first_held)
}

fn cells_of(samples: &[ScoredOutcome]) -> Vec<Cell> {
    pool(samples.iter().map(|s| (s.score, s.material, s.outcome)))
}

/// One row of a calibration table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bucket {
    /// The number of positions in the bucket.
    pub positions: f64,
    /// The mean predicted chance over them.
    pub predicted: f64,
    /// The share of them that ended in the outcome.
    pub observed: f64,
}

/// Ten buckets of predicted chance (0–10 %, ..., 90–100 %) of `outcome`:
/// positions, mean prediction and observed rate in each.
#[must_use]
pub fn calibration(model: &WdlModel, cells: &[Cell], outcome: Outcome) -> [Bucket; 10] {
    let mut buckets = [Bucket::default(); 10];
    for cell in cells {
        let (win, loss) = model.win_loss(f64::from(cell.score), cell.material);
        let p = match outcome {
            Outcome::Win => win,
            Outcome::Draw => 1.0 - win - loss,
            Outcome::Loss => loss,
        };
        let n: f64 = cell.counts.iter().sum();
        let bucket = &mut buckets[((p * 10.0) as usize).min(9)];
        bucket.positions += n;
        bucket.predicted += p * n;
        bucket.observed += cell.counts[outcome as usize];
    }
    for bucket in &mut buckets {
        if bucket.positions > 0.0 {
            bucket.predicted /= bucket.positions;
            bucket.observed /= bucket.positions;
        }
    }
    buckets
}

fn calibration_table(model: &WdlModel, cells: &[Cell], outcome: Outcome, name: &str) -> String {
    let mut text = format!("| predicted {name} | positions | mean predicted | observed |\n|---|---:|---:|---:|\n");
    for (i, bucket) in calibration(model, cells, outcome).iter().enumerate() {
        if bucket.positions > 0.0 {
            let _ = writeln!(
                text,
                "| {}–{} % | {} | {:.3} | {:.3} |",
                i * 10,
                i * 10 + 10,
                bucket.positions,
                bucket.predicted,
                bucket.observed
            );
        }
    }
    text
}

/// The material bands of the by-material table: from a bare board up to all 78 points.
const MATERIAL_BANDS: [(u32, u32); 5] = [(0, 15), (16, 30), (31, 45), (46, 60), (61, 78)];

/// Mean predicted and observed win, draw and loss shares (in that order) of the
/// positions whose material lies in `band`, and how many there are.
#[must_use]
pub fn band_calibration(model: &WdlModel, cells: &[Cell], band: (u32, u32)) -> (f64, [f64; 3], [f64; 3]) {
    let (mut positions, mut predicted, mut observed) = (0.0, [0.0; 3], [0.0; 3]);
    for cell in cells.iter().filter(|c| (band.0..=band.1).contains(&c.material)) {
        let (win, loss) = model.win_loss(f64::from(cell.score), cell.material);
        let n: f64 = cell.counts.iter().sum();
        positions += n;
        for (sum, p) in predicted.iter_mut().zip([win, 1.0 - win - loss, loss]) {
            *sum += p * n;
        }
        for (sum, outcome) in observed.iter_mut().zip([Outcome::Win, Outcome::Draw, Outcome::Loss]) {
            *sum += cell.counts[outcome as usize];
        }
    }
    if positions > 0.0 {
        predicted.iter_mut().chain(observed.iter_mut()).for_each(|v| *v /= positions);
    }
    (positions, predicted, observed)
}

fn material_table(model: &WdlModel, cells: &[Cell]) -> String {
    let mut text =
        String::from("| material | positions | predicted W / D / L | observed W / D / L |\n|---|---:|---:|---:|\n");
    let shares = |v: [f64; 3]| format!("{:.3} / {:.3} / {:.3}", v[0], v[1], v[2]);
    for band in MATERIAL_BANDS {
        let (positions, predicted, observed) = band_calibration(model, cells, band);
        if positions > 0.0 {
            let _ = writeln!(
                text,
                "| {}–{} | {positions} | {} | {} |",
                band.0,
                band.1,
                shares(predicted),
                shares(observed)
            );
        }
    }
    text
}

/// The log-loss of always predicting the training set's overall rates.
fn base_rate_log_loss(train: &[Cell], test: &[Cell]) -> f64 {
    let mut totals = [0.0; 3];
    for cell in train {
        totals.iter_mut().zip(cell.counts).for_each(|(t, c)| *t += c);
    }
    let all: f64 = totals.iter().sum::<f64>().max(1.0);
    let (mut loss, mut positions) = (0.0, 0.0);
    for cell in test {
        for (count, total) in cell.counts.iter().zip(totals) {
            loss -= count * (total / all).max(1e-15).ln();
            positions += count;
        }
    }
    loss / f64::max(positions, 1.0)
}

fn constants(model: &WdlModel) -> String {
    let list = |c: &[f64]| c.iter().map(|v| format!("{v:.1}")).collect::<Vec<_>>().join(", ");
    format!("WdlModel {{ a: [{}], b: [{}] }}", list(&model.a), list(&model.b))
}

/// `ferrochamp wdl-fit`: reads, fits, prints the calibration and the constants.
///
/// # Errors
/// When a file cannot be read, the hold-out share is out of range, or the fit fails.
pub fn run_wdl_fit(config: &WdlFitConfig) -> Result<(), String> {
    if !(0.0..1.0).contains(&config.holdout) {
        return Err(format!("--holdout must be at least 0 and below 1, got {}", config.holdout));
    }
    let mut samples = Vec::new();
    let mut malformed = 0;
    for path in &config.input {
        let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let first_game = samples.last().map_or(0, |s: &ScoredOutcome| s.game + 1);
        let (more, bad) = read_games(BufReader::new(file), first_game)?;
        samples.extend(more);
        malformed += bad;
    }
    let (train, held) = split_by_game(&samples, config.holdout);
    let games = |set: &[ScoredOutcome]| set.last().map_or(0, |s| s.game + 1) - set.first().map_or(0, |s| s.game);
    let (positions, all_games) = (samples.len(), games(&samples));
    eprintln!("wdl-fit: {positions} positions in {all_games} games ({malformed} malformed lines skipped)");
    let (train_cells, held_cells) = (cells_of(&train), cells_of(&held));
    let result = fit(&train_cells)?;
    let mut report = format!(
        "Fit: {} positions of {} games ({} iterations); held out: {} positions of {} games.\n\n",
        train.len(),
        games(&train),
        result.iterations,
        held.len(),
        games(&held)
    );
    let _ = writeln!(report, "Log-loss per position: training {:.4}", result.log_loss);
    if !held_cells.is_empty() {
        let _ = writeln!(
            report,
            "Log-loss per position, held out: model {:.4}, the constants in use {:.4}, overall rates only {:.4}\n",
            mean_log_loss(&result.model, &held_cells),
            // What a refit gains over the model the binary ships, on positions neither saw.
            mean_log_loss(&super::FITTED, &held_cells),
            base_rate_log_loss(&train_cells, &held_cells)
        );
        report.push_str(&calibration_table(&result.model, &held_cells, Outcome::Win, "win"));
        report.push('\n');
        report.push_str(&calibration_table(&result.model, &held_cells, Outcome::Draw, "draw"));
        report.push('\n');
        report.push_str(&material_table(&result.model, &held_cells));
        report.push('\n');
    }
    let _ = writeln!(report, "Constants: {}", constants(&result.model));
    let midpoint = result.model.midpoint(MOVE_32_MATERIAL);
    let (low, high) = UNNORMALISED_MIDPOINT_CP;
    let _ = writeln!(
        report,
        "Scale: {midpoint:.0} cp wins as often as not with move-32 material (m = {MOVE_32_MATERIAL}); \
         `score cp` stays unnormalised while this is within {low:.0}-{high:.0} (docs/wdl.md)."
    );
    print!("{report}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 35 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 30 | 0.5
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 30 | 0.5
not a line
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 9 | 31000 | 0.5
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -10 | 0.5
8/4k2P/8/8/8/8/8/4K3 w - - 0 60 | 400 | 0.5
7Q/4k3/8/8/8/8/8/4K3 b - - 0 60 | 900 | 0.5
";

    #[test]
    fn games_are_told_apart_and_decisive_scores_skipped() {
        let (samples, malformed) = read_games(GAMES.as_bytes(), 0).expect("reads");
        assert_eq!(malformed, 1);
        let games: Vec<usize> = samples.iter().map(|s| s.game).collect();
        // Result change starts game 1; the move number going back starts game 2;
        // a promotion adds material but no man, and the game goes on.
        assert_eq!(games, vec![0, 0, 1, 1, 2, 2, 2]);
        assert_eq!(samples[6].material, 9);
        assert!(samples.iter().all(|s| s.score.abs() < 1000));
        assert_eq!(samples[0].material, 78);
        assert_eq!(samples[2].outcome, Outcome::Draw);
        // Black to move in the first line: White's +20 and win are Black's −20 and loss.
        assert_eq!((samples[0].score, samples[0].outcome), (-20, Outcome::Loss));
        assert_eq!((samples[1].score, samples[1].outcome), (35, Outcome::Win));
    }

    #[test]
    fn a_game_mark_starts_a_game_that_looks_like_the_last_one_going_on() {
        // Same result, later move, fewer men: only the mark tells the games apart.
        let lines = "\
# game 0
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 0.5
# game 1
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 5 | 10 | 0.5
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPP2PPP/RNBQKBNR w KQkq - 0 6 | 12 | 0.5
";
        let (samples, malformed) = read_games(lines.as_bytes(), 3).expect("reads");
        assert_eq!(malformed, 0);
        assert_eq!(samples.iter().map(|s| s.game).collect::<Vec<_>>(), vec![3, 4, 4]);
    }

    #[test]
    fn a_material_band_holds_only_its_positions_and_its_shares_sum_to_one() {
        let model = crate::wdl::FITTED;
        let cells = pool([(50, 70, Outcome::Win), (0, 70, Outcome::Draw), (-30, 20, Outcome::Loss)]);
        let (positions, predicted, observed) = band_calibration(&model, &cells, (61, 78));
        assert_eq!(positions, 2.0);
        assert_eq!(observed, [0.5, 0.5, 0.0]);
        assert!((predicted.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert_eq!(band_calibration(&model, &cells, (0, 15)).0, 0.0);
    }

    #[test]
    fn the_split_keeps_games_whole() {
        let samples: Vec<ScoredOutcome> = (0..100)
            .map(|i| ScoredOutcome { game: i / 7, score: i as i32, material: 40, outcome: Outcome::Draw })
            .collect();
        let (train, held) = split_by_game(&samples, 0.25);
        let last_train = train.iter().map(|s| s.game).max().expect("some");
        let first_held = held.iter().map(|s| s.game).min().expect("some");
        assert!(last_train < first_held);
        assert_eq!(train.len() + held.len(), samples.len());
        assert_eq!(held.iter().map(|s| s.game).max(), Some(14));
        assert_eq!(first_held, 11, "a quarter of 15 games, rounded, is 4");
    }

    #[test]
    fn calibration_buckets_hold_every_position() {
        let model = WdlModel { a: [150.0, 0.0, 0.0, 0.0], b: [60.0, 0.0, 0.0, 0.0] };
        let cells = pool((-10..=10).map(|i| (i * 50, 40, if i > 0 { Outcome::Win } else { Outcome::Draw })));
        let buckets = calibration(&model, &cells, Outcome::Win);
        assert_eq!(buckets.iter().map(|b| b.positions).sum::<f64>(), 21.0);
        for (i, bucket) in buckets.iter().enumerate().filter(|(_, b)| b.positions > 0.0) {
            assert!((bucket.predicted * 10.0) as usize == i.min(9) || bucket.predicted == 1.0, "{bucket:?}");
        }
        assert_eq!(buckets[0].observed, 0.0, "the low scores here were all draws");
    }
}
