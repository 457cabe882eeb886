//! Reading a style file (TOML): any subset of the named weights plus the knobs,
//! every error naming its line.
//!
//! ```toml
//! name = "Mine"                 # optional
//! description = "..."           # optional
//! [knobs]                       # percentages, 0..=200, 100 = unchanged
//! king_safety = 130
//! [weights]                     # [mg, eg] pairs, nested like the table they replace
//! TEMPO = [8, 10]               # a single weight
//! MATERIAL = [[57, 115], [325, 360], [327, 397], [465, 643], [1043, 1198], [0, 0]]
//! "PST[1]" = [[-18, -20], ...]  # one row of a two-level table (64 pairs, a8 first)
//! "PST[1][27]" = [26, 6]        # one entry (knight on d5 from White's side)
//! ```
//! Weights not named keep their compiled values.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::knobs::{Knob, Knobs, KNOB_MAX, KNOB_MIN};
use super::shape::{resolve, Target};
use super::StyleDef;
use crate::eval::layout::current;
use crate::eval::score::S;

/// No weight half may go beyond this: ten queens, far past any sane value,
/// and small enough that no sum of weights can overflow.
pub const WEIGHT_LIMIT: i64 = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStyle {
    name: Option<String>,
    description: Option<String>,
    #[serde(default)]
    knobs: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(default)]
    weights: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

/// Parses a style file's text; `origin` names it in errors (a path).
///
/// # Errors
/// Malformed TOML, an unknown key, a value of the wrong shape or out of range,
/// a weight named twice: `origin:line: message`.
pub fn parse_style(text: &str, origin: &str) -> Result<StyleDef, String> {
    let raw: RawStyle = toml::from_str(text).map_err(|err| syntax_error(text, origin, &err))?;
    let at =
        |span: std::ops::Range<usize>, message: String| format!("{origin}:{}: {message}", line_of(text, span.start));

    let mut knobs = Knobs::default();
    for (key, value) in &raw.knobs {
        let knob =
            Knob::from_key(key.get_ref()).ok_or_else(|| at(key.span(), format!("unknown knob `{}`", key.get_ref())))?;
        let percent = value
            .get_ref()
            .as_integer()
            .filter(|p| (i64::from(KNOB_MIN)..=i64::from(KNOB_MAX)).contains(p))
            .ok_or_else(|| {
                at(value.span(), format!("knob `{}` must be an integer {KNOB_MIN}..={KNOB_MAX}", key.get_ref()))
            })?;
        knobs.set(knob, u32::try_from(percent).unwrap_or(KNOB_MAX));
    }

    let mut weights = current();
    let mut set_by: Vec<Option<&str>> = vec![None; weights.len()];
    for (key, value) in &raw.weights {
        let target = resolve(key.get_ref()).map_err(|message| at(key.span(), message))?;
        let mut values = Vec::with_capacity(target.len());
        flatten(value.get_ref(), &target.dims, &mut values)
            .map_err(|message| at(value.span(), format!("`{}`: {message}", key.get_ref())))?;
        store(&target, &values, &mut weights, &mut set_by, key.get_ref()).map_err(|message| at(key.span(), message))?;
    }
    Ok(StyleDef { name: raw.name, description: raw.description, weights, knobs })
}

/// The toml crate's message with our origin and the line of its span.
fn syntax_error(text: &str, origin: &str, err: &toml::de::Error) -> String {
    let message = err.message().trim().replace('\n', "; ");
    match err.span() {
        Some(span) => format!("{origin}:{}: {message}", line_of(text, span.start)),
        None => format!("{origin}: {message}"),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |before| before.matches('\n').count() + 1)
}

/// Reads a value nested as `dims` (outermost first) of `[mg, eg]` pairs.
fn flatten(value: &toml::Value, dims: &[usize], out: &mut Vec<S>) -> Result<(), String> {
    let Some((&size, inner)) = dims.split_first() else {
        return pair(value).map(|weight| out.push(weight));
    };
    let items = value.as_array().ok_or_else(|| format!("expected a list of {size} items"))?;
    if items.len() != size {
        return Err(format!("expected {size} items, found {}", items.len()));
    }
    items.iter().try_for_each(|item| flatten(item, inner, out))
}

