//! The search's numeric parameters that a tuner may change at startup, and the
//! clock's two (`engine::budget`): one table of names, defaults, bounds and SPSA
//! step sizes.
//!
//! `params.rs` reads every margin and divisor listed here through [`Tunable::get`];
//! the defaults are the rounded values the SPSA run of all of them reached at
//! its iteration 694 (experiments/README.md), and the bench signature checks them.
//! `ferrochamp --param NAME=VALUE` sets one before the engine starts and
//! `ferrochamp params` lists them, for `scripts/spsa.py`. They are not
//! UCI options on purpose: a GUI user should not meet twenty knobs whose only
//! use is tuning. A build with the `tune` cargo feature, made for tuners that
//! speak only `setoption` (OpenBench's SPSA), lists them as spin options too
//! (`uci::options::tuning`).
//!
//! Each value is an atomic so that a setting made on the main thread reaches
//! every search thread without a lock; relaxed loads cost what plain loads do.

use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable integer.
pub struct Tunable {
    /// The name `--param` and `ferrochamp params` use.
    pub name: &'static str,
    /// The value the search uses unless told otherwise.
    pub default: i32,
    /// The lowest value a tuner may explore; `set` refuses values outside the range.
    pub min: i32,
    /// The highest value a tuner may explore.
    pub max: i32,
    /// SPSA's perturbation for this parameter at the start of a run: big enough
    /// that a game pair can tell the two sides apart, small enough to stay sound.
    pub step: i32,
    value: AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, (min, max): (i32, i32), step: i32) -> Tunable {
        Tunable { name, default, min, max, step, value: AtomicI32::new(default) }
    }

    /// The current value.
    #[inline]
    #[must_use]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// Sets the value (for every search started afterwards).
    ///
    /// # Errors
    /// When `value` is outside `min..=max`.
    pub fn set(&self, value: i32) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!("{} must be within {}..={}, got {value}", self.name, self.min, self.max));
        }
        self.value.store(value, Ordering::Relaxed);
        Ok(())
    }
}

