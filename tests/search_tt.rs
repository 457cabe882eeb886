//! The shared transposition table under concurrent writers: a probe must return
//! either nothing or exactly one writer's complete entry for the probed key.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use ferrochamp::board::Move;
use ferrochamp::search::tt::{Bound, TranspositionTable, TtStore};

const KEYS: u64 = 16;
const WRITERS: u64 = 3;
const ROUNDS: u64 = 200_000;
/// Writers go on past `ROUNDS` until the reader has checked this many entries:
/// on a busy machine the reader may not run at all during the first rounds.
const MIN_HITS: u64 = 10_000;
/// ...but never beyond this, so that a reader that sees nothing fails the test
/// instead of hanging it.
const MAX_ROUNDS: u64 = 100 * ROUNDS;

fn key_of(index: u64) -> u64 {
    index.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
}

/// Every field depends on both the key and the writer, so an entry mixing two
/// writes (torn) or two keys disagrees with itself.
fn entry_for(index: u64, writer: u64) -> TtStore {
    let tag = (index * WRITERS + writer) as i32;
    TtStore {
        mv: Move::from_raw(0x0100 + tag as u16),
        score: 1000 + tag,
        static_eval: -1000 - tag,
        depth: (tag % 40) + 1,
        bound: Bound::Exact,
        is_pv: writer.is_multiple_of(2),
    }
}

#[test]
fn concurrent_writers_never_yield_a_mismatched_entry() {
    // A tiny table: every key fights for the same few slots.
    let tt = TranspositionTable::new(0);
    let done = AtomicBool::new(false);
    let hits = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let writers: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let (tt, hits) = (&tt, &hits);
                scope.spawn(move || {
                    for round in 0..MAX_ROUNDS {
                        if round >= ROUNDS && hits.load(Ordering::Relaxed) >= MIN_HITS {
                            break;
                        }
                        let index = (round * 7 + writer) % KEYS;
                        tt.store(key_of(index), 0, &entry_for(index, writer));
                    }
                })
            })
            .collect();
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                for index in 0..KEYS {
                    let Some(hit) = tt.probe(key_of(index), 0) else { continue };
                    let tag = hit.score - 1000;
                    let writer = u64::try_from(tag).expect("tag is non-negative") % WRITERS;
                    let expected = entry_for(index, writer);
                    assert_eq!(u64::try_from(tag).ok(), Some(index * WRITERS + writer), "score from another key");
                    assert_eq!(hit.mv, expected.mv);
                    assert_eq!(hit.static_eval, expected.static_eval);
                    assert_eq!(hit.depth, expected.depth);
                    assert_eq!(hit.was_pv, expected.is_pv);
                    hits.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
        for writer in writers {
            writer.join().expect("writer thread");
        }
        done.store(true, Ordering::Relaxed);
    });
    assert!(hits.load(Ordering::Relaxed) >= MIN_HITS, "the reader checked too few entries");
}
