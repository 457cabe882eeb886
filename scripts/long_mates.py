#!/usr/bin/env python3
"""Make and measure a set of long forced mates (mate in 5 to 12).

The shared mate-in-N suites stop at mate in 4, and a search that finds every
short mate can still miss the longer ones a game throws up. This tool takes
its positions from engine games:

`make` reads PGN files and collects candidate positions: those where an
engine's move comment (fastchess writes `{+M11/23 0.512s}`, the distance in
plies) claims a mate in MIN..MAX moves for the side to move, the position after a move whose comment says
the mover is mated (`{-M8/..}`), and, in games that end in checkmate, the
positions an odd number of plies before the end with the winner to move.
Candidates are deduplicated by position, spread over the games (one from each
game before a second from any, at most --per-game from one game, never two
within --gap plies of each other) and over the mate lengths, and each is then
verified by Stockfish (NNUE, one thread) to a fixed depth and node budget
(a search that has shown no mate after --give-up nodes stops there): a
position is kept only when Stockfish reports a mate in MIN..MAX for the side
to move; `dm` is the shortest mate it reported and `bm` its first move there.
A verdict also drops the game's candidates it shows to be hopeless (later than
a mate too short, earlier than one too long).
Verdicts are cached (one JSON line a position), so an interrupted run resumes
and a second run with the same arguments writes the same file.

`run` measures a UCI engine on the set at a fixed time a position, or at a
fixed node count with --nodes (deterministic with one thread, so fit to compare
two builds on a loaded machine), with a new game and a cleared hash each time: a position is *found* when the engine's final
score is a mate for the side to move, of any length; the count of mates no
longer than `dm` is printed beside it. The same rule holds for every engine.

Usage:
    long_mates.py make OUT.epd PGN... [--cache FILE] [--target 220]
        [--stockfish /usr/games/stockfish] [--depth 30] [--nodes 20000000]
        [--give-up 5000000] [--per-game 3] [--max-minutes M]
    long_mates.py run SET.epd --engine CMD [--option NAME=VALUE ...]
        [--movetime 500 | --nodes N] [--hash 64] [--name NAME] [--csv OUT.csv]

Run both under `nice -n 19` on a shared machine. Needs python-chess.
Exit status 2 on a missing file or tool or a bad argument.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import sys
import time

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("long_mates.py: needs python-chess (pip install chess)")

# The NAME=VALUE parsing every script's --option shares.
from cli_args import name_value_pairs

COMMENT_MATE = re.compile(r"^\s*([+-])M(\d+)\b")
# Candidates from a game that ended in mate start this many plies before the end.
FIRST_PLIES_BEFORE_MATE = 9


def fail(message):
    """A usage error: the message on stderr, exit status 2."""
    print(f"long_mates.py: {message}", file=sys.stderr)
    sys.exit(2)


def executable(path):
    """The full path of an executable, or a usage error."""
    found = shutil.which(path)
    if found is None or not os.access(found, os.X_OK):
        fail(f"engine not found or not executable: {path}")
    return found


def readable(path):
    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        fail(f"file not found or not readable: {path}")
    return path


def position_key(board):
    """The position without the move clocks: pieces, side to move, castling, en passant."""
    return board.epd()


# ---------------------------------------------------------------- candidates


class Candidate:
    """A position that may hold a forced mate, and where it comes from."""

    def __init__(self, board, claim, source, game, ply, how):
        self.fen = board.fen()
        self.key = position_key(board)
        self.claim = claim
        self.source = source
        self.game = game
        self.ply = ply
        self.how = how


def comment_claim(comment):
    """(sign, moves) from a `{+M7/23 ...}` comment, or None.

    fastchess writes the mate distance in plies: `+M11` is a mate in 6 moves for
    the mover, `-M8` the mover mated in 4 (and so mating in 4 after its move).
    """
    match = COMMENT_MATE.match(comment or "")
    if not match:
        return None
    plies = int(match.group(2))
    return (match.group(1), (plies + 1) // 2)


def game_candidates(game, source, index, lo, hi):
    """The candidates of one game, in the order of play."""
    board = game.board()
    start_ply = board.ply()
    found = []
    for node in game.mainline():
        claim = comment_claim(node.comment)
        before = board.copy(stack=False)
        board.push(node.move)
        ply = board.ply() - start_ply
        if claim is None:
            continue
        sign, moves = claim
        if not lo <= moves <= hi:
            continue
        if sign == "+":
            found.append(Candidate(before, moves, source, index, ply - 1, "claim"))
        elif not board.is_game_over():
            found.append(Candidate(board, moves, source, index, ply, "mated-claim"))
    if board.is_checkmate():
        found.extend(final_mate_candidates(board, source, index, start_ply, lo, hi))
    return found


def final_mate_candidates(board, source, index, start_ply, lo, hi):
    """Positions before the final mate, the winner to move, mate in lo..hi if play was best."""
    found = []
    board = board.copy()
    plies = 0
    while board.move_stack:
        board.pop()
        plies += 1
        moves = (plies + 1) // 2
        if plies % 2 == 1 and plies >= FIRST_PLIES_BEFORE_MATE and lo <= moves <= hi:
            found.append(Candidate(board, moves, source, index, board.ply() - start_ply, "final-mate"))
        if moves > hi:
            break
    return found


def unique_files(paths):
    """The PGN files, a second copy of the same bytes dropped."""
    seen = set()
    kept = []
    for path in paths:
        with open(readable(path), "rb") as handle:
            digest = hashlib.md5(handle.read()).hexdigest()
        if digest in seen:
            print(f"skipping {path}: the same bytes as an earlier file", file=sys.stderr)
            continue
        seen.add(digest)
        kept.append(path)
    return kept


def read_candidates(paths, lo, hi):
    """{(source, game): [Candidate]} over all files, each position once (the first seen)."""
    by_game = {}
    seen = set()
    for path in unique_files(paths):
        source = "/".join(os.path.abspath(path).split(os.sep)[-2:])
        with open(path, encoding="utf-8", errors="replace") as handle:
            index = 0
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                index += 1
                for cand in game_candidates(game, source, index, lo, hi):
                    if cand.key not in seen:
                        seen.add(cand.key)
                        by_game.setdefault((source, index), []).append(cand)
    return by_game


# -------------------------------------------------------------- verification


class Verifier:
    """Stockfish verdicts on positions, cached in a JSON-lines file."""

    def __init__(self, stockfish, depth, nodes, give_up, cache_path):
        self.limit = chess.engine.Limit(depth=depth, nodes=nodes)
        self.give_up = give_up
        self.cache_path = cache_path
        self.cache = load_cache(cache_path)
        self.stockfish = stockfish
        self.engine = None
        self.verified = 0

    def verdict(self, cand):
        """{'mate': N or None, 'move': uci or None, ...} for the side to move."""
        if cand.key not in self.cache:
            result = self.search(chess.Board(cand.fen))
            self.cache[cand.key] = result
            self.verified += 1
            with open(self.cache_path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"key": cand.key, **result}) + "\n")
        return self.cache[cand.key]

    def search(self, board):
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(self.stockfish)
            self.engine.configure({"Threads": 1, "Hash": 64})
        shortest, move, depth, nodes = None, None, 0, 0
        started = time.monotonic()
        with self.engine.analysis(board, self.limit, game=object()) as analysis:
            for info in analysis:
                depth = info.get("depth", depth)
                nodes = info.get("nodes", nodes)
                mate = info["score"].relative.mate() if "score" in info else None
                pv = info.get("pv")
                if mate is not None and mate > 0 and pv and (shortest is None or mate <= shortest):
                    shortest, move = mate, pv[0].uci()
                # Most candidates that are no mate at all would otherwise use the whole budget.
                if shortest is None and nodes >= self.give_up:
                    break
        seconds = round(time.monotonic() - started, 2)
        return {"mate": shortest, "move": move, "depth": depth, "nodes": nodes, "seconds": seconds}

    def close(self):
        if self.engine is not None:
            self.engine.quit()


def load_cache(path):
    cache = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                try:
                    entry = json.loads(line)
                    cache[entry.pop("key")] = entry
                except (ValueError, KeyError):
                    print(f"{path}:{number}: unreadable cache line skipped", file=sys.stderr)
    return cache


# ----------------------------------------------------------------- selection


def wanted_share(n, lo, hi):
    """The share of the set each verified mate length should have: mostly 5..8."""
    weights = {k: (3 if k <= 8 else 1) for k in range(lo, hi + 1)}
    return weights[n] / sum(weights.values())


def pick(cands, taken, counts, total, lo, hi, gap):
    """The next candidate of one game: far from those taken, its claim the most wanted length."""
    free = [c for c in cands if all(abs(c.ply - t) > gap for t in taken)]
    if not free:
        return None

    def deficit(c):
        n = min(max(c.claim, lo), hi)
        return counts.get(n, 0) - wanted_share(n, lo, hi) * (total + 1)

    # An engine's own claim is likelier to hold than a guess from where the game ended.
    return min(free, key=lambda c: (c.how == "final-mate", deficit(c), c.ply))


def select(by_game, verifier, args):
    """Round-robin over the games (shuffled with a fixed seed) until --target positions are kept."""
    games = sorted(by_game)
    random.Random(args.seed).shuffle(games)
    state = {g: {"left": list(by_game[g]), "taken": [], "tries": 0} for g in games}
    kept, counts = [], {}
    started = time.monotonic()
    for _ in range(args.per_game):
        for g in games:
            if len(kept) >= args.target or time.monotonic() - started > args.max_minutes * 60:
                return kept
            while state[g]["tries"] < args.tries_per_game:
                cand = pick(state[g]["left"], state[g]["taken"], counts, len(kept), args.min, args.max, args.gap)
                if cand is None:
                    break
                state[g]["left"].remove(cand)
                state[g]["tries"] += 1
                verdict = verifier.verdict(cand)
                drop_hopeless(state[g], cand.ply, verdict["mate"], args.min, args.max)
                if verdict["mate"] is not None and args.min <= verdict["mate"] <= args.max:
                    state[g]["taken"].append(cand.ply)
                    counts[verdict["mate"]] = counts.get(verdict["mate"], 0) + 1
                    kept.append((cand, verdict))
                    report_progress(kept, verifier)
                    break
    return kept


def drop_hopeless(game_state, ply, mate, lo, hi):
    """Forgets the candidates of a game that a verdict makes pointless to search.

    A mate shorter than `lo` at `ply` is, as the game went on, shorter still later;
    a mate longer than `hi`, or none found, was no nearer earlier.
    """
    if mate is None or mate > hi:
        game_state["left"] = [c for c in game_state["left"] if c.ply > ply]
    elif mate < lo:
        game_state["left"] = [c for c in game_state["left"] if c.ply < ply]


def report_progress(kept, verifier):
    if len(kept) % 10 == 0:
        print(f"{len(kept)} kept, {verifier.verified} searched this run", file=sys.stderr, flush=True)


def epd_line(number, cand, verdict):
    board = chess.Board(cand.fen)
    san = board.san(chess.Move.from_uci(verdict["move"]))
    return (
        f'{board.epd()} bm {san}; dm {verdict["mate"]}; hmvc {board.halfmove_clock}; '
        f'fmvn {board.fullmove_number}; id "long.{number:03d}"; '
        f'c0 "{cand.source} game {cand.game} ply {cand.ply} {cand.how}";'
    )


def make(args):
    stockfish = executable(args.stockfish)
    for path in args.pgn:
        readable(path)
    by_game = read_candidates(args.pgn, args.min, args.max)
    total = sum(len(c) for c in by_game.values())
    if total == 0:
        fail("no candidate positions in the PGN files (no mate claims, no game ending in mate)")
    print(f"{total} candidate positions in {len(by_game)} games", file=sys.stderr)
    verifier = Verifier(stockfish, args.depth, args.nodes, args.give_up, args.cache or args.out + ".cache")
    try:
        kept = select(by_game, verifier, args)
    finally:
        verifier.close()
    kept.sort(key=lambda kv: (kv[1]["mate"], kv[0].source, kv[0].game, kv[0].ply))
    with open(args.out, "w", encoding="utf-8") as out:
        for number, (cand, verdict) in enumerate(kept, 1):
            out.write(epd_line(number, cand, verdict) + "\n")
    print(f"wrote {len(kept)} positions to {args.out}; by N: {by_length(v['mate'] for _, v in kept)}")
    return 0


def by_length(lengths):
    counts = {}
    for n in lengths:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(f"{n}: {counts[n]}" for n in sorted(counts))


# ----------------------------------------------------------------------- run


def read_set(path):
    """[(board, dm, id)] from an EPD file of `dm` problems; a malformed line is an error."""
    problems = []
    with open(readable(path), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                board, ops = chess.Board.from_epd(line.strip())
                dm = int(ops["dm"])
            except (ValueError, KeyError, TypeError) as err:
                fail(f"{path}:{number}: not a position with a dm operation ({err})")
            problems.append((board, dm, ops.get("id", f"line {number}")))
    if not problems:
        fail(f"{path}: no positions")
    return problems


def parse_options(pairs):
    """`--option NAME=VALUE` arguments as a dict, or a usage error."""
    try:
        return dict(name_value_pairs(pairs))
    except ValueError as err:
        fail(str(err))


def run(args):
    problems = read_set(args.set)
    command = args.engine.split()
    command[0] = executable(command[0])
    options = {"Threads": 1, "Hash": args.hash, **parse_options(args.option)}
    engine = chess.engine.SimpleEngine.popen_uci(command)
    name = args.name or engine.id.get("name", command[0])
    try:
        unknown = [k for k in parse_options(args.option) if k not in engine.options]
        if unknown:
            fail(f"the engine has no option {', '.join(unknown)}")
        engine.configure({k: v for k, v in options.items() if k in engine.options})
        limit = search_limit(args)
        rows = [measure(engine, board, dm, ident, limit) for board, dm, ident in problems]
    finally:
        engine.quit()
    print_summary(name, args, options, rows)
    if args.csv:
        write_csv(args.csv, rows)
    return 0


def search_limit(args):
    """`go nodes N` when --nodes is given, else `go movetime MS`."""
    if args.nodes is not None:
        return chess.engine.Limit(nodes=args.nodes)
    return chess.engine.Limit(time=args.movetime / 1000)


def limit_text(args):
    return f"nodes {args.nodes}" if args.nodes is not None else f"movetime {args.movetime} ms"


def measure(engine, board, dm, ident, limit):
    info = engine.analyse(board, limit, game=object())
    mate = info["score"].relative.mate() if "score" in info else None
    found = mate is not None and mate > 0
    return {"id": ident, "dm": dm, "mate": mate, "found": found, "short": found and mate <= dm,
            "depth": info.get("depth"), "nodes": info.get("nodes")}


def print_summary(name, args, options, rows):
    total = len(rows)
    found = sum(r["found"] for r in rows)
    short = sum(r["short"] for r in rows)
    settings = ", ".join(f"{k}={v}" for k, v in options.items())
    print(f"{name}: {limit_text(args)}, {settings}")
    print(f"found {found} / {total} (mate of any length), {short} / {total} with mate <= dm")
    for n in sorted({r["dm"] for r in rows}):
        part = [r for r in rows if r["dm"] == n]
        print(f"  dm {n:2d}: {sum(r['found'] for r in part):3d} / {len(part):3d}"
              f"  (<= dm: {sum(r['short'] for r in part)})")
    nodes = [r["nodes"] for r in rows if r["nodes"]]
    if nodes:
        print(f"median nodes a position: {sorted(nodes)[len(nodes) // 2]}")


def write_csv(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        out.write("id,dm,mate,found,depth,nodes\n")
        for r in rows:
            out.write(f'{r["id"]},{r["dm"]},{r["mate"] or ""},{int(r["found"])},{r["depth"] or ""},{r["nodes"] or ""}\n')


# ------------------------------------------------------------------ commands


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        fail(message)


def parse_args(argv):
    parser = Parser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    mk = sub.add_parser("make", help="collect and verify positions from PGN files")
    mk.add_argument("out", help="the EPD file written")
    mk.add_argument("pgn", nargs="+", help="PGN files (fastchess comments or plain games)")
    mk.add_argument("--cache", help="verdicts kept between runs (default OUT.cache)")
    mk.add_argument("--stockfish", default="/usr/games/stockfish")
    mk.add_argument("--depth", type=int, default=30)
    mk.add_argument("--nodes", type=int, default=20_000_000)
    mk.add_argument("--give-up", type=int, default=5_000_000, help="nodes after which a search with no mate stops")
    mk.add_argument("--min", type=int, default=5, help="shortest mate kept (moves)")
    mk.add_argument("--max", type=int, default=12, help="longest mate kept (moves)")
    mk.add_argument("--target", type=int, default=220, help="stop after this many positions")
    mk.add_argument("--per-game", type=int, default=3, help="most positions from one game")
    mk.add_argument("--tries-per-game", type=int, default=8, help="most searches for one game")
    mk.add_argument("--gap", type=int, default=4, help="fewest plies between two positions of a game, minus one")
    mk.add_argument("--seed", type=int, default=1, help="the order the games are visited in")
    mk.add_argument("--max-minutes", type=float, default=1e9, help="stop selecting after this long")
    rn = sub.add_parser("run", help="measure a UCI engine on a set")
    rn.add_argument("set", help="an EPD file with dm operations")
    rn.add_argument("--engine", required=True, help="the engine's command (arguments after spaces)")
    rn.add_argument("--option", action="append", default=[], help="a UCI option NAME=VALUE")
    rn.add_argument("--movetime", type=int, default=500, help="milliseconds a position")
    rn.add_argument("--nodes", type=int, help="nodes a position instead of a time (go nodes N)")
    rn.add_argument("--hash", type=int, default=64, help="hash MB (when the engine has the option)")
    rn.add_argument("--name", help="the name printed (default: the engine's id)")
    rn.add_argument("--csv", help="one row a position: id, dm, mate, found, depth, nodes")
    args = parser.parse_args(argv)
    check_numbers(args)
    return args


def check_numbers(args):
    if args.command == "make":
        if not 1 <= args.min <= args.max or args.depth < 1 or args.nodes < 1 or args.give_up < 1:
            fail("need 1 <= --min <= --max, --depth, --nodes and --give-up >= 1")
        if args.target < 1 or args.per_game < 1 or args.tries_per_game < 1 or args.gap < 0:
            fail("need --target, --per-game, --tries-per-game >= 1 and --gap >= 0")
    elif args.movetime < 1 or args.hash < 1 or (args.nodes is not None and args.nodes < 1):
        fail("need --movetime >= 1, --nodes >= 1 and --hash >= 1")


def main(argv):
    args = parse_args(argv)
    try:
        return make(args) if args.command == "make" else run(args)
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as err:
        fail(f"the engine failed: {str(err) or 'no UCI answer in time'}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
