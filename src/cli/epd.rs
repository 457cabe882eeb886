//! `ferrochamp epd`: the test-suite runner's front end. Its arguments are the
//! library's `EpdConfig`, which derives `clap::Args`.

use ferrochamp::epd::EpdConfig;

/// `ferrochamp epd`: every suite, reported on stdout.
pub fn run(config: &EpdConfig) -> Result<(), String> {
    ferrochamp::epd::run_epd(config)
}
