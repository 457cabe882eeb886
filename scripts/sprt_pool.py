#!/usr/bin/env python3
"""Pool the game pairs of several fastchess SPRT runs of the same two builds.

Two concurrency-1 runs side by side use both cores of a small machine without
making the engines share one; each run alone then takes twice as long to decide.
This adds up their pentanomial counts (the last `Ptnml(0-2): [...]` line of each
log, or counts given on the command line) and prints what one run with all those
pairs would show: the score, Elo with its 95% error bar, normalized Elo and the
log-likelihood ratio of the normalized SPRT fastchess uses by default, and, while
undecided, a forecast: how many more pairs the test needs if the true nElo is
the estimate so far.

The LLR is the usual normal approximation of the generalized SPRT: with pair
scores 0, 1/4, 1/2, 3/4, 1, mean m and variance v over N pairs, and
mu_k = 1/2 + nelo_k * sqrt(2 v) / (800 / ln 10) for the two bounds,
LLR = N (mu_1 - mu_0) (2 m - mu_0 - mu_1) / (2 v).
On a single fastchess log it reproduces fastchess's own LLR to the printed digits.
With `--model logistic` the bounds are plain Elo, as fastchess's `model=logistic`:
mu_k = 1 / (1 + 10^(-elo_k / 400)), and the LLR is that of the generalized SPRT
itself, as fastchess computes it: for each bound, the pentanomial frequencies
that are likeliest given the counts and have mean mu_k (the counts' own
frequencies p_i tilted to p_i / (1 + lambda (s_i - mu_k))), then
LLR = sum n_i ln(q1_i / q0_i), every count taken as at least 0.001. When most
pairs score alike (two builds that play the same moves until one rule applies)
the normal approximation above overstates it twofold. The smaller the variance,
the sooner such a test ends.

Usage: sprt_pool.py [--elo0 E0] [--elo1 E1] [--model M] [--alpha A] [--beta B] LOG_OR_COUNTS...
where COUNTS is five comma-separated numbers, e.g. 18,82,143,112,45.

A run that continues earlier ones does not know their counts, so it would stop
at its own bounds, not at the pooled ones. `--stop PID` watches it instead:
every `--every` seconds (60 by default) it pools the logs again, and once the
pooled LLR crosses a bound it sends SIGINT to PID (fastchess then prints its
last report and closes its PGN) and exits; it also exits when PID ends first.
A log without a report yet counts as no pairs until its first one.
Needs no package beyond Python's standard library.
"""
import argparse
import math
import os
import re
import signal
import sys
import time

PTNML = re.compile(r"Ptnml\(0-2\):\s*\[([0-9,\s]+)\]")
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
NELO_SCALE = 800.0 / math.log(10.0)


def counts_from(source, allow_empty=False):
    """Five pentanomial counts from a fastchess log (its last report) or a literal list.

    With `allow_empty`, a log with no report yet gives zero counts instead of an error."""
    if re.fullmatch(r"\s*\d+(\s*,\s*\d+){4}\s*", source):
        return [int(x) for x in source.split(",")]
    try:
        with open(source, encoding="utf-8", errors="replace") as log:
            found = PTNML.findall(log.read())
    except OSError as err:
        sys.exit(f"sprt_pool.py: cannot read {source}: {err}")
    if not found:
        if allow_empty:
            return [0] * 5
        sys.exit(f"sprt_pool.py: no Ptnml(0-2) line in {source}")
    return [int(x) for x in found[-1].split(",")]


def tilted(frequencies, mu):
    """The frequencies with mean `mu` likeliest to give counts of `frequencies`:
    p_i / (1 + lambda (s_i - mu)), lambda found by bisection where they sum to one."""
    # The weights stay positive for lambda strictly between these two.
    low, high = -1.0 / (1.0 - mu), 1.0 / mu
    for _ in range(200):
        lam = (low + high) / 2.0
        drift = sum(p * (s - mu) / (1.0 + lam * (s - mu)) for p, s in zip(frequencies, PAIR_SCORES))
        # The drift falls as lambda grows: above zero, lambda is too small.
        low, high = (lam, high) if drift > 0.0 else (low, lam)
    lam = (low + high) / 2.0
    return [p / (1.0 + lam * (s - mu)) for p, s in zip(frequencies, PAIR_SCORES)]


def gsprt_llr(counts, mu0, mu1):
    """The generalized SPRT's LLR of pentanomial `counts` between pair-score means mu0 and mu1."""
    counts = [max(count, 0.001) for count in counts]
    total = sum(counts)
    frequencies = [count / total for count in counts]
    q0, q1 = tilted(frequencies, mu0), tilted(frequencies, mu1)
    return sum(n * math.log(b / a) for n, a, b in zip(counts, q0, q1))


