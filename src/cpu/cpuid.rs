//! What the CPU running the engine has, read from CPUID directly.
//!
//! Not `is_x86_feature_detected!`: for a feature the build was compiled with,
//! that macro answers `true` without asking the CPU, which is exactly the case
//! the start-up check is about. Each bit test is one `and`/`xor` pair in
//! `asm!`, so that no instruction the compiler picks for it (such as BMI1's
//! `andn` in an x86-64-v3 build) can fault on the CPU being tested.

use std::arch::asm;
use std::arch::x86_64::{__cpuid_count, CpuidResult};

/// XCR0 bits the operating system sets when it saves the AVX registers on a
/// task switch (SSE and AVX state), and those for AVX-512 besides.
pub const OS_NONE: u32 = 0;
pub const OS_AVX: u32 = 0b0000_0110;
pub const OS_AVX512: u32 = 0b1110_0110;

/// The CPUID words the x86-64 levels' features live in.
pub struct Cpuid {
    /// Leaf 1, ECX: SSE3 ... POPCNT, AVX, FMA, MOVBE, F16C, OSXSAVE.
    pub leaf1_ecx: u32,
    /// Leaf 7 subleaf 0, EBX: AVX2, BMI1, BMI2, AVX-512.
    pub leaf7_ebx: u32,
    /// Leaf 0x8000_0001, ECX: LZCNT.
    pub ext1_ecx: u32,
    /// XCR0, what the operating system saves (0 without OSXSAVE).
    pub xcr0: u32,
}

/// Leaf 1 ECX bit 27: the OS has enabled XGETBV.
const OSXSAVE: u32 = 1 << 27;

impl Cpuid {
    /// Reads the words, each leaf only where the CPU reports having it.
    pub fn read() -> Self {
        let max_leaf = cpuid(0, 0).eax;
        let leaf1_ecx = cpuid(1, 0).ecx;
        let leaf7_ebx = if max_leaf >= 7 { cpuid(7, 0).ebx } else { 0 };
        let ext1_ecx = if cpuid(0x8000_0000, 0).eax >= 0x8000_0001 { cpuid(0x8000_0001, 0).ecx } else { 0 };
        let xcr0 = if all_set(leaf1_ecx, OSXSAVE) { xcr0() } else { 0 };
        Cpuid { leaf1_ecx, leaf7_ebx, ext1_ecx, xcr0 }
    }

    /// Has the CPU the feature at `bit` of `word`, and the OS the state in `os`?
    pub fn has(&self, word: u32, bit: u32, os: u32) -> bool {
        all_set(word, 1 << bit) && all_set(self.xcr0, os)
    }
}

#[allow(unused_unsafe)] // `__cpuid_count` is an unsafe fn in older toolchains only
fn cpuid(leaf: u32, subleaf: u32) -> CpuidResult {
    // SAFETY: every x86-64 CPU has CPUID; a leaf above the maximum is never
    // asked for (the callers check), and CPUID only writes registers.
    unsafe { __cpuid_count(leaf, subleaf) }
}

/// True when every bit of `mask` is set in `word`.
fn all_set(word: u32, mask: u32) -> bool {
    let rest: u32;
    // SAFETY: two register-only ALU instructions of the baseline ISA.
    unsafe {
        asm!("and {w:e}, {m:e}", "xor {w:e}, {m:e}", w = inout(reg) word => rest, m = in(reg) mask,
            options(pure, nomem, nostack));
    }
    rest == 0
}

/// XCR0's low half; only called when the OS reports OSXSAVE.
fn xcr0() -> u32 {
    let (low, _high): (u32, u32);
    // SAFETY: XGETBV with ECX = 0 is defined once OSXSAVE is set, which the
    // caller checked; it only writes EAX and EDX.
    unsafe {
        asm!("xgetbv", in("ecx") 0u32, out("eax") low, out("edx") _high, options(nomem, nostack, preserves_flags));
    }
    low
}
