//! The command-line tools that wrap library work in progress reporting:
//! `perft` and `bench` with a progress bar on stderr.

pub mod bench;
pub mod perft;
