//! (to be written)

pub mod time;
