//! Playing weaker on purpose: `UCI_LimitStrength` with `UCI_Elo`, or `Skill Level`.
//!
//! A weaker player sees less and, among the moves it does see, does not always
//! pick the best. A limited search does both, and nothing else:
//!
//! - it stops after a node budget that grows with the Elo, read from a table of
//!   budgets measured in games (interpolated geometrically between them), and
//!   the clock still ends it sooner when time is shorter;
//! - at controls longer than the one the table was measured at, it plays as a
//!   higher setting of that table ([`Handicap::at_control`]), because the
//!   yardstick's labels gain strength with time and a node budget does not;
//! - it searches the best [`Handicap::lines`] root moves (MultiPV) and draws the
//!   move among them with weights `exp(-loss / temperature)`, where `loss` is
//!   how far a line scores below the best one. The temperature shrinks as the
//!   Elo grows, and no line losing more than the margin is ever drawn, so the
//!   engine misjudges close choices but does not give away a piece for nothing.
//!
//! Everything that depends on the Elo is in [`Handicap::for_elo`]; its constants
//! are below, with how they were chosen (games against Stockfish 15.1's own
//! `UCI_Elo`, see docs/strength-limit.md).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::budget::TimeControl;
use super::pool::PoolResult;
use crate::board::{Move, Position};
use crate::rng::Rng;
use crate::search::info::{result_line, SearchTotals};
use crate::search::score::is_decisive;
use crate::search::{InfoSink, MainDuties, RootLine, SearchLimits, SharedState};
use crate::uci::options::names;
use crate::uci::OptionValues;

/// The `UCI_Elo` range (the option table's row holds the same; a test checks it).
pub const ELO_MIN: i32 = 800;
/// The highest `UCI_Elo`.
pub const ELO_MAX: i32 = 2850;

/// The lowest setting that plays at full strength: no handicap could make the
/// engine stronger than itself. The highest calibrated point is 2250; from
/// there to here the budget follows the last segment. `limit-table` shows
/// what each setting plays with.
pub const FULL_STRENGTH_ELO: i32 = 2400;

/// `Skill Level` 0..=19 maps to `SKILL_ELO_AT_ZERO + level * SKILL_ELO_PER_LEVEL`
/// (1000..=2235, spread over the calibrated range); level 20, the default, is
/// full strength.
const SKILL_LEVEL_FULL: i64 = 20;
const SKILL_ELO_AT_ZERO: i32 = 1000;
const SKILL_ELO_PER_LEVEL: i32 = 65;

/// The node budgets that play level with Stockfish 15.1 at the same `UCI_Elo`
/// at 10+0.1: `(elo, nodes)`, by rising Elo. Between two points the budget
/// grows geometrically; beyond the ends it follows the nearest segment.
///
/// Fitted on 2026-12-02 for the search and evaluation of bench 5965379
/// (commit dd23bb1 and after) with `scripts/limit_calibration.py`, 200 games
/// a point; docs/results.md has each point's figures. Probes of the previous
/// table (set on older, weaker builds) showed every setting some 70 Elo
/// above its label, so each point first took the budget the old table gave
/// 70 Elo lower, and [`ANCHOR_ELO`] moved up by as much; 1600, 2100 and 2250
/// were then set from the games. Measured again on 2026-12-06 for the search
/// of bench 5380078 (bf1b838, some 50 Elo stronger in self-play): every point
/// within ±50 Elo of its label, the mean offset +0.3, so the table stands.
/// Rerun the script after any change of the evaluation's scale or a gain of
/// more than about 30 Elo.
const CALIBRATED_NODES: [(i32, f64); 5] =
    [(1350, 490.0), (1600, 3_170.0), (1850, 9_760.0), (2100, 22_000.0), (2250, 60_000.0)];
