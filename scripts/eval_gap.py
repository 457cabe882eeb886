#!/usr/bin/env python3
"""Where a match against a stronger engine goes wrong, read from a fastchess PGN.

For the engine named ENGINE (default `ferrochamp`) against whoever it played:

- the eval gap: after each pair of consecutive moves (one by each engine), the
  engine's score minus the opponent's score, both from the engine's side, in
  pawns, by move-number band; a positive gap means the engine thought its
  position better than the opponent did (optimism);
- castling: how many games each side castled, by which move, and how the games
  ended with and without castling;
- depth and time: each engine's median search depth and time per move by
  move-number band (from the `score/depth time` comments);
- turning points: in the games the engine lost, the move at which the
  opponent's own score first reached +1 pawn and what the engine's score was
  on its move just before (did it see it coming?), and the move at which the
  engine's own score first fell to -1.

    python3 scripts/eval_gap.py eth_c1.pgn [--engine ferrochamp] [--opponent-scale 1.33]

Needs python-chess (installed by ../shared/tools/install-opponents.sh). The
scores are each engine's own units: `--opponent-scale X` divides the
opponent's scores by X first (Ethereal 12's piece values are about 1.33 times
ours, e.g. a knight S(429, 479) against our S(325, 360)).
"""
import argparse
import re
import statistics

import chess.pgn

SCORE = re.compile(r"^([+-]?\d+\.\d+)/\d+")
DEPTH_TIME = re.compile(r"^\S+/(\d+) (\d+(?:\.\d+)?)s")
# The score (the opponent's +, the engine's -) at which a lost game counts as turned, in pawns.
TURNED_AT = 1.0
BANDS = ((1, 15), (16, 30), (31, 50), (51, 999))


def read_plies(game):
    """(move number, mover is white, score from white's side or None, depth or None,
    seconds or None) per ply, in one replay of the game."""
    board = game.board()
    out = []
    for node in game.mainline():
        mover_white = board.turn == chess.WHITE
        comment = node.comment or ""
        score_match, depth_time = SCORE.match(comment), DEPTH_TIME.match(comment)
        score = float(score_match.group(1)) * (1 if mover_white else -1) if score_match else None
        depth, seconds = None, None
        if depth_time:
            depth, seconds = int(depth_time.group(1)), float(depth_time.group(2))
        out.append((board.fullmove_number, mover_white, score, depth, seconds))
        board.push(node.move)
    return out


def eval_gaps(plies, engine_white, opponent_scale=1.0):
    """(move number, gap in pawns from the engine's side) per consecutive pair of moves."""
    sign = 1 if engine_white else -1
    gaps = []
    for (_, first_white, first, *_), (number, second_white, second, *_) in zip(plies, plies[1:]):
        if first is None or second is None or first_white == second_white:
            continue
        ours, theirs = (first, second) if first_white == engine_white else (second, first)
        gaps.append((number, sign * (ours - theirs / opponent_scale)))
    return gaps


def depth_and_time(plies, engine_white):
    """(move number, is the engine's move, depth, seconds) for each commented ply."""
    return [(number, mover_white == engine_white, depth, seconds)
            for number, mover_white, _, depth, seconds in plies if depth is not None]


def turning_point(plies, engine_white):
    """(move number where the opponent's own score first reached TURNED_AT pawns,
    the engine's score on its move before, move number where the engine's own
    score first fell to -TURNED_AT); None for a point never reached."""
    sign = 1 if engine_white else -1
    ours_before, theirs_turned, ours_turned = None, None, None
    for number, mover_white, score, *_ in plies:
        if score is None:
            continue
        if mover_white == engine_white:
            ours_before = sign * score
            if ours_turned is None and ours_before <= -TURNED_AT:
                ours_turned = number
        elif theirs_turned is None and -sign * score >= TURNED_AT:
            theirs_turned = (number, ours_before)
    return theirs_turned, ours_turned


def band_of(number):
    return next(band for band in BANDS if band[0] <= number <= band[1])


def median_or_dash(values, fmt):
    return format(statistics.median(values), fmt) if values else "-"


