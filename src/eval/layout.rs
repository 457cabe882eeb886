//! The parameters seen as one flat vector, for the tuner.
//!
//! `params.rs` holds named tables; this module lists them in file order, gives
//! each table's first index in the vector (`idx::NAME`), and reads or rewrites
//! the `s(mg, eg)` literals of the parameters file's text. The evaluation records
//! its coefficients under the same indices through the `weight!` macro, so the
//! tuner's view and the evaluation's reads cannot drift apart.

use std::ops::Range;

use super::params;
use super::score::S;

/// How a group of weights enters the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Added straight into the side's score: coefficient times weight.
    Linear,
    /// Summed into the king-danger units of the side whose king is attacked,
    /// then turned into a penalty by `king::danger_penalty` (not linear).
    KingDanger,
    /// Summed (White's slot only: the term belongs to the position) into the
    /// complexity units, which move the endgame half towards or away from zero
    /// by `endgame::complexity_adjustment` (not linear; endgame halves only).
    Complexity,
}

/// One named table of the parameters file.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// The table's name in `params.rs`, e.g. `MOBILITY_ROOK`.
    pub name: &'static str,
    /// The index of the table's first weight in the flat vector.
    pub start: usize,
    /// The number of weights in the table (1 for a scalar).
    pub len: usize,
    /// How the table's weights enter the evaluation.
    pub kind: Kind,
}

impl Group {
    /// The table's indices in the flat vector.
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.len
    }
}

/// The number of `S` weights in a table (a scalar `S`, `[S; N]` or `[[S; N]; M]`).
const fn weight_count<T>(_table: &T) -> usize {
    std::mem::size_of::<T>() / std::mem::size_of::<S>()
}

/// Appends the weights of a table to a vector in index order.
trait Flatten {
    fn flatten_into(&self, out: &mut Vec<S>);
}

impl Flatten for S {
    fn flatten_into(&self, out: &mut Vec<S>) {
        out.push(*self);
    }
}

impl<T: Flatten, const N: usize> Flatten for [T; N] {
    fn flatten_into(&self, out: &mut Vec<S>) {
        for item in self {
            item.flatten_into(out);
        }
    }
}

macro_rules! layout {
    ($($name:ident : $kind:ident),* $(,)?) => {
        /// The first index of each table in the flat vector, and `COUNT`.
        pub mod idx {
            use super::{params, weight_count};
            layout!(@offsets 0usize; $($name),*);
        }

        /// Every table of the parameters file, in file order.
        pub const GROUPS: &[Group] = &[
            $(Group {
                name: stringify!($name),
                start: idx::$name,
                len: weight_count(&params::$name),
                kind: Kind::$kind,
            }),*
        ];

        /// The weights compiled into the engine, as one vector.
        #[must_use]
        pub fn current() -> Vec<S> {
            let mut out = Vec::with_capacity(idx::COUNT);
            $(params::$name.flatten_into(&mut out);)*
            out
        }
    };
    (@offsets $start:expr; $first:ident $(, $rest:ident)*) => {
        /// The index of this table's first weight in the flat vector.
        pub const $first: usize = $start;
        layout!(@offsets $first + weight_count(&params::$first); $($rest),*);
    };
    (@offsets $start:expr;) => {
        /// The number of weights in all.
        pub const COUNT: usize = $start;
    };
}

