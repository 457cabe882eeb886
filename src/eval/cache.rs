//! A per-thread cache of static evaluations by position key, and the pair of
//! caches (with the pawn table) each search thread keeps.
//!
//! The transposition table keeps the static eval of the nodes it stores, but
//! many evaluated nodes are never stored (quiescence stand-pat cut-offs) or are
//! overwritten before they come back. In the bench about a fifth of all
//! evaluations were of a position evaluated shortly before; this table answers
//! those from one 8-byte load instead of a full evaluation.
//!
//! An entry packs the key's upper 48 bits with the eval in the lower 16 (every
//! eval is within [`EVAL_LIMIT`], well inside an `i16`). The slot comes from
//! the key's low bits, the check from its high bits, so a false hit needs two
//! keys equal in 48 bits besides the slot's.

use super::{PawnTable, EVAL_LIMIT};

const EVAL_BITS: u32 = 16;
const EVAL_MASK: u64 = (1 << EVAL_BITS) - 1;

// A stored eval must come back unchanged from its 16 bits.
const _: () = assert!(EVAL_LIMIT < i16::MAX as i32);

/// Static evaluations of recently evaluated positions, for one set of weights.
pub struct EvalCache {
    entries: Box<[u64]>,
}

impl EvalCache {
    /// 64 Ki entries of 8 bytes: 512 KiB, small enough to stay in L2 beside the
    /// pawn table. 16 Ki and 32 Ki entries were no faster in the bench.
    const DEFAULT_ENTRIES: usize = 1 << 16;

    /// An empty cache of 64 Ki entries.
    #[must_use]
    pub fn new() -> EvalCache {
        EvalCache { entries: vec![0; Self::DEFAULT_ENTRIES].into_boxed_slice() }
    }

    /// Forgets every entry: on `ucinewgame`, and whenever the weights change.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The eval stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<i32> {
        let entry = self.entries[self.slot(key)];
        // An all-zero entry is an empty slot, not a key whose high bits are zero.
        let hit = entry != 0 && (entry ^ key) & !EVAL_MASK == 0;
        // The truncating casts undo `store`'s packing: the low 16 bits are an `i16`.
        hit.then(|| i32::from(entry as u16 as i16))
    }

    /// Remembers `eval` (within [`EVAL_LIMIT`]) as the static eval of `key`.
    #[inline]
    pub fn store(&mut self, key: u64, eval: i32) {
        debug_assert!(eval.abs() <= EVAL_LIMIT);
        let packed = u64::from(eval as i16 as u16);
        let slot = self.slot(key);
        self.entries[slot] = (key & !EVAL_MASK) | packed;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // The length is a power of two: masking the key picks a slot uniformly.
        (key as usize) & (self.entries.len() - 1)
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

/// A search thread's evaluation caches: both hold scores of one set of weights.
#[derive(Default)]
pub struct EvalTables {
    /// Pawn-structure scores by pawn key.
    pub pawns: PawnTable,
    /// Whole static evaluations by position key.
    pub evals: EvalCache,
}

impl EvalTables {
    /// Forgets every entry of both: on `ucinewgame`, and whenever the weights change.
    pub fn clear(&mut self) {
        self.pawns.clear();
        self.evals.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_evals_come_back_for_their_key_only() {
        let mut cache = EvalCache::new();
        let key = 0x9E37_79B9_7F4A_7C15;
        assert_eq!(cache.probe(key), None);
        for eval in [0, 1, -1, 345, -EVAL_LIMIT, EVAL_LIMIT] {
            cache.store(key, eval);
            assert_eq!(cache.probe(key), Some(eval));
        }
        // Same slot, other high bits: a miss, not the other key's eval.
        let same_slot = key ^ (1 << 40);
        assert_eq!(cache.probe(same_slot), None);
        cache.store(same_slot, -7);
        assert_eq!(cache.probe(same_slot), Some(-7));
        assert_eq!(cache.probe(key), None, "the newer key replaced the older one");
    }

    #[test]
    fn clearing_forgets_and_empty_slots_never_hit() {
        let mut cache = EvalCache::new();
        let key = 0x0123_4567_89AB_CDEF;
        cache.store(key, 250);
        cache.clear();
        assert_eq!(cache.probe(key), None);
        // A key whose high 48 bits are zero must not read an empty slot as eval 0.
        assert_eq!(cache.probe(0x1234), None);
    }
}
