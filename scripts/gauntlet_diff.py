#!/usr/bin/env python3
"""Two builds measured against the same third engine, and the difference.

Self-play between close relatives can reward what the other engines do not
feel (both sides share the same blind spots). A gauntlet asks the other
question: build A and build B each play the same opponent, and the difference
of their scores is what the change is worth against it. Run both gauntlets
with the same fastchess settings and the same `-srand`, so that game pair
(`Round`) N of one opens from the same position as pair N of the other; the
difference is then taken opening by opening, which removes the part of the
variance that comes from the openings themselves. A gauntlet played in several
runs (one `-srand` each) gives its PGNs in run order, the other build's in the
same order: run K of A is paired with run K of B.

For each build it prints the pentanomial counts of its complete pairs, its
score and Elo with a 95% interval (as `sprt_pool.py` computes them); then,
over the pairs both played from the same opening, the Elo difference A - B
with a 95% interval from the paired differences (and, for comparison, the
wider interval the two gauntlets would give unpaired).

Usage: gauntlet_diff.py OPPONENT --a A.pgn [A2.pgn ...] --b B.pgn [B2.pgn ...]
OPPONENT is the opponent's name in the PGN's White/Black tags.
Needs no package beyond Python's standard library.
"""
import argparse
import math
import os
import sys
from collections import defaultdict

from sprt_pool import PAIR_SCORES, elo_from_score, summary
from time_use import games

RESULT_POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
Z95 = 1.959964


def pair_scores(paths, opponent):
    """{(run, round): (opening FEN, pair score in 0..1)} of the non-opponent side, complete
    pairs only; `run` is the file's place in `paths`, as each run numbers its rounds from 1."""
    by_round = defaultdict(list)
    for run, path in enumerate(paths):
        for tags, _ in games([path]):
            points = RESULT_POINTS.get(tags.get("Result", "*"))
            white, black = tags.get("White"), tags.get("Black")
            if points is None or opponent not in (white, black) or white == black:
                continue
            ours = points[1] if white == opponent else points[0]
            by_round[(run, tags.get("Round", "?"))].append((tags.get("FEN", "startpos"), ours))
    pairs = {}
    for round_id, played in by_round.items():
        if len(played) == 2 and played[0][0] == played[1][0]:
            pairs[round_id] = (played[0][0], (played[0][1] + played[1][1]) / 2.0)
    return pairs


def pentanomial(scores):
    return [sum(1 for s in scores if abs(s - level) < 1e-9) for level in PAIR_SCORES]


def describe(name, pairs):
    counts = pentanomial([score for _, score in pairs.values()])
    games_, mean, elo, (low, high), _, _ = summary(counts, 0.0, 5.0)
    elo += 0.0  # an even score prints as +0.0, not -0.0
    print(f"{name}: {2 * games_} games in pairs, pentanomial {'-'.join(map(str, counts))}, "
          f"score {mean:.4f}, Elo {elo:+.1f} ({low:+.1f} to {high:+.1f})")


def elo_slope(score):
    """d Elo / d score of the logistic curve at `score`."""
    score = min(max(score, 0.01), 0.99)
    return 400.0 / (math.log(10.0) * score * (1.0 - score))


def difference(a_pairs, b_pairs):
    """Elo of A minus Elo of B over the openings both played, with paired and unpaired 95% half-widths."""
    common = [r for r in a_pairs if r in b_pairs and a_pairs[r][0] == b_pairs[r][0]]
    if len(common) < 2:
        sys.exit("gauntlet_diff.py: fewer than two openings played by both builds")
    a = [a_pairs[r][1] for r in common]
    b = [b_pairs[r][1] for r in common]
    n = len(common)
    mean_a, mean_b = sum(a) / n, sum(b) / n
    diffs = [x - y for x, y in zip(a, b)]
    mean_d = mean_a - mean_b
    var_d = sum((d - mean_d) ** 2 for d in diffs) / (n - 1)
    var_a = sum((x - mean_a) ** 2 for x in a) / (n - 1)
    var_b = sum((y - mean_b) ** 2 for y in b) / (n - 1)
    slope = elo_slope((mean_a + mean_b) / 2.0)
    paired = Z95 * math.sqrt(var_d / n) * slope
    unpaired = Z95 * math.sqrt((var_a + var_b) / n) * slope
    return n, elo_from_score(mean_a) - elo_from_score(mean_b), paired, unpaired


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("opponent", help="the opponent's name in the PGN tags")
    parser.add_argument("--a", nargs="+", required=True, help="PGNs of build A against the opponent")
    parser.add_argument("--b", nargs="+", required=True, help="PGNs of build B against the opponent")
    args = parser.parse_args()
    missing = [path for path in args.a + args.b if not os.path.isfile(path)]
    if missing:
        sys.exit(f"gauntlet_diff.py: no such file: {', '.join(missing)}")
    a_pairs, b_pairs = pair_scores(args.a, args.opponent), pair_scores(args.b, args.opponent)
    for name, pairs in (("A", a_pairs), ("B", b_pairs)):
        if not pairs:
            sys.exit(f"gauntlet_diff.py: no complete pair against {args.opponent} in the PGNs of {name}")
        describe(name, pairs)
    n, delta, paired, unpaired = difference(a_pairs, b_pairs)
    print(f"A - B over {n} common openings: {delta:+.1f} Elo "
          f"(95%: {delta - paired:+.1f} to {delta + paired:+.1f} paired; +/- {unpaired:.1f} unpaired)")


if __name__ == "__main__":
    main()