/// Reverse futility pruning: margin per ply of depth...
pub static RFP_MARGIN: Tunable = Tunable::new("RfpMargin", 74, (30, 150), 8);
/// ...less this when the position is improving.
pub static RFP_IMPROVING: Tunable = Tunable::new("RfpImproving", 59, (0, 150), 10);
/// Razoring margin: base...
pub static RAZOR_BASE: Tunable = Tunable::new("RazorBase", 251, (50, 600), 30);
/// ...plus this per ply.
pub static RAZOR_DEPTH: Tunable = Tunable::new("RazorDepth", 196, (50, 500), 25);
/// Null-move reduction: base plies...
pub static NMP_BASE: Tunable = Tunable::new("NmpBase", 4, (1, 6), 1);
/// ...plus depth divided by this...
pub static NMP_DEPTH_DIVISOR: Tunable = Tunable::new("NmpDepthDivisor", 2, (2, 8), 1);
/// ...plus (eval - beta) divided by this...
pub static NMP_EVAL_DIVISOR: Tunable = Tunable::new("NmpEvalDivisor", 86, (50, 600), 25);
/// ...counting at most this many plies.
pub static NMP_EVAL_CAP: Tunable = Tunable::new("NmpEvalCap", 6, (0, 8), 1);
/// From this depth on, a null-move cut-off is verified by a reduced normal search.
pub static NMP_VERIFY_DEPTH: Tunable = Tunable::new("NmpVerifyDepth", 8, (4, 20), 1);
/// Futility pruning margin: base...
pub static FUTILITY_BASE: Tunable = Tunable::new("FutilityBase", 92, (20, 250), 12);
/// ...plus this per ply of the reduced depth.
pub static FUTILITY_DEPTH: Tunable = Tunable::new("FutilityDepth", 86, (20, 250), 12);
/// Late move pruning: this plus depth squared quiet moves (halved when not improving).
pub static LMP_BASE: Tunable = Tunable::new("LmpBase", 5, (0, 10), 1);
/// SEE pruning of quiets: the threshold per ply (negative).
pub static SEE_QUIET: Tunable = Tunable::new("SeeQuiet", -55, (-150, -10), 8);
/// SEE pruning of captures: the threshold per ply squared (negative).
pub static SEE_CAPTURE: Tunable = Tunable::new("SeeCapture", -24, (-80, -5), 4);
/// Singular extensions: the margin below the TT score, per ply.
pub static SINGULAR_MARGIN: Tunable = Tunable::new("SingularMargin", 2, (1, 6), 1);
/// A singular search this far below its bound extends by two plies.
pub static DOUBLE_EXTENSION: Tunable = Tunable::new("DoubleExtension", 22, (0, 80), 5);
/// Singular extensions are tried from this depth on.
pub static SINGULAR_MIN_DEPTH: Tunable = Tunable::new("SingularMinDepth", 7, (4, 12), 1);
/// Internal iterative reduction applies from this depth on.
pub static IIR_MIN_DEPTH: Tunable = Tunable::new("IirMinDepth", 4, (2, 10), 1);
/// The LMR table for quiets is `base/100 + ln(depth) ln(moves) / (divisor/100)`: its base...
pub static LMR_QUIET_BASE: Tunable = Tunable::new("LmrQuietBase", 82, (0, 200), 10);
/// ...and its divisor.
pub static LMR_QUIET_DIVISOR: Tunable = Tunable::new("LmrQuietDivisor", 221, (120, 400), 15);
/// The same for captures: the base...
pub static LMR_NOISY_BASE: Tunable = Tunable::new("LmrNoisyBase", -11, (-100, 150), 10);
/// ...and the divisor.
pub static LMR_NOISY_DIVISOR: Tunable = Tunable::new("LmrNoisyDivisor", 297, (150, 600), 20);
/// History score worth one ply of reduction.
pub static LMR_HISTORY_DIVISOR: Tunable = Tunable::new("LmrHistoryDivisor", 8119, (2048, 32768), 800);
/// Late move reductions start after this many moves (one more at PV nodes).
pub static LMR_MIN_MOVES: Tunable = Tunable::new("LmrMinMoves", 2, (0, 4), 1);
/// The adjustments of a late move's reduction, in 1024ths of a ply (added to
/// the table's base and the history's share, also in 1024ths; only the sum is
/// truncated to whole plies): less at PV nodes...
pub static LMR_PV_NODE: Tunable = Tunable::new("LmrPvNode", 951, (0, 3072), 128);
/// ...more when the position is not improving...
pub static LMR_NOT_IMPROVING: Tunable = Tunable::new("LmrNotImproving", 1118, (0, 3072), 128);
/// ...more at an expected cut node...
pub static LMR_CUT_NODE: Tunable = Tunable::new("LmrCutNode", 1034, (0, 3072), 128);
/// ...less for a move that gives check...
pub static LMR_GIVES_CHECK: Tunable = Tunable::new("LmrGivesCheck", 1039, (0, 3072), 128);
/// ...more for a quiet move when the TT move is a capture...
pub static LMR_TT_CAPTURE: Tunable = Tunable::new("LmrTtCapture", 981, (0, 3072), 128);
/// ...and less for a killer or the counter move.
pub static LMR_REFUTATION: Tunable = Tunable::new("LmrRefutation", 974, (0, 3072), 128);
/// A reduced move re-searched a ply deeper beat the best score by this...
pub static DEEPER_BASE: Tunable = Tunable::new("DeeperBase", 31, (0, 150), 8);
/// ...plus this per ply of the re-search's depth.
pub static DEEPER_DEPTH: Tunable = Tunable::new("DeeperDepth", 7, (0, 30), 2);
/// History bonus `a d^2 + b d + a`, capped: the depth-squared factor (also the constant)...
pub static HISTORY_QUADRATIC: Tunable = Tunable::new("HistoryQuadratic", 19, (0, 64), 3);
/// ...the linear factor...
pub static HISTORY_LINEAR: Tunable = Tunable::new("HistoryLinear", 34, (0, 256), 12);
/// ...and the cap.
pub static HISTORY_MAX_BONUS: Tunable = Tunable::new("HistoryMaxBonus", 1589, (400, 4000), 150);
/// A quiet move's butterfly history moves by this many points per centipawn
/// of static eval the mover gained with it (`params::eval_change_bonus`); 0: off.
/// Not from the SPSA run: 16 was the first value tried, +17.3 Elo (docs/results.md).
pub static EVAL_DIFF_HISTORY: Tunable = Tunable::new("EvalDiffHistory", 16, (0, 64), 4);
/// ...counting a move that kept the eval as this many centipawns gained. Each
/// static eval includes the tempo of its side to move, so with 0 a quiet move
/// that changes nothing else loses about two tempi: most quiets drift
/// towards negative history, and are reduced more (docs/results.md).
pub static EVAL_DIFF_OFFSET: Tunable = Tunable::new("EvalDiffOffset", 0, (-100, 100), 10);
/// ProbCut (`params::probcut_enabled`): 1 on, 0 off.
pub static PROBCUT: Tunable = Tunable::new("ProbCut", 0, (0, 1), 1);
/// ProbCut's margin above beta...
pub static PROBCUT_MARGIN: Tunable = Tunable::new("ProbCutMargin", 180, (50, 400), 20);
/// ...less this when the side to move is improving.
pub static PROBCUT_IMPROVING: Tunable = Tunable::new("ProbCutImproving", 46, (0, 150), 10);
/// Aspiration windows' first half-width.
pub static ASPIRATION_WINDOW: Tunable = Tunable::new("AspirationWindow", 18, (5, 80), 3);
/// Quiescence delta pruning margin.
pub static DELTA_MARGIN: Tunable = Tunable::new("DeltaMargin", 220, (50, 500), 20);