layout! {
    MATERIAL: Linear,
    PST: Linear,
    TEMPO: Linear,
    MOBILITY_KNIGHT: Linear,
    MOBILITY_BISHOP: Linear,
    MOBILITY_ROOK: Linear,
    MOBILITY_QUEEN: Linear,
    PAWN_DOUBLED: Linear,
    PAWN_ISOLATED: Linear,
    PAWN_BACKWARD: Linear,
    PAWN_PHALANX: Linear,
    PAWN_SUPPORTED: Linear,
    PAWN_CANDIDATE: Linear,
    PAWN_BLOCKED: Linear,
    PAWN_ISOLATED_UNOPPOSED: Linear,
    PASSED_RANK: Linear,
    PASSED_FREE_PATH: Linear,
    PASSED_SAFE_PATH: Linear,
    PASSED_SAFE_PUSH: Linear,
    PASSED_KING_DIST_OWN: Linear,
    PASSED_KING_DIST_ENEMY: Linear,
    PASSED_FILE: Linear,
    PASSED_UNSTOPPABLE: Linear,
    PASSED_ROOK_BEHIND: Linear,
    PASSED_ENEMY_ROOK_BEHIND: Linear,
    KS_ATTACKER_WEIGHT: KingDanger,
    KS_ZONE_ATTACKS: KingDanger,
    KS_SAFE_CHECK: KingDanger,
    KS_UNSAFE_CHECKS: KingDanger,
    KS_WEAK_SQUARES: KingDanger,
    KS_NO_QUEEN: KingDanger,
    KS_OFFSET: KingDanger,
    KING_SHELTER: Linear,
    KING_STORM: Linear,
    KING_OPEN_FILE: Linear,
    KING_CENTRE_FILE: Linear,
    KING_DEFENDERS: Linear,
    KING_PAWN_FILE_DISTANCE: Linear,
    RESTRICTED: Linear,
    SPACE: Linear,
    THREAT_BY_PAWN: Linear,
    THREAT_BY_MINOR: Linear,
    THREAT_BY_ROOK: Linear,
    THREAT_BY_KING: Linear,
    HANGING: Linear,
    THREAT_PAWN_PUSH: Linear,
    KNIGHT_ON_QUEEN: Linear,
    SLIDER_ON_QUEEN: Linear,
    BISHOP_PAIR: Linear,
    BISHOP_PAWNS: Linear,
    OUTPOST: Linear,
    OUTPOST_REACHABLE: Linear,
    MINOR_BEHIND_PAWN: Linear,
    ROOK_FILE: Linear,
    ROOK_ON_SEVENTH: Linear,
    QUEEN_ON_SEVENTH: Linear,
    TRAPPED_ROOK: Linear,
    TRAPPED_BISHOP: Linear,
    CLOSED_KNIGHT: Linear,
    CLOSED_ROOK: Linear,
    MINOR_KING_DISTANCE: Linear,
    BISHOP_LONG_DIAGONAL: Linear,
    WEAK_QUEEN: Linear,
    BISHOP_XRAY_PAWNS: Linear,
    ROOK_ON_QUEEN_FILE: Linear,
    QUEEN_INFILTRATION: Linear,
    KNIGHT_PER_PAWN: Linear,
    ROOK_PER_PAWN: Linear,
    PAWNLESS_FLANK: Linear,
    MOPUP_WIN: Linear,
    MOPUP_EDGE: Linear,
    MOPUP_PROXIMITY: Linear,
    MOPUP_BN_CORNER: Linear,
    COMPLEXITY_PAWNS: Complexity,
    COMPLEXITY_BOTH_FLANKS: Complexity,
    COMPLEXITY_PAWN_ENDGAME: Complexity,
    COMPLEXITY_OFFSET: Complexity,
}

/// The table holding the weight at `index` (None past the last one).
#[must_use]
pub fn group_of(index: usize) -> Option<&'static Group> {
    GROUPS.iter().find(|g| g.range().contains(&index))
}

/// The name of the weight at `index`, e.g. `PST[3][12]`, for the tuner's reports.
#[must_use]
pub fn weight_name(index: usize) -> String {
    let Some(group) = group_of(index) else {
        return format!("#{index}");
    };
    let offset = index - group.start;
    match group.name {
        "PST" => format!("PST[{}][{}]", offset / 64, offset % 64),
        "KING_SHELTER" | "KING_STORM" => format!("{}[{}][{}]", group.name, offset / 8, offset % 8),
        _ if group.len == 1 => group.name.to_string(),
        _ => format!("{}[{}]", group.name, offset),
    }
}

/// The text of the parameters file compiled into the engine.
pub const PARAMS_FILE: &str = include_str!("params.rs");

