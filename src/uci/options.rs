//! UCI options, all generated from the one table in `uci-options.toml`.
//!
//! The same parsed table prints the `option name ...` lines for `uci` and
//! validates every `setoption`, so the two can never disagree. Values live in an
//! [`OptionValues`] store owned by the controller; [`OptionValues::set`] tells it
//! which option changed so it can react (resize the hash, clear it, ...).

use std::fmt;

use serde::Deserialize;

use super::shorten;

/// The option table, compiled into the binary.
const OPTIONS_TOML: &str = include_str!("../../uci-options.toml");

/// Canonical names of the options the engine's code reads, checked against the
/// table by tests so that a typo cannot hide behind a string.
pub mod names;

/// The search tunables as spin options, in builds with the `tune` feature.
pub mod tuning;

/// What `setoption` sends for an empty string.
const EMPTY_MARKER: &str = "<empty>";

/// The type of an option with its default and allowed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer within `min..=max`.
    Spin {
        /// The value it starts with.
        default: i64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// A boolean, `true` or `false`.
    Check {
        /// The value it starts with.
        default: bool,
    },
    /// One of a fixed list of words; `default` is one of `choices`.
    Combo {
        /// The choice it starts with.
        default: String,
        /// The allowed values, in the order `uci` lists them.
        choices: Vec<String>,
    },
    /// A free-form string (UCI type `string`).
    Text {
        /// The text it starts with (possibly empty).
        default: String,
    },
    /// No value: setting it triggers an action.
    Button,
}

/// One row of the option table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name as the GUI shows it, in its canonical spelling.
    pub name: String,
    /// The type, with its default and allowed values.
    pub kind: OptionKind,
    /// One line for humans; never sent to the GUI.
    pub description: String,
}

/// A spin option's default and allowed range, as the table gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinRange {
    /// The value the option starts with.
    pub default: i64,
    /// The smallest value allowed.
    pub min: i64,
    /// The largest value allowed.
    pub max: i64,
}

impl SpinRange {
    /// The allowed values, for range checks outside UCI (the command line).
    #[must_use]
    pub fn bounds(&self) -> std::ops::RangeInclusive<i64> {
        self.min..=self.max
    }

    /// `value` (the default when `None`) brought into the range, as a count or
    /// size; a range reaching below zero (none in the table does) reads as zero there.
    #[must_use]
    pub fn count_within(&self, value: Option<usize>) -> usize {
        let wanted = value.map_or(self.default, |v| i64::try_from(v).unwrap_or(i64::MAX));
        usize::try_from(wanted.clamp(self.min, self.max)).unwrap_or(0)
    }
}

/// The current value of an option. Combo values are stored as `Text` holding
/// the canonical spelling of the choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// The value of a spin option.
    Spin(i64),
    /// The value of a check option.
    Check(bool),
    /// The value of a string or combo option (empty for `<empty>`).
    Text(String),
    /// A button, which holds no value.
    Button,
}

/// Why the option table could not be built (a bug in `uci-options.toml`).
#[derive(Debug)]
pub enum TableError {
    /// The text is not TOML of the table's shape (bad syntax, an unknown field, a wrong type).
    Toml(toml::de::Error),
    /// Two rows have this name, compared case-insensitively.
    Duplicate(String),
    /// A row is inconsistent with its type, or its name or a choice is unusable.
    Invalid {
        /// The row's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// Why a `setoption` was refused. The value stays unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown {
        /// The name as sent (trimmed, shortened).
        name: String,
    },
    /// A spin value that is not an integer within the range.
    InvalidSpin {
        /// The option's canonical name.
        name: String,
        /// The value as sent (shortened).
        value: String,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// A check value other than `true` or `false`.
    InvalidCheck {
        /// The option's canonical name.
        name: String,
        /// The value as sent (shortened).
        value: String,
    },
    /// A combo value that is none of the choices.
    InvalidCombo {
        /// The option's canonical name.
        name: String,
        /// The value as sent (shortened).
        value: String,
        /// The allowed values.
        choices: Vec<String>,
    },
}

/// What a successful `setoption` did, with the option's canonical name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetOutcome {
    /// The option now holds `value`, which differs from the previous one.
    Changed {
        /// The option's canonical name.
        name: String,
        /// Its new value.
        value: OptionValue,
    },
    /// The new value equals the current one: nothing to do.
    Unchanged {
        /// The option's canonical name.
        name: String,
    },
    /// A button was pressed.
    Pressed {
        /// The button's canonical name.
        name: String,
    },
}

impl SetOutcome {
    /// The canonical name (as in the table) of the option concerned.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            SetOutcome::Changed { name, .. } | SetOutcome::Unchanged { name } | SetOutcome::Pressed { name } => name,
        }
    }
}

