#!/usr/bin/env python3
"""How many plies beyond the shortest mate does Ferrochamp need in KBNK?

Plays KBN against a bare king from seeded random starts (White to move, not in
check, nothing of White's next to the black king, as `tests/eval_mate.rs`
draws them), the same engine on both sides at a fixed node count a move, one
engine process and hash for the whole run, so the counts repeat exactly
whatever the load. Each mate's length is compared with the tablebase's
distance to zeroing, which in KBNK is the distance to mate; a game that ends in
a draw (threefold repetition, the fifty-move rule, stalemate) counts as 200
plies. Without tables: the mop-up evaluation and the search find the mate.

    python3 scripts/kbnk_technique.py target/release/ferrochamp \\
        --tables ../shared/data/syzygy --starts 60 --nodes 60000 --seed 8
"""

import argparse
import random

import chess
import chess.engine
import chess.syzygy

DRAWN_GAME_PLIES = 200


def random_start(rng):
    while True:
        board = chess.Board(None)
        for square, symbol in zip(rng.sample(range(64), 4), "KBNk"):
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
        if not board.is_valid() or board.is_check() or not any(board.legal_moves):
            continue
        near_lone_king = chess.SquareSet(chess.BB_KING_ATTACKS[board.king(chess.BLACK)])
        if any(board.color_at(square) == chess.WHITE for square in near_lone_king):
            continue
        return board


def plies_to_mate(engine, board, nodes):
    """Plays the start out; the plies to checkmate, or None for a draw."""
    plies = 0
    while not (board.is_game_over() or board.is_fifty_moves() or board.is_repetition(3)):
        board.push(engine.play(board, chess.engine.Limit(nodes=nodes), game=board).move)
        plies += 1
    return plies if board.is_checkmate() else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("--tables", required=True, help="directory holding KBNvK.rtbz")
    parser.add_argument("--starts", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=60000)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    tables = chess.syzygy.open_tablebase(args.tables)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": 8})
    excess, draws = [], 0
    for _ in range(args.starts):
        start = random_start(rng)
        shortest = tables.probe_dtz(start)
        plies = plies_to_mate(engine, start.copy(), args.nodes)
        draws += plies is None
        played = DRAWN_GAME_PLIES if plies is None else plies
        excess.append(played - shortest)
        print(f"{start.fen()}  shortest {shortest}  played {'draw' if plies is None else plies}", flush=True)
    engine.quit()
    excess.sort()
    print(
        f"{args.starts} starts, {draws} drawn: excess plies mean {sum(excess) / len(excess):.1f}, "
        f"median {excess[len(excess) // 2]}, max {excess[-1]}"
    )


if __name__ == "__main__":
    main()
