//! The transposition table shared by every search thread, without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the position key XOR-ed
//! with that data. Two threads writing the same entry at once may leave one
//! thread's key word next to the other's data word; the XOR then no longer gives
//! back the probed key, so a torn entry reads as a miss instead of as a wrong
//! move or score. Entries sit four to a 64-byte bucket (one cache line).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::board::Move;

use super::score::{from_tt, to_tt};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (the search failed low).
    Upper = 1,
    /// The true score is at least the stored one (the search failed high).
    Lower = 2,
    /// The stored score is the true one (a PV node searched inside its window).
    Exact = 3,
}

impl Bound {
    /// Whether `score`, with this bound, says more about the true value than
    /// `eval` does: it is exact, or it bounds the true value on the far side of
    /// `eval` (a lower bound above it, an upper bound below it).
    #[inline]
    #[must_use]
    pub fn beyond(self, score: i32, eval: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score > eval,
            Bound::Upper => score < eval,
        }
    }
}

/// One probed entry, scores already converted to the probing ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// The best move found (`Move::NONE` if none).
    pub mv: Move,
    /// Score, converted to the probing ply.
    pub score: i32,
    /// Static evaluation of the position when stored.
    pub static_eval: i32,
    /// Depth of the search that stored the entry.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
    /// The entry was written by a PV node.
    pub was_pv: bool,
}

/// What a search wants remembered about a position.
#[derive(Clone, Copy, Debug)]
pub struct TtStore {
    /// The best move found (`Move::NONE` if none).
    pub mv: Move,
    /// Root-relative score (mates are converted to node-relative here).
    pub score: i32,
    /// Static evaluation of the position.
    pub static_eval: i32,
    /// Depth of the search whose result this is.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
    /// The search was at a PV node.
    pub is_pv: bool,
}

/// Depths are stored biased so that quiescence depths (0, -1, ...) fit in a `u8`.
const DEPTH_BIAS: i32 = 8;
/// Generations use 5 bits next to the 2 bound bits and the PV bit.
const GENERATION_BITS: u32 = 5;
const GENERATION_MASK: u8 = (1 << GENERATION_BITS) - 1;
const ENTRIES_PER_BUCKET: usize = 4;
/// Entries read by `hashfull`: about 1000, as UCI counts per mille.
const HASHFULL_SAMPLE_BUCKETS: usize = 250;

/// The packed fields of an entry: move 16 | score 16 | eval 16 | depth 8 | flags 8,
/// flags = bound 2 | pv 1 | generation 5. A zero bound marks an empty entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    fn new(store: &TtStore, score: i32, generation: u8) -> Packed {
        let depth = (store.depth + DEPTH_BIAS).clamp(0, 255) as u64;
        let flags = store.bound as u64 | u64::from(store.is_pv) << 2 | u64::from(generation) << 3;
        Packed(
            u64::from(store.mv.raw())
                | u64::from(clamp_i16(score)) << 16
                | u64::from(clamp_i16(store.static_eval)) << 32
                | depth << 48
                | flags << 56,
        )
    }

    fn mv(self) -> Move {
        Move::from_raw(self.0 as u16)
    }

    fn score(self) -> i32 {
        i32::from((self.0 >> 16) as u16 as i16)
    }

    fn static_eval(self) -> i32 {
        i32::from((self.0 >> 32) as u16 as i16)
    }

    fn depth(self) -> i32 {
        i32::from((self.0 >> 48) as u8) - DEPTH_BIAS
    }

    fn flags(self) -> u8 {
        (self.0 >> 56) as u8
    }

    fn bound(self) -> Option<Bound> {
        match self.flags() & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }

    fn was_pv(self) -> bool {
        self.flags() & 4 != 0
    }

    fn generation(self) -> u8 {
        self.flags() >> 3
    }
}

/// Scores and evals are within ±32000 by construction; the clamp only guards the packing.
fn clamp_i16(value: i32) -> u16 {
    value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16
}

