#!/bin/bash
# Runs the engine's threaded code under ThreadSanitizer and its `unsafe` code
# under Miri, as Stockfish's CI runs sanitizers on every push.
#
# usage: scripts/sanitize.sh [--tsan] [--miri] [--help]   (no option: both)
#
# Needs the nightly toolchain with the rust-src component (ThreadSanitizer
# rebuilds std with -Zbuild-std, so that std's own synchronisation is
# instrumented too) and the miri component; missing components are added with
# rustup, and the part is reported as not run if that fails. Builds go to
# target/tsan and target/miri, away from the normal builds. Heavy commands run
# under `nice -n 10` (NICE=0 to change that). Exit status: 0 when every part
# that ran passed, 1 on any finding or failure, 2 on bad usage.
#
# What is covered
# - ThreadSanitizer (data races, also on the non-atomic data that atomics or
#   channels are meant to hand over):
#   * lib unit tests of the transposition table (`search::tt`, including two
#     writers and a reader on one entry), the node claims (`search::claims`),
#     the time-manager thread (`engine::time`) and the input reader
#     (`engine::front`);
#   * tests/smp_claims.rs: a Threads=2 search through `ThreadPool`, in process;
#   * tests/stress.rs: short Threads=2 searches raced by stop, ponderhit,
#     isready, ucinewgame and Hash changes. It drives the engine binary as a
#     subprocess; under `cargo test` that binary is built with the same flags,
#     so it is instrumented too. Its stderr is discarded by the test, hence
#     TSAN_OPTIONS log_path: every report of every process lands in
#     target/tsan/reports, and any file there is a finding.
#     FERROCHAMP_STRESS_SEARCHES (default 1000, about a minute here) sets how
#     many searches it runs.
# - Miri (undefined behaviour: uninitialised reads, out-of-bounds and
#   misaligned accesses, aliasing, data races between threads it runs): the
#   unit tests of every module with `unsafe` - `board::chess_move` (MoveList's
#   MaybeUninit slots), `search::picker` (the picker's MaybeUninit keys),
#   `search::tt` (the zeroed allocation, bucket alignment, concurrent writers)
#   - and of the lock-free `search::claims`.
#
# What is not covered
# - Miri: whole searches (far too slow interpreted), the Syzygy prober
#   (pyrrhic-rs is C behind FFI, which Miri cannot run), `madvise` (skipped
#   under cfg(miri) in tt.rs) and the `_mm_prefetch` hint (not reached by the
#   unit tests); nor the pool, controller and time-manager threads. Tests
#   too slow interpreted are `#[cfg_attr(miri, ignore)]`, the reason beside.
# - ThreadSanitizer: C code is not instrumented (the Syzygy prober; no test
#   here probes tables from several threads), nor are data races that the
#   chosen tests do not provoke: it only sees the interleavings that happen.
#   Timing-bound tests (clock_hard_limit, uci_session) are left out: the
#   5-15x slowdown would fail them without a race. Memory orderings that are
#   too weak but race on no non-atomic data (a Relaxed flag seen late) are not
#   data races and are not reported.
# - Neither checks logic: both run only what the tests run.
#
# Cost: the first TSan run builds std and every dependency instrumented (half
# an hour on a busy 2-core machine), later runs take about two minutes; Miri
# builds its sysroot once (minutes), then the crate, then the tests take a
# few minutes. RUSTFLAGS replaces the rustflags of .cargo/config.toml
# (target-cpu=x86-64-v2) in the TSan build: popcount is emulated there, which
# changes speed, not behaviour.
set -euo pipefail

HERE=$(cd "$(dirname "$0")/.." && pwd)
cd "$HERE"

TOOLCHAIN=${SANITIZE_TOOLCHAIN:-nightly}
TARGET=x86_64-unknown-linux-gnu
NICE=${NICE:-10}
TSAN_DIR=target/tsan
REPORT_DIR=$TSAN_DIR/reports

usage() {
    cat <<EOF
usage: scripts/sanitize.sh [--tsan] [--miri] [--help]

Runs ThreadSanitizer over the multi-threaded tests and Miri over the unit
tests of the modules with unsafe code (see the header of this script for what
is and is not covered). With no option both run; --tsan or --miri runs only
that part.

Environment:
  SANITIZE_TOOLCHAIN          rustup toolchain to use (default: nightly)
  NICE                        niceness of the heavy commands (default: 10)
  FERROCHAMP_STRESS_SEARCHES  searches in tests/stress.rs (default: the test's 1000)
  MIRIFLAGS                   Miri flags (default: -Zmiri-disable-isolation)

Exit status: 0 if every part run passed, 1 on any finding or failure, 2 on bad usage.
EOF
}

run_tsan=0
run_miri=0
for arg in "$@"; do
    case $arg in
        --tsan) run_tsan=1 ;;
        --miri) run_miri=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "sanitize.sh: unknown option '$arg'" >&2; usage >&2; exit 2 ;;
    esac
