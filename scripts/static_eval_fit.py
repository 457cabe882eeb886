#!/usr/bin/env python3
"""How well each engine's static evaluation predicts a teacher's scores and the games' results.

Reads `FEN | score | result` tuning lines (`data/teacher/`: the score is a
deeper search's, in centipawns from White's side; the result 1, 0.5 or 0 for
White), asks every engine for its static evaluation of each position (the
`eval` command, whose `Final evaluation` line Ferrochamp and Stockfish both
print from White's side) and prints, per engine, the mean squared error of
its evaluation, turned into an expected score by the logistic curve that fits
it best, against:

- the score's expected score (the score through the logistic curve that best
  fits the results), and
- the games' results.

Each engine gets its own curve, so engines with different units compare
fairly. Only positions every engine evaluated count (Stockfish gives no
evaluation in check), and positions whose score reaches `--max-score`
(2000 by default, where `relabel.py` clips mates and won games) are left out.

    xz -dc data/teacher/sf8_s3302_step3.txt.xz | tail -n +107996 > /tmp/holdout.txt
    python3 scripts/static_eval_fit.py /tmp/holdout.txt --option "Use NNUE=false" \
        target/release/ferrochamp /usr/games/stockfish

Give the engines to compare in one run, so that they are measured on the
same positions. `--option NAME=VALUE` (repeatable) sets a UCI option of every
engine given (Ferrochamp answers an option it does not have with an `info
string` and goes on). Prints one line per engine: its path, the positions
counted, the two errors and the fitted slopes (per centipawn). A position the
engine refuses ends the run with a message. Needs the Python package `chess`
(through engine_check.py's UCI pipe).
"""
import argparse
import math
import sys

# The UCI pipe with a timeout on every wait and the FEN reader, shared with the user-level checks.
from engine_check import Failure, Uci, fen_of_line, require_engines, uci_options


def read_labels(path, every, first):
    """(FEN, score, result) of every `every`-th tuning line, at most `first` (0: all)."""
    labels = []
    with open(path, encoding="utf-8") as lines:
        kept = [line for line in lines if line.strip()]
    for number, line in enumerate(kept[::every], start=1):
        fields = [field.strip() for field in line.split("|")]
        fen = fen_of_line(fields[0]) if len(fields) == 3 else None
        try:
            score, result = int(fields[1]), float(fields[2])
        except (IndexError, ValueError):
            fen = None
        if fen is None:
            raise Failure(f"line {number} is not `FEN | score | result`: {line.strip()[:80]}")
        labels.append((fen, score, result))
    return labels[:first] if first else labels


def evaluation(line):
    """The number of a `Final evaluation` line in centipawns, or None (no evaluation, e.g. in check)."""
    words = line.split("evaluation", 1)[1].replace(":", " ").split()
    try:
        value = float(words[0])
    except (IndexError, ValueError):
        return None
    # Ferrochamp says `-60 cp`; Stockfish says `-0.41` (pawns).
    return value if len(words) > 1 and words[1] == "cp" else value * 100.0


def static_evals(engine, fens, options):
    """Each FEN's static evaluation by `engine` (None where it gives none), one process."""
    uci = Uci([engine])
    evals = []
    try:
        uci.send("uci")
        for name, value in options:
            uci.send(f"setoption name {name} value {value}")
        for fen in fens:
            uci.send(f"position fen {fen}")
            uci.send("eval")
            seen = uci.until("Final evaluation")
            # A FEN the engine refuses would leave it evaluating the previous position instead.
            refused = [line for line in seen if line.startswith("info string") and "invalid" in line.lower()]
            if refused:
                raise Failure(f"{fen}: {refused[0]}")
            evals.append(evaluation(seen[-1]))
    finally:
        uci.close()
    return evals


def logistic(x):
    return 1.0 / (1.0 + math.exp(-max(-500.0, min(500.0, x))))


def mean_squared_error(values, targets, slope):
    return sum((logistic(slope * v) - t) ** 2 for v, t in zip(values, targets)) / len(values)


def best_slope(values, targets):
    """The slope of the logistic curve through `values` that best predicts `targets`
    (a search over its logarithm; the error has one minimum there), and that error."""
    low, high = math.log(1e-5), math.log(1.0)
    for _ in range(80):
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if mean_squared_error(values, targets, math.exp(a)) < mean_squared_error(values, targets, math.exp(b)):
            high = b
        else:
            low = a
    slope = math.exp((low + high) / 2)
    return slope, mean_squared_error(values, targets, slope)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("labels")
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="at most this many positions (0: all)")
    parser.add_argument(
        "--max-score", type=int, default=2000, help="drop scores this far from 0 or more (relabel.py clips at 2000)"
    )
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a UCI option, repeatable")
    args = parser.parse_args()
    options = uci_options(parser, args.option)
    if args.every < 1 or args.max_score < 1:
        parser.error("--every and --max-score must be at least 1")
    require_engines(parser, args.engines)
    try:
        labels = read_labels(args.labels, args.every, args.first)
    except OSError as error:
        parser.error(f"cannot read {args.labels}: {error.strerror}")
    except Failure as failure:
        parser.error(f"{args.labels}: {failure}")
    evals = {}
    for engine in args.engines:
        try:
            evals[engine] = static_evals(engine, [fen for fen, _, _ in labels], options)
        except Failure as failure:
            sys.exit(f"static_eval_fit.py: {engine}: {failure}")
    kept = [
        i
        for i, (_, score, _) in enumerate(labels)
        if abs(score) < args.max_score and all(evals[engine][i] is not None for engine in args.engines)
    ]
    if not kept:
        sys.exit("static_eval_fit.py: no position has a score within --max-score and every engine's evaluation")
    scores = [labels[i][1] for i in kept]
    results = [labels[i][2] for i in kept]
    score_slope, _ = best_slope(scores, results)
    expected = [logistic(score_slope * score) for score in scores]
    for engine in args.engines:
        values = [evals[engine][i] for i in kept]
        to_score_slope, to_score = best_slope(values, expected)
        to_result_slope, to_result = best_slope(values, results)
        print(
            f"{engine} positions {len(kept)} mse_score {to_score:.6f} mse_result {to_result:.6f} "
            f"slope_score {to_score_slope:.6f} slope_result {to_result_slope:.6f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