def score_from_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    score = min(max(score, 1e-6), 1.0 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def summary(counts, elo0, elo1, model="normalized"):
    """Mean, Elo, its 95% bounds, nElo and the LLR for pooled pentanomial counts."""
    pairs = sum(counts)
    if pairs == 0:
        sys.exit("sprt_pool.py: no game pairs")
    mean = sum(c * s for c, s in zip(counts, PAIR_SCORES)) / pairs
    var = sum(c * (s - mean) ** 2 for c, s in zip(counts, PAIR_SCORES)) / pairs
    if var <= 0.0:
        sys.exit("sprt_pool.py: every pair scored the same; no variance to test with")
    half_width = 1.959964 * math.sqrt(var / pairs)
    low, high = elo_from_score(mean - half_width), elo_from_score(mean + half_width)
    nelo = (mean - 0.5) / math.sqrt(2.0 * var) * NELO_SCALE
    if model == "logistic":
        llr = gsprt_llr(counts, score_from_elo(elo0), score_from_elo(elo1))
    else:
        mu0 = 0.5 + elo0 * math.sqrt(2.0 * var) / NELO_SCALE
        mu1 = 0.5 + elo1 * math.sqrt(2.0 * var) / NELO_SCALE
        llr = pairs * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * var)
    return pairs, mean, elo_from_score(mean), (low, high), nelo, llr


def pool(sources, allow_empty=False, verbose=True):
    """The summed counts of every source."""
    total = [0] * 5
    for source in sources:
        counts = counts_from(source, allow_empty)
        if verbose:
            print(f"{source}: {counts}")
        total = [t + c for t, c in zip(total, counts)]
    return total


def report(total, args):
    """Prints the pooled figures; returns the verdict."""
    pairs, mean, elo, (low, high), nelo, llr = summary(total, args.elo0, args.elo1, args.model)
    lower = math.log(args.beta / (1.0 - args.alpha))
    upper = math.log((1.0 - args.beta) / args.alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "continue"
    print(f"pooled: {total}, {pairs} pairs ({2 * pairs} games), score {100 * mean:.2f}%")
    print(f"Elo {elo:+.1f} ({low:+.1f} .. {high:+.1f}, 95%), nElo {nelo:+.1f}")
    print(f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f}) [{args.elo0:g}, {args.elo1:g}]: {verdict}")
    if verdict == "continue":
        estimate = f"Elo stays at {elo:+.1f}" if args.model == "logistic" else f"nElo stays at {nelo:+.1f}"
        print(forecast(llr, pairs, (lower, upper), estimate))
    return verdict


def forecast(llr, pairs, bounds, estimate):
    """How many more pairs the test needs if the pairs go on scoring as so far.

    The LLR is a sum over pairs, so each pair adds LLR / pairs on average while
    the pair scores' distribution holds, under either model. Under the
    normalized model that step is (elo1 - elo0)(nelo - mid) * 2 / NELO_SCALE^2,
    mid being the bounds' middle: a change near the middle takes the longest to
    decide, whichever way it goes. `estimate` names the figure that must hold,
    in the bounds' own Elo (plain Elo under the logistic model)."""
    per_pair = llr / pairs
    if per_pair == 0.0:
        return f"forecast: the LLR does not drift if {estimate}; no end in sight"
    target, name = (bounds[1], "H1") if per_pair > 0 else (bounds[0], "H0")
    pairs = math.ceil((target - llr) / per_pair)
    return f"forecast: about {pairs} more pairs ({2 * pairs} games) to {name} if {estimate}"


def alive(pid):
    """Whether process `pid` still runs (a zombie child of ours counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def follow(args):
    """Pools the sources every `args.every` seconds until a bound or the end of `args.stop`."""
    while True:
        total = pool(args.sources, allow_empty=True, verbose=False)
        decided = None
        if sum(1 for count in total if count) > 1:  # pairs, and some variance
            print(time.strftime("%H:%M:%S"), end=" ")
            decided = report(total, args)
            sys.stdout.flush()
        if decided not in (None, "continue"):
            if alive(args.stop):
                os.kill(args.stop, signal.SIGINT)
                print(f"sent SIGINT to {args.stop}")
            return
        if not alive(args.stop):
            print(f"process {args.stop} ended without a decision")
            return
        time.sleep(args.every)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="+", help="fastchess logs or five comma-separated counts")
    parser.add_argument("--elo0", type=float, default=0.0, help="H0 bound, in the model's Elo (default 0)")
    parser.add_argument("--elo1", type=float, default=10.0, help="H1 bound, in the model's Elo (default 10)")
    parser.add_argument("--model", choices=["normalized", "logistic"], default="normalized",
                        help="the bounds in normalized Elo (default) or in plain Elo, as fastchess's model=")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--stop", type=int, metavar="PID", help="SIGINT this process at a pooled bound")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between polls with --stop")
    args = parser.parse_args()
    if args.stop is not None:
        if args.stop <= 0 or args.every <= 0:
            sys.exit("sprt_pool.py: --stop needs a process id and --every a positive interval")
        follow(args)
        return
    report(pool(args.sources), args)


if __name__ == "__main__":
    main()
