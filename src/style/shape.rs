//! Where a weight name of a style file points in the flat vector: `NAME` (a
//! whole table), `NAME[i]` (one entry, or one row of a two-level table) or
//! `NAME[i][j]`, and the shape the value must have there.

use crate::eval::layout::{Group, GROUPS};

/// The dimensions of a group's table: `[]` for one `S`, `[n]` for `[S; n]`,
/// `[m, n]` for `[[S; n]; m]`. The two-level tables are the ones
/// `layout::weight_name` names with two indices.
#[must_use]
pub fn dims(group: &Group) -> Vec<usize> {
    match group.name {
        "PST" => vec![6, 64],
        "KING_SHELTER" => vec![4, 8],
        "KING_STORM" => vec![2, 8],
        _ if group.len == 1 => Vec::new(),
        _ => vec![group.len],
    }
}

/// A resolved key: the first flat index and the dimensions still to fill.
#[derive(Debug)]
pub struct Target {
    /// The weight group the key names.
    pub group: &'static Group,
    /// Index of the first weight the key covers in the flat vector.
    pub start: usize,
    /// Dimensions of the value (empty: a single weight).
    pub dims: Vec<usize>,
}

impl Target {
    /// How many weights the value covers.
    #[must_use]
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }

    /// Whether the key covers no weight at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Resolves `NAME`, `NAME[i]` or `NAME[i][j]`.
///
/// # Errors
/// An unknown name, a malformed index, an index out of range or too many indices.
pub fn resolve(key: &str) -> Result<Target, String> {
    let (name, mut rest) = key.split_once('[').map_or((key, ""), |(name, rest)| (name, rest));
    let group = GROUPS
        .iter()
        .find(|g| g.name == name.trim())
        .ok_or_else(|| format!("unknown weight `{}` (`ferrochamp style export` lists them all)", name.trim()))?;
    let mut dims = dims(group);
    let mut start = group.start;
    let mut indices = Vec::new();
    if !key.contains('[') {
        return Ok(Target { group, start, dims });
    }
    loop {
        let (index, after) = rest.split_once(']').ok_or_else(|| format!("`{key}`: missing `]`"))?;
        let index: usize = index.trim().parse().map_err(|_| format!("`{key}`: `{index}` is not an index"))?;
        indices.push(index);
        if dims.is_empty() {
            return Err(format!("`{key}`: {} has fewer than {} index(es)", group.name, indices.len()));
        }
        let size = dims.remove(0);
        if index >= size {
            return Err(format!("`{key}`: index {index} is out of range 0..{}", size - 1));
        }
        start += index * dims.iter().product::<usize>();
        match after.strip_prefix('[') {
            Some(next) => rest = next,
            None if after.trim().is_empty() => return Ok(Target { group, start, dims }),
            None => return Err(format!("`{key}`: unexpected `{after}` after the index")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::layout::idx;

    #[test]
    fn dims_cover_every_group() {
        for group in GROUPS {
            assert_eq!(dims(group).iter().product::<usize>(), group.len, "{}", group.name);
        }
    }

    #[test]
    fn keys_resolve_to_flat_indices() {
        let whole = resolve("PST").expect("a table");
        assert_eq!((whole.start, whole.dims.clone()), (idx::PST, vec![6, 64]));
        let row = resolve("PST[1]").expect("a row");
        assert_eq!((row.start, row.len()), (idx::PST + 64, 64));
        let entry = resolve("PST[1][27]").expect("an entry");
        assert_eq!((entry.start, entry.len()), (idx::PST + 91, 1));
        assert_eq!(resolve("TEMPO").expect("a scalar").len(), 1);
        assert_eq!(resolve("MOBILITY_ROOK[14]").expect("last").start, idx::MOBILITY_ROOK + 14);
    }

    #[test]
    fn bad_keys_are_refused() {
        for key in ["PTS", "PST[6]", "PST[1][64]", "TEMPO[0]", "PST[x]", "PST[1", "MATERIAL[1]x", "PST[0][0][0]"] {
            assert!(resolve(key).is_err(), "{key} accepted");
        }
    }
}
