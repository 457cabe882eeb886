#!/usr/bin/env python3
"""Writes the PGN file of tests/book_pgn.rs and python-chess's reading of it.

    python3 scripts/testdata/make_san_data.py ../shared/data/games/turing_glennie_1952.pgn tests/data/book

Outputs:
  san-games.pgn       Turing-Glennie 1952, hand-written games in the spellings real files
                      use (0-0, e8Q, glued move numbers, ; and % comments, nested
                      variations, NAGs), and random games biased towards castling,
                      promotions and crowded boards (so disambiguation comes up), exported
                      by python-chess with comments, NAGs and side variations
  san-expected.txt    for every game, its main line as python-chess reads it:
                      game <n>: <uci>/<san> ...
"""
import io
import random
import sys

import chess
import chess.pgn

HANDWRITTEN = """[Event "Spellings"]
[White "A"]
[Black "B"]
[Result "1-0"]

% a whole line escaped: 1. h4
1.e4 e5 2.Nf3 Nc6 3.Bc4!? Bc5 {Giuoco} 4.0-0 $14 Nf6 5.d3 d6 6.Nc3 (6.c3 0-0 (6...a6) 7.b4) 6...Bg4
7.h3 Bh5 8.g4 Bg6 9.Bg5 Qd7 10.Nd5 0-0-0?! ; castles long
11.Nxf6 gxf6 12.Bxf6 Rhg8 13.Bxd8 Rxd8 14.c3 h5 15.b4 Bb6 16.a4 a5 17.b5 Ne7 18.Nh4 hxg4
19.Nxg6 fxg6 20.hxg4 Qxg4+ 21.Kh2 Qh4+ 22.Kg2 Qg4+ 23.Kh2 Qh4+ 24.Kg1 Qg4+ 25.Kh1 Qh3+
26.Kg1 Qg4+ 1-0

[Event "Promotions"]
[SetUp "1"]
[FEN "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1. b8Q+ Kd7 2. g8=N b1=R+ 3. Kd2 g1Q 4. Qb5+ Kc7 5. Nf6 Rb2+ 6. Kc3 Qc1+ 7. Kd4 Rd2+ 1/2-1/2

[Event "Mate"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0
"""


def biased_move(board, rng):
    moves = list(board.legal_moves)

    def weight(move):
        if board.is_castling(move) or move.promotion:
            return 40
        if board.piece_type_at(move.from_square) == chess.PAWN:
            return 4
        return 1 if board.is_capture(move) else 2

    return rng.choices(moves, weights=[weight(m) for m in moves])[0]


def random_game(rng, number):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random {number}"
    node = game
    while not board.is_game_over() and board.ply() < rng.randint(60, 220):
        move = biased_move(board, rng)
        if rng.random() < 0.05:
            # A side variation: another move and a reply, as an annotator would add.
            alternative = rng.choice(list(board.legal_moves))
            if alternative != move:
                side = node.add_variation(alternative)
                side.comment = "or"
                replies = list(side.board().legal_moves)
                if replies:
                    side.add_main_variation(rng.choice(replies))
        node = node.add_main_variation(move)
        if rng.random() < 0.05:
            node.comment = rng.choice(["good", "a } is escaped here? no", "see (notes)"]).replace("}", "")
        if rng.random() < 0.05:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 18]))
        board.push(move)
    game.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else rng.choice(["1-0", "0-1", "1/2-1/2"])
    return game


def main(turing_path, out_dir):
    rng = random.Random(1952)
    parts = [open(turing_path).read().strip(), HANDWRITTEN.strip()]
    for number in range(1, 41):
        parts.append(str(random_game(rng, number)))
    text = "\n\n".join(parts) + "\n"
    with open(f"{out_dir}/san-games.pgn", "w") as out:
        out.write(text)
    stream = io.StringIO(text)
    lines = []
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        assert not game.errors, game.errors
        board = game.board()
        words = []
        for move in game.mainline_moves():
            words.append(f"{move.uci()}/{board.san(move)}")
            board.push(move)
        lines.append(f"game {len(lines) + 1}: {' '.join(words)}")
    with open(f"{out_dir}/san-expected.txt", "w") as out:
        out.write("\n".join(lines) + "\n")
    total = sum(line.count("/") for line in lines)
    print(f"{len(lines)} games, {total} moves")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
