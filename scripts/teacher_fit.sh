#!/bin/bash
# Redo the 2026-11-28 refit (b6a7336) of the evaluation towards Stockfish's classical score from the kept data.
# usage: scripts/teacher_fit.sh OUT.rs [LAMBDA] [FERROCHAMP_BINARY] [MORE_FILE...]
# Decompresses data/teacher/ into a temporary folder, checks the md5s, holds out the
# last 26,509 lines of the dg_5k_s3302 file (they start with a new game) and runs `tune` on the
# rest with one thread, which makes the fit repeat itself. Copy OUT.rs to src/eval/params.rs to
# try it. The fit starts from the weights built into the binary (b6a7336 started from af1547d's).
# MORE_FILE names more training files of that folder, without `.xz`: for example
# `sf8_sf15q_step5.txt` adds positions of Stockfish's own games (b6a7336 left them out).
set -eu
OUT=$1; LAMBDA=${2:-0.75}
HERE=$(cd "$(dirname "$0")/.." && pwd)
BIN=${3:-$HERE/target/release/ferrochamp}
shift $(($# < 3 ? $# : 3))   # what is left names the MORE_FILEs
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for f in "$HERE"/data/teacher/*.txt.xz; do
    xz -dc "$f" > "$WORK/$(basename "${f%.xz}")"
done
(cd "$WORK" && md5sum --quiet -c "$HERE/data/teacher/MD5SUMS")
HOLDOUT_FROM=107996
head -n $((HOLDOUT_FROM - 1)) "$WORK/sf8_s3302_step3.txt" > "$WORK/s3302_train.txt"
tail -n +"$HOLDOUT_FROM" "$WORK/sf8_s3302_step3.txt" > "$WORK/s3302_holdout.txt"
MORE=()
for name in "$@"; do
    MORE+=("$WORK/$name")
done
"$BIN" tune "$WORK/sf8_s3301_step3.txt" "$WORK/s3302_train.txt" "${MORE[@]}" \
    --validation-file "$WORK/s3302_holdout.txt" --lambda "$LAMBDA" --learning-rate 0.5 \
    --batch-size 65536 --epochs 60 --threads 1 -o "$OUT"
