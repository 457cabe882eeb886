//! `ferrochamp turochamp-game <pgn> [--black]`: before each move of one side
//! of a recorded game, the move Turochamp chooses, as a Markdown table.

use std::path::Path;

use ferrochamp::board::Color;
use ferrochamp::turochamp::game::{analyse_game, markdown_table};

/// The table for one side of the first game of a PGN file.
///
/// # Errors
/// An unreadable file, a game that cannot be replayed, or no move of that side.
pub fn game_table(path: &Path, black: bool) -> Result<String, String> {
    let side = if black { Color::Black } else { Color::White };
    let pgn = std::fs::read_to_string(path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    let reports = analyse_game(&pgn, side)?;
    if reports.is_empty() {
        return Err(format!("{} holds no move of that side", path.display()));
    }
    Ok(markdown_table(&reports))
}
