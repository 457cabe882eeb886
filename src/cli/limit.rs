//! `ferrochamp limit-table`: what each `UCI_Elo` setting means, as the engine
//! will play it: node budget, root lines drawn from, temperature and margin.
//! The calibration script reads it to turn measured offsets into new constants.

use ferrochamp::engine::budget::TimeControl;
use ferrochamp::engine::strength::{time_shift_elo, Handicap, ELO_MAX, ELO_MIN, FULL_STRENGTH_ELO};

/// The settings of `ferrochamp limit-table`.
#[derive(clap::Args, Debug)]
pub struct LimitTableArgs {
    /// The settings to show (default: every 100 from the lowest to full strength).
    #[arg(value_parser = clap::value_parser!(i32).range(i64::from(ELO_MIN)..=i64::from(ELO_MAX)))]
    elo: Vec<i32>,
    /// Show each setting as it plays the first move of a game at this control,
    /// `base+increment`, both in seconds, e.g. `60+0.6` (default: the control
    /// the table was measured at, where no time is added).
    #[arg(long, value_name = "BASE+INC", value_parser = parse_control)]
    tc: Option<TimeControl>,
}

/// `BASE+INC` (both seconds, decimals allowed) as the clock of a game's first move.
fn parse_control(text: &str) -> Result<TimeControl, String> {
    let (base, increment) = text.split_once('+').ok_or_else(|| format!("`{text}` is not BASE+INC"))?;
    let seconds = |part: &str| -> Result<i64, String> {
        match part.trim().parse::<f64>() {
            // Bounded above, so the product fits an i64.
            Ok(value) if (0.0..=1e9).contains(&value) => Ok((value * 1000.0).round() as i64),
            _ => Err(format!("`{part}` is not a number of seconds in `{text}`")),
        }
    };
    Ok(TimeControl { time: Some(seconds(base)?), increment: seconds(increment)?, movestogo: None, movetime: None })
}

/// The table, one row per setting, tab-separated with a header line.
#[must_use]
pub fn run(args: &LimitTableArgs) -> String {
    let default: Vec<i32> = (ELO_MIN..FULL_STRENGTH_ELO).step_by(100).collect();
    let settings = if args.elo.is_empty() { &default } else { &args.elo };
    let control = args.tc.unwrap_or_default();
    let mut table = String::new();
    if args.tc.is_some() {
        table.push_str(&format!("# at this control a setting plays as {:+} on the table\n", time_shift_elo(&control)));
    }
    table.push_str("elo\tnodes\tlines\ttemperature_cp\tmargin_cp\n");
    for &elo in settings {
        if elo >= FULL_STRENGTH_ELO {
            table.push_str(&format!("{elo}\tfull strength\t\t\t\n"));
            continue;
        }
        let h = Handicap::for_elo(elo).at_control(&control);
        table.push_str(&format!("{}\t{}\t{}\t{:.1}\t{}\n", h.elo, h.nodes, h.lines, h.temperature_cp, h.margin_cp));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::parse_control;

    #[test]
    fn a_control_is_read_in_seconds_and_nonsense_refused() {
        let control = parse_control("60+0.6").expect("a good control");
        assert_eq!((control.time, control.increment), (Some(60_000), 600));
        for bad in ["60", "60+x", "-1+0", "+", "1e30+0"] {
            assert!(parse_control(bad).is_err(), "{bad} accepted");
        }
    }
}
