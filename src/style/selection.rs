//! The play style picked with the UCI options `Style`, `StyleFile` and the
//! `Style ...` knobs: which search and evaluation weights a `go` runs. Adding a
//! style: a choice in the `Style` row of `uci-options.toml`, a variant here
//! (the test keeps both in step), and, for a weight set, a file in
//! `src/style/builtin/`.

use std::sync::Arc;

use crate::eval::score::S;
use crate::uci::options::names;
use crate::uci::OptionValues;

use super::knobs::{Knobs, KNOBS};
use super::{builtin, load_style_file, StyleDef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// The choices of the `Style` combo option.
pub enum Style {
    /// Ferrochamp's own search and its tuned weights.
    Default,
    /// The built-in attacking weight set (`src/style/builtin/aggressive.toml`).
    Aggressive,
    /// The built-in positional weight set (`src/style/builtin/solid.toml`).
    Solid,
    /// Turing and Champernowne's 1948 rules ([`crate::turochamp`]).
    Turochamp,
    /// The weights of the style file in `StyleFile`.
    File,
}

impl Style {
    /// Every choice, in the combo's order.
    pub const ALL: [Style; 5] = [Style::Default, Style::Aggressive, Style::Solid, Style::Turochamp, Style::File];

    /// The choice's name in the `Style` combo.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Style::Default => "Default",
            Style::Aggressive => "Aggressive",
            Style::Solid => "Solid",
            Style::Turochamp => "Turochamp",
            Style::File => "File",
        }
    }

    /// The style the options select. The option table only lets listed
    /// choices in, so an unknown name cannot occur; it would mean `Default`.
    #[must_use]
    pub fn from_options(options: &OptionValues) -> Style {
        let name = options.string(names::STYLE);
        Style::ALL.into_iter().find(|style| style.name().eq_ignore_ascii_case(name)).unwrap_or(Style::Default)
    }
}

/// What the next `go` plays with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InForce {
    /// Ferrochamp's search with these weights (`None`: the compiled ones).
    Weights(Option<Arc<[S]>>),
    /// Turing and Champernowne's own evaluation and search.
    Turochamp,
}

/// The style in force, kept apart from the option values so that a bad
/// `StyleFile` or a `File` choice without a file leaves the previous one.
#[derive(Debug)]
pub struct StyleState {
    /// The last style file that loaded cleanly.
    file: Option<StyleDef>,
    in_force: InForce,
    /// The weights changed since the last `go` took them.
    changed: bool,
}

impl Default for StyleState {
    fn default() -> Self {
        StyleState { file: None, in_force: InForce::Weights(None), changed: false }
    }
}

