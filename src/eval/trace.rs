//! Recording what the evaluation computed, at no cost when nobody asks.
//!
//! Every evaluation function is generic over a [`Tracer`]. Search uses
//! [`NoTrace`], whose methods are empty and inlined away, so the monomorphised
//! code is the plain evaluation. The `eval` command and the tuner use
//! [`EvalTrace`], which keeps the score of every term for both colours and the
//! coefficient of every weight, so the report and the tuner see exactly the
//! code the search runs.
//!
//! The tracer is also where the evaluation reads its weights (`Tracer::weight`):
//! every tracer returns the compiled constant, except [`Styled`], which reads a
//! play style's run-time vector and passes the recording on to another tracer.

use crate::board::Color;

use super::endgame::complexity_adjustment;
use super::king::danger_penalty;
use super::layout::{self, Kind};
use super::score::S;

/// The rows of the `eval` report: one group of terms each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// The value of the pieces on the board (`MATERIAL`).
    Material,
    /// The piece-square bonuses (`PST`).
    Psqt,
    /// Bonuses by the number of squares each knight, bishop, rook and queen reaches.
    Mobility,
    /// Pawn structure: doubled, isolated, backward, connected and candidate pawns.
    Pawns,
    /// Passed pawns: rank, path to promotion, king distances, rooks behind.
    Passed,
    /// Piece placement beyond the tables: bishop pair, outposts, rook files, trapped pieces,
    /// knights and rooks by how closed the pawns are, minors by their king, exposed queens.
    Pieces,
    /// The king-danger penalty, pawn shelter and storm, open files by the king.
    KingSafety,
    /// Pieces attacked by cheaper ones, hanging pieces, threatening pawn pushes,
    /// safe squares from which to hit the enemy queen.
    Threats,
    /// Driving a bare king to the edge and the kings together (to the bishop's corner in KBNK).
    Mopup,
    /// The bonus for having the move; counted for the side to move only.
    Tempo,
    /// The endgame half moved towards or away from zero by how winnable the
    /// position is (pawn count and wings); counted under White only.
    Complexity,
}

impl Term {
    /// The number of terms; a term's discriminant is its index below it.
    pub const COUNT: usize = 11;

    /// Every term, in the order of the report's rows.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::Psqt,
        Term::Mobility,
        Term::Pawns,
        Term::Passed,
        Term::Pieces,
        Term::KingSafety,
        Term::Threats,
        Term::Mopup,
        Term::Tempo,
        Term::Complexity,
    ];

    /// The term's label in the `eval` report.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Psqt => "Piece squares",
            Term::Mobility => "Mobility",
            Term::Pawns => "Pawns",
            Term::Passed => "Passed pawns",
            Term::Pieces => "Pieces",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::Mopup => "Mop-up",
            Term::Tempo => "Tempo",
            Term::Complexity => "Complexity",
        }
    }
}

/// What the evaluation tells an observer. Every method defaults to doing nothing.
pub trait Tracer {
    /// False for [`NoTrace`]: lets the evaluation use caches (the pawn hash)
    /// whose hits would skip the recording.
    const ENABLED: bool;

    /// The weight at flat index `index`; `compiled` is its value in `params.rs`.
    /// Every tracer but [`Styled`] returns `compiled`, so the evaluation reads the
    /// constants straight in and compiles to the code it had before styles.
    #[inline(always)]
    fn weight(&self, _index: usize, compiled: S) -> S {
        compiled
    }

    /// `count` more uses of the weight at flat index `index` in `color`'s score.
    #[inline(always)]
    fn coeff(&mut self, _index: usize, _color: Color, _count: i32) {}

    /// The score a group of terms gave `color` (from `color`'s point of view).
    #[inline(always)]
    fn term(&mut self, _term: Term, _color: Color, _score: S) {}

    /// The king-danger units counted against `color`'s king (0 when inactive).
    #[inline(always)]
    fn danger(&mut self, _color: Color, _units: S) {}

    /// The phase, the endgame scale and the final White-relative centipawns.
    #[inline(always)]
    fn finish(&mut self, _phase: i32, _scale: i32, _white_cp: i32) {}
}

/// The tracer of the search: records nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
}

/// A tracer that reads its weights from a run-time vector (a play style) and
/// passes everything it is told on to `inner`. The search runs
/// `Styled<NoTrace>` for any style but the compiled one; the `eval` command
/// `Styled<EvalTrace>`. Keeping the weight source inside the tracer spares every
/// term function a second type parameter.
pub struct Styled<'w, T> {
    /// The flat weight vector, [`layout::idx::COUNT`] long.
    pub weights: &'w [S],
    /// The tracer that records what the evaluation reports.
    pub inner: T,
}

impl<T: Tracer> Tracer for Styled<'_, T> {
    const ENABLED: bool = T::ENABLED;

    #[inline(always)]
    fn weight(&self, index: usize, compiled: S) -> S {
        // A vector of the wrong length is refused where styles are built; the
        // fallback only keeps this free of panics.
        self.weights.get(index).copied().unwrap_or(compiled)
    }

    #[inline(always)]
    fn coeff(&mut self, index: usize, color: Color, count: i32) {
        self.inner.coeff(index, color, count);
    }

    #[inline(always)]
    fn term(&mut self, term: Term, color: Color, score: S) {
        self.inner.term(term, color, score);
    }

    #[inline(always)]
    fn danger(&mut self, color: Color, units: S) {
        self.inner.danger(color, units);
    }

    #[inline(always)]
    fn finish(&mut self, phase: i32, scale: i32, white_cp: i32) {
        self.inner.finish(phase, scale, white_cp);
    }
}

