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

Prints one line per engine: its path and the summed nodes.
"""
import argparse
import shutil
import subprocess
import sys


def read_fens(path, every, first):
    """FENs of every `every`-th non-empty line (first line first), at most `first`."""
    fens = []
    with open(path, encoding="utf-8") as lines:
        kept = [line for line in lines if line.strip()]
    for line in kept[::every]:
        fields = line.split("|")[0].split(";")[0].split()
        # EPD puts operations where a FEN has its two move counters.
        counters = fields[4:6] if all(field.isdigit() for field in fields[4:6]) and len(fields) >= 6 else ["0", "1"]
        fens.append(" ".join(fields[:4] + counters))
        if first and len(fens) >= first:
            break
    return fens


def nodes_to_depth(engine, fen, depth, hash_mb):
    """Nodes reported by the last `info ... nodes N` line before `bestmove`."""
    commands = f"uci\nsetoption name Hash value {hash_mb}\nisready\nposition fen {fen}\ngo depth {depth}\n"
    process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    process.stdin.write(commands)
    process.stdin.flush()
    nodes = None
    for line in process.stdout:
        fields = line.split()
        if fields[:1] == ["info"] and "nodes" in fields:
            nodes = int(fields[fields.index("nodes") + 1])
        if fields[:1] == ["bestmove"]:
            break
    process.stdin.write("quit\n")
    process.stdin.flush()
    process.wait()
    if nodes is None:
        sys.exit(f"{engine}: no node count for {fen}")
    return nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions")
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--depth", type=int, default=15)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="at most this many positions (0: all)")
    parser.add_argument("--hash", type=int, default=16)
    args = parser.parse_args()
    if args.every < 1 or args.depth < 1:
        parser.error("--every and --depth must be at least 1")
    for engine in args.engines:
        if shutil.which(engine) is None:
            parser.error(f"engine not found: {engine}")
    try:
        fens = read_fens(args.positions, args.every, args.first)
    except OSError as error:
        parser.error(f"cannot read {args.positions}: {error.strerror}")
    if not fens:
        parser.error(f"no positions in {args.positions}")
    for engine in args.engines:
        total = sum(nodes_to_depth(engine, fen, args.depth, args.hash) for fen in fens)
        print(f"{engine} {total}", flush=True)


if __name__ == "__main__":
    main()
