#!/usr/bin/env python3
"""Checks a Ferrochamp build the way a user's GUI would use it (chess).

Runs the engine command given after `--` (e.g. `wine ferrochamp.exe` or
`target/release/ferrochamp`) and checks, failing with a message on the first
problem:

- the UCI handshake (`uci`/`uciok`, `isready`/`readyok`) and a search
  (`go depth 6` answered by a legal `bestmove`);
- the opening book (`BookFile`), a style file (`StyleFile`) and the Syzygy
  tables (`SyzygyPath`, a list of directories) given as the engine sees them
  (paths with spaces on purpose);
- a game through python-chess with those options set;
- the bench signature: the node count on `bench`'s last line equals --bench.

`scripts/windows_check.sh` runs it under wine; on Linux it checks the native
build the same way:

    python3 scripts/engine_check.py --book B --style S --syzygy "D1:D2" \\
        --bench 3119176 -- target/release/ferrochamp
"""

import argparse
import queue
import shutil
import subprocess
import sys
import threading
import time

import chess
import chess.engine

from cli_args import name_value_pairs

TIMEOUT = 120.0
# White to move; the tables say Qd8-g5 is the one win in time (fifty-move counter 93).
KQK_LATE = "3Q4/8/8/8/8/7k/3K4/8 w - - 93 1"
STYLE_POSITION = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5"


class Failure(Exception):
    """A check that did not hold."""


class Uci:
    """The engine as a process spoken to line by line."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        """The lines up to and including the first that starts with `prefix`."""
        seen = []
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure(f"no `{prefix}` within {TIMEOUT:.0f} s; got {seen[-5:]}") from None
            if line is None:
                raise Failure(f"the engine exited before `{prefix}`; got {seen[-5:]}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def info_strings(self):
        self.send("isready")
        return [line for line in self.until("readyok") if line.startswith("info string")]

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def uci_options(parser, pairs):
    """`--option NAME=VALUE` arguments as (name, value) pairs, stripped; a
    malformed one ends the run with argparse's usage message."""
    try:
        return name_value_pairs(pairs)
    except ValueError as err:
        parser.error(str(err))


def require_engines(parser, engines):
    """Ends the run with argparse's usage message unless every engine command is found."""
    for engine in engines:
        if shutil.which(engine) is None:
            parser.error(f"engine not found: {engine}")


def fen_of_line(line):
    """The FEN of one line of a FEN or EPD file (EPD's operations dropped, missing
    move counters as `0 1`), or None when it has fewer than four fields."""
    fields = line.split(";")[0].split()
    if len(fields) < 4:
        return None
    # EPD lines carry no move counters; FEN lines have them after the fourth field.
    counters = fields[4:6] if len(fields) >= 6 and all(f.isdigit() for f in fields[4:6]) else ["0", "1"]
    return " ".join(fields[:4] + counters)


def expect(condition, message):
    if not condition:
        raise Failure(message)


def check_handshake_and_search(engine):
    engine.send("uci")
    lines = engine.until("uciok")
    names = [line for line in lines if line.startswith("id name ")]
    expect(names, f"no `id name` line in {lines[:3]}")
    engine.send("isready")
    engine.until("readyok")
    engine.send("position startpos moves e2e4")
    engine.send("go depth 6")
    best = engine.until("bestmove")[-1].split()[1]
    board = chess.Board()
    board.push_uci("e2e4")
    expect(chess.Move.from_uci(best) in board.legal_moves, f"illegal bestmove {best}")
    return f"{names[0]}; go depth 6 -> bestmove {best}"


def check_book(engine, book):
    engine.send("setoption name OwnBook value true")
    engine.send(f"setoption name BookFile value {book}")
    said = engine.info_strings()
    expect(any("entries loaded" in line for line in said), f"book not loaded: {said}")
    engine.send("position startpos")
    engine.send("go movetime 1000")
    lines = engine.until("bestmove")
    expect(any(line.startswith("info string book move") for line in lines), f"no book move: {lines[-3:]}")
    engine.send("setoption name OwnBook value false")
    return said[-1]


