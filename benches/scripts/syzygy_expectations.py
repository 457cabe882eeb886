#!/usr/bin/env python3
"""Writes the expected WDL and DTZ values of random 3- and 4-piece positions,
computed by python-chess's own Syzygy prober (chess.syzygy), for
tests/syzygy_probe.rs to compare Ferrochamp's prober against.

    python3 benches/scripts/syzygy_expectations.py            # rewrites tests/data/syzygy_expected.txt

Positions are random legal placements of each material (seeded, so the file is
reproducible), either side to move, half-move clock 0. Only the tables in
tests/data/syzygy/ are used, so every listed position can be probed with them.
Each line: FEN | WDL (-2..2, side to move) | DTZ (plies, signed, 0 for draws).

It also writes tests/data/syzygy_root_expected.txt: won and drawn positions
with the root moves that keep the result (what Ferrochamp's root filter must
keep, with the fifty-move rule on): for a win, the moves after which the next
capture, pawn move or mate comes before the fifty-move counter runs out; each
won position appears twice, with the counter at 0 and at 100 - DTZ (where only
DTZ-optimal moves remain). Each line: FEN | moves (UCI, sorted).
"""

import argparse
import pathlib
import random

import chess
import chess.syzygy

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ROOT / "tests" / "data" / "syzygy"
OUTPUT = ROOT / "tests" / "data" / "syzygy_expected.txt"
ROOT_OUTPUT = ROOT / "tests" / "data" / "syzygy_root_expected.txt"
WON_ROOTS = 60
DRAWN_ROOTS = 30

# Material (white pieces besides the king, black pieces besides the king) -> positions.
MATERIALS = {
    ("Q", ""): 40, ("R", ""): 40, ("B", ""): 15, ("N", ""): 15, ("P", ""): 60,
    ("R", "B"): 60, ("R", "R"): 50, ("Q", "Q"): 50, ("B", "N"): 20,
}


def random_board(rng, white, black):
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + len(white) + len(black))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        rest = squares[2:]
        for letter, square in zip(white + black.lower(), rest):
            board.set_piece_at(square, chess.Piece.from_symbol(letter))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        # Colours may be swapped so that both orientations of a table are used.
        if rng.random() < 0.5:
            board = board.mirror()
        if board.is_valid():
            return board


def keeps_win(tablebase, board, move, budget):
    """Does `move` win with the next zeroing move at most `budget` plies away (this move included)?"""
    zeroing = board.is_zeroing(move)
    board.push(move)
    try:
        if board.is_checkmate():
            return True
        if tablebase.probe_wdl(board) != -2:
            return False
        return zeroing or -tablebase.probe_dtz(board) + 1 <= budget
    finally:
        board.pop()


def keeps_draw(tablebase, board, move):
    board.push(move)
    try:
        return tablebase.probe_wdl(board) == 0
    finally:
        board.pop()


def root_lines(tablebase, boards):
    lines = []
    won = [b for b in boards if tablebase.probe_wdl(b) == 2][:WON_ROOTS]
    drawn = [b for b in boards if tablebase.probe_wdl(b) == 0 and b.legal_moves.count() > 1][:DRAWN_ROOTS]
    for board in won:
        dtz = tablebase.probe_dtz(board)
        for clock in (0, 100 - dtz):
            board.halfmove_clock = clock
            kept = sorted(m.uci() for m in board.legal_moves if keeps_win(tablebase, board, m, 100 - clock))
            lines.append(f"{board.fen()} | {' '.join(kept)}")
        board.halfmove_clock = 0
    for board in drawn:
        kept = sorted(m.uci() for m in board.legal_moves if keeps_draw(tablebase, board, m))
        lines.append(f"{board.fen()} | {' '.join(kept)}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("-o", "--output", type=pathlib.Path, default=OUTPUT)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    boards = []
    with chess.syzygy.open_tablebase(str(TABLES)) as tablebase:
        for (white, black), count in MATERIALS.items():
            for _ in range(count):
                board = random_board(rng, white, black)
                wdl = tablebase.probe_wdl(board)
                dtz = tablebase.probe_dtz(board)
                lines.append(f"{board.fen()} | {wdl} | {dtz}")
                boards.append(board)
        rng.shuffle(boards)
        roots = root_lines(tablebase, boards)
    header = "# FEN | WDL | DTZ, from python-chess " + chess.__version__ + " (benches/scripts/syzygy_expectations.py)\n"
    args.output.write_text(header + "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {args.output}")
    ROOT_OUTPUT.write_text("# FEN | root moves that keep the result (benches/scripts/syzygy_expectations.py)\n"
                           + "\n".join(roots) + "\n")
    print(f"wrote {len(roots)} root positions to {ROOT_OUTPUT}")


if __name__ == "__main__":
    main()
