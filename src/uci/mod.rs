//! The UCI protocol: parsing GUI commands, the option table, and the one stdout writer.
//!
//! - [`command`]: one input line -> a typed [`Command`] (never panics);
//! - [`options`]: the options of `uci-options.toml`, their `option` lines and validation;
//! - [`output`]: the cloneable [`Output`] handle every line to the GUI goes through.
//!
//! The controller (in `engine`) ties these together; nothing here touches the board.

pub mod command;
pub mod options;
pub mod output;

pub use command::{BenchParams, Clock, Command, CommandError, GoParams, PositionSetup};
pub use options::{OptionError, OptionTable, OptionValue, OptionValues, SetOutcome, SpinRange};
pub use output::{Output, OutputError, SharedBuffer};

/// Longest piece of user input echoed back inside an error message.
///
/// GUIs can send 100,000-character lines; an error quoting all of it would be
/// useless as an `info string`, so messages quote only the start.
pub(crate) const MAX_ECHO_CHARS: usize = 60;

/// `text` cut to [`MAX_ECHO_CHARS`] characters, with `...` when something was cut.
/// Control characters (NUL, escape, ...) become `?`: echoed raw they could
/// confuse a GUI reading the `info string`.
pub(crate) fn shorten(text: &str) -> String {
    let visible = |text: &str| text.chars().map(|c| if c.is_control() { '?' } else { c }).collect::<String>();
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        Some((cut, _)) => format!("{}...", visible(&text[..cut])),
        None => visible(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorten_keeps_short_text_and_cuts_long_text_on_char_boundaries() {
        assert_eq!(shorten("e2e4"), "e2e4");
        let long = "é".repeat(1000);
        let short = shorten(&long);
        assert_eq!(short.chars().count(), MAX_ECHO_CHARS + 3);
        assert!(short.ends_with("..."));
        assert_eq!(shorten("2\0\u{1b}x"), "2??x");
    }
}