/// The Elo at which the constants below are given.
const ANCHOR_ELO: f64 = 1470.0;
/// The budget never drops below one shallow search of every line: the first
/// iteration always completes anyway, so a smaller budget would change nothing.
const MIN_NODES: u64 = 50;
/// Softmax temperature at [`ANCHOR_ELO`], centipawns: a line this much worse is
/// drawn `e` times less often than the best.
const TEMPERATURE_AT_ANCHOR_CP: f64 = 40.0;
/// Elo points per halving of the temperature.
const ELO_PER_TEMPERATURE_HALVING: f64 = 300.0;
/// Largest loss a drawn line may have at [`ANCHOR_ELO`], centipawns.
const MARGIN_AT_ANCHOR_CP: f64 = 120.0;
/// Elo points per halving of the margin.
const ELO_PER_MARGIN_HALVING: f64 = 300.0;
/// Root lines searched and drawn from.
const LINES: usize = 4;
/// Below the lowest calibrated point the node budget soon reaches
/// [`MIN_NODES`], and settings 200 Elo apart played too alike (62% and 63% per
/// step in self-play with the temperature and margin alone): there both grow
/// twice as fast going down, by a further doubling every this many Elo ...
const ELO_PER_EXTRA_DOUBLING_BELOW_FLOOR: f64 = 600.0;
/// ... and one more line is drawn from every this many Elo, up to [`MAX_LINES`].
const ELO_PER_EXTRA_LINE_BELOW_FLOOR: i32 = 150;
/// The most root lines a limited search draws from.
const MAX_LINES: usize = 8;
/// Below this margin only one line is searched: the draw could only pick among
/// near-equal moves, while four lines cost the search about a third of its
/// depth (a probe at 2200 with four lines and a 19 cp margin scored 3-12-2
/// where full strength scored 15-9-6), so the strongest settings are a pure
/// node budget. From about 2075 up: 2100 with four lines and 34,400 nodes
/// scored 13-31-2 against Stockfish's 2100 (2026-12-02).
const SINGLE_LINE_BELOW_MARGIN_CP: i32 = 30;

/// The time a move may take (ms, see [`move_time_ms`]) up to which the table
/// above holds as measured. A 10+0.1 game gives 500 ms at its first move, and
/// our clock grows as a limited search uses less than the increment: 800 ms
/// is reached only after some 80 moves.
const CALIBRATED_MOVE_TIME_MS: f64 = 800.0;
/// Elo added to the setting per doubling of the time a move may take beyond
/// [`CALIBRATED_MOVE_TIME_MS`]. At 60+0.6 a move gets about 3.7 s on average
/// over our first 60 moves, 2.2 doublings more, and there the 10+0.1 table's
/// 1850 scored -121 (-177 to -71) against Stockfish's 1850 (2026-12-03, 201
/// games): 121 / 2.2 = 55. With it, the same point scored -17 (-66 to +31) in
/// 162 games. One control and one point: a straight line in the logarithm of
/// the time is an assumption between and beyond them.
const ELO_PER_TIME_DOUBLING: f64 = 55.0;
/// The most the time adds: four doublings, about 13 s a move (5+3 gives
/// 15 s at its first move); nothing that long was measured.
const MAX_TIME_SHIFT_ELO: f64 = 220.0;
/// The clock is spread over this many moves in sudden death ...
const CLOCK_SPREAD_MOVES: u32 = 25;
/// ... and over at least this many before a control, so that the last moves
/// before it do not play stronger because the whole remaining time is theirs.
const CLOCK_SPREAD_MIN_MOVES: u32 = 10;

/// How much weaker one search plays, all derived from one Elo figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handicap {
    /// The `UCI_Elo` this handicap plays at (within `ELO_MIN..=ELO_MAX`).
    pub elo: i32,
    /// Nodes to search (over all threads), at most.
    pub nodes: u64,
    /// Centipawns: the spread of the draw among the lines.
    pub temperature_cp: f64,
    /// Centipawns: lines losing more than this against the best are never drawn.
    pub margin_cp: i32,
    /// Root lines to search and draw from.
    pub lines: usize,
}

