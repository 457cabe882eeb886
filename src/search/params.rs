//! Every tunable number of the search in one place: pruning margins and depth
//! limits as small functions, and the late-move-reduction table. The numbers a
//! tuner may change at startup live in `tunables.rs` and are read from there.
//!
//! Depths are in plies; margins in centipawns. Changing any of these changes the
//! `bench` signature.

use super::tunables;

/// Techniques that are switched on or off as a whole, so that a match can set
/// the version with one against the version without it: singular extensions
/// (~48 Elo) and razoring (~26 Elo) stay on (docs/results.md). ProbCut's
/// switch is the tunable `ProbCut` ([`probcut_enabled`]).
pub const RAZORING: bool = true;
pub const SINGULAR_EXTENSIONS: bool = true;

/// Aspiration windows start this wide around the previous iteration's score...
#[inline]
#[must_use]
pub fn aspiration_window() -> i32 {
    tunables::ASPIRATION_WINDOW.get()
}
/// ...from this depth on (shallower iterations are too unstable to aim at).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// Beyond this window half-width, aspiration gives up and opens the window fully.
pub const ASPIRATION_GIVE_UP: i32 = 1000;

/// The pruning that trusts the static eval stops in decided games
/// (`score::is_lopsided`) only once an iteration at least this deep has found
/// the game decided: the first iterations' scores swing (a depth-1 search may
/// count a queen won that a reply at depth 2 keeps), and a swing must not
/// change how an even game is searched.
pub const LOPSIDED_MIN_DEPTH: i32 = 6;

/// After a fail high or low the window's half-width grows by half.
#[inline]
#[must_use]
pub const fn widened_aspiration(delta: i32) -> i32 {
    delta + delta / 2
}

/// A TT score no longer cuts a node once the fifty-move counter reaches this
/// many half-moves: the stored score may ignore a draw that is coming.
pub const TT_CUTOFF_MAX_HALFMOVES: u32 = 90;

/// `eval` damped by the fifty-move counter: it loses `FiftyDamping` percent of
/// itself linearly over the hundred half-moves to the draw, so that an edge that
/// has led to no capture or pawn move for long counts for less.
#[inline]
#[must_use]
pub fn damp_by_fifty_move_counter(eval: i32, halfmoves: u32) -> i32 {
    match tunables::FIFTY_DAMPING.get() {
        0 => eval,
        percent => damped(eval, halfmoves, percent),
    }
}

/// `eval` less `percent` of itself at a hundred half-moves, proportionally before;
/// positions set up beyond the draw are damped as at the draw.
fn damped(eval: i32, halfmoves: u32, percent: i32) -> i32 {
    let halfmoves = i32::try_from(halfmoves.min(100)).unwrap_or(100);
    eval * (10_000 - percent * halfmoves) / 10_000
}

/// Late quiet root moves (from this index after the PV move on) are first
/// searched shallower (by the late move reduction table), from `LMR_MIN_DEPTH` on.
pub const ROOT_LATE_MOVE_INDEX: usize = 3;

/// Reverse futility pruning (static null move) applies up to this depth.
pub const RFP_MAX_DEPTH: i32 = 8;

/// How far the static eval may sit above beta and still be searched.
#[inline]
#[must_use]
pub fn rfp_margin(depth: i32, improving: bool) -> i32 {
    tunables::RFP_MARGIN.get() * depth - if improving { tunables::RFP_IMPROVING.get() } else { 0 }
}

/// Razoring: at shallow depth, an eval this far below alpha goes straight to quiescence.
pub const RAZOR_MAX_DEPTH: i32 = 3;

#[inline]
#[must_use]
pub fn razor_margin(depth: i32) -> i32 {
    tunables::RAZOR_BASE.get() + tunables::RAZOR_DEPTH.get() * depth
}

/// Null-move pruning needs at least this much depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// From this depth on, a null-move cut-off is verified by a reduced normal search.
#[inline]
#[must_use]
pub fn nmp_verify_depth() -> i32 {
    tunables::NMP_VERIFY_DEPTH.get()
}
/// Null moves need at least this many pieces besides pawns and king: with fewer,
/// zugzwang is common (pawn-only endings included).
pub const NMP_MIN_PIECES: u32 = 2;

