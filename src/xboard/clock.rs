//! CECP time controls (`level`, `st`, `sd`, `nps`, `time`, `otim`) turned into
//! the [`GoParams`] the engine's time manager already knows, so that an XBoard
//! game is timed exactly like a UCI one.

use crate::board::Color;
use crate::uci::{Clock, GoParams};

/// Longest time any argument may give: a year, far beyond any real game, and
/// far from overflowing a millisecond count.
const MAX_MS: i64 = 365 * 24 * 3600 * 1000;

/// `text` in seconds (`30`, `0.02`, `2.5`) as milliseconds; `None` unless a
/// non-negative decimal number of at most a year.
#[must_use]
pub fn parse_seconds(text: &str) -> Option<i64> {
    decimal_thousandths(text).filter(|&ms| ms <= MAX_MS)
}

/// The BASE of `level`: minutes (`5`, `0.5`) or `minutes:seconds` (`2:30`), as milliseconds.
#[must_use]
pub fn parse_base(text: &str) -> Option<i64> {
    let ms = match text.split_once(':') {
        Some((minutes, seconds)) => {
            let minutes: i64 = if minutes.is_empty() { 0 } else { whole(minutes)? };
            minutes.checked_mul(60_000)?.checked_add(decimal_thousandths(seconds)?)?
        }
        None => decimal_thousandths(text)?.checked_mul(60)?,
    };
    (ms <= MAX_MS).then_some(ms)
}

fn whole(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A non-negative decimal with at most three places after the point, times 1000.
fn decimal_thousandths(text: &str) -> Option<i64> {
    let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
    let units = if units.is_empty() && !fraction.is_empty() { 0 } else { whole(units)? };
    let mut thousandths = 0;
    if !fraction.is_empty() {
        if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let padded = format!("{fraction:0<3}");
        thousandths = padded[..3].parse::<i64>().ok()?;
    }
    units.checked_mul(1000)?.checked_add(thousandths)
}

/// How the game is timed, as the last `level` or `st` said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    /// `level MPS BASE INC`.
    Session { moves: u32, base_ms: i64, inc_ms: i64 },
    /// `st T`: exactly T per move.
    PerMove { ms: i64 },
}

/// The clocks and limits of an XBoard game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: Control,
    /// The engine's and the opponent's remaining time, milliseconds.
    engine_ms: i64,
    opponent_ms: i64,
    depth: Option<u32>,
    nps: Option<u64>,
}

impl Default for GameClock {
    /// XBoard's own default, 40 moves in 5 minutes, until the GUI says otherwise.
    fn default() -> GameClock {
        GameClock::with_control(Control::Session { moves: 40, base_ms: 300_000, inc_ms: 0 })
    }
}

impl GameClock {
    fn with_control(control: Control) -> GameClock {
        let base = match control {
            Control::Session { base_ms, .. } => base_ms,
            Control::PerMove { ms } => ms,
        };
        GameClock { control, engine_ms: base, opponent_ms: base, depth: None, nps: None }
    }

    /// `level MPS BASE INC`: both clocks start full.
    pub fn set_level(&mut self, moves: u32, base_ms: i64, inc_ms: i64) {
        *self = GameClock {
            depth: self.depth,
            nps: self.nps,
            ..GameClock::with_control(Control::Session { moves, base_ms, inc_ms })
        };
    }

    /// `st T`, in milliseconds.
    pub fn set_per_move(&mut self, ms: i64) {
        self.control = Control::PerMove { ms };
    }

    /// `time N`, N in centiseconds.
    pub fn set_engine_time(&mut self, centiseconds: i64) {
        self.engine_ms = centiseconds.saturating_mul(10);
    }

    /// `otim N`, N in centiseconds.
    pub fn set_opponent_time(&mut self, centiseconds: i64) {
        self.opponent_ms = centiseconds.saturating_mul(10);
    }

