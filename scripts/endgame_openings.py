#!/usr/bin/env python3
"""Builds a set of balanced endgame start positions for matches that test
endgame knowledge, from the labelled positions of `data/teacher/`.

A change to what the evaluation knows about a few endings (KPK, rook pawns,
wrong bishops) shows in a game only when the game reaches such an ending; from
ordinary openings that is too rare for a match to see. These positions start
where converting or holding a pawn ending is the whole game:

- no queens, at most one rook or minor piece a side;
- 3 to 6 pawns in all;
- Stockfish's label (depth 8 or 10, `data/teacher/`) within +-LIMIT centipawns,
  so that neither side starts far ahead by that shallow score (many are still
  won for one side: most game pairs then split 1-1, and the pairs that do not
  are where two engines differ);
- one position a board and side to move.

The positions are drawn at random (seeded) and written as EPD lines for
fastchess (`-openings file=... format=epd`). The same inputs and seed write
the same file; `data/openings/endgames_3k.epd` is

    python3 scripts/endgame_openings.py --count 3000 --seed 1 \\
        data/teacher/sf8_s3301_step3.txt.xz data/teacher/sf8_s3302_step3.txt.xz \\
        data/teacher/sf8_sf15q_step5.txt.xz data/teacher/sf10_s4101_step3.txt.xz
"""

import argparse
import lzma
import random
import sys


def open_text(path):
    """A labelled file, xz-compressed or not."""
    if path.endswith(".xz"):
        return lzma.open(path, "rt")
    return open(path, encoding="utf-8")


def is_small_ending(board):
    """The material rule above, on the board field of a FEN."""
    if "Q" in board or "q" in board:
        return False
    white_pieces = sum(board.count(letter) for letter in "RBN")
    black_pieces = sum(board.count(letter) for letter in "rbn")
    pawns = board.count("P") + board.count("p")
    return white_pieces <= 1 and black_pieces <= 1 and 3 <= pawns <= 6


def candidates(paths, limit):
    """FENs of every qualifying position, in file order, once each."""
    seen = set()
    for path in paths:
        with open_text(path) as lines:
            for line in lines:
                fields = [field.strip() for field in line.split("|")]
                if len(fields) < 2:
                    continue
                fen, score = fields[0], fields[1]
                try:
                    score = int(score)
                except ValueError:
                    continue
                parts = fen.split()
                if len(parts) < 4 or abs(score) > limit or not is_small_ending(parts[0]):
                    continue
                key = " ".join(parts[:2])
                if key not in seen:
                    seen.add(key)
                    yield " ".join(parts[:4]) + " 0 1"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="labelled files (FEN | score | result), .xz or plain")
    parser.add_argument("--count", type=int, default=3000, help="positions to write")
    parser.add_argument("--limit", type=int, default=150, help="largest |label| in centipawns")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pool = list(candidates(args.files, args.limit))
    if len(pool) < args.count:
        sys.exit(f"only {len(pool)} positions qualify, fewer than --count {args.count}")
    chosen = random.Random(args.seed).sample(pool, args.count)
    for fen in chosen:
        print(fen)
    print(f"{len(pool)} positions qualify; wrote {args.count}", file=sys.stderr)


if __name__ == "__main__":
    main()
