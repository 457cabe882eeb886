//! The packed score type: a middlegame and an endgame value carried together
//! through every term, blended once at the end by the game phase.

use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A pair of centipawn values `(middlegame, endgame)`.
///
/// Two plain `i32`s rather than one packed integer: the compiler keeps the pair
/// in registers either way, and plain fields can never overflow into each other,
/// which matters for the tuner's arbitrary weights and the trace's sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct S(pub i32, pub i32);

/// Builds a score; `const` so that parameter tables can be written as `s(12, -3)`.
#[inline]
#[must_use]
pub const fn s(mg: i32, eg: i32) -> S {
    S(mg, eg)
}

impl S {
    /// Zero in both halves.
    pub const ZERO: S = S(0, 0);

    /// The middlegame half, in centipawns.
    #[inline]
    #[must_use]
    pub const fn mg(self) -> i32 {
        self.0
    }

    /// The endgame half, in centipawns.
    #[inline]
    #[must_use]
    pub const fn eg(self) -> i32 {
        self.1
    }

    /// The blend of both halves by `phase` (see [`phase`]), with the endgame half
    /// first scaled by `scale / SCALE_NORMAL` (drawish material, opposite bishops).
    ///
    /// A scale of 0 marks a dead draw (no mating material): both halves vanish,
    /// since even the small middlegame share would make the search prefer it.
    ///
    /// Division truncates towards zero, so `x.blend(..) == -(-x).blend(..)`:
    /// the evaluation stays exactly symmetric between the colours.
    #[inline]
    #[must_use]
    pub const fn blend(self, phase: i32, scale: i32) -> i32 {
        if scale == 0 {
            return 0;
        }
        let eg = self.1 * scale / SCALE_NORMAL;
        (self.0 * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

/// The phase of a position with all the starting pieces (pure middlegame).
pub const PHASE_MAX: i32 = 256;

/// The endgame scale factor that leaves the endgame half unchanged.
pub const SCALE_NORMAL: i32 = 128;

/// Phase units a piece type contributes: pawn, knight, bishop, rook, queen, king.
pub const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The sum of [`PHASE_WEIGHTS`] over the starting pieces.
const PHASE_TOTAL: i32 = 24;

/// The game phase from counts of non-pawn pieces, both colours together,
/// indexed by piece type: `PHASE_MAX` with all the starting pieces, 0 with none.
/// Extra pieces from promotions are clamped so the phase stays in range.
#[inline]
#[must_use]
pub const fn phase(piece_counts: [i32; 6]) -> i32 {
    let mut units = 0;
    let mut pt = 0;
    while pt < 6 {
        units += piece_counts[pt] * PHASE_WEIGHTS[pt];
        pt += 1;
    }
    if units > PHASE_TOTAL {
        units = PHASE_TOTAL;
    }
    (units * PHASE_MAX + PHASE_TOTAL / 2) / PHASE_TOTAL
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        self.0 += rhs.0;
        self.1 += rhs.1;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        self.0 -= rhs.0;
        self.1 -= rhs.1;
    }
}

impl Sum for S {
    fn sum<I: Iterator<Item = S>>(iter: I) -> S {
        iter.fold(S::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a S> for S {
    fn sum<I: Iterator<Item = &'a S>>(iter: I) -> S {
        iter.copied().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_works_on_both_halves() {
        let a = s(10, -4);
        let b = s(3, 7);
        assert_eq!(a + b, s(13, 3));
        assert_eq!(a - b, s(7, -11));
        assert_eq!(-a, s(-10, 4));
        assert_eq!(a * 3, s(30, -12));
        let mut c = a;
        c += b;
        c -= s(1, 1);
        assert_eq!(c, s(12, 2));
        assert_eq!([a, b, b].iter().sum::<S>(), s(16, 10));
    }

    #[test]
    fn phase_spans_full_range() {
        assert_eq!(phase([16, 4, 4, 4, 2, 2]), PHASE_MAX);
        assert_eq!(phase([16, 0, 0, 0, 0, 2]), 0);
        // Promotions must not push the phase past the maximum.
        assert_eq!(phase([0, 4, 4, 4, 9, 2]), PHASE_MAX);
        // One rook each: 4 of 24 units.
        assert_eq!(phase([0, 0, 0, 2, 0, 2]), (4 * 256 + 12) / 24);
    }

    #[test]
    fn blend_interpolates_and_is_odd() {
        let x = s(100, 20);
        assert_eq!(x.blend(PHASE_MAX, SCALE_NORMAL), 100);
        assert_eq!(x.blend(0, SCALE_NORMAL), 20);
        assert_eq!(x.blend(128, SCALE_NORMAL), 60);
        assert_eq!(x.blend(0, SCALE_NORMAL / 2), 10);
        assert_eq!(x.blend(PHASE_MAX, 0), 0);
        for phase in 0..=PHASE_MAX {
            let y = s(37, -91);
            assert_eq!(y.blend(phase, 77), -(-y).blend(phase, 77));
        }
    }
}
