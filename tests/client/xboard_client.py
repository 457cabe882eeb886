"""Drives the engine with python-chess's XBoard (CECP 2) client: handshake,
options, a whole game under clocks, analysis, ping, node limits, Chess960,
resigning a lost position, draw offers and illegal input.
Exits non-zero (with a message) on any protocol failure."""
import logging
import sys
import time

import chess
import chess.engine


class Collector(logging.Handler):
    """Keeps every line the engine printed. The client logs each one at debug
    level as it arrives, even when no command is waiting for it (a reply that
    beats the next command would otherwise be dropped unseen)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.received = []

    def emit(self, record):
        message = record.getMessage()
        if ": >> " in message:
            self.received.append(message.split(": >> ", 1)[1])


def whole_game(engine):
    """The engine against itself until the game ends, both clocks running."""
    board = chess.Board()
    clocks = {chess.WHITE: 6.0, chess.BLACK: 6.0}
    game = object()
    while not board.is_game_over(claim_draw=True) and board.ply() < 160:
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=0.05, black_inc=0.05)
        start = time.monotonic()
        result = engine.play(board, limit, game=game, info=chess.engine.INFO_ALL)
        used = time.monotonic() - start
        if result.resigned or result.draw_offered and result.move is None:
            break
        assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
        clocks[board.turn] += 0.05 - used
        assert clocks[board.turn] > 0, f"lost on time at ply {board.ply()}"
        board.push(result.move)
    assert board.ply() >= 20, f"the game stopped early: {board.fen()}"
    return board


def main(binary):
    collector = Collector()
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(collector)
    with chess.engine.SimpleEngine.popen_xboard(binary, timeout=30) as engine:
        assert engine.id.get("name", "").startswith("Ferrochamp"), engine.id
        for name in ("Contempt", "Resign_Score", "Resign_Moves", "Draw_Offer_Moves", "Draw_Accept", "memory",
                     "cores", "egtpath syzygy"):
            assert name in engine.options, f"option {name} missing: {list(engine.options)}"
        engine.configure({"memory": 32, "cores": 1})
        engine.ping()

        board = whole_game(engine)
        print(f"python-chess xboard client: a game of {board.ply()} plies, {board.result(claim_draw=True)}")

        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info["score"].white() == chess.engine.Mate(1), info
        assert info["pv"][0] == chess.Move.from_uci("a1a8"), info

        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        result = engine.play(board, chess.engine.Limit(nodes=20000))
        assert result.move in board.legal_moves, result
        result = engine.play(board, chess.engine.Limit(depth=5))
        assert result.move in board.legal_moves, result

        board = chess.Board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True)
        result = engine.play(board, chess.engine.Limit(time=0.2))
        assert result.move in board.legal_moves, result.move

        engine.configure({"Resign_Moves": 1})
        board = chess.Board("7k/8/8/8/8/8/2QQ4/K7 b - - 0 1")
        result = engine.play(board, chess.engine.Limit(time=0.2))
        assert result.resigned and result.move is None, result
        engine.configure({"Resign_Moves": 3})

        board = chess.Board("6k1/7r/8/8/8/8/PP6/R5K1 b - - 0 1")
        result = engine.play(board, chess.engine.Limit(time=0.2), draw_offered=True)
        assert result.draw_offered, f"two pawns down, the engine takes the draw: {result}"
        board = chess.Board("6k1/8/8/8/8/8/q7/6K1 b - - 0 1")
        result = engine.play(board, chess.engine.Limit(time=0.2), draw_offered=True)
        assert not result.draw_offered and result.move in board.legal_moves, result

        loop = engine.protocol.loop
        for line in ("usermove e2e5", "level x y z", "time -5", "sd 0", "setboard no fen", "\x00\x1b junk"):
            loop.call_soon_threadsafe(engine.protocol.send_line, line)
        engine.ping()
        replies = collector.received[-20:]
        assert "Illegal move: e2e5" in replies, replies
        assert sum(line.startswith("Error (") for line in replies) >= 4, replies
        board = chess.Board()
        result = engine.play(board, chess.engine.Limit(time=0.1))
        assert result.move in board.legal_moves, result
    print("python-chess xboard client: all checks passed")


if __name__ == "__main__":
    main(sys.argv[1])
