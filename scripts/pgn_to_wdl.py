#!/usr/bin/env python3
"""Turns match PGNs into `ferrochamp wdl-fit` input: the scores Ferrochamp printed during real games.

fastchess (and cutechess) write each engine move's last reported score into a comment:
`{+0.35/12 0.234s, tl=9.8s}` or `{-M5/20 ...}`, from the mover's side, in pawns. For each move
played by the named engine (by default any player whose PGN name starts with "ferrochamp",
case-insensitive), this writes the position the engine searched and its score, as datagen
writes them: `FEN | score | result`, score in centipawns and result from White's side. Moves
with no score (opening-book moves, adjudications), mate scores and positions in check are left
out; a `# game N` line starts each game, so `wdl-fit` never merges two games. Games from several
PGNs are mixed, each file's spread evenly, so the held-out last games come from every match.

usage: scripts/pgn_to_wdl.py OUT.txt GAMES.pgn [MORE.pgn ...] [--engine PREFIX] [--min-ply N]
Needs python-chess (`pip install chess`).
"""
import argparse
import re
import sys

try:
    import chess.pgn
except ImportError:
    sys.exit("pgn_to_wdl.py needs python-chess: pip install chess")

SCORE = re.compile(r"^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/\d+")
RESULTS = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}


def centipawns(comment):
    """The comment's score in centipawns from the mover's side, or None (no score, or a mate)."""
    match = SCORE.match(comment or "")
    if not match or match.group(2) == "M":
        return None
    sign = -1 if match.group(1) == "-" else 1
    return sign * round(float(match.group(3)) * 100)


def game_lines(game, prefix, min_ply):
    """The `FEN | score | result` lines of one game's moves by the engine named `prefix`."""
    result = RESULTS.get(game.headers.get("Result", "*"))
    if result is None:
        return []
    ours = {color for color, tag in ((chess.WHITE, "White"), (chess.BLACK, "Black"))
            if game.headers.get(tag, "").lower().startswith(prefix)}
    lines = []
    board = game.board()
    for ply, node in enumerate(game.mainline()):
        mover = board.turn
        score = centipawns(node.comment)
        if mover in ours and score is not None and ply >= min_ply and not board.is_check():
            white_score = score if mover == chess.WHITE else -score
            lines.append(f"{board.fen()} | {white_score} | {result}")
        board.push(node.move)
    return lines


def scored_games(path, prefix, min_ply):
    """The `game_lines` of each game in one PGN that has any."""
    try:
        handle = open(path, encoding="utf-8", errors="replace")
    except OSError as error:
        sys.exit(f"pgn_to_wdl.py: cannot open {path}: {error}")
    games = []
    with handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            lines = game_lines(game, prefix, min_ply)
            if lines:
                games.append(lines)
    return games


def interleaved(per_file):
    """All files' games, each file's spread evenly over the output: `wdl-fit` holds out the last
    games, and they should be the last share of every match, not all of the last file."""
    spread = [((i + 0.5) / len(games), f, i) for f, games in enumerate(per_file) for i in range(len(games))]
    for _, f, i in sorted(spread):
        yield per_file[f][i]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--engine", default="ferrochamp", help="player-name prefix of our engine")
    parser.add_argument("--min-ply", type=int, default=0, help="skip each game's first N plies")
    args = parser.parse_args()
    per_file = [scored_games(path, args.engine.lower(), args.min_ply) for path in args.pgns]
    games = positions = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for lines in interleaved(per_file):
            out.write(f"# game {games}\n" + "\n".join(lines) + "\n")
            games += 1
            positions += len(lines)
    if games == 0:
        sys.exit(f"pgn_to_wdl.py: no scored game of an engine named {args.engine}* in {args.pgns}")
    print(f"{positions} positions from {games} games -> {args.out}")


if __name__ == "__main__":
    main()
