//! The search tunables as UCI options, for builds made with the `tune` feature.
//!
//! OpenBench's SPSA sets the parameters it tunes through `setoption` only, so a
//! build made for it (`FERROCHAMP_TUNE=1 make`, which passes `--features tune`)
//! offers every tunable of `search::tunables` as a spin option with the
//! tunable's default and range. Every other build lists only the rows of
//! `uci-options.toml`: a GUI user never meets twenty knobs whose only use is
//! tuning, and the defaults are the same either way, so both builds search alike
//! (same bench signature) until a tuner sets something.

use super::{OptionKind, OptionSpec, OptionTable, OptionValue, SetOutcome};
use crate::search::params::LmrTable;
use crate::search::tunables::{self, Tunable};

/// Whether this binary was built with the `tune` feature.
pub const TUNABLES_ARE_OPTIONS: bool = cfg!(feature = "tune");

impl OptionTable {
    /// The options the engine offers: the built-in table, followed by the
    /// search tunables when built with the `tune` feature.
    #[must_use]
    pub fn for_engine() -> OptionTable {
        let table = OptionTable::builtin();
        if TUNABLES_ARE_OPTIONS {
            table.with_tunables()
        } else {
            table
        }
    }

    /// This table with one spin option per search tunable appended, in the
    /// order `ferrochamp params` lists them. A tunable whose name an option
    /// already has is left out (none has; a test checks).
    #[must_use]
    pub fn with_tunables(mut self) -> OptionTable {
        for tunable in tunables::ALL {
            if self.find(tunable.name).is_none() {
                self.specs.push(tunable_spec(tunable));
            }
        }
        self
    }

    /// Whether `name` is a search tunable listed in this table (only ever so
    /// in builds with the `tune` feature).
    #[must_use]
    pub fn lists_tunable(&self, name: &str) -> bool {
        tunables::find(name).is_some() && self.find(name).is_some()
    }
}

fn tunable_spec(tunable: &Tunable) -> OptionSpec {
    OptionSpec {
        name: tunable.name.to_string(),
        kind: OptionKind::Spin { default: tunable.default.into(), min: tunable.min.into(), max: tunable.max.into() },
        description: "Search parameter for tuning (builds with the `tune` feature only).".to_string(),
    }
}

/// What setting a tunable through its option asks of the controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunableChange {
    /// The option is no tunable: nothing was done.
    NotATunable,
    /// The tunable took the value; searches started from now on use it.
    Applied,
    /// The tunable took the value, and it feeds the search threads' LMR tables:
    /// the threads must be rebuilt to see it.
    AppliedRebuildThreads,
}

/// Passes a changed option on to the search tunable of the same name.
///
/// # Errors
/// When the tunable refuses the value, which the option's range (the
/// tunable's own) rules out.
pub fn apply_to_tunable(outcome: &SetOutcome) -> Result<TunableChange, String> {
    let SetOutcome::Changed { name, value: OptionValue::Spin(value) } = outcome else {
        return Ok(TunableChange::NotATunable);
    };
    let Some(tunable) = tunables::find(name) else {
        return Ok(TunableChange::NotATunable);
    };
    let value = i32::try_from(*value).map_err(|_| format!("{name}: {value} is out of range"))?;
    tunable.set(value)?;
    if LmrTable::INPUTS.iter().any(|input| std::ptr::eq(*input, tunable)) {
        Ok(TunableChange::AppliedRebuildThreads)
    } else {
        Ok(TunableChange::Applied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_becomes_a_spin_with_its_default_and_range() {
        let table = OptionTable::builtin().with_tunables();
        assert_eq!(table.specs().len(), OptionTable::builtin().specs().len() + tunables::ALL.len());
        for tunable in tunables::ALL {
            let range = table.spin_range(tunable.name).expect(tunable.name);
            assert_eq!(
                (range.default, range.min, range.max),
                (tunable.default.into(), tunable.min.into(), tunable.max.into()),
                "{}",
                tunable.name
            );
        }
        let line = "option name RfpMargin type spin default 74 min 30 max 150";
        assert!(table.uci_lines().iter().any(|l| l == line), "missing: {line}");
    }

    #[test]
    fn the_engine_table_lists_tunables_only_in_tune_builds() {
        let listed = OptionTable::for_engine().find(tunables::RFP_MARGIN.name).is_some();
        assert_eq!(listed, TUNABLES_ARE_OPTIONS);
        assert!(OptionTable::builtin().with_tunables().lists_tunable("rfpmargin"));
        assert!(!OptionTable::builtin().lists_tunable("RfpMargin"));
        assert!(!OptionTable::builtin().with_tunables().lists_tunable("Hash"));
    }

    #[test]
    fn outcomes_of_other_options_leave_the_tunables_alone() {
        let hash = SetOutcome::Changed { name: "Hash".into(), value: OptionValue::Spin(64) };
        assert_eq!(apply_to_tunable(&hash), Ok(TunableChange::NotATunable));
        let unchanged = SetOutcome::Unchanged { name: tunables::RFP_MARGIN.name.into() };
        assert_eq!(apply_to_tunable(&unchanged), Ok(TunableChange::NotATunable));
        assert_eq!(tunables::RFP_MARGIN.get(), tunables::RFP_MARGIN.default);
    }
}