    /// `sd D` (`None`: no limit, as after `new`).
    pub fn set_depth(&mut self, depth: Option<u32>) {
        self.depth = depth;
    }

    /// `nps N`.
    pub fn set_nps(&mut self, nps: u64) {
        self.nps = Some(nps);
    }

    /// The engine used `used_ms` on a move: its clock as the GUI will next
    /// report it (the increment added, a new session's time at its start).
    /// Only the ponder search needs this guess; the GUI's `time` overrides it.
    pub fn on_engine_move(&mut self, used_ms: i64, moves_made: u32) {
        self.engine_ms = self.engine_ms.saturating_sub(used_ms).max(0);
        if let Control::Session { moves, base_ms, inc_ms } = self.control {
            self.engine_ms = self.engine_ms.saturating_add(inc_ms);
            if moves > 0 && moves_made.is_multiple_of(moves) {
                self.engine_ms = self.engine_ms.saturating_add(base_ms);
            }
        }
    }

    /// The `go` of the engine's next search: it plays `us` and has made
    /// `moves_made` moves of this game so far (for moves-per-session controls).
    #[must_use]
    pub fn go_params(&self, us: Color, moves_made: u32) -> GoParams {
        let mut params = GoParams { depth: self.depth, ..GoParams::default() };
        match self.control {
            Control::PerMove { ms } => match self.nps {
                // Counted in nodes, the search is reproducible whatever the machine.
                Some(nps) => {
                    params.nodes = Some(nps.saturating_mul(u64::try_from(ms).unwrap_or(0)) / 1000).map(|n| n.max(1))
                }
                None => params.movetime = Some(ms),
            },
            Control::Session { moves, inc_ms, .. } => {
                let (white, black) = match us {
                    Color::White => (self.engine_ms, self.opponent_ms),
                    Color::Black => (self.opponent_ms, self.engine_ms),
                };
                params.clock = Some(Clock {
                    wtime: Some(white),
                    btime: Some(black),
                    winc: inc_ms,
                    binc: inc_ms,
                    movestogo: (moves > 0).then(|| moves - moves_made % moves),
                });
            }
        }
        params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_in_their_units_and_reject_junk() {
        assert_eq!(parse_seconds("0.02"), Some(20));
        assert_eq!(parse_seconds("3"), Some(3000));
        assert_eq!(parse_seconds(".5"), Some(500));
        assert_eq!(parse_base("2:30"), Some(150_000));
        assert_eq!(parse_base("5"), Some(300_000));
        assert_eq!(parse_base("0.5"), Some(30_000));
        for junk in ["", "-1", "x", "1e9", "1.2.3", "99999999999999", "NaN", ":"] {
            assert_eq!(parse_seconds(junk), None, "{junk}");
            assert_eq!(parse_base(junk), None, "{junk}");
        }
    }

    #[test]
    fn moves_per_session_count_down_to_the_control() {
        let mut clock = GameClock::default();
        clock.set_level(40, 300_000, 0);
        clock.set_engine_time(12_000);
        clock.set_opponent_time(9_000);
        let params = clock.go_params(Color::Black, 41);
        let tc = params.clock.expect("a clock");
        assert_eq!((tc.btime, tc.wtime, tc.movestogo), (Some(120_000), Some(90_000), Some(39)));
        clock.set_level(0, 120_000, 1000);
        let tc = clock.go_params(Color::White, 7).clock.expect("a clock");
        assert_eq!((tc.wtime, tc.winc, tc.movestogo), (Some(120_000), 1000, None));
    }

    #[test]
    fn fixed_time_per_move_in_time_or_nodes() {
        let mut clock = GameClock::default();
        clock.set_per_move(2000);
        clock.set_depth(Some(5));
        let params = clock.go_params(Color::White, 0);
        assert_eq!((params.movetime, params.depth, params.clock), (Some(2000), Some(5), None));
        clock.set_nps(1000);
        assert_eq!(clock.go_params(Color::White, 0).nodes, Some(2000));
    }
}
