//! The `feature` lines that answer `protover 2`, the engine options among
//! them generated from the same table as UCI's `option` lines.

use crate::uci::options::{names, OptionKind, OptionSpec, OptionTable};

/// Options that CECP sets through its own commands (`memory`, `cores`,
/// `egtpath`, `variant`, `hard`, `post`), or that mean nothing in it.
const NOT_OFFERED: &[&str] = &[
    names::HASH,
    names::THREADS,
    names::SYZYGY_PATH,
    names::UCI_CHESS960,
    names::PONDER,
    names::MULTI_PV,
    names::UCI_SHOW_WDL,
];

/// Every line that answers `protover 2`: `done=0` first (take your time),
/// the protocol features, one `option=` feature per engine option, `done=1`.
#[must_use]
pub fn feature_lines(table: &OptionTable) -> Vec<String> {
    let mut lines = vec![
        "feature done=0".to_string(),
        format!("feature myname=\"Ferrochamp {}\"", env!("CARGO_PKG_VERSION")),
        "feature setboard=1 usermove=1 ping=1 analyze=1 colors=0 sigint=0 sigterm=0 reuse=1 san=0 time=1 draw=1"
            .to_string(),
        "feature variants=\"normal,fischerandom\" egt=\"syzygy\" memory=1 smp=1 nps=1 name=1 pause=0 debug=0"
            .to_string(),
    ];
    for spec in table.specs().iter().filter(|spec| !NOT_OFFERED.contains(&spec.name.as_str())) {
        lines.push(format!("feature option=\"{}\"", option_feature(spec)));
    }
    lines.push("feature done=1".to_string());
    lines
}

/// `NAME -spin DEFAULT MIN MAX`, `NAME -check 0|1`, `NAME -combo *A /// B`, ...
/// Spaces in names become `_`: clients such as python-chess end a name at
/// its first space ([`table_name`] reads them back).
fn option_feature(spec: &OptionSpec) -> String {
    let name = spec.name.replace(' ', "_");
    match &spec.kind {
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(*default)),
        OptionKind::Combo { default, choices } => {
            let listed: Vec<String> =
                choices.iter().map(|c| if c == default { format!("*{c}") } else { c.clone() }).collect();
            format!("{name} -combo {}", listed.join(" /// "))
        }
        OptionKind::Text { default } if is_path(&spec.name) => format!("{name} -file {default}"),
        OptionKind::Text { default } => format!("{name} -string {default}"),
        OptionKind::Button => format!("{name} -button"),
    }
}

fn is_path(name: &str) -> bool {
    [names::BOOK_FILE, names::STYLE_FILE, names::DEBUG_LOG_FILE].contains(&name)
}

/// The table's name for the `NAME` of `option NAME=VALUE`: as sent when the
/// table has it (`UCI_Elo`), otherwise with `_` read as a space (`Resign_Score`).
#[must_use]
pub fn table_name(table: &OptionTable, name: &str) -> String {
    if table.find(name).is_some() {
        name.to_string()
    } else {
        name.replace('_', " ")
    }
}

/// The value `option NAME=VALUE` sent, as the option table reads it: check
/// options come as `1`/`0` in CECP and as `true`/`false` in the table.
#[must_use]
pub fn table_value(table: &OptionTable, name: &str, value: Option<String>) -> Option<String> {
    let is_check = table.find(name).is_some_and(|spec| matches!(spec.kind, OptionKind::Check { .. }));
    match value.as_deref() {
        Some("1") if is_check => Some("true".into()),
        Some("0") if is_check => Some("false".into()),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_name_the_required_ones_and_every_offered_option_once() {
        let table = OptionTable::builtin();
        let lines = feature_lines(&table);
        assert_eq!(lines.first().map(String::as_str), Some("feature done=0"));
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
        let text = lines.join("\n");
        for wanted in ["setboard=1", "usermove=1", "ping=1", "analyze=1", "colors=0", "sigint=0", "sigterm=0"] {
            assert!(text.contains(wanted), "{wanted} missing");
        }
        assert!(text.contains("option=\"Contempt -spin 0 -100 100\""), "{text}");
        assert!(text.contains("option=\"Draw_Accept -check 1\""), "{text}");
        assert!(text.contains("-combo *Default /// Aggressive"), "{text}");
        assert!(!text.contains("option=\"Hash"), "Hash goes through memory");
        let offered = lines.iter().filter(|line| line.starts_with("feature option=")).count();
        assert_eq!(offered, table.specs().len() - NOT_OFFERED.len());
    }

    #[test]
    fn check_values_translate_and_others_pass_through() {
        let table = OptionTable::builtin();
        assert_eq!(table_value(&table, "draw accept", Some("0".into())), Some("false".into()));
        assert_eq!(table_value(&table, "Contempt", Some("1".into())), Some("1".into()));
        assert_eq!(table_value(&table, "Clear Hash", None), None);
        assert_eq!(table_name(&table, "Resign_Score"), "Resign Score");
        assert_eq!(table_name(&table, "UCI_Elo"), "UCI_Elo");
    }
}