/// Aligned to 16 so that four in a row can start on a cache line.
#[derive(Default)]
#[repr(align(16))]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

impl Entry {
    /// The entry's data if it holds `key`, whatever other threads are doing.
    fn read(&self, key: u64) -> Option<Packed> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.key_xor_data.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then_some(Packed(data))
    }

    /// The entry's data and the key it claims, for replacement decisions.
    fn peek(&self) -> (u64, Packed) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.key_xor_data.load(Ordering::Relaxed);
        (check ^ data, Packed(data))
    }

    fn write(&self, key: u64, packed: Packed) {
        self.key_xor_data.store(key ^ packed.0, Ordering::Relaxed);
        self.data.store(packed.0, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.key_xor_data.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

/// `count` empty entries straight from zeroed memory, or `None` when the
/// allocator refuses. Writing a gigabyte of default entries one by one took
/// 1.36 s for `setoption name Hash value 1024` (GUIs wait for `readyok` after
/// it); zeroed pages from the allocator arrive at once (calloc maps fresh pages)
/// and are touched only as the search fills them. Alignment 16, not 64: the
/// system allocator keeps to that fast path only up to 16 (see `Buckets`).
fn zeroed_entries(count: usize) -> Option<Vec<Entry>> {
    let layout = std::alloc::Layout::array::<Entry>(count).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: an Entry is only AtomicU64s, for which all-zero bytes are a valid
    // value (an empty entry); the layout is not zero-sized (checked above); a
    // non-null pointer comes from the global allocator with exactly the layout
    // of `count` Entries, and length == capacity == count, as
    // `Vec::from_raw_parts` requires.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout).cast::<Entry>();
        if pointer.is_null() {
            return None;
        }
        advise_huge_pages(pointer.cast::<u8>(), layout.size());
        Some(Vec::from_raw_parts(pointer, count, count))
    }
}

/// Asks Linux to back the table with 2 MB pages where it can. Probes land
/// anywhere in the table, so with 4 KB pages nearly every one also missed the
/// TLB (a page walk before the cache miss); a 16 MB table needs 8 huge pages
/// but 4096 small ones. A hint only: where transparent huge pages are off,
/// nothing changes. Not under Miri, which cannot call `madvise`
/// (`scripts/sanitize.sh`); the hint changes no memory, so nothing is lost.
#[cfg(all(target_os = "linux", not(miri)))]
fn advise_huge_pages(start: *const u8, len: usize) {
    const PAGE: usize = 4096;
    let begin = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize).saturating_add(len) / PAGE * PAGE;
    if end > begin {
        // SAFETY: madvise reads and writes no memory; it changes how the kernel
        // backs whole pages of this range, which lies inside the allocation just
        // made, and MADV_HUGEPAGE keeps their contents. Its result is ignored:
        // a refusal leaves small pages, which work as before.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(any(not(target_os = "linux"), miri))]
fn advise_huge_pages(_start: *const u8, _len: usize) {}

/// The table's entries seen as buckets of four (64 bytes, one cache line).
///
/// The allocation is only 16-aligned (above), and large blocks from the system
/// allocator start 16 bytes past a page boundary, so buckets laid from its
/// first byte would each straddle two cache lines: a probe, the search's most
/// expensive memory access, would wait for two lines instead of one. The
/// buckets therefore start at the first entry on a 64-byte boundary; three
/// spare entries at the end keep the last bucket inside the allocation.
struct Buckets {
    entries: Vec<Entry>,
    /// Index in `entries` of bucket 0's first entry.
    first: usize,
    count: usize,
}

impl Buckets {
    const SPARE: usize = ENTRIES_PER_BUCKET - 1;
    const LINE: usize = ENTRIES_PER_BUCKET * std::mem::size_of::<Entry>();

    fn zeroed(count: usize) -> Option<Buckets> {
        let entries = zeroed_entries(count.checked_mul(ENTRIES_PER_BUCKET)?.checked_add(Self::SPARE)?)?;
        Some(Buckets::aligned(entries, count))
    }

    /// One bucket from ordinary allocation: the last resort when the zeroed
    /// allocation of every size was refused.
    fn one() -> Buckets {
        let entries = (0..ENTRIES_PER_BUCKET + Self::SPARE).map(|_| Entry::default()).collect();
        Buckets::aligned(entries, 1)
    }

    fn aligned(entries: Vec<Entry>, count: usize) -> Buckets {
        let misalignment = entries.as_ptr() as usize % Self::LINE;
        let first = ((Self::LINE - misalignment) % Self::LINE) / std::mem::size_of::<Entry>();
        Buckets { entries, first: first.min(Self::SPARE), count }
    }

    /// The bucket at `index` (below `count`).
    #[inline]
    fn get(&self, index: usize) -> Option<&[Entry; ENTRIES_PER_BUCKET]> {
        self.entries.get(self.first + index * ENTRIES_PER_BUCKET..)?.first_chunk()
    }

    /// The entries of the first `count` buckets.
    fn entries_of_first(&self, count: usize) -> &[Entry] {
        let end = self.first + count.min(self.count) * ENTRIES_PER_BUCKET;
        &self.entries[self.first..end]
    }
}

/// Why a table of the requested size was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashError {
    /// The size asked for, in MiB.
    pub requested_mb: usize,
    /// Memory the system reported available, when it reports it (Linux).
    pub available_mb: Option<usize>,
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate a hash table of {} MB", self.requested_mb)?;
        match self.available_mb {
            Some(available) => write!(f, " (about {available} MB of memory available)"),
            None => f.write_str(" (the system refused the memory)"),
        }
    }
}

