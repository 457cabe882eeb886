#!/usr/bin/env python3
"""How each engine used its clock in a match, from fastchess's PGN.

fastchess (`-pgnout ... timeleft=true`) writes after every move a comment such
as `{+0.35/12 0.512s, tl=9.447s}`: score/depth, the time the move took and the
time left. For every engine this prints: moves, average and median time per
move, the average over each game's first 40 moves of that engine (averaged
over games), the lowest time left seen, and the number of moves made with
under 0.1 s left. Moves without a timed comment (book moves) are skipped.
Without `timeleft=true` (`{+0.35/12 0.512s}`) the times per move are still
read; the two clock columns then say n/a.

It also compares Ferrochamp's average thinking time per move with Ethereal's
in the same games: within 15% means neither side throws away its clock. A
second table shows where each engine spends it: the average time of its moves
1-10, 11-20, ... 81+, and the clock it has left after its moves 10, 20, 40, 60.

Usage: time_use.py MATCH.pgn [MATCH2.pgn ...]
Needs no package beyond Python's standard library.
"""
import os
import re
import statistics
import sys
from collections import defaultdict

# fastchess writes one comment after every move, book moves included ({book}).
COMMENT = re.compile(r"\{([^}]*)\}")
# In a comment: the time the move took, then the time left (with timeleft=true).
TIMING = re.compile(r"\s([0-9.]+)s(?:,\s*tl=([0-9.]+)s)?")
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
EARLY_MOVES = 40
# The by-move table: moves in groups of ten (the last group open-ended), and
# the clock left after these of the engine's moves.
GROUP = 10
GROUPS = 9
CLOCK_AFTER = (10, 20, 40, 60)


def games(paths):
    """(tags, movetext) for every game of the files."""
    for path in paths:
        tags, body = {}, []
        with open(path, encoding="utf-8", errors="replace") as pgn:
            for line in pgn:
                line = line.rstrip("\n")
                match = TAG.match(line)
                if match:
                    if body:
                        yield tags, " ".join(body)
                        tags, body = {}, []
                    tags[match.group(1)] = match.group(2)
                elif line.strip():
                    body.append(line)
        if body:
            yield tags, " ".join(body)


def collect(paths):
    """Per engine: every move time, per-game early totals and clock lows."""
    times = defaultdict(list)
    early = defaultdict(list)
    lowest = {}
    scrambles = defaultdict(int)
    by_move = defaultdict(lambda: defaultdict(list))
    clock_after = defaultdict(lambda: defaultdict(list))
    for tags, movetext in games(paths):
        sides = [tags.get("White", "?"), tags.get("Black", "?")]
        per_game = defaultdict(list)
        for index, comment in enumerate(COMMENT.finditer(movetext)):
            match = TIMING.search(comment.group(1))
            if not match:
                continue
            # The first move is White's unless the game starts with Black to move.
            mover = sides[(index + first_mover(tags)) % 2]
            spent = float(match.group(1))
            left = float(match.group(2)) if match.group(2) else None
            per_game[mover].append((spent, left))
        for engine, moves in per_game.items():
            times[engine].extend(spent for spent, _ in moves)
            for number, (spent, left) in enumerate(moves, start=1):
                by_move[engine][min((number - 1) // GROUP, GROUPS - 1)].append(spent)
                if number in CLOCK_AFTER and left is not None:
                    clock_after[engine][number].append(left)
            first = moves[:EARLY_MOVES]
            early[engine].append(sum(spent for spent, _ in first) / len(first))
            clock = [left for _, left in moves if left is not None]
            if clock:
                lowest[engine] = min(lowest.get(engine, float("inf")), min(clock))
                scrambles[engine] += sum(1 for left in clock if left < 0.1)
    return times, early, lowest, scrambles, by_move, clock_after


def print_by_move(by_move, clock_after):
    """Where each engine spends its clock: seconds a move by its move number,
    and the clock it has left after some of its moves (averages over games)."""
    groups = [f"{g * GROUP + 1}-{(g + 1) * GROUP}" for g in range(GROUPS - 1)] + [f"{(GROUPS - 1) * GROUP + 1}+"]
    print("\nseconds a move by the engine's move number; clock left after its move N (s)")
    print(f"{'engine':<16} " + " ".join(f"{g:>6}" for g in groups)
          + "  " + " ".join(f"{'left ' + str(n):>8}" for n in CLOCK_AFTER))
    def mean(values):
        return f"{statistics.mean(values):.3f}" if values else "-"

    for engine in sorted(by_move):
        spent = " ".join(f"{mean(by_move[engine][g]):>6}" for g in range(GROUPS))
        left = " ".join(f"{mean(clock_after[engine][n]):>8}" for n in CLOCK_AFTER)
        print(f"{engine:<16} {spent}  {left}")


def first_mover(tags):
    """0 when White makes the first commented move, 1 when Black does."""
    fen = tags.get("FEN", "")
    return 1 if len(fen.split()) > 1 and fen.split()[1] == "b" else 0


def main(paths):
    times, early, lowest, scrambles, by_move, clock_after = collect(paths)
    if not times:
        print("no timed moves found (no comment such as {+0.35/12 0.512s})")
        return 1
    print(f"{'engine':<16} {'moves':>6} {'avg s':>7} {'median s':>9} {'avg s, first 40':>16} "
          f"{'lowest left s':>14} {'moves < 0.1 s left':>19}")
    for engine in sorted(times):
        spent = times[engine]
        low = f"{lowest[engine]:.3f}" if engine in lowest else "n/a"
        scrambled = scrambles[engine] if engine in lowest else "n/a"
        print(f"{engine:<16} {len(spent):>6} {statistics.mean(spent):>7.3f} {statistics.median(spent):>9.3f} "
              f"{statistics.mean(early[engine]):>16.3f} {low:>14} {scrambled:>19}")
    engines = sorted(times)
    if len(engines) == 2:
        a, b = (statistics.mean(times[e]) for e in engines)
        print(f"{engines[0]} / {engines[1]} average time per move: {a / b:.2f}")
    print_by_move(by_move, clock_after)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) > 1 else 2)
    missing = [path for path in sys.argv[1:] if not os.path.isfile(path)]
    if missing:
        print(f"time_use.py: no such file: {', '.join(missing)}", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