// ---------------------------------------------------------------------------
// Parsing the table

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    #[serde(default)]
    option: Vec<RawRow>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum RawType {
    Spin,
    Check,
    Combo,
    String,
    Button,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRow {
    name: String,
    #[serde(rename = "type")]
    kind: RawType,
    default: Option<toml::Value>,
    min: Option<i64>,
    max: Option<i64>,
    choices: Option<Vec<String>>,
    description: String,
}

impl RawRow {
    fn invalid(&self, reason: impl Into<String>) -> TableError {
        TableError::Invalid { name: self.name.clone(), reason: reason.into() }
    }

    /// Checks the name and turns the loosely typed row into an [`OptionSpec`].
    fn into_spec(self) -> Result<OptionSpec, TableError> {
        check_name(&self.name).map_err(|reason| self.invalid(reason))?;
        let kind = self.kind()?;
        Ok(OptionSpec { name: self.name, kind, description: self.description })
    }

    fn kind(&self) -> Result<OptionKind, TableError> {
        self.reject_fields_foreign_to_type()?;
        match self.kind {
            RawType::Spin => self.spin_kind(),
            RawType::Check => match &self.default {
                Some(toml::Value::Boolean(default)) => Ok(OptionKind::Check { default: *default }),
                _ => Err(self.invalid("a check needs `default = true` or `false`")),
            },
            RawType::Combo => self.combo_kind(),
            RawType::String => Ok(OptionKind::Text { default: self.string_default()? }),
            RawType::Button => Ok(OptionKind::Button),
        }
    }

    /// A field that means nothing for the row's type is probably a typo in the table.
    fn reject_fields_foreign_to_type(&self) -> Result<(), TableError> {
        let is_spin = self.kind == RawType::Spin;
        if !is_spin && (self.min.is_some() || self.max.is_some()) {
            return Err(self.invalid("only a spin may have `min`/`max`"));
        }
        if self.kind != RawType::Combo && self.choices.is_some() {
            return Err(self.invalid("only a combo may have `choices`"));
        }
        if self.kind == RawType::Button && self.default.is_some() {
            return Err(self.invalid("a button has no `default`"));
        }
        Ok(())
    }

    fn spin_kind(&self) -> Result<OptionKind, TableError> {
        let (Some(min), Some(max)) = (self.min, self.max) else {
            return Err(self.invalid("a spin needs `min` and `max`"));
        };
        let Some(toml::Value::Integer(default)) = self.default else {
            return Err(self.invalid("a spin needs an integer `default`"));
        };
        if !(min <= default && default <= max) {
            return Err(self.invalid(format!("default {default} is outside {min}..={max}")));
        }
        Ok(OptionKind::Spin { default, min, max })
    }

    fn combo_kind(&self) -> Result<OptionKind, TableError> {
        let choices = self.choices.clone().unwrap_or_default();
        if choices.is_empty() {
            return Err(self.invalid("a combo needs a non-empty `choices` list"));
        }
        for (i, choice) in choices.iter().enumerate() {
            check_choice(choice).map_err(|reason| self.invalid(reason))?;
            if choices[..i].iter().any(|c| c.eq_ignore_ascii_case(choice)) {
                return Err(self.invalid(format!("choice '{choice}' appears twice")));
            }
        }
        let default = self.string_default()?;
        if !choices.contains(&default) {
            return Err(self.invalid(format!("default '{default}' is not one of the choices")));
        }
        Ok(OptionKind::Combo { default, choices })
    }

    fn string_default(&self) -> Result<String, TableError> {
        match &self.default {
            Some(toml::Value::String(text)) => Ok(text.clone()),
            _ => Err(self.invalid("needs a string `default`")),
        }
    }
}

/// A name must survive `setoption name <words> value ...`: words joined by one
/// space, and none of them a keyword of that command.
fn check_name(name: &str) -> Result<(), String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.is_empty() {
        return Err("the name is empty".into());
    }
    if words.join(" ") != name {
        return Err("the name must be words separated by single spaces".into());
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("name") || w.eq_ignore_ascii_case("value")) {
        return Err("the name may not contain the words `name` or `value`".into());
    }
    Ok(())
}

