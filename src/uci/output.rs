//! The one writer of everything the engine says to the GUI.
//!
//! Every line goes out whole and flushed under one lock: two threads (the
//! controller answering `readyok`, the search printing `info`) can never
//! interleave characters, and nothing sits in a buffer while the GUI waits.
//! When a `Debug Log File` is set, every line in and out is also appended there
//! with a UTC timestamp: `2024-05-01 12:00:00.123 >> go` for input, `<<` for output.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::search::InfoSink;

/// A cloneable handle on the engine's output; all clones write to the same sink.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Inner>>,
}

struct Inner {
    sink: Box<dyn Write + Send>,
    log: Option<DebugLog>,
}

struct DebugLog {
    path: String,
    file: File,
}

/// The debug log file could not be opened; logging is off afterwards.
#[derive(Debug)]
pub struct OutputError {
    /// The path that was asked for, trimmed.
    pub path: String,
    /// Why opening it for appending failed.
    pub source: io::Error,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot open debug log file '{}': {}", self.path, self.source)
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Which way a logged line went.
#[derive(Clone, Copy)]
enum Direction {
    In,
    Out,
}

impl Output {
    /// Writes to the process's standard output.
    #[must_use]
    pub fn stdout() -> Output {
        Output::to_writer(io::stdout())
    }

    /// Writes to any sink (a file, a pipe, a test buffer).
    #[must_use]
    pub fn to_writer(sink: impl Write + Send + 'static) -> Output {
        let inner = Inner { sink: Box::new(sink), log: None };
        Output { inner: Arc::new(Mutex::new(inner)) }
    }

    /// An output into memory, and the buffer to read it back (for tests).
    #[must_use]
    pub fn buffer() -> (Output, SharedBuffer) {
        let buffer = SharedBuffer::default();
        (Output::to_writer(buffer.clone()), buffer)
    }

    /// Writes `text` and a newline in one call, flushes, and logs it.
    ///
    /// A failed write (the GUI closed the pipe) is logged and otherwise
    /// ignored: the engine will see end of input and quit.
    pub fn line(&self, text: &str) {
        self.lines(&[text]);
    }

    /// Writes several lines under one lock, so no other line lands between
    /// them (MultiPV `info` lines belong together).
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut text = String::new();
        for line in lines {
            text.push_str(line.as_ref());
            text.push('\n');
        }
        let mut inner = self.lock();
        if let Err(e) = inner.sink.write_all(text.as_bytes()).and_then(|()| inner.sink.flush()) {
            log::warn!("cannot write to the GUI: {e}");
        }
        for line in lines {
            inner.log_line(Direction::Out, line.as_ref());
        }
    }

    /// `info string <text>`, with any line breaks in `text` turned into spaces
    /// so that the message stays one protocol line.
    pub fn info_string(&self, text: &str) {
        let flat: String = text.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
        self.line(&format!("info string {flat}"));
    }

    /// Records a line read from the GUI in the debug log (if one is set).
    pub fn log_input(&self, line: &str) {
        self.lock().log_line(Direction::In, line);
    }

    /// Starts appending every line in and out to `path`; an empty path (or
    /// `<empty>`) stops logging.
    ///
    /// # Errors
    /// The file cannot be opened for appending; logging is then off.
    pub fn set_log_file(&self, path: &str) -> Result<(), OutputError> {
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            self.lock().log = None;
            return Ok(());
        }
        // Open before taking the lock: a slow file system must not hold up output.
        let opened = OpenOptions::new().create(true).append(true).open(path);
        let mut inner = self.lock();
        match opened {
            Ok(file) => {
                inner.log = Some(DebugLog { path: path.to_string(), file });
                Ok(())
            }
            Err(source) => {
                inner.log = None;
                Err(OutputError { path: path.to_string(), source })
            }
        }
    }

    /// The current debug log file, if any.
    #[must_use]
    pub fn log_file(&self) -> Option<String> {
        self.lock().log.as_ref().map(|log| log.path.clone())
    }

    /// A thread that panicked while writing leaves the sink usable, so a
    /// poisoned lock is simply taken over.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Inner {
    fn log_line(&mut self, direction: Direction, line: &str) {
        let Some(log) = self.log.as_mut() else { return };
        let arrow = match direction {
            Direction::In => ">>",
            Direction::Out => "<<",
        };
        let entry = format!("{} {arrow} {line}\n", timestamp(SystemTime::now()));
        if let Err(e) = log.file.write_all(entry.as_bytes()) {
            log::warn!("cannot write to debug log file '{}': {e}", log.path);
        }
    }
}

impl InfoSink for Output {
    fn info(&self, line: &str) {
        self.line(line);
    }
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Output").field("log_file", &self.log_file()).finish_non_exhaustive()
    }
}

/// An in-memory sink shared between an [`Output`] and the test reading it.
#[derive(Clone, Default, Debug)]
pub struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// Everything written so far (invalid UTF-8 replaced).
    #[must_use]
    pub fn contents(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }

    /// Everything written so far, split into lines.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        self.contents().lines().map(str::to_string).collect()
    }

    fn bytes(&self) -> Vec<u8> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `YYYY-MM-DD HH:MM:SS.mmm` in UTC, without a date-time crate.
