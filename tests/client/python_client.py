"""Drives the engine with python-chess, a real UCI client: handshake, options,
a short game with clocks, analysis with MultiPV, pondering and Chess960.
Exits non-zero (with a message) on any protocol failure."""
import sys

import chess
import chess.engine


def main(binary):
    with chess.engine.SimpleEngine.popen_uci(binary, timeout=30) as engine:
        assert engine.id.get("name", "").startswith("Ferrochamp"), engine.id
        for name in ("Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960"):
            assert name in engine.options, f"option {name} missing"
        engine.configure({"Hash": 32, "Threads": 2})
        engine.ping()

        board = chess.Board()
        plies = 0
        while not board.is_game_over() and plies < 40:
            result = engine.play(board, chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05))
            assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
            board.push(result.move)
            plies += 1

        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
        assert len(infos) == 3, infos
        moves = [info["pv"][0] for info in infos]
        assert len(set(moves)) == 3, moves
        for info in infos:
            assert "score" in info and info["depth"] >= 1, info

        result = engine.play(board, chess.engine.Limit(time=0.2), ponder=True)
        assert result.move in board.legal_moves
        engine.ping()

        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info["score"].white() == chess.engine.Mate(1), info["score"]

        board = chess.Board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True)
        result = engine.play(board, chess.engine.Limit(nodes=20000))
        assert result.move in board.legal_moves, result.move
    print("python-chess client: all checks passed")


if __name__ == "__main__":
    main(sys.argv[1])