/// Finds every `s(mg, eg)` literal of a parameters file: byte ranges and values.
fn literals(text: &str) -> Result<Vec<(std::ops::Range<usize>, S)>, String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(pos) = text[from..].find("s(").map(|p| p + from) {
        from = pos + 2;
        let starts_word = pos == 0 || !(bytes[pos - 1].is_ascii_alphanumeric() || bytes[pos - 1] == b'_');
        if !starts_word {
            continue;
        }
        let close = text[from..].find(')').map(|p| p + from).ok_or("unclosed s(")?;
        let inner = &text[from..close];
        let mut fields = inner.split(',').map(str::trim);
        let (Some(mg), Some(eg), None) = (fields.next(), fields.next(), fields.next()) else {
            continue; // not a weight, e.g. the `fn s(mg: i32, ..)` of a doc example
        };
        let (Ok(mg), Ok(eg)) = (mg.parse::<i32>(), eg.parse::<i32>()) else {
            continue;
        };
        found.push((pos..close + 1, S(mg, eg)));
        from = close + 1;
    }
    Ok(found)
}

/// Reads the weights of a parameters file's text, in file order.
///
/// # Errors
/// When the text has a malformed literal or not exactly [`idx::COUNT`] weights.
pub fn parse_params(text: &str) -> Result<Vec<S>, String> {
    let values: Vec<S> = literals(text)?.into_iter().map(|(_, v)| v).collect();
    if values.len() == idx::COUNT {
        Ok(values)
    } else {
        Err(format!("expected {} weights, found {}", idx::COUNT, values.len()))
    }
}

/// The canonical text of one weight: fixed-width fields keep the tables aligned.
#[must_use]
pub fn format_weight(value: S) -> String {
    format!("s({:4}, {:4})", value.0, value.1)
}

/// Rewrites a parameters file's text with new weights, keeping its comments and layout.
///
/// # Errors
/// When `values` or the text do not hold exactly [`idx::COUNT`] weights.
pub fn rewrite_params(text: &str, values: &[S]) -> Result<String, String> {
    let found = literals(text)?;
    if found.len() != idx::COUNT || values.len() != idx::COUNT {
        return Err(format!("expected {} weights, file has {}, vector has {}", idx::COUNT, found.len(), values.len()));
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut copied = 0;
    for ((range, _), value) in found.iter().zip(values) {
        out.push_str(&text[copied..range.start]);
        out.push_str(&format_weight(*value));
        copied = range.end;
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_vector() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(group.start, next, "{} out of order", group.name);
            next += group.len;
        }
        assert_eq!(next, idx::COUNT);
        assert_eq!(current().len(), idx::COUNT);
        assert_eq!(idx::PST + 64 * 6, idx::TEMPO);
    }

    #[test]
    fn file_reads_as_the_compiled_weights() {
        let parsed = parse_params(PARAMS_FILE).expect("the parameters file parses");
        assert_eq!(parsed, current());
    }

    #[test]
    fn rewriting_with_the_same_weights_is_the_identity() {
        let text = rewrite_params(PARAMS_FILE, &current()).expect("rewrite");
        assert_eq!(text, PARAMS_FILE, "params.rs is not in the tuner's canonical format");
    }

    #[test]
    fn vector_round_trips_through_the_file() {
        let mut values = current();
        for (i, value) in values.iter_mut().enumerate() {
            let i = i32::try_from(i).expect("small index");
            *value = S(i * 7 % 1999 - 999, -(i * 13 % 3001) + 1500);
        }
        let text = rewrite_params(PARAMS_FILE, &values).expect("rewrite");
        assert_eq!(parse_params(&text).expect("parse"), values);
        assert!(rewrite_params(PARAMS_FILE, &values[1..]).is_err());
        assert!(parse_params("pub const X: S = s(1, 2);").is_err());
    }

    #[test]
    fn names_point_into_tables() {
        assert_eq!(weight_name(idx::TEMPO), "TEMPO");
        assert_eq!(weight_name(idx::PST + 64 + 3), "PST[1][3]");
        assert_eq!(weight_name(idx::MOBILITY_ROOK + 2), "MOBILITY_ROOK[2]");
    }
}
