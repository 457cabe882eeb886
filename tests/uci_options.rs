//! The `option` lines the engine prints must be exactly the rows of
//! `uci-options.toml`, read here independently of the engine's own parser.

use ferrochamp::uci::options::{names, OptionKind, OptionTable, OptionValue, OptionValues, SetOutcome};

/// The rows of the file on disk, as plain TOML tables.
fn rows_on_disk() -> Vec<toml::Table> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/uci-options.toml");
    let text = std::fs::read_to_string(path).expect("uci-options.toml is readable");
    let table: toml::Table = text.parse().expect("uci-options.toml is valid TOML");
    let rows = table.get("option").and_then(toml::Value::as_array).expect("[[option]] rows");
    rows.iter().map(|row| row.as_table().expect("each row is a table").clone()).collect()
}

fn text<'a>(row: &'a toml::Table, key: &str) -> &'a str {
    row.get(key).and_then(toml::Value::as_str).unwrap_or_else(|| panic!("{key} in {row:?}"))
}

fn integer(row: &toml::Table, key: &str) -> i64 {
    row.get(key).and_then(toml::Value::as_integer).unwrap_or_else(|| panic!("{key} in {row:?}"))
}

/// The UCI line a row should produce, built from the raw TOML.
fn expected_line(row: &toml::Table) -> String {
    let name = text(row, "name");
    match text(row, "type") {
        "spin" => format!(
            "option name {name} type spin default {} min {} max {}",
            integer(row, "default"),
            integer(row, "min"),
            integer(row, "max")
        ),
        "check" => {
            let default = row.get("default").and_then(toml::Value::as_bool).expect("check default");
            format!("option name {name} type check default {}", if default { "true" } else { "false" })
        }
        "string" => {
            let default = text(row, "default");
            let shown = if default.is_empty() { "<empty>" } else { default };
            format!("option name {name} type string default {shown}")
        }
        "combo" => {
            let choices = row.get("choices").and_then(toml::Value::as_array).expect("combo choices");
            let vars: Vec<String> = choices.iter().map(|c| format!("var {}", c.as_str().expect("text"))).collect();
            format!("option name {name} type combo default {} {}", text(row, "default"), vars.join(" "))
        }
        "button" => format!("option name {name} type button"),
        other => panic!("unknown option type {other}"),
    }
}

#[test]
fn uci_option_lines_match_the_file_row_by_row() {
    let rows = rows_on_disk();
    let lines = OptionTable::builtin().uci_lines();
    assert_eq!(lines.len(), rows.len(), "one line per row");
    for (row, line) in rows.iter().zip(&lines) {
        assert_eq!(line, &expected_line(row));
    }
}

#[test]
fn every_row_has_a_description_and_starts_at_its_default() {
    let values = OptionValues::default();
    for spec in values.table().specs() {
        assert!(!spec.description.trim().is_empty(), "{} has no description", spec.name);
        let current = values.get(&spec.name).expect("every row has a value");
        assert_eq!(current, &spec.default_value());
    }
}

#[test]
fn names_used_by_the_engine_exist_with_the_expected_types() {
    let table = OptionTable::builtin();
    let kind = |name: &str| &table.find(name).unwrap_or_else(|| panic!("{name} is not in the table")).kind;
    for spin in [names::HASH, names::THREADS, names::MULTI_PV, names::MOVE_OVERHEAD] {
        assert!(matches!(kind(spin), OptionKind::Spin { .. }), "{spin}");
    }
    for check in [names::PONDER, names::UCI_CHESS960] {
        assert!(matches!(kind(check), OptionKind::Check { .. }), "{check}");
    }
    assert!(matches!(kind(names::CLEAR_HASH), OptionKind::Button));
    assert!(matches!(kind(names::DEBUG_LOG_FILE), OptionKind::Text { .. }));
}

#[test]
fn defaults_and_ranges_of_the_standard_options() {
    let values = OptionValues::default();
    assert_eq!(values.spin(names::HASH), 16);
    assert_eq!(values.spin(names::THREADS), 1);
    assert_eq!(values.spin(names::MULTI_PV), 1);
    assert_eq!(values.spin(names::MOVE_OVERHEAD), 10);
    assert!(!values.check(names::PONDER));
    assert!(!values.check(names::UCI_CHESS960));
    assert_eq!(values.string(names::DEBUG_LOG_FILE), "");
    let table = values.table();
    let range = |name| match table.find(name).map(|s| &s.kind) {
        Some(OptionKind::Spin { min, max, .. }) => (*min, *max),
        other => panic!("{name}: {other:?}"),
    };
    assert_eq!(range(names::HASH), (1, 65536));
    assert_eq!(range(names::THREADS), (1, 256));
    assert_eq!(range(names::MULTI_PV), (1, 256));
    assert_eq!(range(names::MOVE_OVERHEAD), (0, 5000));
}

#[test]
fn a_gui_session_of_setoptions() {
    let mut values = OptionValues::default();
    let lines = [
        ("Threads", Some("4")),
        ("hash", Some("256")),
        ("UCI_CHESS960", Some("true")),
        ("Clear Hash", None),
        ("Debug Log File", Some("<empty>")),
    ];
    for (name, value) in lines {
        values.set(name, value).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert_eq!(values.spin(names::THREADS), 4);
    assert_eq!(values.get("HASH"), Some(&OptionValue::Spin(256)));
    assert!(values.check(names::UCI_CHESS960));
    assert!(values.set("Threads", Some("0")).is_err());
    assert_eq!(values.spin(names::THREADS), 4);
}

#[test]
fn check_accepts_true_and_false_in_any_case() {
    let mut values = OptionValues::default();
    values.set("Ponder", Some("TRUE")).expect("valid");
    assert!(values.check(names::PONDER));
    let err = values.set("ponder", Some("yes")).expect_err("not a bool");
    assert_eq!(err.to_string(), "invalid value 'yes' for option Ponder: expected true or false");
    assert!(values.check(names::PONDER));
}

#[test]
fn buttons_report_pressed_whatever_the_value() {
    let mut values = OptionValues::default();
    assert_eq!(values.set("clear hash", None), Ok(SetOutcome::Pressed { name: "Clear Hash".into() }));
    assert!(matches!(values.set("Clear Hash", Some("now")), Ok(SetOutcome::Pressed { .. })));
}
