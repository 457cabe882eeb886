//! Writing tuned weights as a parameters file (the layout of `src/eval/params.rs`:
//! same tables, comments and order, new numbers) and reading one back.

use std::path::Path;

use crate::eval::layout;
use crate::eval::score::S;

/// The text of the engine's parameters file with `values` in place of its weights.
///
/// # Errors
/// When `values` does not hold one entry per weight.
pub fn params_text(values: &[S]) -> Result<String, String> {
    layout::rewrite_params(layout::PARAMS_FILE, values)
}

/// Writes `values` as a parameters file at `path`.
///
/// # Errors
/// When `values` has the wrong length or the file cannot be written.
pub fn write_params(path: &Path, values: &[S]) -> Result<(), String> {
    let text = params_text(values)?;
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Reads the weights of a parameters file at `path`, in layout order.
///
/// # Errors
/// When the file cannot be read or does not hold exactly the engine's weights.
pub fn read_params(path: &Path) -> Result<Vec<S>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    layout::parse_params(&text)
}

/// The `count` weights that moved most (by the larger of their two halves),
/// one line each: name, old and new value.
#[must_use]
pub fn largest_changes(old: &[S], new: &[S], count: usize) -> Vec<String> {
    let mut moved: Vec<(i32, usize)> = old
        .iter()
        .zip(new)
        .enumerate()
        .map(|(i, (a, b))| ((a.0 - b.0).abs().max((a.1 - b.1).abs()), i))
        .filter(|(delta, _)| *delta > 0)
        .collect();
    moved.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    moved
        .into_iter()
        .take(count)
        .map(|(_, i)| {
            format!(
                "{:<28} ({:5}, {:5}) -> ({:5}, {:5})",
                layout::weight_name(i),
                old[i].0,
                old[i].1,
                new[i].0,
                new[i].1
            )
        })
        .collect()
}
