//! Refusing to start on a CPU older than the build.
//!
//! A build for x86-64-v2 or v3 (`-C target-cpu=...`) lets the compiler use
//! POPCNT, AVX2, BMI2, ... anywhere. Started on a CPU without them, it would
//! die of an illegal instruction at some random point, with no word why. So
//! `main` calls [`require_build_features`] first, before any other code of the
//! engine runs, and the process exits with a message instead.
//!
//! The check itself is compiled with the same features, so it is kept small,
//! scalar and out of line: CPUID read directly (`cpuid`), one bit test after
//! another and, on failure, plain writes through the C library. `scripts/cpu_levels.sh` starts each level's build on
//! an older emulated CPU (qemu) to see that this holds.

/// Which x86-64 level a build was compiled for, by the features it assumes.
#[must_use]
pub const fn build_level() -> &'static str {
    if cfg!(all(target_arch = "x86_64", target_feature = "avx2", target_feature = "bmi2")) {
        "x86-64-v3"
    } else if cfg!(all(target_arch = "x86_64", target_feature = "popcnt")) {
        "x86-64-v2"
    } else if cfg!(target_arch = "x86_64") {
        "x86-64"
    } else {
        std::env::consts::ARCH
    }
}

/// The builds that run where this one does not (decided at compile time, as
/// everything the refusal prints).
const OLDER_LEVELS: &str = if cfg!(all(target_feature = "avx2", target_feature = "bmi2")) {
    "x86-64-v2 (or x86-64, which runs on any x86-64 CPU)"
} else {
    "x86-64, which runs on any x86-64 CPU,"
};
const LEVEL: &str = build_level();

/// Exits with status 1 and a message on stderr when the CPU lacks an
/// instruction-set extension this build was compiled to use.
#[inline(never)]
pub fn require_build_features() {
    if let Some(feature) = first_missing() {
        refuse(feature);
    }
}

#[cfg(target_arch = "x86_64")]
mod cpuid;

/// The features, with where CPUID reports them (Intel's and AMD's tables)
/// and the OS state they need: what the x86-64 levels add (v2, v3), then what
/// `target-cpu=native` may add on a newer machine. Hands the table to `$then`.
#[cfg(target_arch = "x86_64")]
macro_rules! with_features {
    ($then:ident!($cpu:expr)) => {
        $then!($cpu;
            "sse3" in leaf1_ecx bit 0 OS_NONE;
            "ssse3" in leaf1_ecx bit 9 OS_NONE;
            "cmpxchg16b" in leaf1_ecx bit 13 OS_NONE;
            "sse4.1" in leaf1_ecx bit 19 OS_NONE;
            "sse4.2" in leaf1_ecx bit 20 OS_NONE;
            "popcnt" in leaf1_ecx bit 23 OS_NONE;
            "avx" in leaf1_ecx bit 28 OS_AVX;
            "avx2" in leaf7_ebx bit 5 OS_AVX;
            "bmi1" in leaf7_ebx bit 3 OS_NONE;
            "bmi2" in leaf7_ebx bit 8 OS_NONE;
            "fma" in leaf1_ecx bit 12 OS_AVX;
            "f16c" in leaf1_ecx bit 29 OS_AVX;
            "movbe" in leaf1_ecx bit 22 OS_NONE;
            "lzcnt" in ext1_ecx bit 5 OS_NONE;
            "avx512f" in leaf7_ebx bit 16 OS_AVX512;
            "avx512dq" in leaf7_ebx bit 17 OS_AVX512;
            "avx512bw" in leaf7_ebx bit 30 OS_AVX512;
            "avx512vl" in leaf7_ebx bit 31 OS_AVX512;
        )
    };
}

/// One test a feature, in sequence, each returning at once: no list is built,
/// since the compiler turns a loop over a list into vector instructions (SSE4.1
/// `ptest` in an x86-64-v2 build was seen to fault on a Core 2). A feature the
/// build was not compiled for is not even asked about.
#[cfg(target_arch = "x86_64")]
macro_rules! return_first_missing {
    ($cpu:expr; $($name:tt in $word:ident bit $bit:literal $os:ident;)*) => {
        $(
            if cfg!(target_feature = $name) && !$cpu.has($cpu.$word, $bit, cpuid::$os) {
                return Some($name);
            }
        )*
    };
}

/// The first feature the build was compiled for that the CPU lacks.
#[inline(never)]
fn first_missing() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    with_features!(return_first_missing!(cpuid::Cpuid::read()));
    None
}

/// Says what is missing and which build to take instead, then exits. Plain
/// writes of each piece, through the C library, so that this path (which runs
/// on the CPU that lacks the features) holds no formatting or buffering code
/// that the compiler could have built with those features.
#[cold]
#[inline(never)]
fn refuse(feature: &'static str) -> ! {
    write_stderr(b"ferrochamp: this build is for ");
    write_stderr(LEVEL.as_bytes());
    write_stderr(b" and this CPU lacks ");
    write_stderr(feature.as_bytes());
    write_stderr(b"\nferrochamp: take the build for ");
    write_stderr(OLDER_LEVELS.as_bytes());
    write_stderr(b" instead\n");
    std::process::exit(1);
}

#[inline(never)]
fn write_stderr(bytes: &[u8]) {
    // SAFETY: `write` reads `bytes.len()` bytes from a live slice and keeps no
    // pointer. The messages are short, so the length fits every platform's
    // count type. A failed write is ignored: there is nothing better to do on
    // the way out.
    unsafe {
        libc::write(2, bytes.as_ptr().cast(), bytes.len() as _);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tests run on the machine that built them, which has what it built for.
    #[test]
    fn the_building_machine_has_every_feature_the_build_uses() {
        assert_eq!(first_missing(), None);
        require_build_features();
    }

    /// The table's CPUID bits against std's own detection, for every feature
    /// std asks the CPU about (those the build was not compiled for).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_cpuid_bits_agree_with_std() {
        macro_rules! compare {
            ($cpu:expr; $($name:tt in $word:ident bit $bit:literal $os:ident;)*) => {
                $(
                    if !cfg!(target_feature = $name) {
                        assert_eq!($cpu.has($cpu.$word, $bit, cpuid::$os), std::arch::is_x86_feature_detected!($name), $name);
                    }
                )*
            };
        }
        let cpu = cpuid::Cpuid::read();
        with_features!(compare!(cpu));
    }

    #[test]
    fn the_level_follows_the_compiled_features() {
        let level = build_level();
        if cfg!(all(target_arch = "x86_64", target_feature = "avx2", target_feature = "bmi2")) {
            assert_eq!(level, "x86-64-v3");
        } else if cfg!(target_arch = "x86_64") {
            assert!(level == "x86-64-v2" || level == "x86-64", "{level}");
            assert_eq!(level == "x86-64-v2", cfg!(target_feature = "popcnt"));
        } else {
            assert_eq!(level, std::env::consts::ARCH);
        }
    }
}