/// While verifying a null-move cut-off, no null move is tried for this many
/// plies below the node (three quarters of the reduced depth).
#[inline]
#[must_use]
pub const fn nmp_verification_plies(reduced_depth: i32) -> usize {
    let plies = 3 * reduced_depth / 4;
    if plies > 0 {
        plies as usize
    } else {
        0
    }
}

/// Null-move reduction: grows with depth and with how far eval exceeds beta.
/// 4 + depth/3 + min((eval - beta)/100, 6), close to Stockfish 15.1's in our
/// centipawns, beat 3 + depth/3 + min((eval - beta)/200, 3) by +16 Elo; the SPSA
/// run then took the divisors to depth/2 and 86 (docs/results.md, self-play tests).
#[inline]
#[must_use]
pub fn nmp_reduction(depth: i32, eval_above_beta: i32) -> i32 {
    let margin_bonus = eval_above_beta / tunables::NMP_EVAL_DIVISOR.get();
    tunables::NMP_BASE.get()
        + depth / tunables::NMP_DEPTH_DIVISOR.get()
        + margin_bonus.min(tunables::NMP_EVAL_CAP.get())
}

/// ProbCut: at this depth or more, a capture that beats beta by the margin in a
/// search 4 plies shallower is trusted to beat beta at full depth.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
pub const PROBCUT_REDUCTION: i32 = 4;
/// A TT entry at most this many plies shallower than the node, with a score
/// below the ProbCut bound, already says the margin will not be reached.
pub const PROBCUT_TT_DEPTH_MARGIN: i32 = 3;

/// Is ProbCut on (the tunable `ProbCut`)?
#[inline]
#[must_use]
pub fn probcut_enabled() -> bool {
    tunables::PROBCUT.get() != 0
}

/// How far above beta a capture's shallow search must score for ProbCut to
/// trust it: less when the side to move is improving, as for reverse futility.
#[inline]
#[must_use]
pub fn probcut_margin(improving: bool) -> i32 {
    tunables::PROBCUT_MARGIN.get() - tunables::PROBCUT_IMPROVING.get() * i32::from(improving)
}

/// Singular extensions: from this depth, a TT move that is much better than every
/// alternative (searched at half depth, excluding it) is extended by a ply.
#[inline]
#[must_use]
pub fn singular_min_depth() -> i32 {
    tunables::SINGULAR_MIN_DEPTH.get()
}
/// The TT entry must be at most this many plies shallower than the node.
pub const SINGULAR_TT_DEPTH_MARGIN: i32 = 3;

/// The depth of the search without the TT move: about half the node's.
#[inline]
#[must_use]
pub const fn singular_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

/// Singular extensions stop beyond this ply, so that extensions cannot run away
/// in long forcing lines: twice the iteration's depth.
#[inline]
#[must_use]
pub const fn singular_max_ply(root_depth: i32) -> usize {
    2 * if root_depth > 1 { root_depth as usize } else { 1 }
}

/// A singular search this far below its bound extends the TT move by two plies.
#[inline]
#[must_use]
pub fn double_extension_margin() -> i32 {
    tunables::DOUBLE_EXTENSION.get()
}

/// How far below the TT score the alternatives must stay for the TT move to be singular.
#[inline]
#[must_use]
pub fn singular_margin(depth: i32) -> i32 {
    tunables::SINGULAR_MARGIN.get() * depth
}

/// Internal iterative reduction: nodes without a TT move at this depth or more are searched shallower (`iir_reduction`).
#[inline]
#[must_use]
pub fn iir_min_depth() -> i32 {
    tunables::IIR_MIN_DEPTH.get()
}

/// Cut nodes from this depth on lose two plies to internal iterative reduction, as PV nodes do.
pub const IIR_TWO_PLY_CUT_DEPTH: i32 = 8;

/// Plies internal iterative reduction takes off a node without a TT move: two at
/// PV nodes and deep cut nodes (their move ordering matters most and a second
/// ply fills the TT sooner; Stockfish 15.1 takes three and two), else one.
#[inline]
#[must_use]
pub const fn iir_reduction(depth: i32, pv_node: bool) -> i32 {
    if pv_node || depth >= IIR_TWO_PLY_CUT_DEPTH {
        2
    } else {
        1
    }
}

