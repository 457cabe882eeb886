#!/usr/bin/env python3
"""Writes the expected WDL and DTZ values of random 3- and 4-piece positions,
computed by python-chess's own Syzygy prober (chess.syzygy), for
tests/syzygy_probe.rs to compare Ferrochamp's prober against.

    python3 scripts/syzygy_expectations.py            # rewrites tests/data/syzygy_expected.txt

Positions are random legal placements of each material (seeded, so the file is
reproducible), either side to move, half-move clock 0. Only the tables in
tests/data/syzygy/ are used, so every listed position can be probed with them.
Each line: FEN | WDL (-2..2, side to move) | DTZ (plies, signed, 0 for draws).

It also writes tests/data/syzygy_root_expected.txt: won and drawn positions
with the root moves that Ferrochamp's root filter must keep (fifty-move rule
on). For a win: the moves after which the next capture, pawn move or mate
comes with a ply to spare before the fifty-move counter runs out, or, if there
is none, the DTZ-optimal ones. Each won position appears three times: counter
at 0, at 99 - DTZ (only DTZ-optimal moves are in time) and at 100 - DTZ (on
the edge). For a draw: the moves that keep the draw.
Each line: FEN | moves (UCI, sorted).
"""

import argparse
import pathlib
import random

import chess
import chess.syzygy

ROOT = pathlib.Path(__file__).resolve().parents[1]
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


def plies_to_zeroing(tablebase, board, move):
    """Plies to the next capture, pawn move or mate after `move` (this move
    included) if `move` wins, else None."""
    zeroing = board.is_zeroing(move)
    board.push(move)
    try:
        if board.is_checkmate():
            return 1
        if tablebase.probe_wdl(board) != -2:
            return None
        return 1 if zeroing else -tablebase.probe_dtz(board) + 1
    finally:
        board.pop()


def winning_moves_kept(tablebase, board):
    distances = {m: plies_to_zeroing(tablebase, board, m) for m in board.legal_moves}
    wins = {m: v for m, v in distances.items() if v is not None}
    comfortable = [m for m, v in wins.items() if v + board.halfmove_clock < 100]
    if comfortable:
        return comfortable
    shortest = min(wins.values())
    return [m for m, v in wins.items() if v == shortest]


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
        for clock in (0, 99 - dtz, 100 - dtz):
            board.halfmove_clock = clock
            kept = sorted(m.uci() for m in winning_moves_kept(tablebase, board))
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
    header = "# FEN | WDL | DTZ, from python-chess " + chess.__version__ + " (scripts/syzygy_expectations.py)\n"
    args.output.write_text(header + "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {args.output}")
    ROOT_OUTPUT.write_text("# FEN | root moves that keep the result (scripts/syzygy_expectations.py)\n"
                           + "\n".join(roots) + "\n")
    print(f"wrote {len(roots)} root positions to {ROOT_OUTPUT}")


if __name__ == "__main__":
    main()
