#!/usr/bin/env python3
"""Tablebase-won endings: does Ferrochamp convert them within the fifty-move rule?

Generates won starting positions (seeded; each checked with python-chess's
chess.syzygy to be a tablebase win for the side to move, with at least
--min-dtz plies to the next capture or pawn move), then plays each one:
Ferrochamp on the winning side against Stockfish defending with the same
tables, a fixed time per move (pawnless starts need at least --min-dtz plies
to the first capture). A game counts as won only by checkmate before
the fifty-move counter reaches 100; repetition, stalemate, the fifty-move
rule or running out of --max-plies count as not converted.

    nice -n 5 python3 scripts/syzygy_conversion.py target/release/ferrochamp \\
        --tables ../shared/data/syzygy --games 50 --movetime 200            # Ferrochamp with tables
    nice -n 5 python3 scripts/syzygy_conversion.py target/release/ferrochamp \\
        --tables ../shared/data/syzygy --games 50 --movetime 200 --no-own-tables

The defender always has the tables. One game at a time.
"""

import argparse
import random
import sys
import time

import chess
import chess.engine
import chess.syzygy

# (white pieces besides the king, black pieces besides the king, pawn ranks or None), share of the starts.
ENDINGS = [
    ("KQvKR", "Q", "r", None, 8),
    ("KRvKB", "R", "b", None, 7),
    ("KRvKN", "R", "n", None, 5),
    ("KBNvK", "BN", "", None, 8),
    ("KPvK, pawn advanced", "P", "", (5, 6), 6),
    ("KPvK, pawn back", "P", "", (1, 3), 6),
    ("KRPvK", "RP", "", None, 5),
    ("KQvKP", "Q", "p", None, 5),
]


def random_start(rng, tablebase, white, black, pawn_ranks, min_dtz):
    """A random position of the material, White to move, that White wins."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + len(white) + len(black))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for letter, square in zip(white + black, squares[2:]):
            piece = chess.Piece.from_symbol(letter)
            if piece.piece_type == chess.PAWN and pawn_ranks and piece.color == chess.WHITE:
                square = chess.square(chess.square_file(square), rng.randint(*pawn_ranks))
                if board.piece_at(square):
                    break
            board.set_piece_at(square, piece)
        else:
            board.turn = chess.WHITE
            if not board.is_valid() or board.is_check():
                continue
            if tablebase.probe_wdl(board) != 2:
                continue
            # DTZ counts to the next pawn move, so it says little when pawns are on.
            if not board.pawns and tablebase.probe_dtz(board) < min_dtz:
                continue
            return board


def starts(args):
    rng = random.Random(args.seed)
    total = sum(share for *_, share in ENDINGS)
    boards = []
    with chess.syzygy.open_tablebase(args.tables) as tablebase:
        for name, white, black, ranks, share in ENDINGS:
            count = max(1, round(max(args.games, total) * share / total))
            for _ in range(count):
                board = random_start(rng, tablebase, white, black, ranks, args.min_dtz)
                # Half the games with Black as the winning side.
                if rng.random() < 0.5:
                    board = board.mirror()
                boards.append((name, board))
    # Interleave the endings, so that a shorter run still samples them all.
    order = sorted(range(len(boards)), key=lambda i: (i - first_of(boards, i), i))
    return [boards[i] for i in order][: args.games]


def first_of(boards, index):
    """Index of the first start of the same ending as boards[index]."""
    name = boards[index][0]
    return next(i for i, (other, _) in enumerate(boards) if other == name)


def still_won(tablebase, board):
    """Is the side to move still winning within the fifty-move rule?"""
    try:
        dtz = tablebase.probe_dtz(board)
    except KeyError:
        return True  # more pieces than the tables (cannot happen from these starts)
    return dtz > 0 and dtz + board.halfmove_clock <= 100


def play(start, ours, defender, tablebase, args):
    """Plays one game; returns (converted?, how it ended, plies, first ply at
    which the winner's move left no win within the fifty-move rule)."""
    board = start.copy()
    winner = board.turn
    limit = chess.engine.Limit(time=args.movetime / 1000)
    slip = None
    for _ in range(args.max_plies):
        if board.is_checkmate():
            return board.turn != winner, "checkmate", board.ply(), slip
        if board.is_stalemate() or board.is_insufficient_material():
            return False, "stalemate or bare material", board.ply(), slip
        if board.halfmove_clock >= 100:
            return False, "fifty-move rule", board.ply(), slip
        if board.is_repetition(3):
            return False, "threefold repetition", board.ply(), slip
        if slip is None and board.turn == winner and not still_won(tablebase, board):
            slip = board.ply()
        engine = ours if board.turn == winner else defender
        result = engine.play(board, limit)
        board.push(result.move)
    return False, "ply limit", board.ply(), slip


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", help="the Ferrochamp binary")
    parser.add_argument("--tables", required=True, help="Syzygy directory (3-4 man or more)")
    parser.add_argument("--defender", default="/usr/games/stockfish")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--movetime", type=int, default=200, help="milliseconds per move")
    parser.add_argument("--no-own-tables", action="store_true", help="Ferrochamp plays without tables")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--min-dtz", type=int, default=10)
    parser.add_argument("--max-plies", type=int, default=300)
    args = parser.parse_args()

    games = starts(args)
    ours = chess.engine.SimpleEngine.popen_uci(args.engine)
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    try:
        ours.configure({"Hash": 16, "Threads": 1})
        if not args.no_own_tables:
            ours.configure({"SyzygyPath": args.tables})
        defender.configure({"Hash": 16, "Threads": 1, "SyzygyPath": args.tables})
        converted = 0
        by_ending = {}
        began = time.time()
        tablebase = chess.syzygy.open_tablebase(args.tables)
        for number, (name, start) in enumerate(games, 1):
            ours.protocol.send_line("ucinewgame")
            won, how, plies, slip = play(start, ours, defender, tablebase, args)
            converted += won
            done, total = by_ending.get(name, (0, 0))
            by_ending[name] = (done + won, total + 1)
            lost_at = f"  (win within the rule gone at ply {slip})" if slip is not None else ""
            print(f"{number:3} {name:22} {'won ' if won else 'NOT '} {how:26} {plies:4} plies  {start.fen()}{lost_at}",
                  flush=True)
        print(f"\nFerrochamp {'without' if args.no_own_tables else 'with'} tables converted "
              f"{converted}/{len(games)} within the fifty-move rule "
              f"({args.movetime} ms a move, {time.time() - began:.0f} s)")
        for name, (done, total) in by_ending.items():
            print(f"  {name:22} {done}/{total}")
    finally:
        ours.quit()
        defender.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
