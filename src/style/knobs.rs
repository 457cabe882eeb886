//! The scaling knobs of a play style, and the one table saying which weight
//! groups each knob scales.

use crate::eval::layout::{Group, Kind, GROUPS};
use crate::eval::score::S;

/// A percentage that scales whole groups of weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// Piece values (`material`).
    Material,
    /// Mobility terms and space (`mobility`).
    Mobility,
    /// King danger (attackers, checks, weak squares), shelter, pawn storm, open files,
    /// defenders, distance from the pawns (`king_safety`).
    KingSafety,
    /// Doubled, isolated, backward, phalanx, supported and candidate pawns (`pawn_structure`).
    PawnStructure,
    /// Passed pawns (`passed_pawns`).
    PassedPawns,
    /// Pieces attacked by pawns, minors, rooks or the king; hanging pieces; pawn-push threats;
    /// restricted squares (`threats`).
    Threats,
}

/// The lowest percentage a style file or a UCI option may give.
pub const KNOB_MIN: u32 = 0;
/// The highest percentage a style file or a UCI option may give.
pub const KNOB_MAX: u32 = 200;
/// A knob's value when nothing sets it: the weights as compiled.
pub const KNOB_DEFAULT: u32 = 100;

/// THE mapping: every knob, its name in style files, its UCI option, and the
/// groups of `layout::GROUPS` it scales. Groups listed nowhere (piece squares,
/// tempo, piece terms, mop-up) are changed by naming weights only.
pub const KNOBS: [(Knob, &str, &str, &[&str]); 6] = [
    (Knob::Material, "material", "Style Material", &["MATERIAL"]),
    (
        Knob::Mobility,
        "mobility",
        "Style Mobility",
        &["MOBILITY_KNIGHT", "MOBILITY_BISHOP", "MOBILITY_ROOK", "MOBILITY_QUEEN", "SPACE"],
    ),
    (
        Knob::KingSafety,
        "king_safety",
        "Style King Safety",
        &[
            "KS_ATTACKER_WEIGHT",
            "KS_ZONE_ATTACKS",
            "KS_SAFE_CHECK",
            "KS_UNSAFE_CHECKS",
            "KS_WEAK_SQUARES",
            "KS_NO_QUEEN",
            "KS_OFFSET",
            "KING_SHELTER",
            "KING_STORM",
            "KING_OPEN_FILE",
            "KING_CENTRE_FILE",
            "KING_DEFENDERS",
            "KING_PAWN_FILE_DISTANCE",
            "PAWNLESS_FLANK",
        ],
    ),
    (
        Knob::PawnStructure,
        "pawn_structure",
        "Style Pawn Structure",
        &[
            "PAWN_DOUBLED",
            "PAWN_ISOLATED",
            "PAWN_BACKWARD",
            "PAWN_PHALANX",
            "PAWN_SUPPORTED",
            "PAWN_CANDIDATE",
            "PAWN_BLOCKED",
            "PAWN_ISOLATED_UNOPPOSED",
        ],
    ),
    (
        Knob::PassedPawns,
        "passed_pawns",
        "Style Passed Pawns",
        &[
            "PASSED_RANK",
            "PASSED_FREE_PATH",
            "PASSED_SAFE_PATH",
            "PASSED_SAFE_PUSH",
            "PASSED_KING_DIST_OWN",
            "PASSED_KING_DIST_ENEMY",
            "PASSED_FILE",
            "PASSED_UNSTOPPABLE",
            "PASSED_ROOK_BEHIND",
            "PASSED_ENEMY_ROOK_BEHIND",
        ],
    ),
    (
        Knob::Threats,
        "threats",
        "Style Threats",
        &[
            "THREAT_BY_PAWN",
            "THREAT_BY_MINOR",
            "THREAT_BY_ROOK",
            "THREAT_BY_KING",
            "HANGING",
            "THREAT_PAWN_PUSH",
            "KNIGHT_ON_QUEEN",
            "SLIDER_ON_QUEEN",
            "RESTRICTED",
        ],
    ),
];

impl Knob {
    /// The knob's key in a style file's `[knobs]` table.
    #[must_use]
    pub fn key(self) -> &'static str {
        KNOBS.iter().find(|row| row.0 == self).map_or("", |row| row.1)
    }

    /// The knob called `key` in a style file.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Knob> {
        KNOBS.iter().find(|row| row.1 == key).map(|row| row.0)
    }

    /// The groups this knob scales.
    #[must_use]
    pub fn groups(self) -> &'static [&'static str] {
        KNOBS.iter().find(|row| row.0 == self).map_or(&[], |row| row.3)
    }
}

