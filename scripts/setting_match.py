#!/usr/bin/env python3
"""Measures one setting of Ferrochamp (a style, a contempt, any UCI options) against an opponent.

One command plays the games, keeps them, and prints what the setting changes:

    python3 scripts/setting_match.py --out contempt/ --name contempt30 --option Contempt=30 \\
        --opponent /usr/games/glaurung --opponent-option Threads=1 --opponent-option OwnBook=false \\
        [--games 200] [--tc 10+0.1] [--concurrency 2] [--binary target/release/ferrochamp]

`--opponent self` (the default) plays the same binary at its defaults, so
`--name aggressive --option Style=Aggressive` measures a style against Default.

Resumable: the games go to OUT/NAME.partN.pgn; a second run counts the games already there and
plays only the rest (with a new seed). `--report-only` plays nothing. It prints, for the setting:
games, W-L-D, pentanomial, Elo with its 95% interval (from the game pairs), the draw rate, the
average length, checks given per game by each side, weak pawns (doubled plus isolated) at ply 60
the share of games with the kings castled on opposite wings, and the losses on time of each side.

Needs fastchess and the openings (docs/testing.md says where they come from) and python-chess.
"""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

try:
    import chess
    import chess.pgn
except ImportError:
    sys.exit("setting_match.py needs python-chess: pip install chess")

from cli_args import name_value_pairs
from limit_calibration import count_results, interval, missing_tool
from style_games import game_figures

def fail(message):
    sys.exit(f"setting_match.py: {message}")


SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path, help="folder for the games (created)")
    parser.add_argument("--name", required=True, help="the setting's name in the PGN (letters, digits, -)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE of the setting (repeatable)")
    parser.add_argument("--opponent", default="self", help="engine command, or 'self' (default)")
    parser.add_argument("--opponent-option", action="append", default=[], help="NAME=VALUE (repeatable)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default="target/release/ferrochamp")
    parser.add_argument("--fastchess", default=str(SHARED / "tools/bin/fastchess"))
    parser.add_argument("--openings", default=str(SHARED / "data/openings/noob_3moves_5k.epd"))
    parser.add_argument("--report-only", action="store_true", help="play nothing, print the figures")
    args = parser.parse_args()
    if not args.name.replace("-", "").isalnum():
        fail(f"--name must be letters, digits and '-', got {args.name!r}")
    try:
        name_value_pairs(args.option + args.opponent_option)
    except ValueError as err:
        fail(str(err))
    if args.games < 2 or args.games % 2:
        fail(f"--games must be an even number of at least 2, got {args.games}")
    # fastchess's form: [MOVES/]SECONDS[+INCREMENT], e.g. 10+0.1, 40/60, 5.
    if not re.fullmatch(r"(\d+/)?\d+(\.\d+)?(\+\d+(\.\d+)?)?", args.tc):
        fail(f"--tc must look like 10+0.1 (or 40/60, or 5), got {args.tc!r}")
    if args.concurrency < 1:
        fail(f"--concurrency must be at least 1, got {args.concurrency}")
    return args


def check_tools(args):
    missing = missing_tool(args, [] if args.opponent == "self" else [("opponent", args.opponent)])
    if missing:
        fail(missing)


def parts(args):
    return sorted(args.out.glob(f"{args.name}.part*.pgn"))


def read_results(args):
    """Per finished game: (pgn part, round, points of the setting 0-2, figures from style_games)."""
    games = []
    for path in parts(args):
        with open(path, encoding="utf-8", errors="replace") as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                points = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}.get(game.headers.get("Result"))
                if points is None or args.name not in (game.headers.get("White"), game.headers.get("Black")):
                    continue
                ours_white = game.headers.get("White") == args.name
                figures = game_figures(game, args.name)
                ours = points if ours_white else 2 - points
                on_time = game.headers.get("Termination") == "time forfeit"
                games.append((path, game.headers.get("Round"), ours, figures, on_time))
    return games


