#!/usr/bin/env python3
"""Measure how many EPD test positions Ferrochamp solves.

Two modes, one engine process per run (Threads/Hash set once, `ucinewgame`
before every search so that no position inherits another's hash):

  mates     EPD with `ce +M<N>`, `bm`/`pv` in long algebraic (`Qd8-f6`,
            `e7xf8N+`, `O-O-O`).  Each position is searched with
            `go nodes <budget> mate <N>`.  Solved when the last reported score
            is exactly `mate N` and the best move keeps the mate: it is a `bm`
            or the first `pv` move, or else a second search after it proves the
            opponent mated in <= N-1 (`go nodes <budget> mate <N-1>`).
  tactical  EPD with `bm` and/or `am` in SAN, searched with `go movetime <ms>`.
            Solved when the best move is in `bm` (if any) and not in `am`.

Every bestmove and every pv move is checked for legality with python-chess, so
an illegal move or a crash shows up as an engine error with the UCI transcript.

Examples:
  benches/scripts/solve_epd.py mates --nodes 2000000 data/mates/mate_in_1.epd
  benches/scripts/solve_epd.py mates --every 3 data/mates/mate_in_3.epd
  benches/scripts/solve_epd.py tactical --movetime 1000 data/tactical/kaufman.epd
"""

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

import chess

DEFAULT_ENGINE = os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "ferrochamp")
LONG_ALGEBRAIC = re.compile(r"^([KQRBN])?([a-h][1-8])[-x]([a-h][1-8])=?([QRBNqrbn])?[+#]*$")
# A search that takes this long is hung, not slow: stop it and report it.
HANG_SECONDS = 300.0


class EngineError(Exception):
    """The engine crashed, hung, or sent an illegal move."""


# ---------------------------------------------------------------- EPD parsing

def split_operations(text):
    """Split the operation part of an EPD line on `;` outside double quotes."""
    operations, current, quoted = [], [], False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == ";" and not quoted:
            operations.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    if "".join(current).strip():
        operations.append("".join(current).strip())
    return [op for op in operations if op]


def parse_epd_line(line):
    """Return (board, {opcode: [operands]}) or None for a blank line."""
    fields = line.strip().split(None, 4)
    if len(fields) < 4:
        return None
    operations = {}
    for operation in split_operations(fields[4] if len(fields) > 4 else ""):
        opcode, _, operands = operation.partition(" ")
        operations[opcode] = operands.split()
    halfmove = operations.get("hmvc", ["0"])[0]
    fullmove = operations.get("fmvn", ["1"])[0]
    board = chess.Board(" ".join(fields[:4]) + f" {halfmove} {fullmove}")
    return board, operations


def parse_long_algebraic(board, text):
    """Legal move for `Qd8-f6` / `e7xf8N+` / `O-O-O`, matched by squares and promotion."""
    bare = text.rstrip("+#!?")
    if bare.replace("0", "O") in ("O-O", "O-O-O"):
        return board.parse_san(bare.replace("0", "O"))
    found = LONG_ALGEBRAIC.match(text)
    if not found:
        raise ValueError(f"not long algebraic: {text!r}")
    from_square = chess.parse_square(found.group(2))
    to_square = chess.parse_square(found.group(3))
    promotion = chess.Piece.from_symbol(found.group(4).lower()).piece_type if found.group(4) else None
    for move in board.legal_moves:
        if (move.from_square, move.to_square, move.promotion) == (from_square, to_square, promotion):
            return move
    raise ValueError(f"no legal move {text!r} in {board.fen()}")


def read_epd(path, every=1):
    """Positions of an EPD file (CRLF tolerated); with `every` > 1 keep lines 0, k, 2k, ..."""
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle.read().splitlines() if line.strip()]
    return [parse_epd_line(line) for index, line in enumerate(lines) if index % every == 0]


# ---------------------------------------------------------------- UCI driver

@dataclass
class SearchResult:
    bestmove: chess.Move
    score_kind: str = ""      # "cp" or "mate"; empty if no score was printed
    score_value: int = 0
    bound: str = ""           # "lowerbound" / "upperbound" / "" (exact)
    pv: list = field(default_factory=list)
    nodes: int = 0
    depth: int = 0
    seconds: float = 0.0
    transcript: list = field(default_factory=list)

    def score_text(self):
        text = f"{self.score_kind} {self.score_value}" if self.score_kind else "none"
        return f"{text} {self.bound}".strip()


