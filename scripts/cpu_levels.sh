#!/usr/bin/env bash
# Builds the Linux release binaries for the three x86-64 levels and measures them:
#
#   scripts/cpu_levels.sh [RUNS]          RUNS: bench runs per level (default 3)
#
# 1. scripts/package.sh builds x86-64 (baseline, no POPCNT), x86-64-v2 (POPCNT,
#    SSE4.2) and x86-64-v3 (AVX2, BMI2), as the release does;
# 2. `bench` RUNS times each, the levels in turn: the node count must be the
#    same for all (the signature); the speed (nps) is printed, each run and the median;
# 3. with qemu-x86_64 (apt-get install qemu-user), each build is started on
#    an emulated CPU that lacks what it was built for (Core 2: no POPCNT;
#    Nehalem: POPCNT but no AVX2/BMI2): it must say so on stderr and exit 1,
#    not die of an illegal instruction; and each runs `bench 3` on the oldest
#    CPU it is built for. Without qemu this part is skipped with a message.
#
# Exits 1 on the first check that does not hold.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
target=x86_64-unknown-linux-gnu
levels=(x86-64 x86-64-v2 x86-64-v3)

fail() {
    echo "FAIL $*" >&2
    exit 1
}

binary() {
    echo "target/package/$target/$1/$target/release/ferrochamp"
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for level in "${levels[@]}"; do
    scripts/package.sh "$target" "$level" "$out" >/dev/null
done

echo "== bench, $runs rounds of the three in turn ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
# Rounds alternate the levels, so that a change of load on a shared machine
# falls on all three alike.
declare -A speeds
signature=
for _ in $(seq "$runs"); do
    for level in "${levels[@]}"; do
        read -r nodes _ nps _ < <("$(binary "$level")" bench 2>/dev/null | tail -n 1)
        [[ -z $signature ]] && signature=$nodes
        [[ $nodes == "$signature" ]] || fail "$level: bench $nodes nodes, the others $signature"
        speeds[$level]+="$nps "
    done
done
for level in "${levels[@]}"; do
    read -r -a each <<<"${speeds[$level]}"
    median=$(printf '%s\n' "${each[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
    printf '%-10s %s nodes  nps: %s  median %s\n' "$level" "$signature" "${each[*]}" "$median"
done
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== start-up on older CPUs (qemu-x86_64)"
if ! command -v qemu-x86_64 >/dev/null; then
    echo "skipped: no qemu-x86_64 (apt-get install qemu-user)"
    exit 0
fi
# A level, a CPU model just older than it (must refuse), and the oldest model it runs on.
checks=("x86-64 - core2duo" "x86-64-v2 core2duo Nehalem" "x86-64-v3 Nehalem Haswell")
for check in "${checks[@]}"; do
    read -r level older oldest <<<"$check"
    bin=$(binary "$level")
    if [[ $older != - ]]; then
        status=0
        message=$(qemu-x86_64 -cpu "$older" "$bin" bench 3 2>&1 >/dev/null) || status=$?
        [[ $status == 1 && $message == *"this CPU lacks"* ]] ||
            fail "$level on $older: exit $status, stderr: $message"
        echo "ok   $level on $older: exit 1, \"$(head -n 1 <<<"$message")\""
    fi
    last=$(qemu-x86_64 -cpu "$oldest" "$bin" bench 3 2>/dev/null | tail -n 1) || fail "$level on $oldest: $last"
    echo "ok   $level on $oldest: bench 3 -> $last"
done