/// A combo choice is printed after `var`, so it may not contain that word.
fn check_choice(choice: &str) -> Result<(), String> {
    let words: Vec<&str> = choice.split_whitespace().collect();
    if words.is_empty() || words.join(" ") != choice {
        return Err(format!("choice '{choice}' must be words separated by single spaces"));
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("var")) {
        return Err(format!("choice '{choice}' may not contain the word `var`"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The table

/// All options, in the order the `uci` command lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionTable {
    specs: Vec<OptionSpec>,
}

impl OptionTable {
    /// Parses and validates a table in the format of `uci-options.toml`.
    ///
    /// # Errors
    /// Malformed TOML, a row inconsistent with its type, or two rows whose names
    /// differ only in case.
    pub fn parse(text: &str) -> Result<OptionTable, TableError> {
        let raw: RawTable = toml::from_str(text).map_err(TableError::Toml)?;
        let mut specs: Vec<OptionSpec> = Vec::with_capacity(raw.option.len());
        for row in raw.option {
            let spec = row.into_spec()?;
            if specs.iter().any(|s| s.name.eq_ignore_ascii_case(&spec.name)) {
                return Err(TableError::Duplicate(spec.name));
            }
            specs.push(spec);
        }
        Ok(OptionTable { specs })
    }

    /// The table compiled into the engine from `uci-options.toml`.
    ///
    /// # Panics
    /// Only if the embedded file is invalid, which the unit tests rule out
    /// (it is part of the source, not user input).
    #[must_use]
    pub fn builtin() -> OptionTable {
        match OptionTable::parse(OPTIONS_TOML) {
            Ok(table) => table,
            Err(e) => panic!("the embedded uci-options.toml is invalid: {e}"),
        }
    }

    /// Every row, in the order the `uci` command lists them.
    #[must_use]
    pub fn specs(&self) -> &[OptionSpec] {
        &self.specs
    }

    /// The row named `name`, compared case-insensitively.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<&OptionSpec> {
        self.index_of(name).map(|i| &self.specs[i])
    }

    /// The default and range of the spin option `name` (`None`: no such spin option).
    #[must_use]
    pub fn spin_range(&self, name: &str) -> Option<SpinRange> {
        match self.find(name)?.kind {
            OptionKind::Spin { default, min, max } => Some(SpinRange { default, min, max }),
            _ => None,
        }
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.specs.iter().position(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The `option name ...` lines for the `uci` command, in table order.
    #[must_use]
    pub fn uci_lines(&self) -> Vec<String> {
        self.specs.iter().map(OptionSpec::uci_line).collect()
    }
}

impl OptionSpec {
    /// This option's line in the answer to `uci`, in the exact UCI format.
    #[must_use]
    pub fn uci_line(&self) -> String {
        let name = &self.name;
        match &self.kind {
            OptionKind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::Combo { default, choices } => {
                let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                format!("option name {name} type combo default {default}{vars}")
            }
            OptionKind::Text { default } => {
                format!("option name {name} type string default {}", shown_text(default))
            }
            OptionKind::Button => format!("option name {name} type button"),
        }
    }

    /// The value this option starts with.
    #[must_use]
    pub fn default_value(&self) -> OptionValue {
        match &self.kind {
            OptionKind::Spin { default, .. } => OptionValue::Spin(*default),
            OptionKind::Check { default } => OptionValue::Check(*default),
            OptionKind::Combo { default, .. } | OptionKind::Text { default } => OptionValue::Text(default.clone()),
            OptionKind::Button => OptionValue::Button,
        }
    }

    /// Validates the text of a `setoption` (already normalised: `<empty>` -> "").
    fn parse_value(&self, text: &str) -> Result<OptionValue, OptionError> {
        let name = self.name.clone();
        let value = shorten(text);
        match &self.kind {
            OptionKind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(OptionValue::Spin(n)),
                _ => Err(OptionError::InvalidSpin { name, value, min: *min, max: *max }),
            },
            OptionKind::Check { .. } => {
                parse_bool(text).map(OptionValue::Check).ok_or(OptionError::InvalidCheck { name, value })
            }
            OptionKind::Combo { choices, .. } => match choices.iter().find(|c| c.eq_ignore_ascii_case(text)) {
                Some(choice) => Ok(OptionValue::Text(choice.clone())),
                None => Err(OptionError::InvalidCombo { name, value, choices: choices.clone() }),
            },
            OptionKind::Text { .. } => Ok(OptionValue::Text(text.to_string())),
            OptionKind::Button => Ok(OptionValue::Button),
        }
    }
}

fn parse_bool(text: &str) -> Option<bool> {
    if text.eq_ignore_ascii_case("true") {
        Some(true)
    } else if text.eq_ignore_ascii_case("false") {
        Some(false)
    } else {
        None
    }
}

/// UCI cannot send an empty word, so an empty string is shown as `<empty>`.
fn shown_text(text: &str) -> &str {
    if text.is_empty() {
        EMPTY_MARKER
    } else {
        text
    }
}

// ---------------------------------------------------------------------------
// Current values

/// The current value of every option of a table.
#[derive(Clone, Debug)]
pub struct OptionValues {
    table: OptionTable,
    /// Parallel to `table.specs`.
    values: Vec<OptionValue>,
}

impl Default for OptionValues {
    /// The built-in table with every option at its default.
    fn default() -> Self {
        OptionValues::new(OptionTable::builtin())
    }
}

impl OptionValues {
    /// Every option of `table` at its default.
    #[must_use]
    pub fn new(table: OptionTable) -> OptionValues {
        let values = table.specs.iter().map(OptionSpec::default_value).collect();
        OptionValues { table, values }
    }

    /// The table these values belong to.
    #[must_use]
    pub fn table(&self) -> &OptionTable {
        &self.table
    }

    /// The current value of `name` (case-insensitive), if such an option exists.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.table.index_of(name).map(|i| &self.values[i])
    }

    /// The value of a spin option. Use the constants of [`names`].
    ///
    /// Asking for a missing or non-spin option is a bug: it fails in debug
    /// builds and logs an error and returns 0 in release builds.
    #[must_use]
    pub fn spin(&self, name: &str) -> i64 {
        match self.get(name) {
            Some(OptionValue::Spin(n)) => *n,
            other => wrong_getter(name, "spin", other, 0),
        }
    }

    /// The value of a spin option that counts or sizes something (`Hash`, `Threads`).
    /// The table allows no negative value there; one would read as zero.
    #[must_use]
    pub fn spin_count(&self, name: &str) -> usize {
        usize::try_from(self.spin(name)).unwrap_or(0)
    }

    /// The value of a check option (see [`OptionValues::spin`] on misuse).
    #[must_use]
    pub fn check(&self, name: &str) -> bool {
        match self.get(name) {
            Some(OptionValue::Check(b)) => *b,
            other => wrong_getter(name, "check", other, false),
        }
    }

    /// The value of a string or combo option (see [`OptionValues::spin`] on misuse).
    #[must_use]
    pub fn string(&self, name: &str) -> &str {
        match self.get(name) {
            Some(OptionValue::Text(text)) => text,
            other => wrong_getter(name, "string", other, ""),
        }
    }

    /// Applies `setoption name <name> [value <value>]`.
    ///
    /// `value` may be missing (buttons, empty strings) or `<empty>`; both mean "".
    ///
    /// # Errors
    /// An unknown name, or a value the option's type or range does not allow;
    /// the option keeps its value then.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<SetOutcome, OptionError> {
        let index = self.table.index_of(name).ok_or_else(|| OptionError::Unknown { name: shorten(name.trim()) })?;
        let spec = &self.table.specs[index];
        let new_value = spec.parse_value(normalized_value(value))?;
        let name = spec.name.clone();
        if new_value == OptionValue::Button {
            return Ok(SetOutcome::Pressed { name });
        }
        if self.values[index] == new_value {
            return Ok(SetOutcome::Unchanged { name });
        }
        self.values[index] = new_value.clone();
        Ok(SetOutcome::Changed { name, value: new_value })
    }
}

/// Missing value and `<empty>` both stand for the empty string.
fn normalized_value(value: Option<&str>) -> &str {
    let text = value.map_or("", str::trim);
    if text.eq_ignore_ascii_case(EMPTY_MARKER) {
        ""
    } else {
        text
    }
}

fn wrong_getter<T>(name: &str, wanted: &str, found: Option<&OptionValue>, fallback: T) -> T {
    debug_assert!(false, "option '{name}' is not a {wanted} option (found {found:?})");
    log::error!("option '{name}' is not a {wanted} option (found {found:?})");
    fallback
}

// ---------------------------------------------------------------------------
// Display

impl fmt::Display for OptionValue {
    /// The value as UCI would write it (`<empty>` for an empty string).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Spin(n) => write!(f, "{n}"),
            OptionValue::Check(b) => write!(f, "{b}"),
            OptionValue::Text(text) => f.write_str(shown_text(text)),
            OptionValue::Button => f.write_str("(button)"),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "no such option: '{name}'"),
            OptionError::InvalidSpin { name, value, min, max } => write!(
                f,
                "invalid value '{value}' for option {name}: \
                 expected an integer from {min} to {max}"
            ),
            OptionError::InvalidCheck { name, value } => {
                write!(f, "invalid value '{value}' for option {name}: expected true or false")
            }
            OptionError::InvalidCombo { name, value, choices } => {
                write!(f, "invalid value '{value}' for option {name}: expected one of {}", choices.join(", "))
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Toml(e) => write!(f, "malformed option table: {e}"),
            TableError::Duplicate(name) => write!(f, "option '{name}' is listed twice"),
            TableError::Invalid { name, reason } => write!(f, "option '{name}': {reason}"),
        }
    }
}

impl std::error::Error for TableError {}

#[cfg(test)]
mod tests;