/// The share of the static eval, in percent, that the fifty-move counter takes
/// away by the time it reaches the draw (linearly from zero). Off (0) by default:
/// 50 did not gain (~−6 Elo, docs/results.md).
pub static FIFTY_DAMPING: Tunable = Tunable::new("FiftyDamping", 0, (0, 90), 5);

/// Lazy SMP: plies of extra reduction for the late moves of a node another
/// thread is searching (`claims.rs`). 2 by default: it raises Threads=2 time to
/// depth from 1.56x to 1.66x, and a Threads=2 SPRT against 0 showed it costs no
/// strength (~0 Elo, docs/results.md).
/// One thread searches the same either way.
pub static BUSY_NODE_REDUCTION: Tunable = Tunable::new("BusyNodeReduction", 2, (0, 4), 1);

/// The clock (`engine::budget`): the moves a sudden-death game is expected still
/// to last; each move's soft limit is the time left over this many moves. Not
/// below 15: with 10, a sudden-death game whose every move runs to its hard
/// limit loses on time (the budget tests play such games at both ends).
pub static TIME_HORIZON: Tunable = Tunable::new("TimeHorizon", 25, (15, 50), 3);
/// The clock: the share of the increment, per mille, added to each move's limits.
pub static TIME_INCREMENT_SHARE: Tunable = Tunable::new("TimeIncrementShare", 750, (300, 1000), 75);

/// Every tunable, in the order `ferrochamp params` lists them.
pub static ALL: [&Tunable; 46] = [
    &RFP_MARGIN,
    &RFP_IMPROVING,
    &RAZOR_BASE,
    &RAZOR_DEPTH,
    &NMP_BASE,
    &NMP_DEPTH_DIVISOR,
    &NMP_EVAL_DIVISOR,
    &NMP_EVAL_CAP,
    &NMP_VERIFY_DEPTH,
    &FUTILITY_BASE,
    &FUTILITY_DEPTH,
    &LMP_BASE,
    &SEE_QUIET,
    &SEE_CAPTURE,
    &SINGULAR_MARGIN,
    &DOUBLE_EXTENSION,
    &SINGULAR_MIN_DEPTH,
    &IIR_MIN_DEPTH,
    &LMR_QUIET_BASE,
    &LMR_QUIET_DIVISOR,
    &LMR_NOISY_BASE,
    &LMR_NOISY_DIVISOR,
    &LMR_HISTORY_DIVISOR,
    &LMR_MIN_MOVES,
    &LMR_PV_NODE,
    &LMR_NOT_IMPROVING,
    &LMR_CUT_NODE,
    &LMR_GIVES_CHECK,
    &LMR_TT_CAPTURE,
    &LMR_REFUTATION,
    &DEEPER_BASE,
    &DEEPER_DEPTH,
    &HISTORY_QUADRATIC,
    &HISTORY_LINEAR,
    &HISTORY_MAX_BONUS,
    &EVAL_DIFF_HISTORY,
    &EVAL_DIFF_OFFSET,
    &PROBCUT,
    &PROBCUT_MARGIN,
    &PROBCUT_IMPROVING,
    &ASPIRATION_WINDOW,
    &DELTA_MARGIN,
    &FIFTY_DAMPING,
    &BUSY_NODE_REDUCTION,
    &TIME_HORIZON,
    &TIME_INCREMENT_SHARE,
];