class Engine:
    """One UCI engine process; every line sent and received goes to the transcript."""

    def __init__(self, command, options):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.transcript = []
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def _pump(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # EOF: the engine exited

    def send(self, line):
        self.transcript.append(f"> {line}")
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except BrokenPipeError as error:
            raise EngineError(f"engine exited (exit code {self.process.poll()})") from error

    def read(self, deadline):
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return ""  # caller decides what a timeout means
        if line is None:
            raise EngineError(f"engine exited (exit code {self.process.wait()})")
        self.transcript.append(f"< {line}")
        return line

    def wait_for(self, token, seconds=30.0):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            line = self.read(deadline)
            if line.strip() == token:
                return
        raise EngineError(f"no {token!r} within {seconds} s")

    def sync(self):
        self.send("isready")
        self.wait_for("readyok")

    def search(self, board, go_command):
        """`ucinewgame`, position, go; parse until bestmove and check every move's legality."""
        self.transcript = []
        self.send("ucinewgame")
        self.sync()
        self.send(f"position fen {board.fen()}")
        started = time.monotonic()
        self.send(go_command)
        result = self._collect(board, started)
        result.seconds = time.monotonic() - started
        result.transcript = self.transcript
        return result

    def _collect(self, board, started):
        last_info = {}
        stop_sent = False
        while True:
            line = self.read(started + HANG_SECONDS * (2 if stop_sent else 1))
            if not line and not stop_sent:
                self.send("stop")
                stop_sent = True
                continue
            if not line:
                raise EngineError("no bestmove after stop")
            tokens = line.split()
            if tokens[:1] == ["info"] and "score" in tokens:
                last_info = parse_info(board, tokens)
            elif tokens[:1] == ["bestmove"]:
                if stop_sent:
                    raise EngineError(f"search hung for {HANG_SECONDS} s; needed stop")
                return SearchResult(bestmove=legal_uci(board, tokens[1] if len(tokens) > 1 else ""), **last_info)

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self.process.kill()


def legal_uci(board, text):
    try:
        move = chess.Move.from_uci(text)
    except ValueError as error:
        raise EngineError(f"unparsable move {text!r}") from error
    if move not in board.legal_moves:
        raise EngineError(f"illegal move {text} in {board.fen()}")
    return move


def parse_info(board, tokens):
    """Score, bound, depth, nodes and a legality-checked pv from one `info` line."""
    info = {}
    for key in ("depth", "nodes"):
        if key in tokens:
            info[key] = int(tokens[tokens.index(key) + 1])
    at = tokens.index("score")
    info["score_kind"], info["score_value"] = tokens[at + 1], int(tokens[at + 2])
    info["bound"] = next((t for t in tokens[at + 3:at + 4] if t in ("lowerbound", "upperbound")), "")
    info["pv"] = []
    if "pv" in tokens:
        replay = board.copy()
        for text in tokens[tokens.index("pv") + 1:]:
            move = legal_uci(replay, text)
            info["pv"].append(move)
            replay.push(move)
    return info


# ---------------------------------------------------------------- mates

def expected_mate(operations):
    found = re.fullmatch(r"\+M(\d+)", operations.get("ce", [""])[0])
    if not found:
        raise ValueError(f"no `ce +M<N>` in {operations}")
    return int(found.group(1))


def pv_is_mate(board, pv, moves):
    """True if the pv delivers checkmate within `moves` moves of the side to move."""
    replay = board.copy()
    for move in pv[:2 * moves - 1]:
        replay.push(move)
    return replay.is_checkmate()


def solve_mate(engine, board, operations, nodes):
    """Judge one mate position; returns a dict for the report."""
    n = expected_mate(operations)
    known, unreadable = [], []
    for text in operations.get("bm", []) + operations.get("pv", [])[:1]:
        try:
            move = parse_long_algebraic(board, text)
            if move not in known:
                known.append(move)
        except ValueError:
            unreadable.append(text)  # data slips such as `bm bm Bh2-f4`: keep the readable moves
    result = engine.search(board, f"go nodes {nodes} mate {n}")
    record = {"fen": board.fen(), "mate": n, "expected": [board.san(m) for m in known],
              "got": board.san(result.bestmove), "score": result.score_text(),
              "nodes": result.nodes, "seconds": round(result.seconds, 3), "how": ""}
    if unreadable:
        record["unreadable_epd_moves"] = unreadable
    found = result.score_kind == "mate" and result.score_value == n
    if result.score_kind == "mate" and 0 < result.score_value < n:
        # Shorter than the file says: either the file is wrong or the engine is.
        proven = pv_is_mate(board, result.pv, result.score_value)
        record["shorter_mate"] = "pv mates" if proven else "pv does NOT mate"
        if not proven:
            record["transcript"] = result.transcript
    if not found:
        record["solved"] = False
        return record
    if result.bestmove in known:
        record["solved"], record["how"] = True, "known move"
        return record
    record["solved"], record["how"] = verify_alternative(engine, board, result.bestmove, n, nodes)
    if not record["solved"]:
        record["transcript"] = result.transcript
    return record


def verify_alternative(engine, board, move, n, nodes):
    """Does `move` still mate in n? Ask the engine for the opponent's view."""
    after = board.copy()
    after.push(move)
    if after.is_checkmate():
        return n == 1, "alternative mates at once"
    if n == 1:
        return False, "alternative does not mate"
    reply = engine.search(after, f"go nodes {nodes} mate {n - 1}")
    mated = reply.score_kind == "mate" and -(n - 1) <= reply.score_value < 0
    return mated, f"alternative verified ({reply.score_text()} for the opponent)"


# ---------------------------------------------------------------- tactical

def solve_tactical(engine, board, operations, movetime):
    best = {board.parse_san(text) for text in operations.get("bm", [])}
    avoid = {board.parse_san(text) for text in operations.get("am", [])}
    result = engine.search(board, f"go movetime {movetime}")
    solved = (not best or result.bestmove in best) and result.bestmove not in avoid
    return {"fen": board.fen(), "id": " ".join(operations.get("id", [])).strip('"'),
            "expected": ("bm " + " ".join(board.san(m) for m in best)) if best else "",
            "avoid": ("am " + " ".join(board.san(m) for m in avoid)) if avoid else "",
            "got": board.san(result.bestmove), "score": result.score_text(),
            "depth": result.depth, "nodes": result.nodes, "seconds": round(result.seconds, 3),
            "solved": solved}


# ---------------------------------------------------------------- driver

def load_average():
    with open("/proc/loadavg", encoding="ascii") as handle:
        return float(handle.read().split()[0])


def run_file(engine_factory, state, path, args):
    positions = read_epd(path, args.every)
    records, loads, started = [], [], time.monotonic()
    for index, (board, operations) in enumerate(positions):
        try:
            if args.mode == "mates":
                record = solve_mate(state["engine"], board, operations, args.nodes)
            else:
                record = solve_tactical(state["engine"], board, operations, args.movetime)
        except EngineError as error:
            record = {"fen": board.fen(), "solved": False, "engine_error": str(error),
                      "transcript": state["engine"].transcript}
            state["engine"].quit()
            state["engine"] = engine_factory()
        records.append(record)
        if index % 20 == 0:
            loads.append(load_average())
        if args.jsonl:
            args.jsonl.write(json.dumps({"file": path, **record}) + "\n")
            args.jsonl.flush()
    return records, loads, time.monotonic() - started


def report_file(path, records, loads, seconds, args):
    solved = sum(r["solved"] for r in records)
    sample = f" (every {args.every}th line)" if args.every > 1 else ""
    print(f"{os.path.basename(path)}{sample}: {solved}/{len(records)} solved "
          f"({100.0 * solved / max(1, len(records)):.2f}%), wall {seconds:.1f} s, "
          f"load avg (1 min) min/mean/max {min(loads):.2f}/{sum(loads) / len(loads):.2f}/{max(loads):.2f}")
    for record in records:
        if not record["solved"] or record.get("shorter_mate") or record.get("how", "").startswith("alt"):
            print("  " + ("FAIL " if not record["solved"] else "note ") + describe(record))
            if args.transcripts and record.get("transcript"):
                print("\n".join("      " + line for line in record["transcript"]))
    return solved


def describe(record):
    if "engine_error" in record:
        return f"{record['fen']} ENGINE ERROR: {record['engine_error']}"
    parts = [record["fen"]]
    if record.get("id"):
        parts.append(f"[{record['id']}]")
    expected = record["expected"] if isinstance(record["expected"], str) else "bm " + " ".join(record["expected"])
    parts += [f"expected {expected}", record.get("avoid", ""), f"got {record['got']}",
              f"score {record['score']}", f"nodes {record['nodes']}", f"{record['seconds']} s"]
    for key in ("how", "shorter_mate"):
        if record.get(key):
            parts.append(f"({record[key]})")
    return " | ".join(part for part in parts if part)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["mates", "tactical"])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--engine", default=DEFAULT_ENGINE)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--nodes", type=int, default=2_000_000, help="node budget per mate search")
    parser.add_argument("--movetime", type=int, default=1000, help="ms per tactical position")
    parser.add_argument("--every", type=int, default=1, help="keep every k-th position (deterministic sample)")
    parser.add_argument("--jsonl", type=argparse.FileType("w"), help="write one JSON record per position")
    parser.add_argument("--transcripts", action="store_true", help="print UCI lines of failures")
    return parser.parse_args()


def main():
    args = parse_arguments()
    print("command:", " ".join(sys.argv))
    print(f"engine {os.path.abspath(args.engine)}, Threads={args.threads}, Hash={args.hash}, "
          + (f"go nodes {args.nodes} mate N" if args.mode == "mates" else f"go movetime {args.movetime}"))
    print("uptime at start:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())

    def engine_factory():
        return Engine(args.engine, {"Threads": args.threads, "Hash": args.hash})

    state = {"engine": engine_factory()}
    total_solved = total_count = 0
    started = time.monotonic()
    for path in args.files:
        records, loads, seconds = run_file(engine_factory, state, path, args)
        total_solved += report_file(path, records, loads, seconds, args)
        total_count += len(records)
    state["engine"].quit()
    print(f"overall: {total_solved}/{total_count} solved ({100.0 * total_solved / max(1, total_count):.2f}%), "
          f"wall {time.monotonic() - started:.1f} s")
    print("uptime at end:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
