#!/bin/bash
# Calibration of UCI_LimitStrength: Ferrochamp at UCI_Elo X against Stockfish 15.1 at UCI_Elo X, 10+0.1.
# usage: scripts/limit_calibration.sh ELO GAMES SEED [CONCURRENCY] [FERROCHAMP_BINARY]
# Writes limit_ELO.log / .pgn / .load (uptime before and after) in the current directory.
# Stockfish gets Move Overhead 100: at its default of 10 ms it lost games on time on a busy machine.
# Both sides' strength is set by nodes (ours) and a fixed depth (Stockfish's skill level), not by
# time, so several games may run at once (-force-concurrency) on a small machine.
set -eu
ELO=$1; GAMES=$2; SEED=$3; CONCURRENCY=${4:-2}
HERE=$(cd "$(dirname "$0")/.." && pwd)
BIN=${5:-$HERE/target/release/ferrochamp}
FASTCHESS=${FASTCHESS:-$HERE/../shared/tools/bin/fastchess}
OPENINGS=${OPENINGS:-$HERE/../shared/data/openings/noob_3moves_5k.epd}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
OUT=limit_$ELO
uptime > "$OUT.load"
"$FASTCHESS" -engine cmd="$BIN" name=ferrochamp$ELO option.UCI_LimitStrength=true option.UCI_Elo="$ELO" \
    -engine cmd="$STOCKFISH" name=sf$ELO option.Threads=1 "option.Move Overhead=100" \
        option.UCI_LimitStrength=true option.UCI_Elo="$ELO" \
    -each tc=10+0.1 option.Hash=16 proto=uci -rounds $((GAMES / 2)) -games 2 -repeat \
    -concurrency "$CONCURRENCY" -force-concurrency \
    -openings file="$OPENINGS" format=epd order=random -srand "$SEED" \
    -pgnout file="$OUT.pgn" timeleft=true -ratinginterval 10 > "$OUT.log" 2>&1
uptime >> "$OUT.load"
grep -A4 "Results of" "$OUT.log" | tail -5
