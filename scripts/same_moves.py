#!/usr/bin/env python3
"""Do two builds play the same moves? For changes meant to leave play alone.

Runs `go nodes N` for every position of a FEN or EPD file (the first four
fields, or six, of each line) at a range of node counts, one thread, a new game
before each search, with each build in turn, and compares the `bestmove`s.
With one thread a node-limited search is repeatable, so a change that touches
only what is printed must give no difference at all. It also counts the
searches whose last `info` line before `bestmove` was a bound (`lowerbound`
or `upperbound`), which shows whether the positions reached the stops an
output change is about.

    python3 scripts/same_moves.py OLD_BINARY NEW_BINARY POSITIONS.epd \
        [--positions 49] [--nodes 30000:400000:37000]

Exits 1 when a move differs, 2 on bad arguments or a missing file.
Needs the Python package `chess` (through engine_check.py's UCI pipe).
"""
import argparse
import os
import sys
from pathlib import Path

# The UCI pipe with a timeout on every wait, shared with the user-level checks.
from engine_check import Failure, Uci, fen_of_line


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", help="the build before the change")
    parser.add_argument("new", help="the build with the change")
    parser.add_argument("positions", help="FEN or EPD file, one position a line")
    parser.add_argument("--positions", dest="count", type=int, default=49, help="how many positions (first N)")
    parser.add_argument("--nodes", default="30000:400000:37000", help="START:STOP:STEP node counts (STOP included)")
    parser.add_argument("--hash", type=int, default=16, help="Hash in MB")
    return parser.parse_args()


def fens_from(path, count):
    fens = [fen_of_line(line) for line in Path(path).read_text().splitlines()]
    return [fen for fen in fens if fen is not None][:count]


def node_counts(spec):
    start, stop, step = (int(part) for part in spec.split(":"))
    if start <= 0 or step <= 0 or stop < start:
        raise ValueError("need 0 < START <= STOP and STEP > 0")
    return list(range(start, stop + 1, step))


def best_move(engine, fen, nodes):
    """The move played and whether the last `info depth` line was a bound."""
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send(f"go nodes {nodes}")
    lines = engine.until("bestmove")
    infos = [line for line in lines if line.startswith("info depth")]
    bound = bool(infos) and ("lowerbound" in infos[-1] or "upperbound" in infos[-1])
    return lines[-1].split()[1], bound


def play_all(binary, fens, nodes, hash_mb):
    engine = Uci([binary])
    engine.send("uci")
    engine.send(f"setoption name Hash value {hash_mb}")
    engine.send("isready")
    engine.until("readyok")
    results = [best_move(engine, fen, count) for fen in fens for count in nodes]
    engine.close()
    return results


def main():
    args = parse_args()
    for binary in (args.old, args.new):
        if not (Path(binary).is_file() and os.access(binary, os.X_OK)):
            print(f"same_moves.py: not an executable: {binary}", file=sys.stderr)
            sys.exit(2)
    if not Path(args.positions).is_file():
        print(f"same_moves.py: no such file: {args.positions}", file=sys.stderr)
        sys.exit(2)
    try:
        nodes = node_counts(args.nodes)
    except ValueError as error:
        print(f"same_moves.py: bad --nodes '{args.nodes}': {error}", file=sys.stderr)
        sys.exit(2)
    fens = fens_from(args.positions, args.count)
    if not fens or args.count <= 0:
        print(f"same_moves.py: no positions read from {args.positions}", file=sys.stderr)
        sys.exit(2)
    try:
        old = play_all(args.old, fens, nodes, args.hash)
        new = play_all(args.new, fens, nodes, args.hash)
    except Failure as failure:
        print(f"same_moves.py: {failure}", file=sys.stderr)
        sys.exit(2)
    searches = [(fen, count) for fen in fens for count in nodes]
    differ = [(*search, a[0], b[0]) for search, a, b in zip(searches, old, new) if a[0] != b[0]]
    for fen, count, old_move, new_move in differ:
        print(f"differs: {fen} at {count} nodes: {old_move} -> {new_move}")
    print(
        f"{len(fens)} positions x {len(nodes)} node counts = {len(old)} searches; "
        f"different bestmoves {len(differ)}; last line a bound: old {sum(b for _, b in old)}, "
        f"new {sum(b for _, b in new)}"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
