//! Unit tests of `options.rs`, kept apart so that the option table reads on its own.

use super::*;

fn table(text: &str) -> Result<OptionTable, TableError> {
    OptionTable::parse(text)
}

const SPIN_ROW: &str = r#"
    [[option]]
    name = "Hash"
    type = "spin"
    default = 16
    min = 1
    max = 64
    description = "x"
"#;

#[test]
fn option_lines_have_the_exact_uci_format() {
    let lines = OptionTable::builtin().uci_lines();
    let expect = [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name UCI_Chess960 type check default false",
        "option name Debug Log File type string default <empty>",
    ];
    for line in expect {
        assert!(lines.iter().any(|l| l == line), "missing line: {line}");
    }
}

/// A table with one combo row; `choices` is a TOML array body.
fn combo(default: &str, choices: &str) -> String {
    format!(
        "[[option]]\nname = \"Style\"\ntype = \"combo\"\ndefault = \"{default}\"\n\
         choices = [{choices}]\ndescription = \"x\""
    )
}

#[test]
fn combo_line_lists_every_choice_with_var() {
    let t = table(&combo("Normal", r#""Solid", "Normal", "Risky Play""#)).expect("valid");
    assert_eq!(t.uci_lines(), ["option name Style type combo default Normal var Solid var Normal var Risky Play"]);
}

#[test]
fn duplicate_names_are_an_error_even_in_another_case() {
    let twice = format!("{SPIN_ROW}{}", SPIN_ROW.replace("\"Hash\"", "\"HASH\""));
    assert!(matches!(table(&twice), Err(TableError::Duplicate(name)) if name == "HASH"));
}

#[test]
fn inconsistent_rows_are_rejected() {
    let bad_rows = [
        SPIN_ROW.replace("default = 16", "default = 100"),
        SPIN_ROW.replace("min = 1", ""),
        SPIN_ROW.replace("default = 16", "default = \"16\""),
        SPIN_ROW.replace("\"spin\"", "\"check\""),
        SPIN_ROW.replace("\"spin\"", "\"slider\""),
        SPIN_ROW.replace("\"Hash\"", "\"Hash value\""),
        SPIN_ROW.replace("\"Hash\"", "\"Hash  Size\""),
        SPIN_ROW.replace("\"Hash\"", "\"\""),
        SPIN_ROW.replace("description", "descripton"),
        "[[option]]\nname = \"B\"\ntype = \"button\"\ndefault = 1\ndescription = \"x\"".into(),
        combo("z", r#""a""#),
        combo("a", r#""a", "A""#),
        combo("a", r#""a", "var b""#),
        combo("a", ""),
    ];
    for row in bad_rows {
        assert!(table(&row).is_err(), "accepted: {row}");
    }
}

#[test]
fn set_matches_names_case_insensitively_and_reports_the_canonical_name() {
    let mut values = OptionValues::default();
    let outcome = values.set("hASH", Some("128")).expect("valid");
    assert_eq!(outcome, SetOutcome::Changed { name: "Hash".into(), value: OptionValue::Spin(128) });
    assert_eq!(values.spin(names::HASH), 128);
    assert_eq!(values.set("move overhead", Some("10")), Ok(SetOutcome::Unchanged { name: "Move Overhead".into() }));
}

#[test]
fn out_of_range_or_mistyped_spin_is_refused_and_leaves_the_value() {
    let mut values = OptionValues::default();
    for bad in ["0", "65537", "-5", "abc", "", "16.5", "99999999999999999999999"] {
        let err = values.set("Hash", Some(bad)).expect_err(bad);
        assert!(matches!(err, OptionError::InvalidSpin { min: 1, max: 65536, .. }));
        assert!(err.to_string().contains("from 1 to 65536"), "{err}");
    }
    assert_eq!(values.spin(names::HASH), 16);
    assert!(values.set("Hash", None).is_err(), "a spin needs a value");
}

#[test]
fn string_values_keep_spaces_and_empty_forms_mean_empty() {
    let mut values = OptionValues::default();
    values.set("Debug Log File", Some("my games/log 1.txt")).expect("valid");
    assert_eq!(values.string(names::DEBUG_LOG_FILE), "my games/log 1.txt");
    for empty in [None, Some(""), Some("<empty>")] {
        values.set("Debug Log File", Some("x")).expect("valid");
        let outcome = values.set("debug log file", empty).expect("valid");
        assert!(matches!(outcome, SetOutcome::Changed { .. }));
        assert_eq!(values.string(names::DEBUG_LOG_FILE), "");
    }
}

#[test]
fn combo_values_are_stored_in_their_canonical_spelling() {
    let t = table(&combo("Normal", r#""Normal", "Risky""#)).expect("valid");
    let mut values = OptionValues::new(t);
    values.set("style", Some("risky")).expect("a choice");
    assert_eq!(values.string("Style"), "Risky");
    let err = values.set("Style", Some("wild")).expect_err("not a choice");
    assert!(err.to_string().ends_with("expected one of Normal, Risky"), "{err}");
}

#[test]
fn unknown_options_are_an_error_and_long_names_are_shortened() {
    let mut values = OptionValues::default();
    let err = values.set("NoSuchThing", Some("1")).expect_err("unknown");
    assert_eq!(err.to_string(), "no such option: 'NoSuchThing'");
    let long = "x".repeat(100_000);
    let message = values.set(&long, Some(&long)).expect_err("unknown").to_string();
    assert!(message.len() < 200);
}

#[test]
fn value_display_matches_uci_spelling() {
    assert_eq!(OptionValue::Check(false).to_string(), "false");
    assert_eq!(OptionValue::Text(String::new()).to_string(), "<empty>");
    assert_eq!(OptionValue::Spin(-3).to_string(), "-3");
}
