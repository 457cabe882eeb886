//! Play styles: a set of evaluation weights, chosen at run time.
//!
//! A style is every weight of `eval::params` (by the names of `eval::layout`)
//! plus scaling knobs in percent. Styles come built in (`Default`, `Aggressive`,
//! `Solid`: TOML files in `builtin/`, read like a user's) or from a style file.
//! The evaluation runs with the effective weights ([`StyleDef::effective`]);
//! when those are the compiled ones, the search keeps the compiled constants.
//!
//! Files: `knobs` (the knobs and the groups they scale), `shape` (weight
//! names to flat indices), `file` (parsing and validation), `selection` (the
//! style the UCI options put in force for the engine), `export`. The
//! `ferrochamp style` subcommands are in `src/cli/style.rs`.

mod export;
pub mod file;
pub mod knobs;
pub(crate) mod selection;
pub mod shape;

use std::sync::Arc;

use crate::eval::layout::current;
use crate::eval::score::S;

pub use export::export_style;
pub use file::parse_style;
pub use knobs::{Knob, Knobs};

/// A style: the full weight vector and its knobs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StyleDef {
    /// The style's `name` key, if the file gives one.
    pub name: Option<String>,
    /// The style's `description` key, if the file gives one.
    pub description: Option<String>,
    /// Every weight, in the order of `layout::GROUPS` (knobs not applied).
    pub weights: Vec<S>,
    /// The percentage knobs applied on top of the weights.
    pub knobs: Knobs,
}

impl StyleDef {
    /// The weights the evaluation uses: the knobs applied, then `extra` on top.
    #[must_use]
    pub fn effective(&self, extra: &Knobs) -> Vec<S> {
        self.knobs.combined(extra).apply(&self.weights)
    }

    /// The effective weights for the search: `None` when they are the
    /// compiled ones, so that the search keeps its constant-folded evaluation.
    #[must_use]
    pub fn search_weights(&self, extra: &Knobs) -> Option<Arc<[S]>> {
        let weights = self.effective(extra);
        (weights != current()).then(|| weights.into())
    }
}

/// The built-in styles with weights, by name (`Turochamp` has its own evaluation).
pub const BUILTIN: [(&str, &str); 3] = [
    ("Default", include_str!("builtin/default.toml")),
    ("Aggressive", include_str!("builtin/aggressive.toml")),
    ("Solid", include_str!("builtin/solid.toml")),
];

/// The built-in style `name` (case-insensitive), or `None` if there is none.
#[must_use]
pub fn builtin(name: &str) -> Option<StyleDef> {
    let (name, text) = BUILTIN.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))?;
    // The built-in files are checked by a test; a broken one would mean Default.
    parse_style(text, name).ok()
}

/// Reads and parses a style file.
///
/// # Errors
/// The file cannot be read, or [`parse_style`] refuses it.
pub fn load_style_file(path: &str) -> Result<StyleDef, String> {
    let text = std::fs::read_to_string(path).map_err(|err| format!("cannot read style file {path}: {err}"))?;
    parse_style(&text, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_styles_parse_and_default_is_the_compiled_weights() {
        for (name, text) in BUILTIN {
            let style = parse_style(text, name).unwrap_or_else(|err| panic!("{err}"));
            assert_eq!(style.name.as_deref(), Some(name));
        }
        let default = builtin("default").expect("built in");
        assert_eq!(default.search_weights(&Knobs::default()), None);
        for name in ["Aggressive", "Solid"] {
            assert!(builtin(name).expect("built in").search_weights(&Knobs::default()).is_some(), "{name}");
        }
    }

    #[test]
    fn export_reads_back_to_the_same_style() {
        for (name, _) in BUILTIN {
            let style = builtin(name).expect("built in");
            let again = parse_style(&export_style(&style), "export").unwrap_or_else(|err| panic!("{err}"));
            assert_eq!(again, style, "{name}");
        }
    }
}
