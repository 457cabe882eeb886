//! Turing's material value: the ratio of the two sides' material, with
//! checkmate above and below every ratio.

use std::cmp::Ordering;

use crate::board::{Color, PieceType, Position};
use crate::eval::EVAL_LIMIT;
use crate::search::score::{mate_in, mated_in};

/// Material in tenths of a pawn, so that the bishop's 3½ stays an integer:
/// P 1, N 3, B 3½, R 5, Q 10. The king's 1000 never enters the ratio: a side
/// that loses its king has been checkmated, which [`Value`] ranks apart.
#[must_use]
pub const fn piece_value(piece_type: PieceType) -> i64 {
    match piece_type {
        PieceType::Pawn => 10,
        PieceType::Knight => 30,
        PieceType::Bishop => 35,
        PieceType::Rook => 50,
        PieceType::Queen => 100,
        PieceType::King => 1000,
    }
}

/// The material of `color`, king excluded, in tenths of a pawn.
#[must_use]
pub fn material(pos: &Position, color: Color) -> i64 {
    [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
        .into_iter()
        .map(|pt| i64::from(pos.pieces(color, pt).count()) * piece_value(pt))
        .sum()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The machine's side is checkmated.
    Mated,
    /// No mate: the material ratio decides.
    Material,
    /// The machine's side checkmates.
    Mates,
}

/// The value of a position for the machine's side (the side to move at the
/// root): Turing's "value" is the ratio of its material to the opponent's.
///
/// Interpretations:
/// - the ratio is compared exactly (cross-multiplied integers), so "equal
///   value" — the condition under which position play decides — means equal
///   ratios, never "close floats";
/// - a side with no material left against no material (kings only, or
///   stalemate) counts as 1:1; material against none is above every finite ratio;
/// - checkmate is losing the king (worth 1000): above (or below) every ratio;
///   among mates the shorter one is better for the winner.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    outcome: Outcome,
    ours: i64,
    theirs: i64,
    /// Plies from the root where the mate happens (mates only).
    ply: usize,
}

impl Value {
    /// Below every other value: the sentinel a maximising node starts from.
    pub const WORST: Value = Value { outcome: Outcome::Mated, ours: 0, theirs: 0, ply: 0 };
    /// Above every other value.
    pub const BEST: Value = Value { outcome: Outcome::Mates, ours: 0, theirs: 0, ply: 0 };

    /// The material ratio of `pos` for `us`.
    #[must_use]
    pub fn of_material(pos: &Position, us: Color) -> Value {
        Value::ratio(material(pos, us), material(pos, us.flip()))
    }

    /// `ours : theirs`, both in tenths of a pawn.
    #[must_use]
    pub fn ratio(ours: i64, theirs: i64) -> Value {
        let (ours, theirs) = if ours == 0 && theirs == 0 { (1, 1) } else { (ours, theirs) };
        Value { outcome: Outcome::Material, ours, theirs, ply: 0 }
    }

    /// A draw (stalemate): equal material by definition.
    #[must_use]
    pub fn draw() -> Value {
        Value::ratio(1, 1)
    }

    /// The machine checkmates `ply` plies from the root.
    #[must_use]
    pub fn mates_at(ply: usize) -> Value {
        Value { outcome: Outcome::Mates, ours: 0, theirs: 0, ply }
    }

    /// The machine is checkmated `ply` plies from the root.
    #[must_use]
    pub fn mated_at(ply: usize) -> Value {
        Value { outcome: Outcome::Mated, ours: 0, theirs: 0, ply }
    }

    /// The value as a UCI score from the machine's side: `cp` is the material
    /// difference (not the ratio) in centipawns, `mate N` counts moves.
    #[must_use]
    pub fn uci_score(&self) -> String {
        match self.outcome {
            Outcome::Material => format!("cp {}", (self.ours - self.theirs) * 10),
            Outcome::Mates => format!("mate {}", self.ply.div_ceil(2).max(1)),
            Outcome::Mated => format!("mate -{}", self.ply / 2),
        }
    }

    /// The value as the main search would score it: the `cp` of [`Value::uci_score`],
    /// or a mate at its ply. What the `wdl` of `UCI_ShowWDL` is computed from.
    #[must_use]
    pub fn search_score(&self) -> i32 {
        match self.outcome {
            Outcome::Material => {
                let cp = ((self.ours - self.theirs) * 10).clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT));
                i32::try_from(cp).unwrap_or(0)
            }
            Outcome::Mates => mate_in(self.ply),
            Outcome::Mated => mated_in(self.ply),
        }
    }
}

impl Value {
    /// For reports: `ours:theirs` in pawns, or the mate.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.outcome {
            Outcome::Material => {
                let pawns = |tenths: i64| {
                    let text = format!("{:.1}", tenths as f64 / 10.0);
                    text.trim_end_matches(".0").to_string()
                };
                format!("{}:{}", pawns(self.ours), pawns(self.theirs))
            }
            _ => self.uci_score(),
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.outcome.cmp(&other.outcome).then_with(|| match self.outcome {
            // ours/theirs against other.ours/other.theirs, all non-negative.
            Outcome::Material => (self.ours * other.theirs).cmp(&(other.ours * self.theirs)),
            Outcome::Mates => other.ply.cmp(&self.ply),
            Outcome::Mated => self.ply.cmp(&other.ply),
        })
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_compare_exactly_and_mates_sit_outside() {
        assert_eq!(Value::ratio(390, 390), Value::ratio(10, 10));
        assert!(Value::ratio(400, 390) > Value::ratio(390, 390));
        // Trading when ahead raises the ratio: 10:5 < 8:3.
        assert!(Value::ratio(80, 30) > Value::ratio(100, 50));
        assert!(Value::ratio(10, 0) > Value::ratio(1000, 1));
        assert!(Value::mates_at(9) > Value::ratio(10, 0));
        assert!(Value::mates_at(1) > Value::mates_at(3));
        assert!(Value::mated_at(2) < Value::ratio(0, 390));
        assert!(Value::mated_at(4) > Value::mated_at(2));
        assert!(Value::WORST <= Value::mated_at(0) && Value::BEST >= Value::mates_at(0));
    }

    #[test]
    fn start_position_is_even_and_scores_as_uci() {
        let value = Value::of_material(&Position::startpos(), Color::White);
        assert_eq!(value, Value::draw());
        assert_eq!(value.uci_score(), "cp 0");
        assert_eq!(Value::mates_at(1).uci_score(), "mate 1");
        assert_eq!(Value::mated_at(2).uci_score(), "mate -1");
        assert_eq!(Value::ratio(385, 380).describe(), "38.5:38");
    }
}
