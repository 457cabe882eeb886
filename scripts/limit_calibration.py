#!/usr/bin/env python3
"""Calibrates `UCI_Elo`: Ferrochamp at each setting X against Stockfish 15.1 at `UCI_Elo` X.

One command plays every point, keeps the games, and prints the figures and the new constants:

    python3 scripts/limit_calibration.py --out calibration/ [--points 1350,1600,1850,2100,2350]
        [--games 200] [--tc 10+0.1] [--concurrency 2] [--binary target/release/ferrochamp]

Resumable: each point's games go to OUT/limit_X.partN.pgn; a second run counts the games already
there and plays only the rest (with a new seed), so an interrupted run loses at most the games in
progress. `--report-only` plays nothing. What it prints, in Markdown:

- per point: games, W-L-D, pentanomial, Elo of the setting against its label with the 95% interval,
  and the share of Stockfish's moves that ended below its skill level's pick depth (a loaded machine
  starves Stockfish there and makes the setting look stronger than it is: keep it near 0%);
- the node table to paste into `src/engine/strength.rs` (`CALIBRATED_NODES`): each measured point
  gives the true strength of its node budget (label + measured offset); the new budget for each
  label is read off those pairs, geometrically between them;
- the mean offset, by which `ANCHOR_ELO` (temperature and margin) moves with the table;
- at a control longer than the table's, where the engine plays each label as a higher setting of
  the table (`ferrochamp limit-table --tc`), the factor for `ELO_PER_TIME_DOUBLING` instead.

Below Stockfish's floor the labels are checked for order only: `--ladder 800,1000,1200,1350` plays
each setting against the one below it (Ferrochamp against itself) and prints each step's score,
which should be at least 70% for a 200-point step.

Needs fastchess, Stockfish 15.1 and the openings (docs/testing.md says where they come from);
standard library only.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "shared"
# Stockfish 15.1 turns UCI_Elo into a fractional skill level and picks its move at depth 1 + int(level).
SF_ELO_MIN, SF_ELO_MAX = 1350, 2850


def fail(message):
    sys.exit(f"limit_calibration.py: {message}")


def stockfish_pick_depth(elo):
    level = min(max((elo - 1346.6) / 143.4, 0.0) ** (1 / 0.806), 20.0)
    return 1 + int(level)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the games (created; reused to resume)")
    parser.add_argument("--points", default="1350,1600,1850,2100,2350")
    parser.add_argument("--games", type=int, default=200, help="games per point (even)")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--binary", default=str(HERE / "target/release/ferrochamp"))
    parser.add_argument("--fastchess", default=os.environ.get("FASTCHESS", str(SHARED / "tools/bin/fastchess")))
    parser.add_argument("--stockfish", default=os.environ.get("STOCKFISH", "/usr/games/stockfish"))
    parser.add_argument("--openings", default=os.environ.get("OPENINGS", str(SHARED / "data/openings/noob_3moves_5k.epd")))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", help="comma-separated settings, each played against the one before (self-play)")
    parser.add_argument("--report-only", action="store_true", help="play nothing: report the games in --out")
    args = parser.parse_args()
    try:
        args.points = [int(p) for p in args.points.split(",") if p.strip()]
    except ValueError:
        fail(f"--points must be a comma-separated list of integers, got {args.points!r}")
    if args.ladder:
        try:
            args.ladder = [int(p) for p in args.ladder.split(",") if p.strip()]
        except ValueError:
            fail(f"--ladder must be a comma-separated list of integers, got {args.ladder!r}")
        if len(args.ladder) < 2 or any(not 800 <= p <= 2850 for p in args.ladder):
            fail(f"--ladder needs at least two settings in 800..2850: {args.ladder}")
    if not args.points or any(not SF_ELO_MIN <= p <= SF_ELO_MAX for p in args.points):
        fail(f"every point must lie in Stockfish's UCI_Elo range {SF_ELO_MIN}..{SF_ELO_MAX}: {args.points}")
    if args.games < 2 or args.games % 2:
        fail(f"--games must be even and at least 2 (game pairs), got {args.games}")
    if not re.fullmatch(r"\d+(\.\d+)?(\+\d+(\.\d+)?)?", args.tc):
        fail(f"--tc must look like 10+0.1, got {args.tc!r}")
    if args.concurrency < 1:
        fail("--concurrency must be at least 1")
    return args


def check_tools(args):
    opponents = [] if args.ladder else [("Stockfish 15.1", args.stockfish)]
    missing = missing_tool(args, opponents)
    if missing:
        fail(missing)


def missing_tool(args, opponents):
    """What is missing to run: the binary, and unless `args.report_only`, fastchess, the
    `opponents` ((what, path) pairs) and the openings; None when nothing is."""
    tools = [("ferrochamp binary (cargo build --release)", args.binary)]
    if not args.report_only:
        tools += [("fastchess", args.fastchess), *opponents]
    for what, path in tools:
        if not (Path(path).is_file() and os.access(path, os.X_OK)) and not shutil.which(path):
            return f"{what} not found or not executable: {path}"
    if not args.report_only and not Path(args.openings).is_file():
        return f"openings not found: {args.openings}"
    return None


def read_games(path):
    """(round, white, black, result, comments text) of each game in a PGN, headers read by hand."""
    games, headers, moves = [], {}, []
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        tag = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if tag:
            if moves:
                games.append((headers, " ".join(moves)))
                headers, moves = {}, []
            headers[tag.group(1)] = tag.group(2)
        elif line.strip():
            moves.append(line)
    if headers:
        games.append((headers, " ".join(moves)))
    return [g for g in games if g[0].get("Result") in ("1-0", "0-1", "1/2-1/2")]


def point_files(out, elo, stem=None):
    return sorted(out.glob(f"{stem or f'limit_{elo}'}.part*.pgn"))


def opponent(args, elo, below):
    """The fastchess engine options of the opponent: Stockfish at `elo`, or ourselves at `below`."""
    if below is None:
        return ["-engine", f"cmd={args.stockfish}", f"name=sf{elo}", "option.Threads=1", "option.Move Overhead=100",
                "option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}"]
    return ["-engine", f"cmd={args.binary}", f"name=self{below}", "option.UCI_LimitStrength=true",
            f"option.UCI_Elo={below}"]


def play(args, out, elo, missing, below=None, stem=None):
    stem = stem or f"limit_{elo}"
    part = len(sorted(out.glob(f"{stem}.part*.pgn")))
    pgn = out / f"{stem}.part{part}.pgn"
    seed = args.seed * 100003 + elo * 101 + part + (below or 0) * 7
    command = [
        args.fastchess,
        "-engine", f"cmd={args.binary}", f"name=ferrochamp{elo}", "option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}",
        *opponent(args, elo, below),
        "-each", f"tc={args.tc}", "option.Hash=16", "proto=uci",
        "-rounds", str(missing // 2), "-games", "2", "-repeat",
        "-concurrency", str(args.concurrency), "-force-concurrency",
        "-openings", f"file={args.openings}", "format=epd", "order=random", "-srand", str(seed),
        "-pgnout", f"file={pgn}", "timeleft=true",
    ]
    load_before = os.getloadavg()
    print(f"{stem}: playing {missing} games -> {pgn} (load {load_before[0]:.1f})", file=sys.stderr)
    with open(out / f"{stem}.part{part}.log", "w") as log:
        status = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode
    with open(out / "load.txt", "a") as load:
        load.write(f"{stem} part{part}: load before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}\n")
    if status != 0:
        fail(f"fastchess exited with {status}; see {out}/{stem}.part{part}.log")


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def half_points(result, ours_white):
    """Our half-points (0, 1 or 2) from a PGN result."""
    points = {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[result]
    return points if ours_white else 2 - points


def count_results(games):
    """W, L, D and the pentanomial counts from (pair key, our half-points) per game; the two games
    of a pair share a key, and a game whose twin is missing counts in W-L-D only."""
    wins = losses = draws = 0
    pairs, pending = [0] * 5, {}
    for key, ours in games:
        wins, losses, draws = wins + (ours == 2), losses + (ours == 0), draws + (ours == 1)
        if key in pending:
            pairs[pending.pop(key) + ours] += 1
        else:
            pending[key] = ours
    return wins, losses, draws, pairs


def tally(out, elo, stem=None):
    """W, L, D, pentanomial and Stockfish's share of moves below its pick depth, for one point."""
    results, shallow, sf_moves = [], 0, 0
    pick = stockfish_pick_depth(elo)
    for path in point_files(out, elo, stem):
        for headers, text in read_games(path):
            ours_white = headers.get("White", "").startswith("ferrochamp")
            results.append(((path, headers.get("Round")), half_points(headers["Result"], ours_white)))
            white_first = " w " in headers.get("FEN", " w ")
            for i, depth in enumerate(re.findall(r"\{[+-]?M?[\d.]+/(\d+)", text)):
                white_moved = (i % 2 == 0) == white_first
                if white_moved != ours_white:
                    sf_moves += 1
                    shallow += int(depth) < pick
    return *count_results(results), shallow / max(sf_moves, 1)


