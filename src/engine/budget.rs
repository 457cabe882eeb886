//! How much time one move gets: the soft and hard limits computed from a
//! `go`'s clock or `movetime`, and the soft limit's stretching after each
//! iteration. Pure arithmetic, no clock reading: [`super::time`] runs it.
//!
//! The hard limit never exceeds a safe share of the remaining time minus the
//! `Move Overhead`, and keeps the overhead of every move up to the next control
//! aside, so that even a game where every move runs to its hard limit keeps
//! time in repeating and increment controls (a test plays such games). The last
//! move before a control (`movestogo 1`) keeps a reserve too: the engine's own
//! delay in answering must never reach the flag.

use crate::board::Color;
use crate::search::{tunables, IterationReport};
use crate::uci::GoParams;

/// The smallest limit handed out: the engine still answers, at once.
pub const MIN_LIMIT_MS: u64 = 1;
/// A larger `movestogo` is treated as this many moves.
const MAX_HORIZON: u64 = 50;
/// The hard limit may use the share of the pool that about this many average
/// moves would (see `clock_budget`), so the soft limit can roughly double.
const HARD_SPREAD: u64 = 2;
/// Most of the available time one move may take when the next control is
/// reached after it (`movestogo 1`), per mille: a quarter stays on the clock.
const CAP_LAST_MOVE_PERMILLE: u64 = 750;
/// The last move before a control also leaves at least this much (or half the
/// available time, if that is less): on a short clock a quarter is only a few
/// milliseconds, less than one scheduling delay on a busy machine.
const LAST_MOVE_RESERVE_MS: u64 = 100;
/// The soft limit of the last move before a control plans as if this many
/// moves were left, so that it ends at a completed iteration well before the
/// hard limit instead of always running into it.
const LAST_MOVE_SOFT_HORIZON: u64 = 2;
/// Most of the available time any other move may take, per mille.
const CAP_PERMILLE: u64 = 500;
/// Soft-limit factor (per mille) by how many iterations in a row kept the best
/// move: 0 = it just changed. Later entries apply to longer streaks.
const STABILITY_PERMILLE: [u64; 6] = [1500, 1250, 1100, 1000, 900, 800];

/// The part of a `go` that matters to the clock, seen from the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Our remaining time in ms (may be zero or negative); `None`: no clock.
    pub time: Option<i64>,
    /// Our increment per move in ms.
    pub increment: i64,
    /// Moves until the next time control; `None` is sudden death.
    pub movestogo: Option<u32>,
    /// Exact time for this move in ms.
    pub movetime: Option<i64>,
}

impl TimeControl {
    /// The time control of `go` for the side `us`. `go infinite` has none.
    #[must_use]
    pub fn from_go(params: &GoParams, us: Color) -> TimeControl {
        if params.infinite {
            return TimeControl::default();
        }
        let clock = params.clock.unwrap_or_default();
        TimeControl {
            time: clock.time(us),
            increment: clock.increment(us),
            movestogo: clock.movestogo,
            movetime: params.movetime,
        }
    }
}

/// The two limits of one move, in milliseconds from the clock's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this (before stretching).
    pub soft_ms: u64,
    /// Stop the search at this moment.
    pub hard_ms: u64,
    /// Set by `movetime`: use the whole time, never stop early.
    pub fixed: bool,
}

/// How a clock is spread over the moves, from the tunables `TimeHorizon` and
/// `TimeIncrementShare` (`search::tunables`; `--param` for tuning runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spending {
    /// Moves we expect still to play in sudden death (no `movestogo`).
    sudden_death_horizon: u64,
    /// Share of the increment added to each move's limits, per mille.
    increment_permille: u64,
}

impl Spending {
    fn from_tunables() -> Spending {
        // The tunables' ranges keep both positive.
        let positive = |value: i32| u64::try_from(value).unwrap_or(1).max(1);
        Spending {
            sudden_death_horizon: positive(tunables::TIME_HORIZON.get()),
            increment_permille: positive(tunables::TIME_INCREMENT_SHARE.get()),
        }
    }
}