impl Handicap {
    /// The handicap at `elo` (clamped to [`ELO_MIN`]..=[`ELO_MAX`]).
    #[must_use]
    pub fn for_elo(elo: i32) -> Handicap {
        let elo = elo.clamp(ELO_MIN, ELO_MAX);
        let above_anchor = f64::from(elo) - ANCHOR_ELO;
        let below_floor = (CALIBRATED_NODES[0].0 - elo).max(0);
        let widening = (f64::from(below_floor) / ELO_PER_EXTRA_DOUBLING_BELOW_FLOOR).exp2();
        let nodes = calibrated_nodes(elo);
        let temperature_cp = TEMPERATURE_AT_ANCHOR_CP * (-above_anchor / ELO_PER_TEMPERATURE_HALVING).exp2() * widening;
        let margin_cp = MARGIN_AT_ANCHOR_CP * (-above_anchor / ELO_PER_MARGIN_HALVING).exp2() * widening;
        let extra_lines = usize::try_from(below_floor / ELO_PER_EXTRA_LINE_BELOW_FLOOR).unwrap_or(0);
        Handicap {
            elo,
            // Both are finite and positive, and far below the integer limits.
            nodes: (nodes.round() as u64).max(MIN_NODES),
            temperature_cp,
            margin_cp: margin_cp.round() as i32,
            lines: if margin_cp.round() < f64::from(SINGLE_LINE_BELOW_MARGIN_CP) {
                1
            } else {
                (LINES + extra_lines).min(MAX_LINES)
            },
        }
    }

    /// The handicap the options ask for: `UCI_LimitStrength` with `UCI_Elo`,
    /// else `Skill Level` below 20, else none. A setting at or above
    /// [`FULL_STRENGTH_ELO`] is none too: full strength.
    #[must_use]
    pub fn from_options(options: &OptionValues) -> Option<Handicap> {
        let elo = if options.check(names::UCI_LIMIT_STRENGTH) {
            i32::try_from(options.spin(names::UCI_ELO)).unwrap_or(ELO_MAX)
        } else {
            let level = options.spin(names::SKILL_LEVEL);
            if level >= SKILL_LEVEL_FULL {
                return None;
            }
            SKILL_ELO_AT_ZERO + i32::try_from(level).unwrap_or(0) * SKILL_ELO_PER_LEVEL
        };
        (elo < FULL_STRENGTH_ELO).then(|| Handicap::for_elo(elo))
    }

    /// The handicap this setting plays with under `control`: the table's own
    /// up to [`CALIBRATED_MOVE_TIME_MS`] a move (and with no clock), a higher
    /// setting of the table beyond, by [`ELO_PER_TIME_DOUBLING`].
    #[must_use]
    pub fn at_control(&self, control: &TimeControl) -> Handicap {
        let shift = time_shift_elo(control);
        if shift == 0 {
            *self
        } else {
            let mut shifted = Handicap::for_elo(self.elo.saturating_add(shift));
            shifted.elo = self.elo;
            shifted
        }
    }

    /// Draws the line to play among the first [`Handicap::lines`] of `lines`
    /// (best first, as the search ranked them; at least one). Returns its index.
    pub fn choose(&self, lines: &[RootLine], rng: &mut Rng) -> usize {
        let drawn = &lines[..lines.len().min(self.lines)];
        let Some(best) = drawn.iter().map(|line| line.score).max() else { return 0 };
        let weights: Vec<f64> = drawn.iter().map(|line| self.weight(best, line.score)).collect();
        let mut ticket = rng.unit() * weights.iter().sum::<f64>();
        for (index, weight) in weights.iter().enumerate() {
            if ticket < *weight {
                return index;
            }
            ticket -= weight;
        }
        // Rounding can leave the ticket just past the last weight: the best line then.
        drawn.iter().position(|line| line.score == best).unwrap_or(0)
    }

    /// A line's weight in the draw: 1 for the best, 0 beyond the margin. A
    /// proven result (mate, tablebase) is never a close call: a mate found is
    /// played, and a line proven lost is never drawn instead of one that is not.
    fn weight(&self, best: i32, score: i32) -> f64 {
        let loss = best - score;
        if loss == 0 {
            return 1.0;
        }
        if loss > self.margin_cp || is_decisive(best) || is_decisive(score) {
            return 0.0;
        }
        (-f64::from(loss) / self.temperature_cp.max(1.0)).exp()
    }
}

