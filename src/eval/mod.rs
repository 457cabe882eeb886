//! The tapered hand-crafted evaluation.

pub mod layout;
#[rustfmt::skip]
pub mod params;
pub mod score;
pub mod trace;
