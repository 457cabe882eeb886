//! The README's options table against `uci-options.toml`, the one table the
//! engine's options come from: both must list the same options in the same
//! order, with the same type, default and range. Adding, removing or changing
//! an option in one place and not the other fails here.
//!
//! The README's table has the columns `name | type | default | range | meaning`:
//! - name and type as the TOML gives them (the name in backticks);
//! - default: the value in backticks, `empty` for an empty string, `–` for a button;
//! - range: `min–max` for a spin, the choices in backticks separated by commas for
//!   a combo, `–` otherwise;
//! - meaning: one line of text, not compared (the TOML's `description` may say more).

use std::fs;
use std::path::Path;

use ferrochamp::uci::options::OptionKind;
use ferrochamp::uci::OptionTable;

/// The header line that starts the table in README.md.
const HEADER: &str = "| name | type | default | range | meaning |";

/// What a button's default and a non-spin, non-combo range are written as.
const NONE: &str = "–";

/// One option as both sides describe it: name, type, default (`None` for a
/// button), range.
#[derive(Debug, PartialEq, Eq)]
struct Row {
    name: String,
    kind: String,
    default: Option<String>,
    range: String,
}

/// The text inside every pair of backticks of `cell`, in order.
fn backticked(cell: &str) -> Vec<String> {
    cell.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// `cell` without the backticks around it.
fn unquoted(cell: &str) -> String {
    cell.trim().trim_matches('`').to_string()
}

/// The rows of the options table in `readme`, or an error naming what is wrong.
fn readme_rows(readme: &str) -> Result<Vec<(Row, String)>, String> {
    let mut lines = readme.lines().skip_while(|line| line.trim() != HEADER);
    if lines.next().is_none() {
        return Err(format!("README.md has no line `{HEADER}`"));
    }
    match lines.next() {
        Some(line) if line.trim().starts_with("|---") => {}
        other => return Err(format!("the options table's separator line is missing (found {other:?})")),
    }
    let mut rows = Vec::new();
    for line in lines.take_while(|line| line.trim_start().starts_with('|')) {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        let [name, kind, default, range, meaning] = cells[..] else {
            return Err(format!("an options row without exactly five cells: {line}"));
        };
        let default = match default {
            NONE => None,
            "empty" => Some(String::new()),
            other => Some(unquoted(other)),
        };
        let range = if range.contains('`') { backticked(range).join(", ") } else { range.to_string() };
        let row = Row { name: unquoted(name), kind: kind.to_string(), default, range };
        rows.push((row, meaning.to_string()));
    }
    Ok(rows)
}

/// The rows of the option table as `uci-options.toml` defines them.
fn toml_rows(table: &OptionTable) -> Vec<Row> {
    table
        .specs()
        .iter()
        .map(|spec| {
            let (kind, default, range) = match &spec.kind {
                OptionKind::Spin { default, min, max } => ("spin", Some(default.to_string()), format!("{min}–{max}")),
                OptionKind::Check { default } => ("check", Some(default.to_string()), NONE.to_string()),
                OptionKind::Combo { default, choices } => ("combo", Some(default.clone()), choices.join(", ")),
                OptionKind::Text { default } => ("string", Some(default.clone()), NONE.to_string()),
                OptionKind::Button => ("button", None, NONE.to_string()),
            };
            Row { name: spec.name.clone(), kind: kind.to_string(), default, range }
        })
        .collect()
}

fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

#[test]
fn readme_options_table_matches_uci_options_toml() {
    let table = match OptionTable::parse(&read("uci-options.toml")) {
        Ok(table) => table,
        Err(e) => panic!("uci-options.toml is invalid: {e}"),
    };
    let expected = toml_rows(&table);
    let found = match readme_rows(&read("README.md")) {
        Ok(rows) => rows,
        Err(e) => panic!("{e}"),
    };

    for (row, meaning) in &found {
        assert!(!meaning.is_empty(), "README.md: option {} has no meaning", row.name);
    }
    let found: Vec<Row> = found.into_iter().map(|(row, _)| row).collect();
    for (i, (want, got)) in expected.iter().zip(&found).enumerate() {
        assert_eq!(got, want, "README.md options row {} differs from uci-options.toml", i + 1);
    }
    let names = |rows: &[Row]| rows.iter().map(|r| r.name.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&found),
        names(&expected),
        "README.md lists {} options, uci-options.toml {}",
        found.len(),
        expected.len()
    );
}

#[test]
fn the_table_compiled_into_the_engine_is_the_file() {
    // The README is compared with the file on disk; the engine embeds it at build
    // time. They are the same text, so the two cannot drift apart.
    let on_disk = match OptionTable::parse(&read("uci-options.toml")) {
        Ok(table) => table,
        Err(e) => panic!("uci-options.toml is invalid: {e}"),
    };
    assert_eq!(OptionTable::builtin(), on_disk);
}