/// The tunable called `name` (case-insensitive).
#[must_use]
pub fn find(name: &str) -> Option<&'static Tunable> {
    ALL.iter().copied().find(|t| t.name.eq_ignore_ascii_case(name.trim()))
}

/// Applies one `NAME=VALUE` setting.
///
/// # Errors
/// A message naming what is wrong: no `=`, an unknown name, a value that is not
/// an integer or is out of range.
pub fn apply(setting: &str) -> Result<(), String> {
    let (name, value) = setting.split_once('=').ok_or_else(|| format!("--param {setting}: expected NAME=VALUE"))?;
    let tunable = find(name).ok_or_else(|| format!("--param {setting}: no parameter named {}", name.trim()))?;
    let value: i32 = value.trim().parse().map_err(|_| format!("--param {setting}: the value is not an integer"))?;
    tunable.set(value).map_err(|err| format!("--param {setting}: {err}"))
}

/// The table as `ferrochamp params` prints it: a header, then one line each of
/// name, current value, default, min, max and step.
#[must_use]
pub fn table() -> String {
    let mut out = String::from("name value default min max step\n");
    for t in ALL {
        out.push_str(&format!("{} {} {} {} {} {}\n", t.name, t.get(), t.default, t.min, t.max, t.step));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_within_their_bounds_and_names_are_unique() {
        for t in ALL {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.step > 0 && t.step <= t.max - t.min, "{}", t.name);
            assert_eq!(ALL.iter().filter(|u| u.name.eq_ignore_ascii_case(t.name)).count(), 1, "{}", t.name);
        }
    }

    #[test]
    fn bad_settings_are_refused_and_change_nothing() {
        // Only refused settings here: tests run in parallel and share the statics.
        for bad in ["RfpMargin", "RfpMargin=", "RfpMargin=abc", "RfpMargin=1000", "NoSuchParam=3", "=5"] {
            let err = apply(bad).expect_err(bad);
            assert!(err.starts_with("--param"), "{err}");
        }
        assert_eq!(RFP_MARGIN.get(), RFP_MARGIN.default);
    }

    #[test]
    fn reduction_adjustments_stay_near_a_ply() {
        // About one ply each, in LMR_UNITs, with room for a tuner to double it.
        let unit = crate::search::params::LMR_UNIT;
        for t in [&LMR_PV_NODE, &LMR_NOT_IMPROVING, &LMR_CUT_NODE, &LMR_GIVES_CHECK, &LMR_TT_CAPTURE, &LMR_REFUTATION] {
            assert!((unit * 3 / 4..=unit * 5 / 4).contains(&t.default), "{}", t.name);
            assert!(t.max >= 2 * t.default, "{}: a tuner may double it", t.name);
        }
    }

    #[test]
    fn a_private_tunable_takes_values_in_range() {
        let t = Tunable::new("Test", 5, (0, 10), 1);
        assert!(t.set(11).is_err());
        assert_eq!(t.get(), 5);
        t.set(7).expect("in range");
        assert_eq!(t.get(), 7);
    }

    #[test]
    fn the_table_lists_every_tunable() {
        let table = table();
        assert_eq!(table.lines().count(), ALL.len() + 1);
        assert!(table.contains("RfpMargin 74 74 30 150 8"));
    }
}
