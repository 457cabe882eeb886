//! Learns how late the engine answers after its own hard limit.
//!
//! When the hard limit passes, the search still has to see it, unwind, hand
//! its result from the worker threads to the controller, and the controller has
//! to be scheduled to write `bestmove`. On a quiet machine that is well under a
//! millisecond; on a loaded one every hand-off can wait for a time slice, and a
//! GUI that grants no margin counts each of those milliseconds. The controller
//! measures the delay of every timed search (hard limit → `bestmove` written)
//! and keeps the estimate back from the next hard limits, the way
//! [`super::lag`] keeps back what the GUI's own clock shows it lost.

use std::time::Instant;

/// Delays beyond this are a stalled process (swapping, stopped by a signal),
/// not scheduling; one such stall must not halve every later move.
const PLAUSIBLE_OVERSHOOT_MS: u64 = 1000;

#[derive(Debug, Default)]
pub struct OvershootTracker {
    /// Estimated delay in ms: rises at once, decays by an eighth per timed move
    /// (load comes and goes in bursts, so one prompt answer must not erase it).
    estimate_ms: u64,
}

impl OvershootTracker {
    /// What to keep back from the next hard limit: the estimate and half as
    /// much again, for the delay beyond the worst recently seen.
    #[must_use]
    pub fn reserve_ms(&self) -> u64 {
        self.estimate_ms + self.estimate_ms / 2
    }

    /// A timed search answered: `bestmove` was written at `written`, and its
    /// hard limit was `deadline`. An answer before the deadline (the soft limit
    /// or the depth ended the search) says nothing about the delay.
    pub fn on_bestmove(&mut self, deadline: Instant, written: Instant) {
        if written < deadline {
            return;
        }
        let late = written.duration_since(deadline);
        // Whole milliseconds, rounded up: a fraction late is still late.
        let late_ms = u64::try_from(late.as_micros().div_ceil(1000)).unwrap_or(u64::MAX);
        if late_ms > PLAUSIBLE_OVERSHOOT_MS {
            log::debug!("bestmove {late_ms} ms after the hard limit: a stall, not learned");
            return;
        }
        self.estimate_ms = late_ms.max(self.estimate_ms - self.estimate_ms.div_ceil(8));
        log::debug!("bestmove {late_ms} ms after the hard limit, estimate {} ms", self.estimate_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_late_answer_is_kept_back_at_once_with_a_margin() {
        let mut tracker = OvershootTracker::default();
        assert_eq!(tracker.reserve_ms(), 0, "nothing learned yet");
        let deadline = Instant::now();
        tracker.on_bestmove(deadline, deadline + ms(20));
        assert_eq!(tracker.reserve_ms(), 30);
        tracker.on_bestmove(deadline, deadline + ms(40));
        assert_eq!(tracker.reserve_ms(), 60, "a worse delay raises it at once");
    }

    #[test]
    fn prompt_answers_let_the_estimate_decay_slowly() {
        let mut tracker = OvershootTracker::default();
        let deadline = Instant::now();
        tracker.on_bestmove(deadline, deadline + ms(32));
        tracker.on_bestmove(deadline, deadline);
        assert_eq!(tracker.reserve_ms(), 28 + 14, "an eighth off per prompt answer");
        for _ in 0..40 {
            tracker.on_bestmove(deadline, deadline + Duration::from_micros(200));
        }
        assert_eq!(tracker.reserve_ms(), 1, "a fraction of a millisecond rounds up to one");
    }

    #[test]
    fn early_answers_and_stalls_are_not_learned() {
        let mut tracker = OvershootTracker::default();
        let deadline = Instant::now() + ms(100);
        tracker.on_bestmove(deadline, deadline - ms(50));
        assert_eq!(tracker.reserve_ms(), 0, "answered before the hard limit");
        tracker.on_bestmove(deadline, deadline + ms(5000));
        assert_eq!(tracker.reserve_ms(), 0, "a five-second stall is not scheduling");
        tracker.on_bestmove(deadline, deadline + ms(4));
        tracker.on_bestmove(deadline, deadline - ms(50));
        assert_eq!(tracker.reserve_ms(), 6, "an early answer does not decay the estimate either");
    }
}