/// Futility pruning of quiet moves applies while the reduced depth is at most this.
pub const FUTILITY_MAX_DEPTH: i32 = 8;

/// Eval plus this margin must reach alpha for a late quiet move to be searched.
#[inline]
#[must_use]
pub fn futility_margin(depth: i32) -> i32 {
    tunables::FUTILITY_BASE.get() + tunables::FUTILITY_DEPTH.get() * depth
}

/// The most one quiet move's static eval change moves its history entry.
pub const EVAL_CHANGE_MAX_BONUS: i32 = 2000;

/// The butterfly-history bonus of a quiet move from the static evals before it
/// (`previous`, from the mover's view) and after it (`current`, from the
/// opponent's view): `EvalDiffHistory` points per centipawn gained, counted
/// from `EvalDiffOffset`, within ±[`EVAL_CHANGE_MAX_BONUS`]; 0 when turned off.
#[inline]
#[must_use]
pub fn eval_change_bonus(previous: i32, current: i32) -> i32 {
    change_bonus(previous, current, tunables::EVAL_DIFF_HISTORY.get(), tunables::EVAL_DIFF_OFFSET.get())
}

fn change_bonus(previous: i32, current: i32, points_per_cp: i32, offset: i32) -> i32 {
    let gained = offset - (previous + current);
    (points_per_cp * gained).clamp(-EVAL_CHANGE_MAX_BONUS, EVAL_CHANGE_MAX_BONUS)
}

/// Late move pruning applies up to this depth.
pub const LMP_MAX_DEPTH: i32 = 8;

/// How many quiet moves are searched before the rest are skipped.
#[inline]
#[must_use]
pub fn lmp_threshold(depth: i32, improving: bool) -> usize {
    let base = tunables::LMP_BASE.get() + depth * depth;
    usize::try_from(if improving { base } else { base / 2 }).unwrap_or(0)
}

/// SEE pruning applies up to this depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;

/// A quiet move losing more than this (SEE) at `depth` is skipped.
#[inline]
#[must_use]
pub fn see_quiet_threshold(depth: i32) -> i32 {
    tunables::SEE_QUIET.get() * depth
}

/// A capture losing more than this (SEE) at `depth` is skipped.
#[inline]
#[must_use]
pub fn see_capture_threshold(depth: i32) -> i32 {
    tunables::SEE_CAPTURE.get() * depth * depth
}

/// Quiescence delta pruning: a capture that cannot lift eval to alpha even with this extra is skipped.
#[inline]
#[must_use]
pub fn delta_margin() -> i32 {
    tunables::DELTA_MARGIN.get()
}

/// The history bonus for a cut-off at `depth`: about depth squared, bounded so that
/// one deep cut-off cannot swamp the table.
#[inline]
#[must_use]
pub fn history_bonus(depth: i32) -> i32 {
    let quadratic = tunables::HISTORY_QUADRATIC.get();
    let bonus = quadratic * depth * depth + tunables::HISTORY_LINEAR.get() * depth + quadratic;
    bonus.min(tunables::HISTORY_MAX_BONUS.get())
}

/// Late move reductions start after this many moves (one more at PV nodes)...
#[inline]
#[must_use]
pub fn lmr_min_moves() -> usize {
    usize::try_from(tunables::LMR_MIN_MOVES.get()).unwrap_or(0)
}
/// ...at this depth or more.
pub const LMR_MIN_DEPTH: i32 = 3;
/// History score worth one ply of reduction, up or down.
#[inline]
#[must_use]
pub fn lmr_history_divisor() -> i32 {
    tunables::LMR_HISTORY_DIVISOR.get()
}

/// The unit of a late move's reduction while it is summed: 1024ths of a ply,
/// so that each adjustment may be a fraction of a ply (the sum is truncated).
pub const LMR_UNIT: i32 = 1024;

