//! Learns how late the engine answers after its search has ended.
//!
//! When the hard limit passes, the search still has to see it and unwind, the
//! worker threads hand the result on, and the controller has to be scheduled
//! to write `bestmove`; after a soft stop only the hand-offs remain. On a quiet
//! machine that is well under a millisecond; on a loaded one every hand-off can
//! wait for a time slice, and a GUI that grants no margin counts each of those
//! milliseconds. The controller measures the delay of every timed search (the
//! hard limit or the end of the search, whichever came first → `bestmove`
//! written), and keeps the estimate back from later moves the way
//! [`super::lag`] keeps back what the GUI's own clock shows it lost.

use std::time::Instant;

/// Delays beyond this are a stalled process (swapping, stopped by a signal),
/// not scheduling; one such stall must not cripple the moves after it.
const PLAUSIBLE_DELAY_MS: u64 = 250;

#[derive(Debug, Default)]
pub struct OvershootTracker {
    /// Estimated delay in ms: rises at once, decays by an eighth per timed move
    /// (load comes and goes in bursts, so one prompt answer must not erase it).
    estimate_ms: u64,
}

impl OvershootTracker {
    /// What to keep back on top of the move overhead: the estimate and half
    /// as much again, for the delay beyond the worst recently seen.
    #[must_use]
    pub fn reserve_ms(&self) -> u64 {
        self.estimate_ms + self.estimate_ms / 2
    }

    /// A timed search answered: its hard limit was `deadline`, its main worker
    /// finished at `search_ended` (if it reported), and `bestmove` was written
    /// at `written`. The delay counts from the earlier of the two: after the
    /// hard limit everything is late; before it, the hand-offs still cost time.
    pub fn on_bestmove(&mut self, deadline: Instant, search_ended: Option<Instant>, written: Instant) {
        let from = search_ended.map_or(deadline, |ended| ended.min(deadline));
        let late = written.saturating_duration_since(from);
        // Whole milliseconds, rounded up: a fraction late is still late.
        let late_ms = u64::try_from(late.as_micros().div_ceil(1000)).unwrap_or(u64::MAX);
        if late_ms > PLAUSIBLE_DELAY_MS {
            log::debug!("bestmove {late_ms} ms after the search ended: a stall, not learned");
            return;
        }
        self.estimate_ms = late_ms.max(self.estimate_ms - self.estimate_ms.div_ceil(8));
        log::debug!("bestmove {late_ms} ms after the search ended, estimate {} ms", self.estimate_ms);
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
        tracker.on_bestmove(deadline, Some(deadline + ms(5)), deadline + ms(20));
        assert_eq!(tracker.reserve_ms(), 30, "counted from the hard limit, not from the late stop");
        tracker.on_bestmove(deadline, None, deadline + ms(40));
        assert_eq!(tracker.reserve_ms(), 60, "a worse delay raises it at once");
    }

    #[test]
    fn after_a_soft_stop_the_hand_off_is_what_counts() {
        let mut tracker = OvershootTracker::default();
        let ended = Instant::now();
        let deadline = ended + ms(100);
        tracker.on_bestmove(deadline, Some(ended), ended + ms(12));
        assert_eq!(tracker.reserve_ms(), 18, "12 ms from the end of the search to bestmove");
    }

    #[test]
    fn prompt_answers_let_the_estimate_decay_slowly() {
        let mut tracker = OvershootTracker::default();
        let deadline = Instant::now();
        tracker.on_bestmove(deadline, None, deadline + ms(32));
        tracker.on_bestmove(deadline, None, deadline);
        assert_eq!(tracker.reserve_ms(), 28 + 14, "an eighth off per prompt answer");
        for _ in 0..40 {
            tracker.on_bestmove(deadline, Some(deadline), deadline + Duration::from_micros(200));
        }
        assert_eq!(tracker.reserve_ms(), 1, "a fraction of a millisecond rounds up to one");
    }

    #[test]
    fn stalls_are_not_learned() {
        let mut tracker = OvershootTracker::default();
        let deadline = Instant::now();
        tracker.on_bestmove(deadline, None, deadline + ms(5000));
        assert_eq!(tracker.reserve_ms(), 0, "a five-second stall is not scheduling");
        tracker.on_bestmove(deadline, None, deadline + ms(4));
        tracker.on_bestmove(deadline, None, deadline + ms(PLAUSIBLE_DELAY_MS + 1));
        assert_eq!(tracker.reserve_ms(), 6, "a stall does not decay the estimate either");
    }
}
