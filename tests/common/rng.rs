//! The tests' random generator: the library's own (SplitMix64), so that the
//! tests keep no copy of it. Seeded, so every failure can be replayed.

pub use ferrochamp::rng::Rng;

/// Draws the tests need beyond the library's.
pub trait RngExt {
    /// True `percent` times out of a hundred.
    fn chance(&mut self, percent: usize) -> bool;
    /// One of `items` (not empty).
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T;
}

impl RngExt for Rng {
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
