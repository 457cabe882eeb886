//! `ferrochamp tune`, `ferrochamp datagen` and `ferrochamp wdl-fit`: the
//! front ends of the tuner, the self-play data generator and the WDL fit. Their
//! arguments are the library's settings (`TuneConfig`, `DatagenConfig`,
//! `WdlFitConfig`), which derive `clap::Args` so that each flag, its help and
//! its default are written once, beside the field it sets.

use ferrochamp::tune::{DatagenConfig, TuneConfig};
use ferrochamp::wdl::WdlFitConfig;

/// `ferrochamp tune`: the Texel run, from data files to a parameters file.
pub fn tune(config: TuneConfig) -> Result<(), String> {
    ferrochamp::tune::run_tune(config)
}

/// `ferrochamp datagen`: self-play until the position or game limit.
pub fn datagen(config: DatagenConfig) -> Result<(), String> {
    ferrochamp::tune::run_datagen(config)
}

/// `ferrochamp wdl-fit`: the fit, its calibration and the constants, on stdout.
pub fn wdl_fit(config: &WdlFitConfig) -> Result<(), String> {
    ferrochamp::wdl::run_wdl_fit(config)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn parse(args: &[&str]) -> Command {
        Cli::try_parse_from(args).expect("valid arguments").command.expect("a subcommand")
    }

    #[test]
    fn the_defaults_are_the_librarys() {
        // The defaults are written twice, as clap defaults and in the settings' `Default`
        // (the tests build settings without the command line).
        let Command::Tune(config) = parse(&["ferrochamp", "tune", "data.txt"]) else { panic!("not tune") };
        let expected = TuneConfig { files: vec![PathBuf::from("data.txt")], ..TuneConfig::default() };
        assert_eq!(format!("{config:?}"), format!("{expected:?}"));
        let Command::Datagen(config) = parse(&["ferrochamp", "datagen"]) else { panic!("not datagen") };
        assert_eq!(format!("{config:?}"), format!("{:?}", DatagenConfig::default()));
    }
}
