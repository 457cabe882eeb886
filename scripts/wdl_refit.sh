#!/bin/bash
# Refits the win/draw/loss model of `UCI_ShowWDL` to today's engine in one command
# (docs/wdl.md#the-fit): plays the three matches of the fit at 10+0.1 with setting_match.py
# (against Ethereal 12, against itself, against Stockfish 15.1 with its classical evaluation),
# turns every scored move of ours into `wdl-fit` input with pgn_to_wdl.py and prints the fit:
# the held-out calibration tables, the constants to paste into src/wdl/mod.rs and the scale figure.
#
# usage: scripts/wdl_refit.sh OUT_DIR [FERROCHAMP_BINARY]
# Resumable: the games stay in OUT_DIR, and a second run plays only the games still missing.
# The environment may set ETHEREAL, STOCKFISH (engine commands), TC (10+0.1), CONCURRENCY (2)
# and GAMES, the games of the three matches in that order ("80 50 30").
# Needs fastchess, the two engines, the openings and python-chess (docs/testing.md).
set -eu
if [ $# -lt 1 ]; then
    sed -n '8,12p' "$0" >&2
    exit 2
fi
OUT=$1
HERE=$(cd "$(dirname "$0")/.." && pwd)
BIN=${2:-$HERE/target/release/ferrochamp}
ETHEREAL=${ETHEREAL:-/usr/games/ethereal-chess}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
read -r ETHEREAL_GAMES SELF_GAMES STOCKFISH_GAMES <<< "${GAMES:-80 50 30}"
MATCH=(python3 "$HERE/scripts/setting_match.py" --out "$OUT" --binary "$BIN" --tc "${TC:-10+0.1}"
       --concurrency "${CONCURRENCY:-2}")

# Each match gets its own seed, so the three do not open with the same positions.
"${MATCH[@]}" --name ferrochamp-ethereal --seed 1 --games "$ETHEREAL_GAMES" \
    --opponent "$ETHEREAL" --opponent-option Threads=1
"${MATCH[@]}" --name ferrochamp-self --seed 2 --games "$SELF_GAMES"
"${MATCH[@]}" --name ferrochamp-sfclassical --seed 3 --games "$STOCKFISH_GAMES" \
    --opponent "$STOCKFISH" --opponent-option Threads=1 --opponent-option "Use NNUE=false" \
    --opponent-option "Move Overhead=100"

python3 "$HERE/scripts/pgn_to_wdl.py" "$OUT/wdl-games.txt" \
    "$OUT"/ferrochamp-ethereal.part*.pgn "$OUT"/ferrochamp-self.part*.pgn \
    "$OUT"/ferrochamp-sfclassical.part*.pgn
"$BIN" wdl-fit --input "$OUT/wdl-games.txt" --holdout 0.2
