//! Progress of long command-line work (`epd`, `datagen`, `tune`, `perft`,
//! `bench --progress`): a bar or spinner on stderr, never on stdout, which
//! carries the results (or UCI).
//!
//! On a terminal the bar redraws in place. When stderr is not a terminal the
//! bar stays silent, so that logs and pipes are not filled with it, unless the
//! user asks for it: then it writes a plain status line every few seconds.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// Shortest gap between two status lines when stderr is not a terminal.
const STATUS_LINE_EVERY: Duration = Duration::from_secs(2);

/// A bar over `total` steps counted in `unit`s, with rate and ETA.
#[must_use]
pub fn bar(total: u64, unit: &str, forced: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), draw_target(forced));
    let template = format!("{{prefix}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{per_sec}} ETA {{eta}} {{msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// A spinner for work of unknown length, showing a count of `unit`s and its rate.
#[must_use]
pub fn spinner(unit: &str, forced: bool) -> ProgressBar {
    let spinner = ProgressBar::with_draw_target(None, draw_target(forced));
    let template = format!("{{spinner}} {{prefix}} {{human_pos}} {unit} {{per_sec}} {{elapsed}} {{msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        spinner.set_style(style);
    }
    spinner.enable_steady_tick(Duration::from_millis(200));
    spinner
}

/// Where a bar draws: stderr on a terminal; status lines when `forced` and
/// stderr is not a terminal; nowhere otherwise.
#[must_use]
pub fn draw_target(forced: bool) -> ProgressDrawTarget {
    if io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else if forced {
        ProgressDrawTarget::term_like_with_hz(Box::new(StatusLines::default()), 1)
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// A "terminal" that turns redraws into whole stderr lines, at most one
/// every [`STATUS_LINE_EVERY`]: a log of the progress for a pipe or a file.
#[derive(Default)]
struct StatusLines {
    last: Mutex<Option<Instant>>,
}

impl fmt::Debug for StatusLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StatusLines")
    }
}

impl StatusLines {
    /// True when the previous line is old enough for a new one.
    fn due(&self) -> bool {
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        if last.is_some_and(|at| now.duration_since(at) < STATUS_LINE_EVERY) {
            return false;
        }
        *last = Some(now);
        true
    }
}

impl TermLike for StatusLines {
    fn width(&self) -> u16 {
        120
    }

    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn write_line(&self, line: &str) -> io::Result<()> {
        if line.trim().is_empty() || !self.due() {
            return Ok(());
        }
        writeln!(io::stderr(), "{line}")
    }

    fn write_str(&self, text: &str) -> io::Result<()> {
        self.write_line(text)
    }

    fn clear_line(&self) -> io::Result<()> {
        Ok(())
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_are_spaced_out() {
        let lines = StatusLines::default();
        assert!(lines.due());
        assert!(!lines.due(), "a second line at once is dropped");
    }

    #[test]
    fn a_bar_counts_even_when_hidden() {
        let bar = bar(10, "positions", false);
        bar.inc(3);
        assert_eq!(bar.position(), 3);
        assert_eq!(bar.length(), Some(10));
    }
}
