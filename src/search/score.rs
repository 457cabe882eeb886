//! Score conventions shared by the search and the transposition table.
//!
//! Scores are centipawns from the side to move. Mates are encoded as distances
//! from the root: `MATE - ply` for the side that mates at `ply`, `-(MATE - ply)`
//! for the side that is mated, so a shorter mate is always a better score.
//!
//! Just below the mates lies the tablebase band: a position the Syzygy tables
//! prove won, reached at `ply`, scores `TB_WIN - ply` (lost: the negation).
//! Such scores are "decisive" like mates: they move through the TT by ply the
//! same way and are kept out of the evaluation's business (pruning margins,
//! correction history). UCI shows them as `cp 20000 - distance`.
//!
//! Static evaluations stay within `eval::EVAL_LIMIT`, corrected ones within
//! that plus the correction history's limit: both far below this band
//! (asserted in `correction.rs`).

/// Deepest ply the search ever reaches (stack and PV tables are sized by it).
pub const MAX_PLY: usize = 128;
/// Deepest iteration ever started (leaves room below `MAX_PLY` for extensions).
pub const MAX_DEPTH: i32 = MAX_PLY as i32 - 1;
/// Greater than any real score: the initial window bounds.
pub const INFINITE: i32 = 32_000;
/// The score of mating at the root itself (never reached: mate needs a move).
pub const MATE: i32 = 31_000;
/// Any score at or beyond this magnitude is a forced mate.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root (never reached as such: a probe needs a move).
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Any score at or beyond this magnitude is a tablebase result or a mate.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// Tablebase scores are shown to the GUI as this many centipawns minus the distance.
const TB_SHOWN_CP: i32 = 20_000;
/// The score of a drawn position.
pub const DRAW: i32 = 0;

/// The score of the side to move being checkmated at `ply`.
#[inline]
#[must_use]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of the side to move mating at `ply`.
#[inline]
#[must_use]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a tablebase win for the side to move, reached at `ply`.
#[inline]
#[must_use]
pub const fn tb_win_in(ply: usize) -> i32 {
    TB_WIN - ply as i32
}

/// The score of a tablebase loss for the side to move, reached at `ply`.
#[inline]
#[must_use]
pub const fn tb_loss_in(ply: usize) -> i32 {
    -TB_WIN + ply as i32
}

/// True for scores that prove a forced mate for either side.
#[inline]
#[must_use]
pub const fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// True for scores that prove the result: mates and tablebase wins or losses.
#[inline]
#[must_use]
pub const fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_WIN_BOUND
}

/// A root score this far from even (about a queen, in centipawns) means the game
/// is decided in material. See [`is_lopsided`].
pub const LOPSIDED_SCORE: i32 = 1000;

/// True for a score at least [`LOPSIDED_SCORE`] from even, mates and tablebase
/// results included. Once the root's score is lopsided, the search stops the
/// pruning that trusts the static eval (razoring, reverse futility, null move,
/// futility): the moves that mate are quiet moves the static eval cannot value,
/// and measured against a bound set by a queen won elsewhere every one of them
/// was cut. What is left to find there is the mate, not the best material.
#[inline]
#[must_use]
pub const fn is_lopsided(score: i32) -> bool {
    score.abs() >= LOPSIDED_SCORE
}

/// Converts a root-relative mate or tablebase score to a node-relative one for
/// the TT: the table must not depend on how far from the root the node was reached.
#[inline]
#[must_use]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`] at the ply where the entry is read.
#[inline]
#[must_use]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Mate distance in moves as UCI prints it: positive when the side to move mates,
/// negative when it is mated; `None` for ordinary scores.
#[must_use]
pub const fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// `cp X` or `mate N` for an `info` line; a tablebase result shows as
/// `cp ±(20000 - distance)`, distance in plies from the root.
#[must_use]
pub fn uci_score(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) => format!("mate {moves}"),
        None if is_decisive(score) => {
            format!("cp {}", score.signum() * (TB_SHOWN_CP - (TB_WIN - score.abs())))
        }
        None => format!("cp {score}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::EVAL_LIMIT;

    #[test]
    fn mate_distances_print_in_moves() {
        assert_eq!(uci_score(mate_in(1)), "mate 1");
        assert_eq!(uci_score(mate_in(3)), "mate 2");
        assert_eq!(uci_score(mated_in(2)), "mate -1");
        assert_eq!(uci_score(mated_in(0)), "mate 0");
        assert_eq!(uci_score(-35), "cp -35");
    }

    #[test]
    fn tablebase_scores_sit_between_evals_and_mates() {
        assert!(tb_win_in(MAX_PLY) > EVAL_LIMIT);
        assert!(tb_win_in(0) < mate_in(MAX_PLY));
        assert!(is_decisive(tb_win_in(40)) && !is_mate_score(tb_win_in(40)));
        assert!(!is_decisive(EVAL_LIMIT));
        assert_eq!(uci_score(tb_win_in(7)), "cp 19993");
        assert_eq!(uci_score(tb_loss_in(12)), "cp -19988");
        assert_eq!(from_tt(to_tt(tb_win_in(9), 4), 4), tb_win_in(9));
        assert_eq!(to_tt(tb_loss_in(9), 4), tb_loss_in(5));
    }

    #[test]
    fn tt_conversion_round_trips() {
        for score in [mate_in(7), mated_in(4), 120, -3000] {
            assert_eq!(from_tt(to_tt(score, 5), 5), score);
        }
        // A mate found 3 plies below a node stored at ply 5 is a mate in 3 from that node.
        assert_eq!(to_tt(mate_in(8), 5), mate_in(3));
    }
}
