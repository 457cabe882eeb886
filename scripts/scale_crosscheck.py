#!/usr/bin/env python3
"""Ferrochamp at one setting against an XBoard (CECP) engine with a published rating.

`UCI_Elo` is calibrated against Stockfish's own strength limit (limit_calibration.py). This
script checks that scale against another one: engines rated on a public rating list that speak
only XBoard (Fairy-Max, Phalanx), which fastchess cannot run. Ferrochamp plays over UCI with the
given options; both clocks are kept by the script (xboard_match.py's game loop). An engine
that reads only whole seconds of increment (Phalanx takes `level 0 0:10 0.1` as 10+0) should be
given a control without one, e.g. `--tc 15+0` for about 10+0.1's time over a game.

    python3 scripts/scale_crosscheck.py --out crosscheck/ --name fairymax-1950 \\
        --option UCI_LimitStrength=true --option UCI_Elo=1950 \\
        --opponent "/usr/games/fairymax" --opponent-rating 1891 [--games 100] [--tc 10+0.1]

Openings: each game pair starts from the same line of `--book-plies` plies drawn from a Polyglot
book (weighted by the book's counts), once with each colour; the moves are sent from the start
position, so engines without `setboard` (Fairy-Max) can play them. Resumable: the games are
appended to OUT/NAME.pgn, a second run plays only those still missing, and a pair's opening
depends only on the seed and the pair's number. `--report-only` plays nothing.

It prints games, W-L-D, pentanomial, Elo with its 95% interval (from the pairs), the rating the
setting plays at on the opponent's list (`--opponent-rating` + Elo) and how the games ended
(time forfeits and illegal moves are named in the `Termination` of each game).

Needs python-chess (pip install chess).
"""
import argparse
import logging
import os
import random
import re
import shlex
import shutil
import sys
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

try:
    import chess
    import chess.engine
    import chess.pgn
    import chess.polyglot
except ImportError:
    sys.exit("scale_crosscheck.py needs python-chess: pip install chess")

from cli_args import name_value_pairs
from limit_calibration import count_results, half_points, interval
from xboard_match import StartPositionOnly, play_game

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "shared"
OURS = "Ferrochamp"