/// A full record of one evaluation.
#[derive(Clone, Debug)]
pub struct EvalTrace {
    /// Per weight: how many times it counted for White and for Black.
    pub coeffs: Vec<[i32; 2]>,
    /// Per [`Term`]: the score of White and of Black, each from its own side.
    pub terms: [[S; 2]; Term::COUNT],
    /// The king-danger units against White's and Black's king.
    pub danger: [S; 2],
    /// The game phase, 0 (endgame) ..= `PHASE_MAX` (middlegame).
    pub phase: i32,
    /// The endgame scale factor, out of `SCALE_NORMAL`; 0 for a dead draw.
    pub scale: i32,
    /// The final evaluation in centipawns from White's point of view.
    pub white_cp: i32,
}

impl Default for EvalTrace {
    fn default() -> Self {
        EvalTrace {
            coeffs: vec![[0; 2]; layout::idx::COUNT],
            terms: [[S::ZERO; 2]; Term::COUNT],
            danger: [S::ZERO; 2],
            phase: 0,
            scale: 0,
            white_cp: 0,
        }
    }
}

impl EvalTrace {
    /// The sum of all terms, White minus Black, before blending.
    #[must_use]
    pub fn total(&self) -> S {
        self.terms.iter().map(|[white, black]| *white - *black).sum()
    }

    /// The unblended score (White minus Black) this position would get with
    /// `weights` instead of the compiled ones, from the coefficients alone: what
    /// a tuner computes. Linear weights count straight in; king-danger weights
    /// are summed per king and go through [`danger_penalty`]; complexity weights
    /// are summed and move the endgame half by [`complexity_adjustment`]. Phase, scale and
    /// the final blend are left to the caller (`S::blend`). A short `weights`
    /// slice counts as zeros past its end.
    #[must_use]
    pub fn score_with(&self, weights: &[S]) -> S {
        let mut linear = S::ZERO;
        let mut danger = [S::ZERO; 2];
        let mut complexity = 0;
        for group in layout::GROUPS {
            let range = group.range();
            let Some(group_weights) = weights.get(range.clone()) else { break };
            for (&[white, black], &weight) in self.coeffs[range].iter().zip(group_weights) {
                match group.kind {
                    Kind::Linear => linear += weight * (white - black),
                    Kind::KingDanger => {
                        danger[0] += weight * white;
                        danger[1] += weight * black;
                    }
                    Kind::Complexity => complexity += weight.eg() * white,
                }
            }
        }
        let before = linear + danger_penalty(danger[0]) - danger_penalty(danger[1]);
        before + S(0, complexity_adjustment(before.eg(), complexity))
    }

    /// The weights with a nonzero coefficient: (index, white count, black count).
    pub fn nonzero_coeffs(&self) -> impl Iterator<Item = (usize, i32, i32)> + '_ {
        self.coeffs.iter().enumerate().filter(|(_, c)| c[0] != 0 || c[1] != 0).map(|(i, c)| (i, c[0], c[1]))
    }
}

impl Tracer for EvalTrace {
    const ENABLED: bool = true;

    fn coeff(&mut self, index: usize, color: Color, count: i32) {
        if let Some(slot) = self.coeffs.get_mut(index) {
            slot[color.index()] += count;
        }
    }

    fn term(&mut self, term: Term, color: Color, score: S) {
        self.terms[term as usize][color.index()] += score;
    }

    fn danger(&mut self, color: Color, units: S) {
        self.danger[color.index()] = units;
    }

    fn finish(&mut self, phase: i32, scale: i32, white_cp: i32) {
        self.phase = phase;
        self.scale = scale;
        self.white_cp = white_cp;
    }
}

/// `params::NAME`, `params::NAME[i]` or `params::NAME[i][j]` as the tracer's weight
/// source gives it, recording one use of that weight for `color` in the tracer.
/// Index expressions are evaluated once.
macro_rules! weight {
    ($t:expr, $color:expr, $name:ident) => {{
        let index = $crate::eval::layout::idx::$name;
        $t.coeff(index, $color, 1);
        $t.weight(index, $crate::eval::params::$name)
    }};
    ($t:expr, $color:expr, $name:ident[$i:expr]) => {{
        let i: usize = $i;
        let index = $crate::eval::layout::idx::$name + i;
        $t.coeff(index, $color, 1);
        $t.weight(index, $crate::eval::params::$name[i])
    }};
    ($t:expr, $color:expr, $name:ident[$i:expr][$j:expr]) => {{
        let (i, j): (usize, usize) = ($i, $j);
        let inner = $crate::eval::params::$name[0].len();
        let index = $crate::eval::layout::idx::$name + i * inner + j;
        $t.coeff(index, $color, 1);
        $t.weight(index, $crate::eval::params::$name[i][j])
    }};
}

/// `count` times a weight (`weight_n!(t, color, count, NAME)` or `NAME[i]`),
/// recording `count` uses of it.
macro_rules! weight_n {
    ($t:expr, $color:expr, $count:expr, $name:ident) => {{
        let count: i32 = $count;
        let index = $crate::eval::layout::idx::$name;
        $t.coeff(index, $color, count);
        $t.weight(index, $crate::eval::params::$name) * count
    }};
    ($t:expr, $color:expr, $count:expr, $name:ident[$i:expr]) => {{
        let (count, i): (i32, usize) = ($count, $i);
        let index = $crate::eval::layout::idx::$name + i;
        $t.coeff(index, $color, count);
        $t.weight(index, $crate::eval::params::$name[i]) * count
    }};
}

pub(crate) use {weight, weight_n};

/// The `eval` command's report, also reachable here as the API contract names it.
pub use super::report::eval_report;