def interval(wins, losses, draws, pairs):
    """Elo and its 95% interval, from the pentanomial pairs when there are any, else from games."""
    if sum(pairs):
        n = sum(pairs)
        # A pair scores 0..4 half-points: k / 4 of the pair's points.
        mean = sum(k * c for k, c in enumerate(pairs)) / (4 * n)
        var = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(pairs)) / n
        se = math.sqrt(var / n)
    else:
        n = wins + losses + draws
        mean = (wins + draws / 2) / max(n, 1)
        var = (wins * (1 - mean) ** 2 + losses * mean ** 2 + draws * (0.5 - mean) ** 2) / max(n, 1)
        se = math.sqrt(var / max(n, 1))
    return elo_of(mean), elo_of(mean - 1.96 * se), elo_of(mean + 1.96 * se)


def current_nodes(args, points):
    """The budget of each point at the first move of a game at --tc, and the Elo the control adds."""
    control = args.tc if "+" in args.tc else f"{args.tc}+0"
    command = [args.binary, "limit-table", "--tc", control, *map(str, points)]
    table = subprocess.run(command, capture_output=True, text=True)
    if table.returncode != 0:
        fail(f"`{' '.join(command)}` failed: {table.stderr.strip()}")
    nodes, shift = {}, 0
    for row in table.stdout.splitlines():
        if row.startswith("#"):
            shift = int(re.search(r"[+-]\d+", row).group())
            continue
        cells = row.split("\t")
        if len(cells) > 1 and cells[1].isdigit():
            nodes[int(cells[0])] = int(cells[1])
    return nodes, shift