/// One percentage per knob, in the order of [`KNOBS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs(pub [u32; KNOBS.len()]);

impl Default for Knobs {
    fn default() -> Self {
        Knobs([KNOB_DEFAULT; KNOBS.len()])
    }
}

impl Knobs {
    /// The knob's percentage (100 when it was never set).
    #[must_use]
    pub fn get(&self, knob: Knob) -> u32 {
        KNOBS.iter().position(|row| row.0 == knob).map_or(KNOB_DEFAULT, |i| self.0[i])
    }

    /// Sets the knob's percentage (the caller keeps it within `KNOB_MIN..=KNOB_MAX`).
    pub fn set(&mut self, knob: Knob, percent: u32) {
        if let Some(i) = KNOBS.iter().position(|row| row.0 == knob) {
            self.0[i] = percent;
        }
    }

    /// Both sets applied one after the other, as one percentage per knob.
    #[must_use]
    pub fn combined(&self, other: &Knobs) -> Knobs {
        let mut out = *self;
        for (mine, theirs) in out.0.iter_mut().zip(other.0) {
            *mine = *mine * theirs / 100;
        }
        out
    }

    /// `weights` (a full flat vector) with every knob's groups scaled.
    ///
    /// Linear weights are multiplied by the percentage. King-danger weights feed
    /// a middlegame penalty quadratic in their sum (`eval::danger_penalty`), so
    /// they are multiplied by the square root of the factor: the attack penalty
    /// then scales by the percentage itself (its mild endgame half, linear, by
    /// the root). Every unit, the offsets included, scales alike, so the point
    /// where an attack starts to count stays where it was.
    #[must_use]
    pub fn apply(&self, weights: &[S]) -> Vec<S> {
        let mut out = weights.to_vec();
        for (row, &percent) in KNOBS.iter().zip(&self.0) {
            if percent == KNOB_DEFAULT {
                continue;
            }
            let factor = f64::from(percent) / 100.0;
            for group in GROUPS.iter().filter(|g| row.3.contains(&g.name)) {
                let factor = if group.kind == Kind::KingDanger { factor.sqrt() } else { factor };
                scale_group(&mut out, group, factor);
            }
        }
        out
    }
}

fn scale_group(weights: &mut [S], group: &Group, factor: f64) {
    let scale = |v: i32| (f64::from(v) * factor).round() as i32;
    for weight in weights.iter_mut().skip(group.start).take(group.len) {
        *weight = S(scale(weight.0), scale(weight.1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::layout::{current, idx};

    #[test]
    fn every_listed_group_exists_once() {
        let mut seen = Vec::new();
        for row in KNOBS {
            for name in row.3 {
                assert!(GROUPS.iter().any(|g| g.name == *name), "{name} is not a group");
                assert!(!seen.contains(name), "{name} under two knobs");
                seen.push(name);
            }
        }
    }

    #[test]
    fn default_knobs_change_nothing_and_others_scale_their_groups() {
        let weights = current();
        assert_eq!(Knobs::default().apply(&weights), weights);
        let mut knobs = Knobs::default();
        knobs.set(Knob::Material, 200);
        knobs.set(Knob::KingSafety, 400);
        let scaled = knobs.apply(&weights);
        assert_eq!(scaled[idx::MATERIAL + 1], weights[idx::MATERIAL + 1] * 2);
        assert_eq!(scaled[idx::KS_OFFSET], weights[idx::KS_OFFSET] * 2, "danger units scale by the root");
        assert_eq!(scaled[idx::KING_SHELTER + 1], weights[idx::KING_SHELTER + 1] * 4);
        assert_eq!(scaled[idx::KING_DEFENDERS + 5], weights[idx::KING_DEFENDERS + 5] * 4);
        assert_eq!(scaled[idx::TEMPO], weights[idx::TEMPO]);
    }

    #[test]
    fn keys_round_trip() {
        for row in KNOBS {
            assert_eq!(Knob::from_key(row.1), Some(row.0));
            assert_eq!(row.0.key(), row.1);
        }
        assert_eq!(Knob::from_key("aggression"), None);
    }
}
