#!/usr/bin/env python3
"""Relabel tuning positions with a reference engine's search score.

`ferrochamp datagen` writes `FEN | score | result` lines whose score is our own
search's. `ferrochamp tune --lambda L` takes the share L of each label from
that score, so a tune on them learns towards what our own search already
thinks. This script replaces the score with another engine's (Stockfish 15.1
with `Use NNUE=false` by default: the strongest hand-crafted evaluation we can
run), searched to a fixed depth, from White's side in centipawns, and keeps
the game result: the tuner then learns from a better judge where it blends
in the score. Mate scores become +-3000 and every score is clamped to
+-2000, inside the tuner's range.

Every STEP-th line from OFFSET is relabelled. A file from `datagen` lists each
game's positions in order, White and Black to move in turn, so an odd STEP
keeps both sides to move. The output is appended line by line and a second run
with the same arguments resumes where the first stopped.

Usage:
    relabel.py IN OUT [--depth 8] [--step 3] [--offset 0]
        [--engine /usr/games/stockfish] [--option "Use NNUE=false" ...]

Needs python-chess (`../shared/tools/install-opponents.sh` installs it) and the
engine. About 6 ms a position at depth 8 for Stockfish's classical evaluation
on one core of the project's machine.
"""
import argparse
import os
import sys

import chess
import chess.engine

from cli_args import name_value_pairs

MATE_SCORE = 3000
SCORE_LIMIT = 2000


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="`FEN | score | result` or `FEN | result` lines")
    parser.add_argument("output", help="`FEN | score | result` lines, appended")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--step", type=int, default=3, help="relabel every STEP-th line")
    parser.add_argument("--offset", type=int, default=0, help="the first line relabelled")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument(
        "--option",
        action="append",
        default=None,
        help='a UCI option NAME=VALUE (default: "Use NNUE=false", Threads=1, Hash=16)',
    )
    args = parser.parse_args(argv)
    if args.step < 1 or not 0 <= args.offset < args.step or args.depth < 1:
        parser.error("need --depth >= 1, --step >= 1 and 0 <= --offset < --step")
    return args


def engine_options(pairs):
    """{name: value} from NAME=VALUE strings; the reference settings when none given."""
    if pairs is None:
        pairs = ["Use NNUE=false", "Threads=1", "Hash=16"]
    try:
        return dict(name_value_pairs(pairs))
    except ValueError as err:
        raise SystemExit(f"relabel.py: {err}") from None


def split_line(line):
    """(fen, result) of a tuning line, or None for a line that is not one."""
    fields = [field.strip() for field in line.split("|")]
    if len(fields) not in (2, 3) or fields[-1] not in ("1.0", "0.5", "0.0"):
        return None
    return fields[0], fields[-1]


def board_of(fen):
    """The position of `fen`, or None when it is not a legal position."""
    try:
        board = chess.Board(fen)
    except ValueError:
        return None
    return board if board.is_valid() else None


def white_score(engine, board, depth):
    """The engine's score of `board` from White's side, clamped."""
    info = engine.analyse(board, chess.engine.Limit(depth=depth))
    score = info["score"].white().score(mate_score=MATE_SCORE)
    return max(-SCORE_LIMIT, min(SCORE_LIMIT, score))


def main(argv):
    args = parse_args(argv)
    already = 0
    if os.path.exists(args.output):
        with open(args.output, encoding="utf-8") as done:
            already = sum(1 for _ in done)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    written = skipped = 0
    try:
        engine.configure(engine_options(args.option))
        with open(args.source, encoding="utf-8") as source, open(args.output, "a", encoding="utf-8") as out:
            picked = 0
            for index, line in enumerate(source):
                if index % args.step != args.offset:
                    continue
                fields = split_line(line)
                board = fields and board_of(fields[0])
                if board is None:
                    skipped += 1
                    continue
                # Only lines that give an output line count, so that a rerun resumes exactly.
                picked += 1
                if picked <= already:
                    continue
                score = white_score(engine, board, args.depth)
                out.write(f"{fields[0]} | {score} | {fields[1]}\n")
                out.flush()
                written += 1
    finally:
        engine.quit()
    print(f"{written} positions relabelled, {skipped} lines skipped, {already} were already done", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
