//! Writing a style as a complete, commented style file (Salomon's "save play
//! style"): every weight with its description from `params.rs`, and the knobs.

use std::fmt::Write as _;

use super::knobs::KNOBS;
use super::shape::dims;
use super::StyleDef;
use crate::eval::layout::{Kind, GROUPS, PARAMS_FILE};
use crate::eval::score::S;

/// The style file text of `style`; [`super::file::parse_style`] reads it back
/// to the same weights and knobs.
#[must_use]
pub fn export_style(style: &StyleDef) -> String {
    let mut out = String::with_capacity(64 * 1024);
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(out, "# A Ferrochamp play style: every evaluation weight, and the scaling knobs.");
    let _ = writeln!(out, "# Load it with the UCI options `Style` = File and `StyleFile` = <this file>;");
    let _ = writeln!(out, "# check it with `ferrochamp style check <file>`. Any subset of the keys may be");
    let _ = writeln!(out, "# kept: a weight left out keeps its compiled value, a knob left out is 100.");
    let _ = writeln!(out, "# Weights are [middlegame, endgame] in centipawns; tables by square are drawn");
    let _ = writeln!(out, "# from White's side, a8 first. One entry alone: \"PST[1][27]\" = [26, 6].");
    let _ = writeln!(out);
    if let Some(name) = &style.name {
        let _ = writeln!(out, "name = {}", toml_string(name));
    }
    if let Some(description) = &style.description {
        let _ = writeln!(out, "description = {}", toml_string(description));
    }
    let _ = writeln!(out, "\n[knobs]");
    let _ = writeln!(out, "# Percentages 0..=200 scaling whole groups of weights below (100: as written).");
    let _ = writeln!(out, "# King-danger weights (KS_*) scale by the square root, so that the penalty they");
    let _ = writeln!(out, "# feed, quadratic in them, scales by the percentage.");
    for (row, percent) in KNOBS.iter().zip(style.knobs.0) {
        let _ = writeln!(out, "{} = {percent}  # {}", row.1, row.3.join(", "));
    }
    let _ = writeln!(out, "\n[weights]");
    for group in GROUPS {
        let _ = writeln!(out);
        for line in doc_comment(group.name) {
            let _ = writeln!(out, "# {line}");
        }
        if group.kind == Kind::KingDanger {
            let _ = writeln!(out, "# (king-danger units: summed, then turned into a penalty nonlinearly)");
        }
        let values = &style.weights[group.range()];
        write_group(&mut out, group.name, &dims(group), values);
    }
    out
}

/// A group as one key, or one key per row for two-level tables (they read best so).
fn write_group(out: &mut String, name: &str, dims: &[usize], values: &[S]) {
    match dims {
        [] => {
            let _ = writeln!(out, "{name} = {}", pair(values[0]));
        }
        [_] => {
            let _ = writeln!(out, "{name} = {}", list(values));
        }
        _ => {
            let row_len: usize = dims[1..].iter().product();
            for (i, row) in values.chunks(row_len).enumerate() {
                let _ = writeln!(out, "\"{name}[{i}]\" = {}", list(row));
            }
        }
    }
}

fn pair(value: S) -> String {
    format!("[{}, {}]", value.0, value.1)
}

/// A list of pairs, eight to a line when long (a board's rank per line).
fn list(values: &[S]) -> String {
    if values.len() <= 8 {
        return format!("[{}]", values.iter().map(|&v| pair(v)).collect::<Vec<_>>().join(", "));
    }
    let lines: Vec<String> = values
        .chunks(8)
        .map(|chunk| format!("    {},", chunk.iter().map(|&v| pair(v)).collect::<Vec<_>>().join(", ")))
        .collect();
    format!("[\n{}\n]", lines.join("\n"))
}

/// A string as a TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The `///` lines right above `pub const NAME` in `params.rs`.
fn doc_comment(name: &str) -> Vec<String> {
    let lines: Vec<&str> = PARAMS_FILE.lines().collect();
    let declaration = format!("pub const {name}:");
    let Some(at) = lines.iter().position(|line| line.starts_with(&declaration)) else {
        return vec![name.to_string()];
    };
    let mut doc: Vec<String> = lines[..at]
        .iter()
        .rev()
        .take_while(|line| line.starts_with("///"))
        .map(|line| line.trim_start_matches('/').trim().to_string())
        .collect();
    doc.reverse();
    doc
}
