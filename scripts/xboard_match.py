#!/usr/bin/env python3
"""A match between two XBoard (CECP 2) engines, driven by python-chess.

fastchess speaks UCI only; this script plays Ferrochamp's XBoard mode against
a CECP engine (e.g. /usr/games/fairymax) one game at a time, keeps both
clocks itself (wall time of each move, moves-per-session and increment),
forwards draw offers and resignations, and reports time losses and illegal
moves along with the score. Openings: `--random-plies` random legal plies per
pair, each played once with either colour.

    python3 scripts/xboard_match.py --engine target/release/ferrochamp \\
        --opponent /usr/games/fairymax --games 100 --moves 40 --base 5 --inc 0
"""
import argparse
import math
import random
import sys
import time

import chess
import chess.engine
import chess.pgn


class StartPositionOnly(chess.engine.XBoardProtocol):
    """An XBoard engine without `setboard` (Fairy-Max declares setboard=0).

    python-chess refuses such engines, but it sends `setboard` only for games
    that do not start from the standard position, and every game here does
    (the opening plies are sent as moves): the feature is read as present.
    """

    def _line_received(self, line):
        if line.startswith("feature ") and "setboard=0" in line:
            line = line.replace("setboard=0", "setboard=1")
        super()._line_received(line)


def elo(wins, losses, draws):
    """Elo difference and its 95% half-interval from the trinomial score."""
    games = wins + losses + draws
    score = (wins + draws / 2) / games
    if score in (0, 1):
        return float("nan"), float("nan")
    var = (wins * (1 - score) ** 2 + losses * score ** 2 + draws * (0.5 - score) ** 2) / games
    to_elo = lambda s: -400 * math.log10(1 / s - 1)
    margin = 1.96 * math.sqrt(var / games)
    low, high = max(score - margin, 1e-6), min(score + margin, 1 - 1e-6)
    return to_elo(score), (to_elo(high) - to_elo(low)) / 2


class Clock:
    """One side's clock under `level MOVES BASE INC`."""

    def __init__(self, moves, base, inc, made=0):
        self.moves, self.base, self.inc = moves, base, inc
        self.left, self.made = base, made

    def limit_fields(self):
        to_go = self.moves - self.made % self.moves if self.moves else None
        return self.left, to_go

    def spend(self, seconds):
        self.left -= seconds
        flagged = self.left < 0
        self.made += 1
        self.left += self.inc
        if self.moves and self.made % self.moves == 0:
            self.left += self.base
        return flagged


def play_game(engines, names, board, args, game_id):
    """Plays from `board`; returns (result, termination, node)."""
    # As in XBoard, the opening's moves count towards the first session: a
    # session ends at move 40, 80, ... of the game.
    opening_moves = {color: sum(1 for ply in range(board.ply()) if (ply % 2 == 0) == (color == chess.WHITE))
                     for color in chess.COLORS}
    clocks = {color: Clock(args.moves, args.base, args.inc, opening_moves[color]) for color in chess.COLORS}
    offered = {color: False for color in chess.COLORS}
    game = chess.pgn.Game.from_board(board)
    game.headers.update({"White": names[chess.WHITE], "Black": names[chess.BLACK], "Round": str(game_id)})
    node = game.end()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome:
            return outcome.result(), outcome.termination.name.lower(), game
        if board.ply() >= args.max_plies:
            return "1/2-1/2", "adjudicated at the ply limit", game
        side = board.turn
        white_left, white_to_go = clocks[chess.WHITE].limit_fields()
        black_left, _ = clocks[chess.BLACK].limit_fields()
        limit = chess.engine.Limit(white_clock=max(white_left, 0.01), black_clock=max(black_left, 0.01),
                                   white_inc=args.inc, black_inc=args.inc,
                                   remaining_moves=clocks[side].limit_fields()[1], clock_id=("game", game_id))
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit, game=game_id, draw_offered=offered[not side])
        except chess.engine.EngineError as err:
            return ("0-1" if side else "1-0"), f"illegal move or protocol error by {names[side]}: {err}", game
        used = time.monotonic() - start
        if clocks[side].spend(used):
            return ("0-1" if side else "1-0"), f"time forfeit by {names[side]}", game
        offered[side] = result.draw_offered
        if result.resigned:
            return ("0-1" if side else "1-0"), f"{names[side]} resigns", game
        if result.draw_offered and offered[not side] and result.move is None:
            return "1/2-1/2", "draw agreed", game
        if result.move is None or result.move not in board.legal_moves:
            return ("0-1" if side else "1-0"), f"illegal move {result.move} by {names[side]}", game
        if offered[side] and offered[not side]:
            board.push(result.move)
            node = node.add_variation(result.move)
            return "1/2-1/2", "draw agreed", game
        board.push(result.move)
        node = node.add_variation(result.move)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--opponent", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves", type=int, default=40, help="moves per session (0: sudden death)")
    parser.add_argument("--base", type=float, default=5.0, help="seconds per session")
    parser.add_argument("--inc", type=float, default=0.0, help="increment per move, seconds")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pgn", default="xboard_match.pgn")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    score = {"W": 0, "L": 0, "D": 0}
    terminations = {}
    with chess.engine.SimpleEngine.popen_xboard(args.engine) as ours, \
            chess.engine.SimpleEngine.popen(StartPositionOnly, args.opponent) as theirs, open(args.pgn, "w") as pgn:
        opening = chess.Board()
        for game_id in range(1, args.games + 1):
            if game_id % 2 == 1:
                opening = chess.Board()
                for _ in range(args.random_plies):
                    opening.push(rng.choice(list(opening.legal_moves)))
            ours_white = game_id % 2 == 1
            engines = {chess.WHITE: ours if ours_white else theirs, chess.BLACK: theirs if ours_white else ours}
            names = {color: "Ferrochamp" if engines[color] is ours else "opponent" for color in chess.COLORS}
            result, termination, game = play_game(engines, names, opening.copy(), args, game_id)
            game.headers["Result"] = result
            game.headers["Termination"] = termination
            print(game, file=pgn, end="\n\n", flush=True)
            if result == "1/2-1/2":
                score["D"] += 1
            elif (result == "1-0") == ours_white:
                score["W"] += 1
            else:
                score["L"] += 1
            terminations[termination] = terminations.get(termination, 0) + 1
            print(f"game {game_id}: {result} ({termination})  W-L-D {score['W']}-{score['L']}-{score['D']}",
                  flush=True)
    diff, margin = elo(score["W"], score["L"], score["D"])
    print(f"Games: {args.games}  W: {score['W']}  L: {score['L']}  D: {score['D']}  "
          f"Elo: {diff:+.1f} +/- {margin:.1f}")
    for termination, count in sorted(terminations.items(), key=lambda item: -item[1]):
        print(f"  {count:4d}  {termination}")


if __name__ == "__main__":
    sys.exit(main())
