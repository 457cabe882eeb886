#!/usr/bin/env python3
"""Which of our evaluation terms a stronger engine weighs differently, from a match PGN.

In a fastchess PGN of Ferrochamp against a stronger engine, take every position
just after one of our moves that the opponent then searched (its score is in the
comment of its reply). For each such position:

- our static evaluation, term by term (the `eval` report of ENGINE), each term
  split into its middlegame and endgame part as the blend weighs them, in pawns
  from our side;
- the opponent's search score, from our side, in pawns (divided by
  `--opponent-scale` when its units differ from ours);
- our own search score at `--control-depth` (the control).

Two least-squares fits follow: the opponent's score on our terms, and our own
search score on the same terms. A term's coefficient says how many pawns of
search score one pawn of that term goes with. Search scores follow static terms
only partly (tactics, what the search resolves), so the control's coefficient is
the baseline and the *ratio* is what matters: well above 1, the stronger engine
gives that term more weight than our own search finds in it, a sign the term is
undervalued; well below 1, overvalued. The fit is a diagnostic for choosing what
to try, not a tuner: every change it suggests still goes through an SPRT. Its
first hint failed there: both Ethereal 12 and Stockfish 15.1 (classical) put
middlegame mobility at about 3 times our search's weight, yet doubling the
middlegame mobility tables lost 3-21-16 in 40 games against the unchanged build
(4+0.04). Mobility goes with having the initiative, which a deeper search turns
into score; the ratio cannot tell the term from what comes with it.

    python3 scripts/term_gap.py target/release/ferrochamp eth.pgn \\
        --opponent-scale 1.33 --control-depth 8

Needs python-chess (installed by ../shared/tools/install-opponents.sh); the
least squares are solved here, with no other package.
"""
import argparse
import subprocess

import chess.pgn

# The same fastchess comment (`{+0.35/12 0.512s, ...}`) eval_gap.py reads.
from eval_gap import SCORE
TERMS = ("Material", "Piece squares", "Mobility", "Pawns", "Passed pawns", "Pieces", "King safety", "Threats")
MIN_MOVE = 10
MAX_SCORE = 20.0


def positions(paths, engine_prefix, opponent_scale):
    """(fen, our sign: +1 White / -1 Black, opponent's score from our side) per usable position."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                ours_white = game.headers.get("White", "").lower().startswith(engine_prefix)
                sign = 1 if ours_white else -1
                board = game.board()
                after_our_move = False
                for node in game.mainline():
                    mover_is_us = (board.turn == chess.WHITE) == ours_white
                    match = SCORE.match(node.comment or "")
                    if not mover_is_us and after_our_move and match and board.fullmove_number >= MIN_MOVE:
                        # The opponent's score is from its side: negate for ours.
                        theirs = -float(match.group(1)) / opponent_scale
                        if abs(theirs) < MAX_SCORE:
                            out.append((board.fen(), sign, theirs))
                    after_our_move = mover_is_us
                    board.push(node.move)
    return out


def eval_reports(engine, fens):
    """Per FEN: {term: (mg, eg)}, plus phase and scale, from the engine's `eval` report."""
    script = "".join(f"position fen {fen}\neval\n" for fen in fens) + "quit\n"
    text = subprocess.run([engine], input=script, capture_output=True, text=True, check=True).stdout
    reports, current = [], {}
    for line in text.splitlines():
        name = line.split("|")[0].strip()
        if name in TERMS:
            mg, eg = line.split("|")[3].split()
            current[name] = (int(mg), int(eg))
        elif line.startswith("Phase:"):
            current["phase"] = int(line.split()[1])
        elif line.startswith("Endgame scale:"):
            current["scale"] = int(line.split()[2])
        elif line.startswith("Final evaluation"):
            reports.append(current)
            current = {}
    if len(reports) != len(fens):
        raise SystemExit(f"term_gap.py: {len(reports)} eval reports for {len(fens)} positions")
    return reports


def features(report, sign):
    """Each term's blended middlegame and endgame part in pawns from our side, then a constant."""
    phase, scale = report["phase"], report["scale"]
    row = []
    for term in TERMS:
        mg, eg = report[term]
        row.append(sign * mg * phase / 256 / 100)
        row.append(sign * eg * (256 - phase) * scale / 128 / 256 / 100)
    return row + [1.0]


def control_scores(engine, fens, signs, depth):
    """Our own search score at `depth` for each position, from our side, in pawns."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    proc.stdin.write("uci\nsetoption name Hash value 16\nisready\n")
    scores = []
    for fen, sign in zip(fens, signs):
        proc.stdin.write(f"ucinewgame\nposition fen {fen}\ngo depth {depth}\n")
        proc.stdin.flush()
        last = 0.0
        while (line := proc.stdout.readline()) and not line.startswith("bestmove"):
            words = line.split()
            if "score" in words:
                kind, value = words[words.index("score") + 1 : words.index("score") + 3]
                last = int(value) / 100 if kind == "cp" else (MAX_SCORE if int(value) > 0 else -MAX_SCORE)
        # The side to move is the opponent: its score, negated, is ours.
        scores.append(max(-MAX_SCORE, min(MAX_SCORE, -last)))
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return scores


def least_squares(rows, targets):
    """Coefficients minimising the squared error, by the normal equations (a tiny ridge for stability)."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-9 if i == j else 0.0) for j in range(n)] for i in range(n)]
    b = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda k: abs(a[k][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for k in range(col + 1, n):
            factor = a[k][col] / a[col][col]
            a[k] = [x - factor * y for x, y in zip(a[k], a[col])]
            b[k] -= factor * b[col]
    coef = [0.0] * n
    for i in reversed(range(n)):
        coef[i] = (b[i] - sum(a[i][j] * coef[j] for j in range(i + 1, n))) / a[i][i]
    return coef


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="the Ferrochamp binary whose terms are read")
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--engine-name", default="ferrochamp", help="our player's name in the PGN (prefix)")
    parser.add_argument("--opponent-scale", type=float, default=1.0, help="divide the opponent's scores by this")
    parser.add_argument("--control-depth", type=int, default=8, help="depth of our own search (0: no control)")
    args = parser.parse_args()

    found = positions(args.pgns, args.engine_name.lower(), args.opponent_scale)
    if len(found) < 100:
        raise SystemExit(f"term_gap.py: only {len(found)} positions; need at least 100")
    fens, signs, theirs = zip(*found)
    rows = [features(report, sign) for report, sign in zip(eval_reports(args.engine, fens), signs)]
    names = [f"{term} {half}" for term in TERMS for half in ("mg", "eg")] + ["constant"]
    opponent = least_squares(rows, theirs)
    control = control_scores(args.engine, fens, signs, args.control_depth) if args.control_depth > 0 else None
    ours = least_squares(rows, control) if control else [float("nan")] * len(names)
    print(f"{len(found)} positions from move {MIN_MOVE} on")
    print(f"{'term':18} {'opponent':>9} {'our search':>11} {'ratio':>7}")
    for name, o, c in zip(names, opponent, ours):
        ratio = o / c if control and abs(c) > 0.05 else float("nan")
        print(f"{name:18} {o:+9.3f} {c:+11.3f} {ratio:+7.2f}")


if __name__ == "__main__":
    main()