def final_eval(engine):
    engine.send(f"position fen {STYLE_POSITION}")
    engine.send("eval")
    return engine.until("Final evaluation")[-1]


def check_style(engine, style):
    before = final_eval(engine)
    engine.send(f"setoption name StyleFile value {style}")
    engine.send("setoption name Style value File")
    said = engine.info_strings()
    expect(not said, f"the style file was refused: {said}")
    after = final_eval(engine)
    expect(after != before, f"the style file changed nothing: {after}")
    engine.send("setoption name Style value Default")
    engine.info_strings()
    return f"{before} -> {after}"


def check_syzygy(engine, path):
    engine.send(f"setoption name SyzygyPath value {path}")
    said = engine.info_strings()
    found = [line for line in said if "Syzygy: found" in line]
    expect(found and not any("cannot read" in line or "bad" in line for line in said), f"tables not loaded: {said}")
    engine.send(f"position fen {KQK_LATE}")
    engine.send("go depth 8")
    lines = engine.until("bestmove")
    best = lines[-1].split()[1]
    hits = [int(line.split(" tbhits ")[1].split()[0]) for line in lines if " tbhits " in line]
    expect(best == "d8g5", f"the tables' move is d8g5, the engine played {best}")
    expect(hits and max(hits) > 0, f"no tbhits: {lines[-3:]}")
    return f"{found[0]}; KQK at counter 93 -> {best}, tbhits {max(hits)}"


def play_game(command, options, plies):
    """A game of the engine against itself through python-chess, every move checked."""
    with chess.engine.SimpleEngine.popen_uci(command, stderr=subprocess.DEVNULL, timeout=TIMEOUT) as engine:
        engine.configure(options)
        board = chess.Board()
        while not board.is_game_over() and board.ply() < plies:
            result = engine.play(board, chess.engine.Limit(time=0.05))
            expect(result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
        name = engine.id.get("name", "?")
    return f"{name}: {board.ply()} plies, {board.result(claim_draw=True)}, ended at {board.fen()}"


def check_bench(command, signature):
    output = subprocess.run(
        command + ["bench"], capture_output=True, text=True, timeout=600, check=True
    ).stdout.strip()
    last = output.splitlines()[-1]
    nodes = int(last.split()[0])
    expect(nodes == signature, f"bench signature {nodes}, expected {signature}: {last}")
    return last


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--book", required=True, help="a Polyglot book, as the engine names it")
    parser.add_argument("--style", required=True, help="a style file, as the engine names it")
    parser.add_argument("--syzygy", required=True, help="a SyzygyPath value (a list of directories)")
    parser.add_argument("--bench", type=int, required=True, help="the expected bench signature")
    parser.add_argument("--plies", type=int, default=60, help="the game's length at most (default 60)")
    parser.add_argument("command", nargs="+", help="the engine command, after --")
    args = parser.parse_args()

    engine = Uci(args.command)
    try:
        steps = [
            ("uci/isready/go", lambda: check_handshake_and_search(engine)),
            ("book", lambda: check_book(engine, args.book)),
            ("style file", lambda: check_style(engine, args.style)),
            ("syzygy", lambda: check_syzygy(engine, args.syzygy)),
        ]
        for label, step in steps:
            print(f"ok   {label}: {step()}", flush=True)
    except Failure as failure:
        print(f"FAIL {label}: {failure}", flush=True)
        return 1
    finally:
        engine.close()
    options = {"OwnBook": True, "BookFile": args.book, "StyleFile": args.style, "SyzygyPath": args.syzygy}
    try:
        print(f"ok   python-chess game: {play_game(args.command, options, args.plies)}", flush=True)
        print(f"ok   bench: {check_bench(args.command, args.bench)}", flush=True)
    except (Failure, chess.engine.EngineError, subprocess.SubprocessError) as failure:
        print(f"FAIL {failure}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