fn timestamp(now: SystemTime) -> String {
    let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let seconds = since_epoch.as_secs();
    let (year, month, day) = civil_date(seconds / 86_400);
    let (hour, minute, second) = (seconds / 3600 % 24, seconds / 60 % 60, seconds % 60);
    let millis = since_epoch.subsec_millis();
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}.{millis:03}")
}

/// The Gregorian (year, month, day) of a day counted from 1970-01-01.
///
/// Works in 400-year eras starting on 1 March, so that the leap day is the
/// last day of an era-year and months have a regular 153-days-per-5 pattern.
fn civil_date(days_since_epoch: u64) -> (u64, u64, u64) {
    const DAYS_PER_ERA: u64 = 146_097;
    let days = days_since_epoch + 719_468; // days from 0000-03-01 to 1970-01-01
    let era = days / DAYS_PER_ERA;
    let day_of_era = days % DAYS_PER_ERA;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / (DAYS_PER_ERA - 1)) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A sink that takes one byte per call and yields in between, so that
    /// writers racing without the lock would interleave almost surely.
    struct Trickle(SharedBuffer);

    impl Write for Trickle {
        fn write(&mut self, data: &[u8]) -> io::Result<usize> {
            std::thread::yield_now();
            self.0.write(&data[..data.len().min(1)])
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn temp_path(tag: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("ferrochamp-output-{tag}-{}.log", std::process::id()))
    }

    #[test]
    fn lines_are_written_whole_with_a_newline() {
        let (out, buffer) = Output::buffer();
        out.line("id name Ferrochamp");
        out.lines(&["info multipv 1", "info multipv 2"]);
        out.info_string("two\nlines");
        assert_eq!(buffer.lines(), ["id name Ferrochamp", "info multipv 1", "info multipv 2", "info string two lines"]);
    }

    #[test]
    fn threads_never_interleave_within_a_line() {
        let buffer = SharedBuffer::default();
        let out = Output::to_writer(Trickle(buffer.clone()));
        let writers: Vec<_> = (0..4)
            .map(|t| {
                let out = out.clone();
                std::thread::spawn(move || {
                    for i in 0..50 {
                        out.line(&format!("info thread {t} line {i} {}", "x".repeat(t * 7)));
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().expect("writer thread");
        }
        let lines = buffer.lines();
        assert_eq!(lines.len(), 200);
        for line in lines {
            let t: usize = line.split(' ').nth(2).and_then(|t| t.parse().ok()).expect(&line);
            assert!(line.ends_with(&"x".repeat(t * 7)) && line.matches("info").count() == 1, "{line}");
        }
    }

    #[test]
    fn output_is_an_info_sink() {
        let (out, buffer) = Output::buffer();
        let sink: &dyn InfoSink = &out;
        sink.info("info depth 1 score cp 20");
        assert_eq!(buffer.contents(), "info depth 1 score cp 20\n");
    }

    #[test]
    fn debug_log_records_both_directions_with_timestamps() {
        let path = temp_path("both");
        let _ = std::fs::remove_file(&path);
        let (out, buffer) = Output::buffer();
        out.log_input("not logged yet");
        out.set_log_file(path.to_str().expect("utf-8 temp path")).expect("log file opens");
        out.log_input("uci");
        out.line("uciok");
        out.set_log_file("").expect("turning logging off");
        out.line("readyok");
        let log = std::fs::read_to_string(&path).expect("log written");
        let _ = std::fs::remove_file(&path);
        let entries: Vec<&str> = log.lines().collect();
        assert_eq!(entries.len(), 2, "{log}");
        assert!(entries[0].ends_with(" >> uci") && entries[1].ends_with(" << uciok"), "{log}");
        assert_eq!(entries[0].len(), "2024-01-01 00:00:00.000 >> uci".len());
        assert_eq!(buffer.lines(), ["uciok", "readyok"], "the log never reaches the GUI");
    }

    #[test]
    fn unopenable_log_file_is_reported_and_logging_stays_off() {
        let path = std::env::temp_dir().join("ferrochamp-no-such-dir-42").join("sub").join("log.txt");
        let path = path.to_str().expect("utf-8 temp path");
        let (out, buffer) = Output::buffer();
        let err = out.set_log_file(path).expect_err("directory does not exist");
        assert!(err.to_string().starts_with("cannot open debug log file '"), "{err}");
        assert_eq!(out.log_file(), None);
        out.line("still works");
        assert_eq!(buffer.contents(), "still works\n");
    }

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01 00:00:00.000");
        let leap_day = UNIX_EPOCH + Duration::from_millis(951_827_696_789);
        assert_eq!(timestamp(leap_day), "2000-02-29 12:34:56.789");
        let new_year = UNIX_EPOCH + Duration::from_secs(1_735_689_600 - 1);
        assert_eq!(timestamp(new_year), "2024-12-31 23:59:59.000");
    }
}