def fail(message):
    sys.exit(f"scale_crosscheck.py: {message}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path, help="folder for the games (created; reused to resume)")
    parser.add_argument("--name", required=True, help="the match's name (letters, digits, -)")
    parser.add_argument("--opponent", required=True, help="the XBoard engine's command line")
    parser.add_argument("--opponent-rating", type=float, help="the opponent's rating on its list")
    parser.add_argument("--option", action="append", default=[], help="Ferrochamp's NAME=VALUE (repeatable)")
    parser.add_argument("--games", type=int, default=100, help="games in all (even)")
    parser.add_argument("--tc", default="10+0.1", help="SECONDS+INCREMENT")
    parser.add_argument("--book", default=str(SHARED / "data/openings/gnuchess-book.bin"))
    parser.add_argument("--book-plies", type=int, default=8)
    parser.add_argument("--max-plies", type=int, default=400, help="a game this long is scored a draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=str(HERE / "target/release/ferrochamp"))
    parser.add_argument("--report-only", action="store_true", help="play nothing: report the games in --out")
    args = parser.parse_args()
    if not args.name.replace("-", "").isalnum():
        fail(f"--name must be letters, digits and '-', got {args.name!r}")
    if args.games < 2 or args.games % 2:
        fail(f"--games must be even and at least 2 (game pairs), got {args.games}")
    clock = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", args.tc)
    if not clock or float(clock.group(1)) <= 0:
        fail(f"--tc must look like 10+0.1, got {args.tc!r}")
    args.base, args.inc = float(clock.group(1)), float(clock.group(2))
    if not 0 <= args.book_plies <= 40:
        fail(f"--book-plies must lie in 0..40, got {args.book_plies}")
    try:
        args.options = dict(name_value_pairs(args.option))
    except ValueError as err:
        fail(str(err))
    args.opponent_command = shlex.split(args.opponent)
    if not args.opponent_command:
        fail("--opponent is empty")
    return args


def check_tools(args):
    tools = [("ferrochamp binary (cargo build --release)", args.binary)]
    if not args.report_only:
        tools.append(("opponent", args.opponent_command[0]))
    for what, path in tools:
        if not (Path(path).is_file() and os.access(path, os.X_OK)) and not shutil.which(path):
            fail(f"{what} not found or not executable: {path}")
    if not args.report_only and args.book_plies and not Path(args.book).is_file():
        fail(f"opening book not found: {args.book}")


def read_games(path):
    """The finished games of the match so far."""
    games = []
    if path.is_file():
        with open(path, encoding="utf-8") as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                if game.headers.get("Result") in ("1-0", "0-1", "1/2-1/2"):
                    games.append(game)
    return games


def opening(args, pair):
    """The pair's opening: up to `book_plies` plies drawn from the book, the same on every run."""
    board = chess.Board()
    if not args.book_plies:
        return board
    rng = random.Random(args.seed * 1_000_003 + pair)
    with chess.polyglot.open_reader(args.book) as book:
        for _ in range(args.book_plies):
            try:
                board.push(book.weighted_choice(board, random=rng).move)
            except IndexError:  # the book has no move here: the opening ends early
                break
    return board


def play(args, path, done):
    timing = SimpleNamespace(moves=0, base=args.base, inc=args.inc, max_plies=args.max_plies)
    opponent_name = Path(args.opponent_command[0]).name
    try:
        with chess.engine.SimpleEngine.popen_uci(args.binary) as ours, \
                chess.engine.SimpleEngine.popen(StartPositionOnly, args.opponent_command) as theirs, \
                open(path, "a", encoding="utf-8") as pgn:
            ours.configure(args.options)
            for game_id in range(done + 1, args.games + 1):
                ours_white = game_id % 2 == 1
                engines = {chess.WHITE: ours if ours_white else theirs, chess.BLACK: theirs if ours_white else ours}
                names = {color: OURS if engines[color] is ours else opponent_name for color in chess.COLORS}
                result, termination, game = play_game(engines, names, opening(args, (game_id - 1) // 2), timing,
                                                      game_id)
                game.headers.update({"Event": args.name, "Result": result, "Termination": termination,
                                     "TimeControl": f"{args.base:g}+{args.inc:g}",
                                     "Date": time.strftime("%Y.%m.%d")})
                print(game, file=pgn, end="\n\n", flush=True)
                print(f"game {game_id}/{args.games}: {result} ({termination})", file=sys.stderr, flush=True)
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as err:
        fail(f"an engine failed: {err}")


def report(args, games):
    # Games 2k+1 and 2k+2 (PGN rounds) are pair k: one opening, each side once with White.
    wins, losses, draws, pairs = count_results(
        ((int(game.headers.get("Round", "0")) - 1) // 2,
         half_points(game.headers["Result"], game.headers.get("White") == OURS)) for game in games)
    endings = Counter(game.headers.get("Termination", "?") for game in games)
    print(f"{args.name}: {len(games)} games, {args.tc}, options {args.options or 'none'}")
    print(f"W-L-D {wins}-{losses}-{draws}, pentanomial {'-'.join(map(str, pairs))}", end="")
    # A score of 0% or 100% bounds the difference on one side only.
    bounded = (wins or draws) and (losses or draws)
    if not bounded:
        print(", Elo unbounded (a score of 0% or 100%)")
    else:
        elo, low, high = interval(wins, losses, draws, pairs)
        print(f", Elo {elo:+.1f} (95% {low:+.1f} to {high:+.1f})")
    if args.opponent_rating is not None and bounded:
        print(f"on the opponent's list: {args.opponent_rating + elo:.0f} "
              f"({args.opponent_rating + low:.0f} to {args.opponent_rating + high:.0f})")
    for ending, count in endings.most_common():
        print(f"  {count:4d}  {ending}")


def main():
    args = parse_args()
    # XBoard engines chat in plain text (Phalanx: "you play both" after every move); python-chess
    # logs each such line as a warning. Protocol errors still end the match (`play`).
    logging.getLogger("chess.engine").setLevel(logging.ERROR)
    check_tools(args)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{args.name}.pgn"
    games = read_games(path)
    if len(games) < args.games and not args.report_only:
        play(args, path, len(games))
        games = read_games(path)
    if not games:
        fail(f"no finished games in {path}")
    report(args, games)


if __name__ == "__main__":
    main()
