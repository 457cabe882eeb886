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
score and Elo with a 95% interval (as `sprt_pool.py` computes them) and the
W-L-D of all its games (as `limit_calibration.py` counts them); then,
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

from limit_calibration import count_results, half_points
from sprt_pool import elo_from_score, summary
from time_use import games

Z95 = 1.959964


def played_games(paths, opponent):
    """((run, round), opening FEN, half-points 0-2) of the non-opponent side for every finished
    game; `run` is the file's place in `paths`, as each run numbers its rounds from 1."""
    for run, path in enumerate(paths):
        for tags, _ in games([path]):
            white, black, result = tags.get("White"), tags.get("Black"), tags.get("Result")
            if result not in ("1-0", "0-1", "1/2-1/2") or opponent not in (white, black) or white == black:
                continue
            yield (run, tags.get("Round", "?")), tags.get("FEN", "startpos"), half_points(result, white != opponent)


def pair_scores(played):
    """{(run, round): (opening FEN, pair score in 0..1)}, complete pairs from one opening only."""
    by_round = defaultdict(list)
    for key, fen, ours in played:
        by_round[key].append((fen, ours))
    return {
        key: (games_[0][0], (games_[0][1] + games_[1][1]) / 4.0)
        for key, games_ in by_round.items()
        if len(games_) == 2 and games_[0][0] == games_[1][0]
    }


def describe(name, played):
    wins, losses, draws, counts = count_results((key, ours) for key, _, ours in played)
    pairs, mean, elo, (low, high), _, _ = summary(counts, 0.0, 5.0)
    elo += 0.0  # an even score prints as +0.0, not -0.0
    print(f"{name}: {2 * pairs} games in pairs, pentanomial {'-'.join(map(str, counts))}, "
          f"score {mean:.4f}, Elo {elo:+.1f} ({low:+.1f} to {high:+.1f}); "
          f"W-L-D {wins}-{losses}-{draws} over all {wins + losses + draws} games")


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
    a_played, b_played = list(played_games(args.a, args.opponent)), list(played_games(args.b, args.opponent))
    a_pairs, b_pairs = pair_scores(a_played), pair_scores(b_played)
    for name, played, pairs in (("A", a_played, a_pairs), ("B", b_played, b_pairs)):
        if not pairs:
            sys.exit(f"gauntlet_diff.py: no complete pair against {args.opponent} in the PGNs of {name}")
        describe(name, played)
    n, delta, paired, unpaired = difference(a_pairs, b_pairs)
    print(f"A - B over {n} common openings: {delta:+.1f} Elo "
          f"(95%: {delta - paired:+.1f} to {delta + paired:+.1f} paired; +/- {unpaired:.1f} unpaired)")


if __name__ == "__main__":
    main()