def new_table(measured, targets):
    """Budgets for `targets` from (true Elo, nodes) pairs: geometric between them, end segments beyond."""
    known = sorted(measured)
    if len(known) == 1:
        (elo, nodes), slope = known[0], math.log(11) / 400  # the old table's one-segment slope
        return {t: nodes * math.exp(slope * (t - elo)) for t in targets}
    table = {}
    for target in targets:
        index = next((i for i in range(1, len(known)) if target <= known[i][0]), len(known) - 1)
        (e0, n0), (e1, n1) = known[index - 1], known[index]
        table[target] = n0 * (n1 / n0) ** ((target - e0) / (e1 - e0)) if e1 != e0 else n0
    return table


def ladder(args, out):
    """Each setting of --ladder against the one below it: the labels' order below Stockfish's floor."""
    print("| step | games | W-L-D | score | Elo (95%) | at least 70% |")
    print("|---|---:|---|---:|---|---|")
    for below, elo in zip(args.ladder, args.ladder[1:]):
        stem = f"ladder_{elo}_{below}"
        played = sum(tally(out, elo, stem)[:3])
        if not args.report_only and played < args.games:
            play(args, out, elo, args.games - played + (args.games - played) % 2, below=below, stem=stem)
        wins, losses, draws, pairs, _ = tally(out, elo, stem)
        games = wins + losses + draws
        if games:
            score = (wins + draws / 2) / games
            mid, low, high = interval(wins, losses, draws, pairs)
            print(f"| {elo} vs {below} | {games} | {wins}-{losses}-{draws} | {100 * score:.1f}% "
                  f"| {mid:+.1f} ({low:+.1f} to {high:+.1f}) | {'yes' if score >= 0.7 else 'NO'} |")


def main():
    args = parse_args()
    check_tools(args)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.ladder:
        ladder(args, out)
        return
    if not args.report_only:
        for elo in args.points:
            played = sum(tally(out, elo)[:3])
            if played < args.games:
                play(args, out, elo, args.games - played + (args.games - played) % 2)
    nodes, shift = current_nodes(args, args.points)
    print("| UCI_Elo | nodes | games | W-L-D | pentanomial | Elo vs label (95%) | SF moves below pick depth |")
    print("|---:|---:|---:|---|---|---|---:|")
    measured, offsets = [], []
    for elo in args.points:
        wins, losses, draws, pairs, shallow = tally(out, elo)
        games = wins + losses + draws
        if games == 0:
            print(f"| {elo} | {nodes.get(elo, '-')} | 0 | | | | |")
            continue
        mid, low, high = interval(wins, losses, draws, pairs)
        print(f"| {elo} | {nodes.get(elo, '-')} | {games} | {wins}-{losses}-{draws} | {'-'.join(map(str, pairs))} "
              f"| {mid:+.1f} ({low:+.1f} to {high:+.1f}) | {100 * shallow:.0f}% |")
        if elo in nodes:
            measured.append((elo + mid, nodes[elo]))
            offsets.append(mid)
    if not measured:
        return
    print("\nWithin ±50 of the label at every point:", all(abs(o) <= 50 for o in offsets))
    mean_offset = sum(offsets) / len(offsets)
    if shift > 0:
        # A control that adds Elo is calibrated by the time term, not by the table of 10+0.1.
        print(f"\n// at {args.tc} a setting plays as {shift:+d} on the table (first move); to be level,")
        print(f"// multiply ELO_PER_TIME_DOUBLING by {(shift - mean_offset) / shift:.2f}")
        return
    table = new_table(measured, args.points)
    rows = ", ".join(f"({elo}, {round(table[elo], -1):_.1f})" for elo in args.points)
    print(f"\nconst CALIBRATED_NODES: [(i32, f64); {len(args.points)}] = [{rows}];")
    print(f"// mean offset {mean_offset:+.1f} Elo: add it to ANCHOR_ELO (temperature and margin)")


if __name__ == "__main__":
    main()
