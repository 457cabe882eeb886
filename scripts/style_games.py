#!/usr/bin/env python3
"""Figures of a play-style match from its PGN (fastchess -pgnout).

For the engine named STYLE against the other engine of each game it prints:
games, W-L-D from STYLE's side, Elo with a 95% error margin (trinomial
normal approximation), the draw rate, the average game length in plies, and
behaviour figures, each for STYLE and for its opponent:
  - checks given per game,
  - opposite-side castling: share of games where the kings castled to
    different wings (both castled),
  - weak pawns: the side's doubled plus isolated pawns after ply 60 (or at the
    end of a shorter game), averaged over games.
An attacking style should give more checks and castle opposite more often; a
solid style should keep fewer weak pawns.

Usage: style_games.py GAMES.pgn STYLE_NAME
Needs the Python package `chess`.
"""
import math
import sys

import chess
import chess.pgn

from sprt_pool import elo_from_score as elo


def elo_with_error(wins, losses, draws):
    n = wins + losses + draws
    score = (wins + 0.5 * draws) / n
    variance = (wins * (1 - score) ** 2 + losses * score ** 2 + draws * (0.5 - score) ** 2) / n
    margin = 1.96 * math.sqrt(variance / n)
    return elo(score), (elo(score + margin) - elo(score - margin)) / 2


def weak_pawns(board, color):
    pawns = board.pieces(chess.PAWN, color)
    files = [chess.square_file(sq) for sq in pawns]
    doubled = len(files) - len(set(files))
    isolated = sum(1 for f in files if (f - 1) not in files and (f + 1) not in files)
    return doubled + isolated


def game_figures(game, style):
    white_is_style = game.headers.get("White") == style
    style_color = chess.WHITE if white_is_style else chess.BLACK
    board = game.board()
    checks = {chess.WHITE: 0, chess.BLACK: 0}
    castled = {}
    weak = None
    plies = 0
    for move in game.mainline_moves():
        mover = board.turn
        if board.is_castling(move):
            castled[mover] = "king" if chess.square_file(move.to_square) > 4 else "queen"
        board.push(move)
        plies += 1
        if board.is_check():
            checks[mover] += 1
        if plies == 60:
            weak = {c: weak_pawns(board, c) for c in (chess.WHITE, chess.BLACK)}
    if weak is None:
        weak = {c: weak_pawns(board, c) for c in (chess.WHITE, chess.BLACK)}
    opposite = len(castled) == 2 and castled[chess.WHITE] != castled[chess.BLACK]
    return style_color, plies, checks, opposite, weak


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    path, style = sys.argv[1], sys.argv[2]
    wins = losses = draws = 0
    plies = []
    checks = [0, 0]
    weak = [0, 0]
    opposite = 0
    with open(path, encoding="utf-8", errors="replace") as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            if style not in (game.headers.get("White"), game.headers.get("Black")):
                continue
            result = game.headers.get("Result", "*")
            if result == "*":
                continue
            color, length, game_checks, opp, game_weak = game_figures(game, style)
            score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            score = score if color == chess.WHITE else 1 - score
            wins += score == 1.0
            losses += score == 0.0
            draws += score == 0.5
            plies.append(length)
            checks[0] += game_checks[color]
            checks[1] += game_checks[not color]
            weak[0] += game_weak[color]
            weak[1] += game_weak[not color]
            opposite += opp
    n = wins + losses + draws
    if n == 0:
        sys.exit(f"no finished game of {style} in {path}")
    value, error = elo_with_error(wins, losses, draws)
    print(f"{style}: {n} games, W-L-D {wins}-{losses}-{draws}, Elo {value:+.1f} +/- {error:.1f}")
    print(f"draw rate {draws / n:.1%}, average length {sum(plies) / n:.1f} plies")
    print(f"checks per game: {style} {checks[0] / n:.2f}, opponent {checks[1] / n:.2f}")
    print(f"opposite-side castling: {opposite / n:.1%} of games")
    print(f"weak pawns (doubled + isolated) at ply 60: {style} {weak[0] / n:.2f}, opponent {weak[1] / n:.2f}")


if __name__ == "__main__":
    main()