impl Handicap {
    /// Narrows a search's limits to the handicap: the node budget (or the
    /// `go nodes` asked for, if smaller) and enough lines to draw from.
    pub fn restrict(&self, limits: &mut SearchLimits) {
        limits.nodes = Some(limits.nodes.map_or(self.nodes, |asked| asked.min(self.nodes)));
        limits.multipv = limits.multipv.max(self.lines);
    }

    /// Replaces the search's answer by a line drawn with `rng` and, when that
    /// is not the line last shown, shows it, so that the GUI's last line is the
    /// move played.
    pub fn play_drawn_line(
        &self,
        found: &mut PoolResult,
        root: &Position,
        shared: &SharedState,
        main: &MainDuties,
        rng: &mut Rng,
    ) {
        let result = &mut found.result;
        let index = self.choose(&result.lines, rng);
        let Some(line) = result.lines.get(index).filter(|_| index > 0) else { return };
        let Some(&mv) = line.pv.first() else { return };
        result.best_move = mv;
        result.ponder_move = line.pv.get(1).copied().unwrap_or(Move::NONE);
        result.score = line.score;
        result.pv.clone_from(&line.pv);
        let totals = SearchTotals {
            nodes: found.nodes,
            tb_hits: shared.progress.tb_hits.load(Ordering::Relaxed),
            time_ms: main.clock.elapsed_ms(),
            hashfull: shared.tt.hashfull(),
        };
        main.info.info(&result_line(result, root, totals, main.chess960, main.show_wdl));
    }
}

/// The node budget at `elo`, from [`CALIBRATED_NODES`]: geometric
/// interpolation between the two points around it, or along the end segment.
fn calibrated_nodes(elo: i32) -> f64 {
    let segment = CALIBRATED_NODES
        .windows(2)
        .find(|pair| elo <= pair[1].0)
        .unwrap_or(&CALIBRATED_NODES[CALIBRATED_NODES.len() - 2..]);
    let ((low_elo, low_nodes), (high_elo, high_nodes)) = (segment[0], segment[1]);
    let fraction = f64::from(elo - low_elo) / f64::from(high_elo - low_elo);
    low_nodes * (high_nodes / low_nodes).powf(fraction)
}

/// The Elo a control adds to a setting (see [`Handicap::at_control`]).
#[must_use]
pub fn time_shift_elo(control: &TimeControl) -> i32 {
    let Some(move_time) = move_time_ms(control) else { return 0 };
    let doublings = (move_time / CALIBRATED_MOVE_TIME_MS).log2();
    // Clamped to 0..=MAX_TIME_SHIFT_ELO, far inside i32.
    (doublings * ELO_PER_TIME_DOUBLING).clamp(0.0, MAX_TIME_SHIFT_ELO).round() as i32
}

/// The time one move may take under `control`, in ms: `movetime`, or the
/// clock spread over the moves to come plus the increment. `None` without
/// either (`go infinite`, `go depth`, `go nodes`).
fn move_time_ms(control: &TimeControl) -> Option<f64> {
    if let Some(movetime) = control.movetime {
        return Some(movetime.max(0) as f64);
    }
    let time = control.time?;
    let moves = control.movestogo.map_or(CLOCK_SPREAD_MOVES, |n| n.clamp(CLOCK_SPREAD_MIN_MOVES, CLOCK_SPREAD_MOVES));
    Some(time.max(0) as f64 / f64::from(moves) + control.increment.max(0) as f64)
}

/// An `info` sink that passes on only the first `shown` MultiPV lines: the
/// extra lines a limited search draws from are its own business, the GUI gets
/// the number of lines it asked for.
pub struct ShownLines {
    /// The sink the shown lines go to.
    pub inner: Arc<dyn InfoSink + Send>,
    /// How many MultiPV lines the GUI asked for (`MultiPV`).
    pub shown: usize,
}

impl InfoSink for ShownLines {
    fn info(&self, line: &str) {
        let multipv = line
            .split_whitespace()
            .skip_while(|&word| word != "multipv")
            .nth(1)
            .and_then(|number| number.parse::<usize>().ok());
        if multipv.is_none_or(|index| index <= self.shown) {
            self.inner.info(line);
        }
    }
}

#[cfg(test)]
mod tests;