/// The adjustments to a late move's base reduction, in [`LMR_UNIT`]s.
pub struct LmrAdjustments {
    /// Less at PV nodes.
    pub pv_node: i32,
    /// More when the static eval is not improving.
    pub not_improving: i32,
    /// More at an expected cut node.
    pub cut_node: i32,
    /// Less for a checking move.
    pub gives_check: i32,
    /// More for a quiet move when the TT move is a capture.
    pub tt_capture: i32,
    /// Less for a killer or the counter move.
    pub refutation: i32,
}

impl LmrAdjustments {
    /// The adjustments as the tunables set them now.
    #[inline]
    #[must_use]
    pub fn current() -> LmrAdjustments {
        LmrAdjustments {
            pv_node: tunables::LMR_PV_NODE.get(),
            not_improving: tunables::LMR_NOT_IMPROVING.get(),
            cut_node: tunables::LMR_CUT_NODE.get(),
            gives_check: tunables::LMR_GIVES_CHECK.get(),
            tt_capture: tunables::LMR_TT_CAPTURE.get(),
            refutation: tunables::LMR_REFUTATION.get(),
        }
    }
}

/// Extra plies of reduction for the late moves of a node another thread is
/// inside (Lazy SMP node claims; 0: no claims are taken at all).
#[inline]
#[must_use]
pub fn busy_node_reduction() -> i32 {
    tunables::BUSY_NODE_REDUCTION.get()
}

/// The largest reduction at `depth`: the reduced search never drops into
/// quiescence (and a reduction is never negative, an extension).
#[inline]
#[must_use]
pub const fn lmr_max_reduction(depth: i32) -> i32 {
    if depth > 2 {
        depth - 2
    } else {
        0
    }
}

/// A reduced move that beats the best score by more than this is re-searched
/// a ply deeper than planned (`new_depth`: the re-search's planned depth).
#[inline]
#[must_use]
pub fn deeper_margin(new_depth: i32) -> i32 {
    tunables::DEEPER_BASE.get() + tunables::DEEPER_DEPTH.get() * new_depth
}

/// Capture ordering (MVV-LVA with capture history): the victim's SEE value
/// times this...
pub const MVV_WEIGHT: i32 = 16;
/// ...minus the attacker's SEE value divided by this (only a tie-breaker)...
pub const LVA_DIVISOR: i32 = 100;
/// ...plus the capture history divided by this.
pub const CAPTURE_HISTORY_DIVISOR: i32 = 16;

const LMR_SIZE: usize = 64;

/// Base reductions by depth and move number: `a + ln(depth) * ln(moves) / b`,
/// separately for quiet moves and captures (which are reduced less).
pub struct LmrTable {
    quiet: [[u16; LMR_SIZE]; LMR_SIZE],
    noisy: [[u16; LMR_SIZE]; LMR_SIZE],
}

impl LmrTable {
    /// The tunables [`LmrTable::new`] reads: each search thread builds its
    /// table once, so a change to one of them takes new threads to be seen.
    pub const INPUTS: [&'static tunables::Tunable; 4] = [
        &tunables::LMR_QUIET_BASE,
        &tunables::LMR_QUIET_DIVISOR,
        &tunables::LMR_NOISY_BASE,
        &tunables::LMR_NOISY_DIVISOR,
    ];

    /// The table from the current tunables (in hundredths: a base of 80 is 0.8 plies).
    #[must_use]
    pub fn new() -> LmrTable {
        let hundredths = |t: &tunables::Tunable| f64::from(t.get()) / 100.0;
        let quiet = (hundredths(&tunables::LMR_QUIET_BASE), hundredths(&tunables::LMR_QUIET_DIVISOR));
        let noisy = (hundredths(&tunables::LMR_NOISY_BASE), hundredths(&tunables::LMR_NOISY_DIVISOR));
        let mut table = LmrTable { quiet: [[0; LMR_SIZE]; LMR_SIZE], noisy: [[0; LMR_SIZE]; LMR_SIZE] };
        for depth in 1..LMR_SIZE {
            for moves in 1..LMR_SIZE {
                let log_product = (depth as f64).ln() * (moves as f64).ln();
                table.quiet[depth][moves] = Self::to_units(quiet.0 + log_product / quiet.1);
                table.noisy[depth][moves] = Self::to_units(noisy.0 + log_product / noisy.1);
            }
        }
        table
    }