/// The limits for `control`, or `None` when nothing limits the time.
///
/// `overhead_ms` is kept back from every move for GUI and network lag.
#[must_use]
pub fn budget(control: &TimeControl, overhead_ms: u64) -> Option<Budget> {
    let spending = Spending::from_tunables();
    let clock = control.time.map(|time| clock_budget(time, control, overhead_ms, spending));
    let movetime = control.movetime.map(|ms| movetime_budget(ms, overhead_ms));
    match (clock, movetime) {
        (Some(c), Some(m)) if c.hard_ms < m.hard_ms => Some(c),
        (_, Some(m)) => Some(m),
        (c, None) => c,
    }
}

/// `movetime`: the whole time but the overhead, at least [`MIN_LIMIT_MS`].
fn movetime_budget(movetime_ms: i64, overhead_ms: u64) -> Budget {
    let hard_ms = positive_ms(movetime_ms).saturating_sub(overhead_ms).max(MIN_LIMIT_MS);
    Budget { soft_ms: hard_ms, hard_ms, fixed: true }
}

/// Time from a clock: spread what is left over the moves still to play, add
/// most of the increment, and cap by a safe share of the available time.
fn clock_budget(time_ms: i64, control: &TimeControl, overhead_ms: u64, spending: Spending) -> Budget {
    let time = positive_ms(time_ms);
    let available = time.saturating_sub(overhead_ms);
    if available == 0 {
        // Zero or negative clock: answer at once with whatever depth 1 gives.
        return Budget { soft_ms: MIN_LIMIT_MS, hard_ms: MIN_LIMIT_MS, fixed: false };
    }
    let horizon = control.movestogo.map_or(spending.sudden_death_horizon, |n| u64::from(n).clamp(1, MAX_HORIZON));
    // Every move to come will lose the overhead, not only this one.
    let pool = time.saturating_sub(overhead_ms.saturating_mul(horizon));
    let increment = permille(positive_ms(control.increment), spending.increment_permille);
    let soft_ms = (pool / horizon.max(LAST_MOVE_SOFT_HORIZON)).saturating_add(increment);
    // The hard limit plans as if only (horizon + 1) / 2 moves were left. Even if
    // every move ran to it, time would shrink by (h - 1) / (h + 1) a move, and
    // the pool keeps the overhead of each move up to the control aside.
    let spread = pool.saturating_mul(HARD_SPREAD) / (horizon + HARD_SPREAD - 1);
    let cap = if horizon == 1 { last_move_cap(available) } else { permille(available, CAP_PERMILLE) };
    let hard_ms = spread.saturating_add(increment).min(cap).max(MIN_LIMIT_MS);
    Budget { soft_ms: soft_ms.clamp(MIN_LIMIT_MS, hard_ms), hard_ms, fixed: false }
}

/// The most the last move before a control may take of `available`: three
/// quarters, and never so much that less than the reserve would be left.
fn last_move_cap(available: u64) -> u64 {
    let reserve = LAST_MOVE_RESERVE_MS.min(available / 2);
    permille(available, CAP_LAST_MOVE_PERMILLE).min(available - reserve)
}

/// A signed millisecond count from the GUI, negatives as 0.
fn positive_ms(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
}

/// `value * permille / 1000` without overflow.
fn permille(value: u64, permille: u64) -> u64 {
    let scaled = u128::from(value) * u128::from(permille) / 1000;
    u64::try_from(scaled).unwrap_or(u64::MAX)
}

/// The soft limit adjusted by what the last iteration showed.
#[must_use]
pub fn adjusted_soft_ms(budget: &Budget, report: &IterationReport) -> u64 {
    if budget.fixed {
        return budget.hard_ms;
    }
    let stability_index = usize::try_from(report.best_move_stability).unwrap_or(usize::MAX);
    let stability = STABILITY_PERMILLE[stability_index.min(STABILITY_PERMILLE.len() - 1)];
    let factor = u128::from(stability) * u128::from(score_drop_permille(report)) * u128::from(effort_permille(report));
    let scaled = u128::from(budget.soft_ms) * factor / 1_000_000_000;
    u64::try_from(scaled).unwrap_or(u64::MAX).clamp(MIN_LIMIT_MS, budget.hard_ms)
}

