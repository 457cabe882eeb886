#!/usr/bin/env python3
"""Writes the data of tests/book_probe.rs from a Polyglot book, with python-chess
as the independent reader.

    python3 scripts/testdata/make_probe_data.py ../shared/data/openings/gnuchess-book.bin tests/data/book

Outputs (the test reads only these, never ../shared):
  gnuchess-subset.bin    every entry of the probed positions, plus every 100th entry of
                         the whole book so that the binary search runs over unrelated keys;
                         still sorted, so still a valid Polyglot book
  gnuchess-probes.txt    one probed position a line:
                         <uci moves from the start or '-'> | <key hex> | <uci:weight:learn ...>
                         the entries python-chess's reader returns (legal ones, file order,
                         weight 0 included)
"""
import random
import struct
import sys

import chess
import chess.polyglot

ENTRY = struct.Struct(">QHHI")


def main(book_path, out_dir):
    rng = random.Random(20261124)
    raw = open(book_path, "rb").read()
    entries = [ENTRY.unpack_from(raw, i) for i in range(0, len(raw), 16)]
    positions = {}
    with chess.polyglot.open_reader(book_path) as reader:
        # Random walks along the book, weighted like an engine would play it,
        # then one random move that usually leaves the book.
        while len(positions) < 360:
            board = chess.Board()
            for _ in range(rng.randint(1, 24)):
                found = list(reader.find_all(board, minimum_weight=0))
                positions.setdefault(tuple(m.uci() for m in board.move_stack), (board.copy(), found))
                playable = [e for e in found if e.weight > 0]
                if not playable or rng.random() < 0.08:
                    board.push(rng.choice(list(board.legal_moves)))
                    found = list(reader.find_all(board, minimum_weight=0))
                    positions.setdefault(tuple(m.uci() for m in board.move_stack), (board.copy(), found))
                    break
                pick = rng.choices(playable, weights=[e.weight for e in playable])[0]
                board.push(pick.move)
    keys = {chess.polyglot.zobrist_hash(board) for board, _ in positions.values()}
    subset = [e for i, e in enumerate(entries) if e[0] in keys or i % 100 == 0]
    with open(f"{out_dir}/gnuchess-subset.bin", "wb") as out:
        for entry in subset:
            out.write(ENTRY.pack(*entry))
    with open(f"{out_dir}/gnuchess-probes.txt", "w") as out:
        out.write("# moves | polyglot key | entries (uci:weight:learn) from python-chess's reader\n")
        for moves, (board, found) in sorted(positions.items()):
            key = chess.polyglot.zobrist_hash(board)
            listed = " ".join(f"{e.move.uci()}:{e.weight}:{e.learn}" for e in found)
            out.write(f"{' '.join(moves) or '-'} | {key:016x} | {listed}\n")
    in_book = sum(1 for _, found in positions.values() if found)
    print(f"{len(positions)} positions ({in_book} with entries), {len(subset)} entries in the subset")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
