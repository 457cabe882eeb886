//! `ferrochamp limit-table`: what each `UCI_Elo` setting means, as the engine
//! will play it: node budget, root lines drawn from, temperature and margin.
//! The calibration script reads it to turn measured offsets into new constants.

use ferrochamp::engine::strength::{Handicap, ELO_MAX, ELO_MIN, FULL_STRENGTH_ELO};

/// The settings of `ferrochamp limit-table`.
#[derive(clap::Args, Debug)]
pub struct LimitTableArgs {
    /// The settings to show (default: every 100 from the lowest to full strength).
    #[arg(value_parser = clap::value_parser!(i32).range(i64::from(ELO_MIN)..=i64::from(ELO_MAX)))]
    elo: Vec<i32>,
}

/// The table, one row per setting, tab-separated with a header line.
#[must_use]
pub fn run(args: &LimitTableArgs) -> String {
    let default: Vec<i32> = (ELO_MIN..FULL_STRENGTH_ELO).step_by(100).collect();
    let settings = if args.elo.is_empty() { &default } else { &args.elo };
    let mut table = String::from("elo\tnodes\tlines\ttemperature_cp\tmargin_cp\n");
    for &elo in settings {
        if elo >= FULL_STRENGTH_ELO {
            table.push_str(&format!("{elo}\tfull strength\t\t\t\n"));
            continue;
        }
        let h = Handicap::for_elo(elo);
        table.push_str(&format!("{}\t{}\t{}\t{:.1}\t{}\n", h.elo, h.nodes, h.lines, h.temperature_cp, h.margin_cp));
    }
    table
}