impl StyleState {
    /// Whether the option `name` is one this state reads.
    #[must_use]
    pub fn is_style_option(name: &str) -> bool {
        let name = name.trim();
        [names::STYLE, names::STYLE_FILE]
            .iter()
            .chain(KNOBS.iter().map(|row| &row.2))
            .any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Re-reads the style options after `option` changed.
    ///
    /// # Errors
    /// A message for the GUI when the style file cannot be used; the previous
    /// style then stays in force.
    pub fn update(&mut self, options: &OptionValues, option: &str) -> Result<(), String> {
        if option.trim().eq_ignore_ascii_case(names::STYLE_FILE) {
            let path = options.string(names::STYLE_FILE).trim();
            if path.is_empty() {
                self.file = None;
            } else {
                let loaded =
                    load_style_file(path).map_err(|err| format!("StyleFile: {err}; the previous style stays"))?;
                self.file = Some(loaded);
            }
        }
        let knobs = knobs_from_options(options);
        let next = match Style::from_options(options) {
            Style::Turochamp => InForce::Turochamp,
            Style::File => match &self.file {
                Some(def) => InForce::Weights(def.search_weights(&knobs)),
                None => return Err("Style File: no valid StyleFile is loaded; the previous style stays".into()),
            },
            style => InForce::Weights(builtin(style.name()).and_then(|def| def.search_weights(&knobs))),
        };
        if next != self.in_force {
            self.changed = true;
            self.in_force = next;
        }
        Ok(())
    }

    /// What the next `go` plays with.
    #[must_use]
    pub fn in_force(&self) -> &InForce {
        &self.in_force
    }

    /// The weights the evaluation uses now (`None`: the compiled ones, or Turochamp).
    #[must_use]
    pub fn weights(&self) -> Option<&[S]> {
        match &self.in_force {
            InForce::Weights(weights) => weights.as_deref(),
            InForce::Turochamp => None,
        }
    }

    /// True once after every change of the style: scores cached under the old
    /// weights (the transposition table) are stale then.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }
}

/// The `Style ...` spin options as knobs.
fn knobs_from_options(options: &OptionValues) -> Knobs {
    let mut knobs = Knobs::default();
    for (row, slot) in KNOBS.iter().zip(knobs.0.iter_mut()) {
        *slot = u32::try_from(options.spin(row.2)).unwrap_or(100);
    }
    knobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::options::OptionKind;

    #[test]
    fn the_option_row_and_the_styles_list_the_same_names() {
        let values = OptionValues::default();
        let spec = values.table().find(names::STYLE).expect("the Style row exists");
        let OptionKind::Combo { default, choices } = &spec.kind else { panic!("Style is a combo: {spec:?}") };
        assert_eq!(default, "Default");
        let names: Vec<&str> = Style::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(choices.iter().map(String::as_str).collect::<Vec<_>>(), names);
        for row in KNOBS {
            let spec = values.table().find(row.2).unwrap_or_else(|| panic!("a row for {}", row.2));
            assert!(matches!(spec.kind, OptionKind::Spin { default: 100, min: 0, max: 200 }), "{}", row.2);
        }
    }

    #[test]
    fn options_select_the_style() {
        let mut values = OptionValues::default();
        assert_eq!(Style::from_options(&values), Style::Default);
        values.set("style", Some("turochamp")).expect("a listed choice");
        assert_eq!(Style::from_options(&values), Style::Turochamp);
        assert!(values.set("Style", Some("Nonsense")).is_err());
        assert_eq!(Style::from_options(&values), Style::Turochamp);
    }

    fn set(state: &mut StyleState, values: &mut OptionValues, name: &str, value: &str) -> Result<(), String> {
        values.set(name, Some(value)).expect("a valid option value");
        state.update(values, name)
    }

    #[test]
    fn styles_and_knobs_change_the_weights_in_force() {
        let (mut state, mut values) = (StyleState::default(), OptionValues::default());
        set(&mut state, &mut values, "Style", "Aggressive").expect("built in");
        assert!(state.weights().is_some() && state.take_changed());
        assert!(!state.take_changed());
        set(&mut state, &mut values, "Style", "Default").expect("built in");
        assert_eq!(state.weights(), None);
        set(&mut state, &mut values, "Style Material", "120").expect("a knob");
        assert!(state.weights().is_some(), "a knob off 100 makes a run-time weight set");
        set(&mut state, &mut values, "Style Material", "100").expect("a knob");
        assert_eq!(state.weights(), None, "back to the compiled weights");
        set(&mut state, &mut values, "Style", "Turochamp").expect("built in");
        assert_eq!(state.in_force(), &InForce::Turochamp);
    }

    #[test]
    fn a_bad_file_or_no_file_keeps_the_previous_style() {
        let (mut state, mut values) = (StyleState::default(), OptionValues::default());
        set(&mut state, &mut values, "Style", "Solid").expect("built in");
        let solid = state.in_force().clone();
        let err = set(&mut state, &mut values, "Style", "File").expect_err("no file loaded yet");
        assert!(err.contains("previous style"), "{err}");
        assert_eq!(state.in_force(), &solid);
        let err = set(&mut state, &mut values, "StyleFile", "/no/such/style.toml").expect_err("missing");
        assert!(err.contains("cannot read"), "{err}");
        assert_eq!(state.in_force(), &solid);
    }
}
