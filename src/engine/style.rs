//! The play style picked with the UCI option `Style`: which search and
//! evaluation a `go` runs. Adding a style: a choice in the `Style` row of
//! `uci-options.toml`, a variant here (the test keeps both in step), and its
//! arm where the controller starts a search.

use crate::uci::options::names;
use crate::uci::OptionValues;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Ferrochamp's own search and evaluation.
    Default,
    /// Turing and Champernowne's 1948 rules ([`crate::turochamp`]).
    Turochamp,
}

impl Style {
    pub const ALL: [Style; 2] = [Style::Default, Style::Turochamp];

    /// The choice's name in the `Style` combo.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Style::Default => "Default",
            Style::Turochamp => "Turochamp",
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
}