/// A falling score asks for more time: +0.5% per centipawn dropped, at most +50%.
fn score_drop_permille(report: &IterationReport) -> u64 {
    if report.depth < 2 {
        return 1000; // no previous iteration to compare with
    }
    let drop = i64::from(report.previous_score) - i64::from(report.score);
    1000 + 5 * u64::try_from(drop.clamp(0, 100)).unwrap_or(0)
}

/// When the best move took most of the root's nodes it is clearly best: less
/// time. When it took few, the alternatives were close: more time. 0 means the
/// search did not measure it.
fn effort_permille(report: &IterationReport) -> u64 {
    match u64::from(report.best_move_effort_permille) {
        0 => 1000,
        effort => 1350 - effort.min(1000) * 7 / 10,
    }
}

/// Time controls and `go` lines for the tests of this file and of `time.rs`.
#[cfg(test)]
pub(crate) mod test_controls {
    use super::TimeControl;
    use crate::uci::{Command, GoParams};

    pub const OVERHEAD: u64 = 10;

    pub fn clock(time: i64, increment: i64, movestogo: Option<u32>) -> TimeControl {
        TimeControl { time: Some(time), increment, movestogo, movetime: None }
    }

    pub fn movetime(ms: i64) -> TimeControl {
        TimeControl { movetime: Some(ms), ..TimeControl::default() }
    }

