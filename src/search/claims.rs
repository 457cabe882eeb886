//! Node claims for Lazy SMP: a small table, shared by the threads of one
//! search, of the positions near the root that some thread is searching now.
//!
//! Lazy SMP's threads share only the transposition table, so two threads often
//! walk into the same subtree at once and repeat each other's work until one
//! of them stores a result. A thread entering a node within the first
//! [`CLAIM_MAX_PLY`] plies writes the node's key into the table and clears it
//! when it leaves; a thread that finds the key already there knows another
//! thread is inside, and reduces that node's late moves further
//! (`BusyNodeReduction` plies, `tunables.rs`) so that it moves on to other
//! moves sooner. On (2) by default since its Threads=2 SPRT passed (994be25,
//! 2026-11-30).
//!
//! The table is advisory, like the TT: a slot holds one key, a later claim of
//! another key that maps to the same slot replaces it, and a thread only
//! clears a slot that still holds its own key. One thread never takes its own
//! claim for another's: a position cannot recur on its own line (a repetition
//! returns a draw before the claim), a singular-extension search of the same
//! node takes no claim, and a null-move verification search of it finds the key
//! among the thread's own claims. So one thread searches exactly as without the
//! table.

use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes this many plies from the root or more are not claimed: their subtrees
/// are small, and the table would churn.
pub const CLAIM_MAX_PLY: usize = 8;

/// Slots in the table (a power of two): far more than the nodes two threads
/// are inside at once within the first plies.
const SLOTS: usize = 1024;

/// The empty slot (a zero key is never claimed).
const EMPTY: u64 = 0;

/// The positions threads are inside now; see the module documentation.
pub struct NodeClaims {
    slots: Box<[AtomicU64]>,
    /// How often a thread found another inside a node: rare, so counting costs nothing.
    busy_meetings: AtomicU64,
}

impl Default for NodeClaims {
    fn default() -> Self {
        NodeClaims { slots: (0..SLOTS).map(|_| AtomicU64::new(EMPTY)).collect(), busy_meetings: AtomicU64::new(0) }
    }
}

impl std::fmt::Debug for NodeClaims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NodeClaims {{ held: {} of {SLOTS}, busy meetings: {} }}", self.held(), self.busy_meetings())
    }
}

/// What entering a node found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The node is not claimed (zero key, or not looked up).
    None,
    /// This thread holds the node's slot and must [`NodeClaims::leave`] it.
    Held(u64),
    /// Another thread is inside this node.
    Busy,
}

impl Claim {
    /// Another thread is searching the node.
    #[must_use]
    pub fn is_busy(self) -> bool {
        self == Claim::Busy
    }
}

impl NodeClaims {
    fn slot(&self, key: u64) -> &AtomicU64 {
        // The top bits: the TT indexes by the low ones.
        &self.slots[(key >> (64 - SLOTS.trailing_zeros())) as usize]
    }

    /// Enters the node with `key`: busy if another thread holds it, else held by this one.
    pub fn enter(&self, key: u64) -> Claim {
        if key == EMPTY {
            return Claim::None;
        }
        let slot = self.slot(key);
        if slot.load(Ordering::Relaxed) == key {
            self.busy_meetings.fetch_add(1, Ordering::Relaxed);
            return Claim::Busy;
        }
        slot.store(key, Ordering::Relaxed);
        Claim::Held(key)
    }

    /// Leaves a node entered with `claim`, freeing its slot if this thread still holds it.
    pub fn leave(&self, claim: Claim) {
        if let Claim::Held(key) = claim {
            // A failed exchange means another key took the slot: nothing of ours is left.
            let _ = self.slot(key).compare_exchange(key, EMPTY, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// Slots holding a claim now: none once every thread has left its nodes.
    #[must_use]
    pub fn held(&self) -> usize {
        self.slots.iter().filter(|slot| slot.load(Ordering::Relaxed) != EMPTY).count()
    }

    /// How many times a thread entered a node another thread held.
    #[must_use]
    pub fn busy_meetings(&self) -> u64 {
        self.busy_meetings.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_node_is_busy_for_others_until_left() {
        let claims = NodeClaims::default();
        let key = 0x1234_5678_9abc_def1;
        let first = claims.enter(key);
        assert_eq!(first, Claim::Held(key));
        assert!(claims.enter(key).is_busy());
        assert_eq!((claims.held(), claims.busy_meetings()), (1, 1));
        claims.leave(first);
        assert_eq!(claims.held(), 0);
        assert_eq!(claims.enter(key), Claim::Held(key));
    }

    #[test]
    fn a_colliding_key_takes_the_slot_and_the_old_holder_leaves_it_alone() {
        let claims = NodeClaims::default();
        let old = 0xabcd_0000_0000_0001;
        let new = 0xabcd_0000_0000_0002; // same top bits, so the same slot
        let old_claim = claims.enter(old);
        let new_claim = claims.enter(new);
        assert_eq!(new_claim, Claim::Held(new));
        claims.leave(old_claim);
        assert!(claims.enter(new).is_busy(), "leaving the old key must not free the new one");
        claims.leave(new_claim);
        assert_eq!(claims.enter(old), Claim::Held(old));
    }

    #[test]
    fn the_zero_key_is_never_claimed() {
        let claims = NodeClaims::default();
        assert_eq!(claims.enter(EMPTY), Claim::None);
        assert_eq!(claims.enter(EMPTY), Claim::None);
    }
}
