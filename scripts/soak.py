#!/usr/bin/env python3
"""Soak test: many fast games against another engine, counting every failure.

Plays GAMES games at a fast time control (default 1+0.01) between Ferrochamp
and an opponent with fastchess (../shared/tools/bin/fastchess), game pairs
from an opening book, and reports for each engine:

  crashes / disconnects   the engine process died or closed its pipes
  time losses             it ran out of time (fastchess grants no margin by default)
  illegal moves           it sent an illegal `bestmove`
  stalls                  it stopped answering
  PV warnings             fastchess found an illegal move in an `info ... pv`

from fastchess's own output and the PGN's [Termination] tags. Exit status 0
only when Ferrochamp has zero of the first four. Zero of each is the bar.

    python3 scripts/soak.py --games 1000 \\
        --option Threads=2 --option Ponder=true \\
        --opponent /usr/games/stockfish --opponent-option Hash=16 --opponent-option Threads=1

fastchess never sends `go ponder`, so `Ponder=true` here only makes the engine
suggest ponder moves; `tests/stress.rs` races ponder searches with commands.
Everything fastchess writes, the PGN and a JSON summary go to --out.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

from cli_args import name_value_pairs

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, ".."))
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared"))

# How fastchess says a game ended badly, in its "Finished game" line; the
# side is White or Black, mapped to the engine's name from the same line.
FAILURES = {
    "loses on time": "time_losses",
    "disconnects": "disconnects",
    "stalls": "stalls",
    "makes an illegal move": "illegal_moves",
}
FAILURE = re.compile(r"^(White|Black)(?:'s connection)? (" + "|".join(FAILURES) + ")")
PV_WARNING = re.compile(r"Illegal PV move - move \S+ from (.+)$")
FINISHED = re.compile(r"^Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default=os.path.join(REPO, "target", "release", "ferrochamp"))
    parser.add_argument("--option", action="append", default=None, metavar="NAME=VALUE",
                        help="Ferrochamp option (repeatable; default Threads=2 and Ponder=true)")
    parser.add_argument("--opponent", default="/usr/games/stockfish")
    parser.add_argument("--opponent-option", action="append", default=None, metavar="NAME=VALUE",
                        help="opponent option (repeatable; default Hash=16 and Threads=1)")
    parser.add_argument("--games", type=int, default=1000, help="games (rounded up to pairs)")
    parser.add_argument("--tc", default="1+0.01")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--openings", default=os.path.join(SHARED, "data", "openings",
                                                           "noob_3moves_5k.epd"))
    parser.add_argument("--fastchess", default=os.path.join(SHARED, "tools", "bin", "fastchess"))
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", default="/tmp/ferrochamp-soak", help="folder for log, PGN, summary")
    return parser.parse_args()


def options(pairs, defaults):
    try:
        parsed = name_value_pairs(pairs if pairs is not None else defaults)
    except ValueError as err:
        sys.exit(f"soak.py: {err}")
    return [f"option.{name}={value}" for name, value in parsed]


def fastchess_command(args, pgn):
    for path in (args.engine, args.opponent, args.fastchess):
        if not os.access(path, os.X_OK):
            sys.exit(f"not an executable: {path}")
    if not os.path.isfile(args.openings):
        sys.exit(f"no opening book at {args.openings}")
    return [
        args.fastchess,
        "-engine", f"cmd={args.engine}", "name=Ferrochamp",
        *options(args.option, ["Threads=2", "Ponder=true"]),
        "-engine", f"cmd={args.opponent}", f"name={os.path.basename(args.opponent)}",
        *options(args.opponent_option, ["Hash=16", "Threads=1"]),
        "-each", f"tc={args.tc}", "proto=uci",
        "-rounds", str((args.games + 1) // 2), "-repeat",
        "-concurrency", str(args.concurrency),
        "-openings", f"file={args.openings}", "format=epd", "order=random",
        "-srand", str(args.seed),
        "-pgnout", f"file={pgn}", "append=false", "timeleft=true",
        # Keep playing after a crash so that every failure is counted, not just the first.
        "-recover",
        "-ratinginterval", "0",
    ]


def empty_counts():
    return {key: 0 for key in [*FAILURES.values(), "pv_warnings"]}


def scan_log(lines, engines):
    """Per-engine failure counts and the game results from fastchess's output."""
    counts = {name: empty_counts() for name in engines}
    results = {"ferrochamp_wins": 0, "ferrochamp_losses": 0, "draws": 0, "games": 0}
    reasons = {}
    for line in lines:
        pv = PV_WARNING.search(line)
        if pv and pv.group(1).split(" ")[0] in counts:
            counts[pv.group(1).split(" ")[0]]["pv_warnings"] += 1
        finished = FINISHED.match(line)
        if not finished:
            continue
        white, black, result, reason = finished.groups()
        results["games"] += 1
        reasons[reason] = reasons.get(reason, 0) + 1
        failure = FAILURE.match(reason)
        if failure:
            engine = white if failure.group(1) == "White" else black
            if engine in counts:
                counts[engine][FAILURES[failure.group(2)]] += 1
        if result == "1/2-1/2":
            results["draws"] += 1
        elif (result == "1-0") == (white == "Ferrochamp"):
            results["ferrochamp_wins"] += 1
        elif result in ("1-0", "0-1"):
            results["ferrochamp_losses"] += 1
    return counts, results, reasons


def pgn_terminations(pgn):
    """How many games each [Termination] tag ended (e.g. normal, time forfeit)."""
    tags = {}
    if not os.path.isfile(pgn):
        return tags
    with open(pgn, encoding="utf-8", errors="replace") as f:
        for line in f:
            match = re.match(r'\[Termination "(.*)"\]', line)
            if match:
                tags[match.group(1)] = tags.get(match.group(1), 0) + 1
    return tags


def load_average():
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def main():
    args = parse_args()
    # fastchess runs inside --out (it saves its state as config.json in its working folder).
    for name in ("engine", "opponent", "openings", "fastchess", "out"):
        setattr(args, name, os.path.abspath(getattr(args, name)))
    os.makedirs(args.out, exist_ok=True)
    pgn = os.path.join(args.out, "games.pgn")
    log_path = os.path.join(args.out, "fastchess.log")
    command = fastchess_command(args, pgn)
    opponent = os.path.basename(args.opponent)
    print("running:", " ".join(command), flush=True)
    started, load_before = time.time(), load_average()
    lines = []
    with open(log_path, "w", encoding="utf-8") as log:
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, errors="replace", cwd=args.out) as proc:
            for line in proc.stdout:
                log.write(line)
                lines.append(line.rstrip("\n"))
                if line.startswith("Finished game"):
                    print(line.rstrip("\n"), flush=True)
            exit_code = proc.wait()
    counts, results, reasons = scan_log(lines, ["Ferrochamp", opponent])
    summary = {
        "command": command,
        "fastchess_exit": exit_code,
        "minutes": round((time.time() - started) / 60, 1),
        "load_average_before": load_before,
        "load_average_after": load_average(),
        "results": results,
        "finish_reasons": reasons,
        "pgn_terminations": pgn_terminations(pgn),
        "failures": counts,
    }
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
    print(json.dumps({k: v for k, v in summary.items() if k != "command"}, indent=2))
    ours = counts["Ferrochamp"]
    bad = sum(ours[key] for key in FAILURES.values())
    if results["games"] < args.games:
        print(f"only {results['games']} of {args.games} games finished", file=sys.stderr)
        return 1
    return 1 if bad or exit_code != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