    fn to_units(reduction: f64) -> u16 {
        // Kept to the 1024th: the adjustments and the history add fractions to
        // it, and only the sum is truncated to whole plies. Never negative.
        (reduction.clamp(0.0, 63.0) * f64::from(LMR_UNIT)).round() as u16
    }

    /// The base reduction of the `moves`-th move (1-based) at `depth`, in [`LMR_UNIT`]s.
    #[inline]
    #[must_use]
    pub fn reduction(&self, depth: i32, moves: usize, quiet: bool) -> i32 {
        let depth = (depth.max(0) as usize).min(LMR_SIZE - 1);
        let moves = moves.min(LMR_SIZE - 1);
        let table = if quiet { &self.quiet } else { &self.noisy };
        i32::from(table[depth][moves])
    }

    /// The base reduction in whole plies (truncated).
    #[inline]
    #[must_use]
    pub fn reduction_plies(&self, depth: i32, moves: usize, quiet: bool) -> i32 {
        self.reduction(depth, moves, quiet) / LMR_UNIT
    }
}

impl Default for LmrTable {
    fn default() -> Self {
        LmrTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fifty_move_damping_grows_with_the_counter_and_stops_at_the_draw() {
        assert_eq!(damped(300, 0, 50), 300);
        assert_eq!(damped(300, 40, 50), 240);
        assert_eq!(damped(-300, 100, 50), -150);
        assert_eq!(damped(300, u32::MAX, 50), 150);
        // The formula FiftyDamping was first measured with (81aa15e, 2026-11-27),
        // eval * (200 - halfmoves) / 200, to the centipawn.
        for (eval, halfmoves) in [(137, 13), (-251, 77), (19, 99), (-3, 1)] {
            assert_eq!(damped(eval, halfmoves, 50), eval * (200 - halfmoves as i32) / 200);
        }
    }

    #[test]
    fn a_quiet_move_that_raises_the_eval_earns_history() {
        // The mover stood at +30 and now the opponent stands at -80: +50 for the mover.
        assert_eq!(change_bonus(30, -80, 16, 0), 800);
        assert_eq!(change_bonus(30, 20, 16, 0), -800);
        assert_eq!(change_bonus(30, -30, 16, 0), 0);
        // The offset counts a move that kept the eval as a gain of that much.
        assert_eq!(change_bonus(30, -30, 16, 24), 384);
        // Capped both ways, and nothing at all when turned off.
        assert_eq!(change_bonus(0, -900, 16, 0), EVAL_CHANGE_MAX_BONUS);
        assert_eq!(change_bonus(0, 900, 16, 0), -EVAL_CHANGE_MAX_BONUS);
        assert_eq!(change_bonus(30, -80, 0, 24), 0);
    }

    #[test]
    fn lmr_grows_with_depth_and_move_number() {
        let table = LmrTable::new();
        assert_eq!(table.reduction_plies(1, 1, true), 0);
        assert_eq!(table.reduction_plies(10, 20, true), table.reduction(10, 20, true) / LMR_UNIT);
        assert!(table.reduction(10, 20, true) >= table.reduction(5, 20, true));
        assert!(table.reduction(10, 40, true) >= table.reduction(10, 5, true));
        assert!(table.reduction(20, 40, true) > table.reduction(20, 40, false));
        assert!(table.reduction_plies(20, 40, true) >= 3);
        // Out-of-range arguments are clamped, not a panic.
        assert_eq!(table.reduction(500, 500, true), table.reduction(63, 63, true));
    }

    #[test]
    fn margins_are_monotonic() {
        assert!(rfp_margin(3, false) > rfp_margin(2, false));
        assert!(rfp_margin(3, true) < rfp_margin(3, false));
        assert!(lmp_threshold(4, true) > lmp_threshold(4, false));
        assert!(history_bonus(30) == 1589 && history_bonus(1) < history_bonus(2));
        assert_eq!(nmp_reduction(9, 0), 8);
        assert_eq!(nmp_reduction(9, 10_000), 14, "the eval bonus is capped");
    }
}