    pub fn go_params(line: &str) -> GoParams {
        match line.parse() {
            Ok(Command::Go(params)) => params,
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_controls::{clock, go_params, movetime, OVERHEAD};
    use super::*;

    fn limits(control: &TimeControl) -> Budget {
        budget(control, OVERHEAD).expect("a timed control")
    }

    /// The defaults, and the two ends of the tunables' ranges.
    const DEFAULT_SPENDING: Spending = Spending { sudden_death_horizon: 25, increment_permille: 750 };
    const LAVISH: Spending = Spending { sudden_death_horizon: 15, increment_permille: 1000 };
    const FRUGAL: Spending = Spending { sudden_death_horizon: 50, increment_permille: 300 };

    fn clock_limits(control: &TimeControl, spending: Spending) -> Budget {
        let time = control.time.expect("a clock");
        clock_budget(time, control, OVERHEAD, spending)
    }

    /// Plays `moves` moves where each one runs to its hard limit and the GUI
    /// loses `OVERHEAD` more; returns the smallest clock seen after a move.
    fn worst_case_lowest_clock(start: i64, increment: i64, movestogo: Option<u32>, moves: u32) -> i64 {
        [DEFAULT_SPENDING, LAVISH, FRUGAL]
            .into_iter()
            .map(|spending| worst_case_lowest_clock_with(spending, start, increment, movestogo, moves))
            .min()
            .unwrap_or(start)
    }

    fn worst_case_lowest_clock_with(
        spending: Spending,
        start: i64,
        increment: i64,
        movestogo: Option<u32>,
        moves: u32,
    ) -> i64 {
        let (mut time, mut to_go, mut lowest) = (start, movestogo, start);
        for _ in 0..moves {
            let used = clock_limits(&clock(time, increment, to_go), spending).hard_ms;
            time -= i64::try_from(used + OVERHEAD).expect("small");
            lowest = lowest.min(time);
            time += increment;
            if let Some(n) = to_go {
                to_go = Some(if n == 1 {
                    time += start;
                    movestogo.unwrap_or(1)
                } else {
                    n - 1
                });
            }
        }
        lowest
    }

    #[test]
    fn sudden_death_second_uses_a_small_share() {
        let b = limits(&clock(1000, 0, None));
        assert!(b.hard_ms <= (1000 - OVERHEAD) / 5, "{b:?}");
        assert!(MIN_LIMIT_MS <= b.soft_ms && b.soft_ms <= b.hard_ms, "{b:?}");
        let long = limits(&clock(60_000, 0, None));
        assert!(long.soft_ms > 1000 && long.hard_ms < 10_000, "{long:?}");
    }

    #[test]
    fn movetime_is_honoured_minus_the_overhead() {
        assert_eq!(limits(&movetime(100)), Budget { soft_ms: 90, hard_ms: 90, fixed: true });
        assert_eq!(budget(&movetime(100), 0).map(|b| b.hard_ms), Some(100));
        assert_eq!(limits(&movetime(3)).hard_ms, MIN_LIMIT_MS);
        assert_eq!(limits(&movetime(-50)).hard_ms, MIN_LIMIT_MS);
    }

    #[test]
    fn empty_or_negative_clocks_give_tiny_positive_limits() {
        for time in [-5000, -1, 0, 5, 10] {
            let b = limits(&clock(time, 0, None));
            assert_eq!((b.soft_ms, b.hard_ms), (MIN_LIMIT_MS, MIN_LIMIT_MS), "time {time}");
        }
        assert_eq!(limits(&clock(-100, 1000, Some(1))).hard_ms, MIN_LIMIT_MS);
    }

    #[test]
    fn increments_add_time_but_never_more_than_the_cap() {
        let without = limits(&clock(10_000, 0, None));
        let with = limits(&clock(10_000, 200, None));
        assert!(with.soft_ms > without.soft_ms);
        let low_clock_big_increment = limits(&clock(200, 1000, None));
        assert!(low_clock_big_increment.hard_ms <= (200 - OVERHEAD) / 2, "{low_clock_big_increment:?}");
    }

    #[test]
    fn last_move_before_the_control_keeps_a_reserve() {
        // 40/10 style: the last move may take three quarters, not everything.
        let b = limits(&clock(1000, 0, Some(1)));
        assert_eq!(b.hard_ms, (1000 - OVERHEAD) * 3 / 4);
        assert_eq!(b.soft_ms, (1000 - OVERHEAD) / 2, "the soft limit plans for two moves");
        // A short clock keeps an absolute reserve, not a quarter of a few ms.
        let short = limits(&clock(300, 0, Some(1)));
        assert_eq!(short.hard_ms, 300 - OVERHEAD - LAST_MOVE_RESERVE_MS);
        // A tiny clock still searches, with half of what it has.
        let tiny = limits(&clock(40, 0, Some(1)));
        assert_eq!(tiny.hard_ms, (40 - OVERHEAD) / 2);
        for time in [20, 25, 50, 120, 150, 300, 1000, 10_000, 600_000] {
            let b = limits(&clock(time, 0, Some(1)));
            let left = u64::try_from(time).expect("positive") - OVERHEAD - b.hard_ms;
            assert!(left * 4 >= u64::try_from(time).expect("positive") - OVERHEAD, "time {time}: {b:?}");
            assert!(b.hard_ms >= MIN_LIMIT_MS && b.soft_ms <= b.hard_ms, "time {time}: {b:?}");
        }
        assert!(limits(&clock(1000, 0, Some(2))).hard_ms <= (1000 - OVERHEAD) / 2);
    }

    #[test]
    fn the_tighter_of_clock_and_movetime_wins() {
        let control = TimeControl { movetime: Some(5000), ..clock(1000, 0, None) };
        assert!(limits(&control).hard_ms < 1000 && !limits(&control).fixed);
        let control = TimeControl { movetime: Some(50), ..clock(100_000, 0, None) };
        assert_eq!(limits(&control), Budget { soft_ms: 40, hard_ms: 40, fixed: true });
    }

    #[test]
    fn no_clock_means_no_time_limit() {
        assert_eq!(budget(&TimeControl::default(), OVERHEAD), None);
        let us_black = TimeControl::from_go(&go_params("go wtime 1000 depth 5"), Color::Black);
        assert_eq!(budget(&us_black, OVERHEAD), None);
        let infinite = TimeControl::from_go(&go_params("go infinite wtime 1000 btime 1000"), Color::White);
        assert_eq!(infinite, TimeControl::default());
    }

    #[test]
    fn go_params_are_read_for_the_side_to_move() {
        let params = go_params("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 7 movetime 500");
        let control = TimeControl::from_go(&params, Color::Black);
        assert_eq!(control, TimeControl { time: Some(2000), increment: 20, movestogo: Some(7), movetime: Some(500) });
    }

    #[test]
    fn huge_numbers_do_not_overflow() {
        let control =
            TimeControl { time: Some(i64::MAX), increment: i64::MAX, movestogo: Some(u32::MAX), movetime: None };
        let b = budget(&control, u64::MAX).expect("timed");
        assert_eq!(b.hard_ms, MIN_LIMIT_MS, "an overhead above any clock leaves nothing");
        let b = budget(&control, 0).expect("timed");
        assert!(b.soft_ms <= b.hard_ms && b.hard_ms < u64::MAX);
    }

    #[test]
    fn even_always_running_to_the_hard_limit_never_flags() {
        assert!(worst_case_lowest_clock(60_000, 0, Some(40), 120) > 0, "40 moves in 60 s, repeating");
        assert!(worst_case_lowest_clock(5_000, 0, Some(40), 120) > 0, "40 moves in 5 s, repeating");
        assert!(worst_case_lowest_clock(10_000, 100, None, 500) > 0, "10 s + 0.1 s");
        assert!(worst_case_lowest_clock(1_000, 1_000, None, 500) > 0, "1 s + 1 s");
        assert!(worst_case_lowest_clock(60_000, 0, None, 60) > 0, "60 s sudden death, 60 moves");
    }

    #[test]
    fn the_defaults_are_the_tunables_defaults() {
        let defaults = Spending {
            sudden_death_horizon: u64::try_from(tunables::TIME_HORIZON.default).expect("positive"),
            increment_permille: u64::try_from(tunables::TIME_INCREMENT_SHARE.default).expect("positive"),
        };
        assert_eq!(defaults, DEFAULT_SPENDING);
    }

    #[test]
    fn a_shorter_horizon_spends_more_in_sudden_death_only() {
        let sudden_death = clock(10_000, 100, None);
        let (usual, lavish) = (clock_limits(&sudden_death, DEFAULT_SPENDING), clock_limits(&sudden_death, LAVISH));
        assert!(lavish.soft_ms > usual.soft_ms && lavish.hard_ms > usual.hard_ms, "{usual:?} {lavish:?}");
        let frugal = clock_limits(&sudden_death, FRUGAL);
        assert!(frugal.soft_ms < usual.soft_ms, "{usual:?} {frugal:?}");
        // With `movestogo` the GUI says how many moves are left; the horizon is not used.
        let repeating = clock(10_000, 0, Some(30));
        assert_eq!(clock_limits(&repeating, DEFAULT_SPENDING), clock_limits(&repeating, FRUGAL));
    }

    #[test]
    fn the_increment_share_is_what_each_move_adds() {
        let control = clock(10_000, 200, None);
        let share =
            |increment_permille| clock_limits(&control, Spending { increment_permille, ..DEFAULT_SPENDING }).soft_ms;
        assert_eq!(share(1000) - share(750), 50, "a quarter of 200 ms more");
    }

    #[test]
    fn soft_limit_stretches_when_unstable_and_shrinks_when_clear() {
        let b = Budget { soft_ms: 1000, hard_ms: 3000, fixed: false };
        let unstable = IterationReport {
            depth: 10,
            score: -80,
            previous_score: 20,
            best_move_stability: 0,
            best_move_effort_permille: 200,
        };
        let stable = IterationReport {
            depth: 10,
            score: 30,
            previous_score: 20,
            best_move_stability: 9,
            best_move_effort_permille: 950,
        };
        let neutral = IterationReport { depth: 10, best_move_stability: 3, ..IterationReport::default() };
        assert!(adjusted_soft_ms(&b, &unstable) > 2000);
        assert!(adjusted_soft_ms(&b, &stable) < 700);
        assert_eq!(adjusted_soft_ms(&b, &neutral), 1000, "effort 0 means unmeasured");
        let tight = Budget { hard_ms: 1200, ..b };
        assert_eq!(adjusted_soft_ms(&tight, &unstable), 1200, "never beyond the hard limit");
        let fixed = Budget { soft_ms: 90, hard_ms: 90, fixed: true };
        assert_eq!(adjusted_soft_ms(&fixed, &stable), 90, "movetime uses all its time");
    }
}