impl std::error::Error for HashError {}

/// Physical memory available to new allocations, from `/proc/meminfo`.
///
/// Linux overcommits: a zeroed allocation larger than the free memory may
/// succeed and the process is killed later, when the search touches the pages.
/// So tables are refused beyond what is really there, not just beyond what the
/// allocator grants.
#[must_use]
pub fn available_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// The share of the available memory a table may take, in per mille: the
/// rest stays for the engine's other needs and the rest of the system.
const MAX_SHARE_PER_MILLE: usize = 900;

/// Whether tables of `mb` megabytes in all leave enough of the available
/// memory (`None`: unknown, so only the allocator can say).
///
/// # Errors
/// When they would take more than the allowed share of it.
pub fn check_fits(mb: usize, available_mb: Option<usize>) -> Result<(), HashError> {
    match available_mb {
        Some(available) if mb > available.saturating_mul(MAX_SHARE_PER_MILLE) / 1000 => {
            Err(HashError { requested_mb: mb, available_mb })
        }
        _ => Ok(()),
    }
}

/// The shared hash table of search results. All probing and storing goes through
/// `&self`, so one table serves every thread.
pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket) or, if that much
    /// memory is not there, the largest power-of-two size that is.
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::new_within(mb, available_memory_mb())
    }

    /// [`TranspositionTable::new`] with the available memory given (tests).
    #[must_use]
    pub fn new_within(mb: usize, available_mb: Option<usize>) -> TranspositionTable {
        let mut size = mb;
        loop {
            match TranspositionTable::try_new_within(size, available_mb) {
                Ok(table) => return table,
                Err(_) if size > 1 => size = (size / 2).next_power_of_two().min(size - 1),
                Err(_) => return TranspositionTable::with_buckets(Buckets::one()),
            }
        }
    }

    /// A table of about `mb` megabytes (at least one bucket), or an error when
    /// the memory is not available. Never aborts the process.
    ///
    /// # Errors
    /// When `mb` exceeds the memory the system reports available, or the allocator refuses.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, HashError> {
        TranspositionTable::try_new_within(mb, available_memory_mb())
    }

    /// [`TranspositionTable::try_new`] with the available memory given (tests).
    ///
    /// # Errors
    /// When `mb` exceeds the allowed share of `available_mb`, or the allocator refuses.
    pub fn try_new_within(mb: usize, available_mb: Option<usize>) -> Result<TranspositionTable, HashError> {
        check_fits(mb, available_mb)?;
        let error = HashError { requested_mb: mb, available_mb };
        let bytes = mb.checked_mul(1 << 20).ok_or_else(|| error.clone())?;
        let count = (bytes / Buckets::LINE).max(1);
        Buckets::zeroed(count).map(TranspositionTable::with_buckets).ok_or(error)
    }

    fn with_buckets(buckets: Buckets) -> TranspositionTable {
        TranspositionTable { buckets, generation: AtomicU8::new(0) }
    }

    /// The table's size in whole megabytes (0 for the one-bucket table).
    #[must_use]
    pub fn megabytes(&self) -> usize {
        (self.buckets.count * Buckets::LINE) >> 20
    }

    /// Empties every entry (`ucinewgame`, `Clear Hash`); call while idle.
    pub fn clear(&self) {
        for entry in &self.buckets.entries {
            entry.clear();
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries from older searches become preferred victims.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Number of entries the table holds.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.count * ENTRIES_PER_BUCKET
    }

    fn bucket(&self, key: u64) -> Option<&[Entry; ENTRIES_PER_BUCKET]> {
        // Multiply-shift maps the key uniformly onto any bucket count, not just powers of two.
        let index = (u128::from(key) * self.buckets.count as u128) >> 64;
        self.buckets.get(index as usize)
    }

    /// Asks the processor to start loading `key`'s bucket: called before the
    /// move that leads there is made, so that the load overlaps with making
    /// it. A hint only; a wrong key just wastes the load.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(bucket) = self.bucket(key) {
            // SAFETY: a prefetch has no effect on memory or on the program's
            // state, whatever the address; this one is inside the table anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.as_ptr().cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; mate scores come back relative to the root from `ply`.
    #[must_use]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let packed = self.bucket(key)?.iter().find_map(|entry| entry.read(key))?;
        Some(TtHit {
            mv: packed.mv(),
            score: from_tt(packed.score(), ply),
            static_eval: packed.static_eval(),
            depth: packed.depth(),
            bound: packed.bound()?,
            was_pv: packed.was_pv(),
        })
    }

    /// Stores a search result for `key` found at `ply` from the root.
    pub fn store(&self, key: u64, ply: usize, store: &TtStore) {
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(bucket) = self.bucket(key) else { return };
        let (slot, old) = self.choose_slot(bucket, key, generation);
        let same_position = old.is_some_and(|(old_key, _)| old_key == key);
        let mut store = *store;
        if same_position {
            let (_, old) = old.unwrap_or((key, Packed(0)));
            // A shallow non-exact result must not erase a deeper one for the same position.
            if store.bound != Bound::Exact && store.depth + 4 < old.depth() && old.generation() == generation {
                return;
            }
            if store.mv.is_none() {
                store.mv = old.mv();
            }
        }
        let packed = Packed::new(&store, to_tt(store.score, ply), generation);
        bucket[slot].write(key, packed);
    }

    /// The slot to overwrite: the entry already holding `key`, else the one whose
    /// depth is least worth keeping once its age (in searches) is counted against it.
    fn choose_slot(
        &self,
        bucket: &[Entry; ENTRIES_PER_BUCKET],
        key: u64,
        generation: u8,
    ) -> (usize, Option<(u64, Packed)>) {
        let mut best = 0;
        let mut best_worth = i32::MAX;
        let mut best_old = None;
        for (index, entry) in bucket.iter().enumerate() {
            let (old_key, old) = entry.peek();
            if old.bound().is_none() {
                return (index, None);
            }
            if old_key == key {
                return (index, Some((old_key, old)));
            }
            let age = i32::from(generation.wrapping_sub(old.generation()) & GENERATION_MASK);
            let worth = old.depth() - 8 * age;
            if worth < best_worth {
                best = index;
                best_worth = worth;
                best_old = Some((old_key, old));
            }
        }
        (best, best_old)
    }

    /// Per mille of sampled entries written during the current search.
    #[must_use]
    pub fn hashfull(&self) -> usize {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.count.min(HASHFULL_SAMPLE_BUCKETS);
        let used = self
            .buckets
            .entries_of_first(sample)
            .iter()
            .filter(|entry| {
                let (_, packed) = entry.peek();
                packed.bound().is_some() && packed.generation() == generation
            })
            .count();
        used * 1000 / (sample * ENTRIES_PER_BUCKET)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::search::score::{mate_in, mated_in};

    #[test]
    fn a_bound_says_more_than_the_eval_only_on_its_far_side() {
        assert!(Bound::Exact.beyond(10, 50));
        assert!(Bound::Lower.beyond(60, 50));
        assert!(!Bound::Lower.beyond(50, 50));
        assert!(!Bound::Lower.beyond(40, 50));
        assert!(Bound::Upper.beyond(40, 50));
        assert!(!Bound::Upper.beyond(50, 50));
        assert!(!Bound::Upper.beyond(60, 50));
    }

    fn sample_store(depth: i32, score: i32) -> TtStore {
        TtStore {
            mv: Move::new(Square::E1, Square::G1),
            score,
            static_eval: -17,
            depth,
            bound: Bound::Lower,
            is_pv: true,
        }
    }

    #[test]
    fn entries_are_two_words_and_buckets_a_cache_line_long() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(Buckets::LINE, 64);
        // 16, not 64: see `zeroed_entries` (zeroed allocation stays on the fast calloc path).
        assert_eq!(std::mem::align_of::<Entry>(), 16);
    }

    #[test]
    fn buckets_start_on_a_cache_line_and_stay_inside_the_allocation() {
        // Miri takes minutes over the 16 MB table; 1 MB runs the same code.
        let sizes: &[usize] = if cfg!(miri) { &[1] } else { &[1, 3, 16] };
        for &mb in sizes {
            let tt = TranspositionTable::new(mb);
            let buckets = &tt.buckets;
            let first = buckets.get(0).expect("bucket 0");
            assert_eq!(first.as_ptr() as usize % Buckets::LINE, 0, "{mb} MB");
            assert!(buckets.get(buckets.count - 1).is_some(), "{mb} MB: the last bucket");
            assert!(buckets.first <= Buckets::SPARE);
        }
        // Whatever the start, the bucket count and the entries are consistent.
        let tt = TranspositionTable::new_within(1, Some(0));
        assert!(tt.buckets.get(tt.buckets.count - 1).is_some());
        assert_eq!(tt.capacity(), tt.buckets.count * ENTRIES_PER_BUCKET);
    }

    #[test]
    fn stored_fields_come_back_and_other_keys_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, 0, &sample_store(-1, -250));
        let hit = tt.probe(key, 0).expect("entry just stored");
        assert_eq!(hit.mv, Move::new(Square::E1, Square::G1));
        assert_eq!((hit.score, hit.static_eval, hit.depth), (-250, -17, -1));
        assert_eq!(hit.bound, Bound::Lower);
        assert!(hit.was_pv);
        // Same bucket (high bits equal), different key: the full-key check rejects it.
        assert_eq!(tt.probe(key ^ 1, 0), None);
        assert_eq!(tt.probe(0, 0), None, "an empty entry never matches key 0");
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 4, &sample_store(5, mate_in(9)));
        // Reached again at ply 2: the mate is still 5 plies below this node.
        assert_eq!(tt.probe(7, 2).map(|hit| hit.score), Some(mate_in(7)));
        tt.store(8, 3, &sample_store(5, mated_in(6)));
        assert_eq!(tt.probe(8, 1).map(|hit| hit.score), Some(mated_in(4)));
    }

    #[test]
    fn replacement_prefers_shallow_and_old_entries() {
        let tt = TranspositionTable::new(0); // one bucket: every key collides
        for key in 1..=4 {
            tt.store(key, 0, &sample_store(10 + key as i32, 0));
        }
        tt.store(99, 0, &sample_store(3, 0));
        assert!(tt.probe(1, 0).is_none(), "the shallowest entry is replaced");
        assert!(tt.probe(99, 0).is_some());
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(100, 0, &sample_store(2, 0));
        assert!(tt.probe(99, 0).is_none(), "among equally old entries the shallowest goes");
        tt.store(101, 0, &sample_store(1, 0));
        assert!(tt.probe(100, 0).is_some(), "a fresh shallow entry outlives old deeper ones");
        assert!(tt.probe(2, 0).is_none());
        assert!(tt.probe(101, 0).is_some());
    }

    #[test]
    fn keeps_old_move_when_new_result_has_none() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 0, &sample_store(4, 10));
        tt.store(42, 0, &TtStore { mv: Move::NONE, ..sample_store(6, 20) });
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!((hit.mv, hit.depth, hit.score), (Move::new(Square::E1, Square::G1), 6, 20));
    }

    #[test]
    fn sizes_beyond_the_available_memory_are_refused_without_allocating() {
        let err = TranspositionTable::try_new_within(65536, Some(24_000)).err().expect("64 GB on 24 GB");
        assert_eq!(err, HashError { requested_mb: 65536, available_mb: Some(24_000) });
        assert!(err.to_string().contains("65536 MB"), "{err}");
        // More than the address space: refused by the size computation, on any machine.
        assert!(TranspositionTable::try_new_within(usize::MAX, None).is_err());
        assert!(TranspositionTable::try_new(usize::MAX / 2).is_err());
        let fits = TranspositionTable::try_new_within(2, Some(24_000)).expect("2 MB fit");
        assert_eq!(fits.megabytes(), 2);
    }

    #[test]
    // Tables of 64 and 80 MB: too slow under Miri, and the allocation code
    // they run is the one the 1 MB tests above run.
    #[cfg_attr(miri, ignore)]
    fn new_falls_back_to_the_largest_power_of_two_that_fits() {
        // 90% of 100 MB may be used: 64 MB is the largest power of two below.
        assert_eq!(TranspositionTable::new_within(usize::MAX / 2, Some(100)).megabytes(), 64);
        assert_eq!(TranspositionTable::new_within(80, Some(100)).megabytes(), 80);
        assert_eq!(TranspositionTable::new_within(3, Some(0)).capacity(), ENTRIES_PER_BUCKET);
    }

    /// Two threads write the same key with different data while a third
    /// probes: a hit is always one writer's entry whole, never a mix. Small,
    /// so that it also runs under Miri and ThreadSanitizer (`scripts/sanitize.sh`).
    #[test]
    fn concurrent_writers_never_leave_a_mixed_entry_that_probes_as_a_hit() {
        let tt = TranspositionTable::new_within(0, None); // one bucket
        let key = 0xfeed_beef_0000_0001;
        let store = |depth: i32, score: i32| TtStore { bound: Bound::Exact, ..sample_store(depth, score) };
        let rounds = if cfg!(miri) { 20 } else { 20_000 };
        std::thread::scope(|scope| {
            for (depth, score) in [(3, 111), (9, -222)] {
                let tt = &tt;
                scope.spawn(move || {
                    for _ in 0..rounds {
                        tt.store(key, 0, &store(depth, score));
                    }
                });
            }
            for _ in 0..rounds {
                if let Some(hit) = tt.probe(key, 0) {
                    assert!(matches!((hit.depth, hit.score), (3, 111) | (9, -222)), "mixed entry {hit:?}");
                }
            }
        });
        assert!(tt.probe(key, 0).is_some());
    }

    #[test]
    // 130 000 stores into a 1 MB table: minutes under Miri, and no unsafe code
    // that the smaller tests above do not already run.
    #[cfg_attr(miri, ignore)]
    fn clear_and_hashfull() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        let mut key = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..tt.capacity() * 2 {
            key = key.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            tt.store(key, 0, &sample_store(1, 0));
        }
        assert!(tt.hashfull() > 800, "hashfull {}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "hashfull counts this search's entries only");
        tt.clear();
        assert!(tt.probe(key, 0).is_none());
    }
}
