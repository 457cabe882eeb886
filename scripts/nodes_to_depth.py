#!/usr/bin/env python3
"""Nodes each engine needs to complete a fixed depth, summed over positions.

A measure of selectivity that the machine's load cannot disturb: every
position is searched with `go depth D` in a new engine process (one thread,
Hash 16 by default, so no table is shared between positions) and the node
count of the last `info` line is summed. Positions come from a file of FENs,
EPD lines or `FEN | score | result` tuning lines; `--every K` keeps lines 1,
K+1, 2K+1, ...

    python3 scripts/nodes_to_depth.py POSITIONS --depth 15 --every 3000 BIN [BIN ...]
    xz -dc data/teacher/sf10_s4101_step3.txt.xz > /tmp/sf10.txt
    python3 scripts/nodes_to_depth.py /tmp/sf10.txt --every 3000 --first 12 main/ferrochamp cand/ferrochamp
    python3 scripts/nodes_to_depth.py POSITIONS --depth 10 --option "Use NNUE=false" /usr/games/stockfish

`--option NAME=VALUE` (repeatable) sets a UCI option of every engine given,
so engines that need different options are run one invocation each.
Prints one line per engine: its path and the summed nodes, or with
`--geometric-mean` the geometric mean of the positions' counts: a sum is
ruled by the few positions whose search explodes at some depth, while the
geometric mean compares the typical tree (two builds' ratio is then the mean
of their per-position ratios, in logarithms). A position the
engine refuses, or a search that does not answer, ends the run with a message.
Needs the Python package `chess` (through engine_check.py's UCI pipe).
"""
import argparse
import statistics
import sys

# The UCI pipe with a timeout on every wait and the FEN/EPD line reader, shared with the user-level checks.
from engine_check import Failure, Uci, fen_of_line, require_engines, uci_options


def read_fens(path, every, first):
    """FENs of every `every`-th non-empty line (first line first), at most `first`
    (0: all); tuning lines are cut at their first `|`."""
    with open(path, encoding="utf-8") as lines:
        kept = [line for line in lines if line.strip()]
    fens = [fen_of_line(line.split("|")[0]) for line in kept[::every]]
    fens = [fen for fen in fens if fen is not None]
    return fens[:first] if first else fens


def nodes_to_depth(engine, fen, depth, hash_mb, options):
    """Nodes reported by the last `info ... nodes N` line before `bestmove`, in a new process."""
    uci = Uci([engine])
    try:
        uci.send("uci")
        uci.send(f"setoption name Hash value {hash_mb}")
        for name, value in options:
            uci.send(f"setoption name {name} value {value}")
        uci.send(f"position fen {fen}")
        # A FEN the engine refuses would leave it searching the start position instead.
        refused = [line for line in uci.info_strings() if "invalid" in line.lower()]
        if refused:
            raise Failure(f"{fen}: {refused[0]}")
        uci.send(f"go depth {depth}")
        counts = [line.split() for line in uci.until("bestmove") if line.startswith("info") and " nodes " in line]
    finally:
        uci.close()
    if not counts:
        raise Failure(f"no node count for {fen}")
    return int(counts[-1][counts[-1].index("nodes") + 1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions")
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--depth", type=int, default=15)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="at most this many positions (0: all)")
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a UCI option, repeatable")
    parser.add_argument("--geometric-mean", action="store_true", help="print the counts' geometric mean, not their sum")
    args = parser.parse_args()
    options = uci_options(parser, args.option)
    if args.every < 1 or args.depth < 1:
        parser.error("--every and --depth must be at least 1")
    require_engines(parser, args.engines)
    try:
        fens = read_fens(args.positions, args.every, args.first)
    except OSError as error:
        parser.error(f"cannot read {args.positions}: {error.strerror}")
    if not fens:
        parser.error(f"no positions in {args.positions}")
    for engine in args.engines:
        try:
            counts = [nodes_to_depth(engine, fen, args.depth, args.hash, options) for fen in fens]
        except Failure as failure:
            sys.exit(f"nodes_to_depth.py: {engine}: {failure}")
        # A search that ends at once may report no node: count it as one.
        summary = round(statistics.geometric_mean(max(n, 1) for n in counts)) if args.geometric_mean else sum(counts)
        print(f"{engine} {summary}", flush=True)


if __name__ == "__main__":
    main()
