#!/usr/bin/env python3
"""How long the engine really takes to answer, as a GUI sees it.

Two measurements, each optionally with the machine loaded by busy-loop
processes (`--load N` starts N `yes > /dev/null` processes and ends them
afterwards):

movetime  Sends `go movetime MS` from a set of positions and measures the wall
          time from writing `go` to reading `bestmove` (the GUI's view: pipe
          latency and scheduling included). Prints the median, p90, p99 and
          max, and how many answers came after MS (a time forfeit under a GUI
          that grants no margin, such as cutechess-cli's default).

    python3 scripts/movetime_latency.py movetime target/release/ferrochamp \\
        --movetime 200 --count 200 --load 4

stop      Sends `go infinite`, waits MS, sends `stop` and measures the wall
          time from writing `stop` to reading `bestmove`: the hand-off from
          the search threads to the `bestmove` line, as a GUI sees it.

    python3 scripts/movetime_latency.py stop target/release/ferrochamp \\
        --movetime 100 --count 200 --load 4

clock     Plays the engine against itself under a repeating control such as
          40/10 (40 moves in 10 s), charging each side the measured wall time
          of its moves, and reports what it spends on the last move before
          each control (`movestogo 1`), the lowest clock seen and any flag.

    python3 scripts/movetime_latency.py clock target/release/ferrochamp \\
        --tc 40/10 --games 1 --moves 90 --load 4

Engine options: `--option "Threads=2"` (repeatable). Needs python-chess for
`clock` only. `uptime` is printed before and after each run, since the machine
may be shared.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from cli_args import name_value_pairs

POSITIONS = [
    "startpos",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1",
    "startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "fen 2r3k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


class Engine:
    """A UCI engine on pipes, read line by line without Python-side buffering delays."""

    def __init__(self, path, options):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.reader = self.proc.stdout
        self.send("uci")
        self.read_until("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.isready()

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def read_until(self, prefix):
        while True:
            raw = self.reader.readline()
            if not raw:
                raise RuntimeError(f"engine closed its output while waiting for '{prefix}'")
            line = raw.decode(errors="replace").rstrip("\r\n")
            if line.startswith(prefix):
                return line

    def isready(self):
        self.send("isready")
        self.read_until("readyok")

    def time_to_bestmove(self, command):
        """Seconds from writing `command` (a `go` or `stop`) to reading `bestmove`, and the bestmove line."""
        start = time.perf_counter()
        self.send(command)
        line = self.read_until("bestmove")
        return time.perf_counter() - start, line

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class Load:
    """N busy-loop processes, ended on exit."""

    def __init__(self, count):
        self.procs = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(count)]
        if self.procs:
            time.sleep(0.5)  # let the scheduler spread them

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.wait()


def uptime():
    with open("/proc/loadavg", encoding="ascii") as f:
        return "load average " + " ".join(f.read().split()[:3])


def percentile(sorted_values, share):
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, int(round(share * len(sorted_values) + 0.4999)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def summarize(times_ms, movetime):
    ordered = sorted(times_ms)
    return {
        "count": len(ordered),
        "median_ms": round(statistics.median(ordered), 1),
        "p90_ms": round(percentile(ordered, 0.90), 1),
        "p99_ms": round(percentile(ordered, 0.99), 1),
        "max_ms": round(ordered[-1], 1),
        "min_ms": round(ordered[0], 1),
        "over_movetime": sum(1 for t in ordered if t > movetime),
    }


def timed_searches(args, options, measure):
    """`measure(engine)` from `--count` positions (a new game every 20); the times in ms."""
    engine = Engine(args.engine, options)
    rng = random.Random(args.seed)
    times_ms = []
    try:
        for index in range(args.count):
            if index % 20 == 0:
                engine.send("ucinewgame")
            engine.send("position " + rng.choice(POSITIONS))
            engine.isready()
            times_ms.append(measure(engine) * 1000)
    finally:
        engine.close()
    return times_ms


def run_movetime(args, options):
    times_ms = timed_searches(args, options,
                              lambda engine: engine.time_to_bestmove(f"go movetime {args.movetime}")[0])
    return summarize(times_ms, args.movetime)


def run_stop(args, options):
    def go_then_stop(engine):
        engine.send("go infinite")
        time.sleep(args.movetime / 1000)
        return engine.time_to_bestmove("stop")[0]

    summary = summarize(timed_searches(args, options, go_then_stop), args.movetime)
    del summary["over_movetime"]
    return summary


def parse_tc(text):
    moves, seconds = text.split("/")
    return int(moves), int(float(seconds) * 1000)


def play_clock_game(args, options, game_index, report):
    import chess  # only this mode needs python-chess

    moves_per_control, control_ms = parse_tc(args.tc)
    engine = Engine(args.engine, options)
    board = chess.Board()
    clocks = {chess.WHITE: control_ms, chess.BLACK: control_ms}
    played = {chess.WHITE: 0, chess.BLACK: 0}
    history = []
    rng = random.Random(args.seed + game_index)
    # A few random opening moves so that the games differ.
    for _ in range(4):
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        history.append(move.uci())
    engine.send("ucinewgame")
    try:
        for _ in range(args.moves):
            if board.is_game_over(claim_draw=True):
                break
            side = board.turn
            to_go = moves_per_control - played[side] % moves_per_control
            engine.send("position startpos moves " + " ".join(history))
            engine.isready()
            go = (f"go wtime {clocks[chess.WHITE]} btime {clocks[chess.BLACK]} "
                  f"movestogo {to_go}")
            before = clocks[side]
            elapsed, line = engine.time_to_bestmove(go)
            spent = int(round(elapsed * 1000))
            clocks[side] -= spent
            if args.verbose:
                print(f"ply {len(history)} movestogo {to_go} clock {before} spent {spent} "
                      f"left {clocks[side]}", file=sys.stderr)
            report["lowest_clock_ms"] = min(report["lowest_clock_ms"], clocks[side])
            if clocks[side] < 0:
                report["flags"] += 1
            if to_go == 1:
                report["last_moves"].append({"clock_before_ms": before, "spent_ms": spent,
                                             "left_ms": clocks[side],
                                             "share": round(spent / max(before, 1), 3)})
                clocks[side] += control_ms
            played[side] += 1
            move = chess.Move.from_uci(line.split()[1])
            if move not in board.legal_moves:
                raise RuntimeError(f"illegal bestmove {line}")
            board.push(move)
            history.append(move.uci())
    finally:
        engine.close()


def run_clock(args, options):
    report = {"tc": args.tc, "games": args.games, "lowest_clock_ms": 10**9, "flags": 0,
              "last_moves": []}
    for game in range(args.games):
        play_clock_game(args, options, game, report)
    shares = [m["share"] for m in report["last_moves"]]
    if shares:
        report["last_move_share_max"] = max(shares)
        report["last_move_left_min_ms"] = min(m["left_ms"] for m in report["last_moves"])
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["movetime", "stop", "clock"])
    parser.add_argument("engine")
    parser.add_argument("--movetime", type=int, default=200, help="ms per move (movetime mode), ms before stop (stop mode)")
    parser.add_argument("--count", type=int, default=200, help="searches (movetime and stop modes)")
    parser.add_argument("--tc", default="40/10", help="MOVES/SECONDS, repeating (clock mode)")
    parser.add_argument("--games", type=int, default=1, help="games (clock mode)")
    parser.add_argument("--moves", type=int, default=90, help="plies per game at most (clock mode)")
    parser.add_argument("--load", type=int, default=0, help="busy-loop processes to run meanwhile")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON only")
    parser.add_argument("--verbose", action="store_true", help="clock mode: every move to stderr")
    args = parser.parse_args()
    try:
        options = name_value_pairs(args.option)
    except ValueError as err:
        parser.error(str(err))
    if not os.access(args.engine, os.X_OK):
        parser.error(f"not an executable: {args.engine}")
    load_before = uptime()
    with Load(args.load):
        load_during = uptime()
        runs = {"movetime": run_movetime, "stop": run_stop, "clock": run_clock}
        result = runs[args.mode](args, options)
        load_end = uptime()
    result.update({"mode": args.mode, "engine": args.engine, "busy_loops": args.load,
                   "options": dict(options), "before": load_before, "during": load_during,
                   "end": load_end})
    if args.mode in ("movetime", "stop"):
        result["movetime"] = args.movetime
    if args.json:
        print(json.dumps(result))
        return 0
    for key, value in result.items():
        if key != "last_moves":
            print(f"{key}: {value}")
    for move in result.get("last_moves", []):
        print(f"  movestogo 1: {move}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