def play(args, missing):
    part = len(parts(args))
    pgn = args.out / f"{args.name}.part{part}.pgn"
    opponent = args.binary if args.opponent == "self" else args.opponent
    command = [
        args.fastchess,
        "-engine", f"cmd={args.binary}", f"name={args.name}", *(f"option.{o}" for o in args.option),
        "-engine", f"cmd={opponent}", "name=opponent", *(f"option.{o}" for o in args.opponent_option),
        "-each", f"tc={args.tc}", "option.Hash=16", "proto=uci",
        "-rounds", str(missing // 2), "-games", "2", "-repeat", "-concurrency", str(args.concurrency),
        "-openings", f"file={args.openings}", "format=epd", "order=random",
        "-srand", str(args.seed * 100003 + part), "-recover", "-pgnout", f"file={pgn}",
    ]
    load = os.getloadavg()[0]
    print(f"{args.name}: playing {missing} games -> {pgn} (load {load:.1f})", file=sys.stderr)
    with open(args.out / f"{args.name}.part{part}.log", "w") as log:
        # fastchess writes its config.json into the working folder: keep it with the games.
        status = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, cwd=args.out).returncode
    with open(args.out / "load.txt", "a") as record:
        record.write(f"{args.name} part{part}: load before {load:.2f}, after {os.getloadavg()[0]:.2f}\n")
    if status != 0:
        fail(f"fastchess exited with {status}; see {args.out}/{args.name}.part{part}.log")


def report(args, games):
    if not games:
        fail(f"no finished game of {args.name} in {args.out}")
    wins, losses, draws, pairs = count_results(((path, round_), points) for path, round_, points, _, _ in games)
    elo, low, high = interval(wins, losses, draws, pairs)
    n = len(games)
    # game_figures gives (colour of the setting, plies, checks by colour, opposite castling, weak pawns by colour).
    side = lambda f, k, ours: f[k][f[0] if ours else not f[0]]  # noqa: E731
    average = lambda value: sum(value(g[3]) for g in games) / n  # noqa: E731
    print(f"{args.name} ({' '.join(args.option) or 'defaults'}) against {args.opponent}, {args.tc}")
    print(f"games {n}, W-L-D {wins}-{losses}-{draws}, pentanomial {'-'.join(map(str, pairs))}")
    print(f"Elo {elo:+.1f} (95% {low:+.1f} to {high:+.1f}), draws {draws / n:.1%}, "
          f"length {average(lambda f: f[1]):.1f} plies")
    for label, k in (("checks a game", 2), ("weak pawns at ply 60", 4)):
        print(f"{label}: {args.name} {average(lambda f: side(f, k, True)):.2f}, "
              f"opponent {average(lambda f: side(f, k, False)):.2f}")
    print(f"kings castled on opposite wings: {average(lambda f: f[3]):.1%} of games")
    lost_on_time = sum(g[4] and g[2] == 0 for g in games)
    won_on_time = sum(g[4] and g[2] == 2 for g in games)
    print(f"losses on time: {args.name} {lost_on_time}, opponent {won_on_time}")
    if lost_on_time + won_on_time:
        decided = [g for g in games if not g[4]]
        w, l = sum(g[2] == 2 for g in decided), sum(g[2] == 0 for g in decided)
        d = len(decided) - w - l
        print(f"without the games lost on time: {len(decided)} games, W-L-D {w}-{l}-{d}, draws {d / max(len(decided), 1):.1%}")


def main():
    args = parse_args()
    check_tools(args)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in ("binary", "fastchess", "openings", "opponent"):
        path = Path(getattr(args, name))
        if path.is_file():
            setattr(args, name, str(path.resolve()))
    args.out = args.out.resolve()
    games = read_results(args)
    missing = args.games - len(games)
    if missing > 0 and not args.report_only:
        play(args, missing + missing % 2)
        games = read_results(args)
    report(args, games)


if __name__ == "__main__":
    main()