done
if [[ $run_tsan == 0 && $run_miri == 0 ]]; then
    run_tsan=1
    run_miri=1
fi

# Part name -> outcome, in the order run.
declare -a parts=()
declare -A outcome=()
record() {
    parts+=("$1")
    outcome[$1]=$2
}

heavy() {
    nice -n "$NICE" "$@"
}

# Whether the toolchain has every component named; adds what is missing.
# Prints what is missing and fails when it cannot be added.
have_components() {
    if ! rustup toolchain list | grep -q "^$TOOLCHAIN"; then
        echo "sanitize.sh: the $TOOLCHAIN toolchain is not installed (rustup toolchain install $TOOLCHAIN)" >&2
        return 1
    fi
    local installed missing=()
    installed=$(rustup component list --toolchain "$TOOLCHAIN" --installed)
    for component in "$@"; do
        grep -q "^$component" <<<"$installed" || missing+=("$component")
    done
    [[ ${#missing[@]} == 0 ]] && return 0
    echo "sanitize.sh: adding ${missing[*]} to the $TOOLCHAIN toolchain" >&2
    if ! rustup component add --toolchain "$TOOLCHAIN" "${missing[@]}"; then
        echo "sanitize.sh: missing components of the $TOOLCHAIN toolchain: ${missing[*]}" >&2
        echo "  (rustup component add --toolchain $TOOLCHAIN ${missing[*]} failed)" >&2
        return 1
    fi
}

# Prints the key lines of every ThreadSanitizer report written so far; fails if there is one.
no_tsan_reports() {
    local reports
    reports=$(find "$REPORT_DIR" -type f 2>/dev/null | sort)
    [[ -z $reports ]] && return 0
    for report in $reports; do
        echo "---- $report"
        grep -E "WARNING: ThreadSanitizer|^  (Read|Write|Atomic|Previous|Location)|^    #[0-3] |SUMMARY" "$report" | head -40
    done
    return 1
}

# One TSan test run; `label` names it in the summary.
tsan_run() {
    local label=$1
    shift
    echo "== tsan: $label"
    local status=PASS
    if ! RUSTFLAGS="-Zsanitizer=thread" heavy cargo "+$TOOLCHAIN" test -Zbuild-std --target "$TARGET" \
        --target-dir "$TSAN_DIR" "$@"; then
        status=FAIL
    fi
    if ! no_tsan_reports; then
        status="FAIL (ThreadSanitizer report, key lines above)"
    fi
    record "tsan: $label" "$status"
    # Reports are moved aside so that each run's findings are its own.
    if [[ -n $(find "$REPORT_DIR" -type f 2>/dev/null) ]]; then
        local kept
        kept="$TSAN_DIR/reports-$(date +%Y%m%d-%H%M%S)-${label%% *}"
        mkdir -p "$kept"
        mv "$REPORT_DIR"/* "$kept/"
        echo "tsan: reports kept in $kept"
    fi
}

tsan() {
    if ! have_components rust-src; then
        record "tsan" "NOT RUN ($TOOLCHAIN toolchain or its rust-src missing)"
        return
    fi
    mkdir -p "$REPORT_DIR"
    rm -f "$REPORT_DIR"/*
    # halt_on_error: the first race ends the process (exit 66), so a race in
    # the engine subprocess also fails the test that drives it.
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$HERE/$REPORT_DIR/tsan"
    export FERROCHAMP_STRESS_SEARCHES=${FERROCHAMP_STRESS_SEARCHES:-1000}
    tsan_run "lib (tt, claims, time manager, input reader)" --lib -- \
        search::tt search::claims engine::time engine::front
    tsan_run "smp_claims (Threads=2 search via ThreadPool)" --test smp_claims
    tsan_run "stress ($FERROCHAMP_STRESS_SEARCHES searches, engine subprocess)" --test stress
}

miri() {
    if ! have_components miri rust-src; then
        record "miri" "NOT RUN ($TOOLCHAIN toolchain, its miri or rust-src missing)"
        return
    fi
    # Isolation off: TranspositionTable::new reads /proc/meminfo. Miri warns
    # that files in /proc bypass its abstract machine: expected, harmless.
    export MIRIFLAGS=${MIRIFLAGS:--Zmiri-disable-isolation}
    echo "== miri: unit tests of the modules with unsafe code"
    local status=PASS
    if ! heavy cargo "+$TOOLCHAIN" miri test --lib -- \
        board::chess_move search::picker search::tt search::claims; then
        status=FAIL
    fi
    record "miri: board::chess_move, search::picker, search::tt, search::claims" "$status"
}

if [[ $run_tsan == 1 ]]; then tsan; fi
if [[ $run_miri == 1 ]]; then miri; fi

echo
echo "== sanitize.sh summary"
failed=0
for part in "${parts[@]}"; do
    printf '  %-72s %s\n' "$part" "${outcome[$part]}"
    [[ ${outcome[$part]} == PASS ]] || failed=1
done
exit "$failed"