/// One weight: `[mg, eg]`, integers within [`WEIGHT_LIMIT`].
fn pair(value: &toml::Value) -> Result<S, String> {
    let halves: Option<Vec<i64>> = value.as_array().map(|a| a.iter().filter_map(toml::Value::as_integer).collect());
    match halves.as_deref() {
        Some(&[mg, eg]) if value.as_array().is_some_and(|a| a.len() == 2) => {
            for half in [mg, eg] {
                if half.abs() > WEIGHT_LIMIT {
                    return Err(format!("{half} is out of range -{WEIGHT_LIMIT}..={WEIGHT_LIMIT}"));
                }
            }
            // Both halves are within WEIGHT_LIMIT, far inside i32.
            Ok(S(mg as i32, eg as i32))
        }
        _ => Err(format!("expected a weight `[mg, eg]` of two integers, found `{value}`")),
    }
}

/// Writes `values` at the target, refusing a weight set twice (e.g. by `PST` and `PST[1][3]`).
fn store<'k>(
    target: &Target,
    values: &[S],
    weights: &mut [S],
    set_by: &mut [Option<&'k str>],
    key: &'k str,
) -> Result<(), String> {
    for (offset, &value) in values.iter().enumerate() {
        let index = target.start + offset;
        if let Some(first) = set_by[index] {
            return Err(format!("`{key}` sets a weight `{first}` already set"));
        }
        set_by[index] = Some(key);
        weights[index] = value;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::layout::idx;

    #[test]
    fn a_partial_file_changes_only_what_it_names() {
        let text = "name = \"t\"\n[knobs]\nthreats = 150\n[weights]\nTEMPO = [1, 2]\n\"PST[1][27]\" = [3, 4]\n\
                    \"KING_STORM[1]\" = [[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[0,0],[5,6]]\n";
        let style = parse_style(text, "t.toml").expect("valid");
        let mut expected = current();
        expected[idx::TEMPO] = S(1, 2);
        expected[idx::PST + 91] = S(3, 4);
        for (i, slot) in expected[idx::KING_STORM + 8..idx::KING_STORM + 16].iter_mut().enumerate() {
            *slot = if i == 7 { S(5, 6) } else { S(0, 0) };
        }
        assert_eq!(style.weights, expected);
        assert_eq!(style.knobs.get(Knob::Threats), 150);
        assert_eq!(style.name.as_deref(), Some("t"));
    }

    fn error_of(text: &str) -> String {
        parse_style(text, "f.toml").expect_err("must be refused")
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("[weights]\nTEMPO = [1, 2]\nTEMPOS = [1, 2]\n", "f.toml:3:", "unknown weight `TEMPOS`"),
            ("[knobs]\n\nmaterial = 201\n", "f.toml:3:", "0..=200"),
            ("[knobs]\nagression = 100\n", "f.toml:2:", "unknown knob"),
            ("[weights]\nMATERIAL = [[1, 2]]\n", "f.toml:2:", "expected 6 items"),
            ("[weights]\nTEMPO = [1, 2, 3]\n", "f.toml:2:", "two integers"),
            ("[weights]\nTEMPO = [1, 99999]\n", "f.toml:2:", "out of range"),
            ("[weights]\n\"PST[9]\" = [1, 2]\n", "f.toml:2:", "out of range"),
            ("[weights]\nTEMPO = [1, 2\n", "f.toml:3:", "expected `]`"),
            ("colour = 1\n", "f.toml:1:", "colour"),
            ("[weights]\nPST = 1\n\"PST[0][0]\" = [1, 2]\n", "f.toml:2:", "list of 6"),
        ];
        for (text, line, message) in cases {
            let err = error_of(text);
            assert!(err.starts_with(line), "{text:?}: {err}");
            assert!(err.contains(message), "{text:?}: {err}");
        }
    }

    #[test]
    fn a_weight_set_twice_is_refused() {
        let row: String = format!("[{}]", vec!["[0, 0]"; 64].join(", "));
        let text = format!("[weights]\n\"PST[0][5]\" = [1, 2]\n\"PST[0]\" = {row}\n");
        assert!(error_of(&text).contains("already set"));
    }
}