def print_depth_and_time(samples):
    print("median depth / seconds per move: engine, opponent")
    for band in BANDS:
        cells = []
        for ours in (True, False):
            rows = [(d, t) for b, o, d, t in samples if b == band and o == ours]
            cells.append(f"{median_or_dash([d for d, _ in rows], '.0f')} / "
                         f"{median_or_dash([t for _, t in rows], '.3f')}")
        print(f"  moves {band[0]:>2}-{band[1]:<3} {cells[0]:>14}   {cells[1]:>14}")


def print_move_numbers(label, moves):
    if moves:
        quartiles = statistics.quantiles(moves, n=4) if len(moves) > 1 else moves * 3
        print(f"  {label} in {len(moves)}: at move {statistics.median(moves):.0f} "
              f"(median; quartiles {quartiles[0]:.0f} / {quartiles[2]:.0f})")


def print_turning_points(turns, lost):
    theirs = [t for t, _ in turns if t is not None]
    print(f"lost games: {lost}")
    print_move_numbers(f"the opponent's own score first reached +{TURNED_AT:.0f}", [n for n, _ in theirs])
    seen = [ours for _, ours in theirs if ours is not None]
    if seen:
        print(f"    the engine's score on its move before: median {statistics.median(seen):+.2f}, "
              f"{sum(s > -0.5 for s in seen)} of {len(seen)} above -0.50")
    print_move_numbers(f"the engine's own score first fell to -{TURNED_AT:.0f}",
                       [n for _, n in turns if n is not None])


def castling_moves(game):
    """The move number at which each colour castled (None if it never did), in one replay."""
    board = game.board()
    castled = {chess.WHITE: None, chess.BLACK: None}
    for move in game.mainline_moves():
        if castled[board.turn] is None and board.is_castling(move):
            castled[board.turn] = board.fullmove_number
        board.push(move)
    return castled


def points(result, engine_white):
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == engine_white else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn")
    parser.add_argument("--engine", default="ferrochamp")
    parser.add_argument("--opponent-scale", type=float, default=1.0,
                        help="divide the opponent's scores by this before comparing")
    args = parser.parse_args()
    gaps = {band: [] for band in BANDS}
    castled = {"engine": [], "opponent": []}
    by_castling = {True: [], False: []}
    samples, turns, lost = [], [], 0
    games = 0
    with open(args.pgn, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            if args.engine not in (game.headers.get("White"), game.headers.get("Black")):
                continue
            games += 1
            engine_white = game.headers.get("White") == args.engine
            plies = read_plies(game)
            for number, gap in eval_gaps(plies, engine_white, args.opponent_scale):
                gaps[band_of(number)].append(gap)
            castled_at = castling_moves(game)
            ours = castled_at[chess.WHITE if engine_white else chess.BLACK]
            theirs = castled_at[chess.BLACK if engine_white else chess.WHITE]
            castled["engine"].append(ours)
            castled["opponent"].append(theirs)
            score = points(game.headers.get("Result", "*"), engine_white)
            by_castling[ours is not None].append(score)
            samples += [(band_of(n), o, d, t) for n, o, d, t in depth_and_time(plies, engine_white)]
            if game.headers.get("Result") in ("1-0", "0-1") and score == 0.0:
                lost += 1
                turns.append(turning_point(plies, engine_white))
    print(f"{games} games of {args.engine}")
    print("eval gap (engine minus opponent, engine's side, pawns): median / mean / share beyond 1 pawn")
    for band, values in gaps.items():
        if values:
            beyond = sum(abs(v) > 1 for v in values) / len(values)
            print(f"  moves {band[0]:>2}-{band[1]:<3} {len(values):5d} pairs  "
                  f"{statistics.median(values):+.2f} / {statistics.mean(values):+.2f} / {beyond:.0%}")
    for side, moves in castled.items():
        done = sorted(m for m in moves if m is not None)
        median = done[len(done) // 2] if done else "-"
        print(f"{side}: castled in {len(done)} of {len(moves)} games, median move {median}")
    for did, scores in by_castling.items():
        if scores:
            print(f"engine {'castled' if did else 'never castled'}: {len(scores)} games, "
                  f"score {100 * sum(scores) / len(scores):.1f}%")
    print_depth_and_time(samples)
    print_turning_points(turns, lost)


if __name__ == "__main__":
    main()
