//! Measures how much more time the GUI charges than the engine itself spent.
//!
//! Between reading `go` and writing `bestmove` the engine knows exactly how long
//! it took; the GUI's clock also counts pipe latency and scheduling delays on a
//! loaded machine, which can reach tens of milliseconds. On the next `go` the
//! clock tells us what was really charged: the difference is the lag, and the
//! time manager keeps at least that much back, whatever `Move Overhead` says.

use std::time::Instant;

use crate::board::Color;
use crate::uci::GoParams;

/// Lags beyond this are not lag but a new game or a changed clock.
const PLAUSIBLE_LAG_MS: i64 = 1000;
/// After a move without lag the estimate keeps this many eighths of itself.
const DECAY_EIGHTHS: u64 = 7;
/// The time kept back is the estimate plus this fraction of it (1/2), for bursts beyond it.
const BURST_MARGIN_DIVISOR: u64 = 2;

/// A timed move whose charge we will learn at the next `go`.
#[derive(Clone, Copy, Debug)]
struct TimedMove {
    side: Color,
    clock_ms: i64,
    increment_ms: i64,
    started: Instant,
    answered: Option<Instant>,
}

#[derive(Debug, Default)]
pub struct LagTracker {
    last: Option<TimedMove>,
    /// Estimated lag in ms: rises at once, decays slowly (lag on a loaded
    /// machine comes in bursts, so one quiet move must not erase it).
    estimate_ms: u64,
}

impl LagTracker {
    /// Called when a `go` arrives; returns the time to keep back for lag: the
    /// estimate with half again as much for bursts beyond it.
    pub fn on_go(&mut self, params: &GoParams, side: Color, received: Instant) -> u64 {
        let clock = params.clock.filter(|_| !params.ponder && !params.infinite);
        let current = clock.and_then(|c| c.time(side).map(|time| (time, c.increment(side))));
        if let (Some(last), Some((clock_ms, _))) = (self.last, current) {
            if let Some(lag) = last.charged_lag(side, clock_ms) {
                self.estimate_ms = lag.max(self.estimate_ms * DECAY_EIGHTHS / 8);
                log::debug!("observed lag {lag} ms, estimate {} ms", self.estimate_ms);
            }
        }
        self.last = current.map(|(clock_ms, increment_ms)| TimedMove {
            side,
            clock_ms,
            increment_ms,
            started: received,
            answered: None,
        });
        self.estimate_ms + self.estimate_ms / BURST_MARGIN_DIVISOR
    }

    /// Called when `bestmove` is written.
    pub fn on_bestmove(&mut self, now: Instant) {
        if let Some(last) = self.last.as_mut() {
            last.answered = Some(now);
        }
    }

    /// A new game: the next clock is not a continuation of the last one.
    pub fn forget_last_move(&mut self) {
        self.last = None;
    }
}

impl TimedMove {
    /// The time charged beyond what we spent, if the new clock continues this one.
    fn charged_lag(&self, side: Color, clock_ms: i64) -> Option<u64> {
        let answered = self.answered?;
        if side != self.side {
            return None;
        }
        let spent = i64::try_from(answered.duration_since(self.started).as_millis()).unwrap_or(i64::MAX);
        let expected = self.clock_ms - spent + self.increment_ms;
        let lag = expected - clock_ms;
        (0..=PLAUSIBLE_LAG_MS).contains(&lag).then(|| u64::try_from(lag).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::Clock;
    use std::time::Duration;

    fn go_with(wtime: i64) -> GoParams {
        GoParams {
            clock: Some(Clock { wtime: Some(wtime), btime: Some(wtime), winc: 50, binc: 50, movestogo: None }),
            ..GoParams::default()
        }
    }

    #[test]
    fn lag_is_the_charge_beyond_our_own_time() {
        let mut tracker = LagTracker::default();
        let start = Instant::now();
        assert_eq!(tracker.on_go(&go_with(5000), Color::White, start), 0);
        tracker.on_bestmove(start + Duration::from_millis(200));
        // Expected 5000 - 200 + 50 = 4850; the GUI says 4810: 40 ms of lag.
        let later = start + Duration::from_millis(400);
        assert_eq!(tracker.on_go(&go_with(4810), Color::White, later), 60);
        tracker.on_bestmove(later + Duration::from_millis(100));
        // No lag this time: the estimate decays instead of dropping to zero.
        let estimate = tracker.on_go(&go_with(4760), Color::White, later + Duration::from_millis(300));
        assert_eq!(estimate, 35 + 17);
    }

    #[test]
    fn a_new_game_or_the_other_side_is_not_lag() {
        let mut tracker = LagTracker::default();
        let start = Instant::now();
        tracker.on_go(&go_with(5000), Color::White, start);
        tracker.on_bestmove(start + Duration::from_millis(100));
        assert_eq!(tracker.on_go(&go_with(300_000), Color::White, start), 0);
        tracker.on_bestmove(start + Duration::from_millis(100));
        assert_eq!(tracker.on_go(&go_with(100), Color::Black, start), 0);
    }
}
