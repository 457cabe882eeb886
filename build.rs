//! Finds magic numbers for rook and bishop attacks and writes the complete
//! sliding-attack table as Rust source into `OUT_DIR`, so the engine starts
//! with every table ready and looks attacks up with no lazy-initialisation check.
//!
//! The search is deterministic (a fixed xorshift seed), so every build produces
//! the same table.
//!
//! It also names the build for `id name` (`build/version.rs`) and derives the
//! KPK bitbase (`build/kpk.rs`).

#[path = "build/kpk.rs"]
mod kpk;
#[path = "build/version.rs"]
mod version;

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `square` attacks along `directions`, stopping at the first blocker.
fn slide(square: usize, directions: &[(i32, i32)], occupied: u64) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The blockers that matter: the rays without their last square on the board edge.
fn relevant_mask(square: usize, directions: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            file += df;
            rank += dr;
            let next_file = file + df;
            let next_rank = rank + dr;
            if !(0..8).contains(&next_file) || !(0..8).contains(&next_rank) {
                break;
            }
            mask |= 1u64 << (rank * 8 + file);
        }
    }
    mask
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Few set bits make good magic candidates.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for one square and appends its attack table to `table`.
fn find_magic(square: usize, directions: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>) -> Magic {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    // Every subset of the mask (Carry-Rippler enumeration) with its true attack set.
    let mut occupancies = Vec::with_capacity(size);
    let mut subset = 0u64;
    loop {
        occupancies.push((subset, slide(square, directions, subset)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut slots = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    for attempt in 1u32.. {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let fits = occupancies.iter().all(|&(occupied, attacks)| {
            let index = (occupied.wrapping_mul(magic) >> shift) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                slots[index] = attacks;
                true
            } else {
                slots[index] == attacks
            }
        });
        if fits {
            let offset = table.len();
            table.extend_from_slice(&slots);
            return Magic { mask, magic, shift, offset };
        }
    }
    unreachable!("the loop only ends by returning a magic")
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/version.rs");
    println!("cargo:rerun-if-changed=build/kpk.rs");
    println!("cargo:rerun-if-changed=src/eval/kpk_index.rs");
    let version = env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION");
    println!("cargo:rustc-env=FERROCHAMP_BUILD_SUFFIX={}", version::suffix(&version));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rooks: Vec<Magic> = (0..64).map(|sq| find_magic(sq, &ROOK_DIRECTIONS, &mut rng, &mut table)).collect();
    let bishops: Vec<Magic> = (0..64).map(|sq| find_magic(sq, &BISHOP_DIRECTIONS, &mut rng, &mut table)).collect();

    let mut out = String::new();
    out.push_str("// Generated by build.rs: magic numbers and the sliding-attack table.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rooks);
    write_magics(&mut out, "BISHOP_MAGICS", &bishops);
    writeln!(out, "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|a| format!("{a:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    out.push_str("];\n");

    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    fs::write(Path::new(&out_dir).join("magics.rs"), out).expect("OUT_DIR is writable");
    fs::write(Path::new(&out_dir).join("kpk.rs"), kpk::source()).expect("OUT_DIR is writable");
}
