#!/usr/bin/env python3
"""Threads=2 time-to-depth speed-up over the bench positions.

Runs `ferrochamp bench DEPTH 1` and `ferrochamp bench DEPTH THREADS`
alternately, ROUNDS times each, reads each position's `time` field, and
prints the median per-position speed-up over the positions that take one
thread at least --min-ms (time with one thread divided by time
with THREADS, each position's times first reduced to their median over the
rounds) and the speed-up of the whole bench.

    python3 scripts/smp_speedup.py target/release/ferrochamp --depth 14 --rounds 3
    python3 scripts/smp_speedup.py target/release/ferrochamp --param BusyNodeReduction=2

`--param NAME=VALUE` (repeatable) is passed on to the engine for both thread counts,
and so is `--hash MB` (bench's third argument; without it, the Hash option's default).
"""
import argparse
import re
import statistics
import subprocess

LINE = re.compile(r"^position\s+(\d+): best \S+\s+nodes\s+(\d+) time\s+(\d+)")


def bench(engine, params, depth, threads, hash_mb):
    """Per-position times in ms of one bench run."""
    settings = [arg for param in params for arg in ("--param", param)]
    command = [engine, *settings, "bench", str(depth), str(threads)] + ([str(hash_mb)] if hash_mb else [])
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    times = {}
    for line in out.stdout.splitlines():
        match = LINE.match(line)
        if match:
            times[int(match.group(1))] = int(match.group(3))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hash", type=int, default=0, metavar="MB",
                        help="the hash table's size for both thread counts (default: bench's, the Hash option's)")
    parser.add_argument("--min-ms", type=float, default=50,
                        help="leave out positions that one thread searches faster than this: "
                             "their times are start-up and timer resolution, not search")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a search tunable to set in the engine (repeatable)")
    args = parser.parse_args()
    single, multi = {}, {}
    for _ in range(args.rounds):
        for threads, store in ((1, single), (args.threads, multi)):
            for position, ms in bench(args.engine, args.param, args.depth, threads, args.hash).items():
                store.setdefault(position, []).append(ms)
    ratios = []
    for position in sorted(single):
        one, many = statistics.median(single[position]), statistics.median(multi[position])
        if one >= args.min_ms:
            ratios.append(one / max(many, 1))
    total_one = sum(statistics.median(v) for v in single.values())
    total_many = sum(statistics.median(v) for v in multi.values())
    print(f"positions {len(ratios)} of {len(single)} (one thread takes >= {args.min_ms} ms), "
          f"depth {args.depth}, rounds {args.rounds}" + (f", hash {args.hash} MB" if args.hash else "") + "".join(f", {p}" for p in args.param))
    print(f"median per-position speed-up: {statistics.median(ratios):.3f}")
    print(f"whole bench: {total_one:.0f} ms with 1 thread, {total_many:.0f} ms with {args.threads}: "
          f"{total_one / max(total_many, 1):.3f}x")
    print("quartiles of per-position speed-up:", [round(q, 3) for q in statistics.quantiles(ratios, n=4)])


if __name__ == "__main__":
    main()
