#!/usr/bin/env bash
# Plays Ferrochamp in the real XBoard GUI against Fairy-Max on a virtual
# screen and saves a screenshot: the GUI check of the XBoard mode, which CI
# does not run (it needs a display server and the GUI).
#
# Needs: Xvfb, xboard, fairymax, ImageMagick's `import`, xdotool
#   apt-get install xvfb xboard fairymax imagemagick xdotool
#
# Usage: scripts/xboard_gui.sh [BINARY] [OUT.png] [SECONDS] [FEN]
#   BINARY   the engine (default target/release/ferrochamp)
#   OUT.png  the screenshot (default docs/img/xboard.png)
#   SECONDS  how long to play before the screenshot (default 40)
#   FEN      a start position (default: the initial one); a lost one for
#            Ferrochamp (White in game one) shows the GUI taking its
#            resignation, e.g. "3q2k1/3r1ppp/8/8/8/8/5PPP/6K1 w - - 0 1"
# The games (40 moves in 30 s, two games) go to $WORK/gui.pgn and XBoard's
# debug log to $WORK/xboard.debug; WORK is a fresh temporary directory.
set -euo pipefail

binary=$(realpath "${1:-target/release/ferrochamp}")
out=${2:-docs/img/xboard.png}
seconds=${3:-40}
display=:${XBOARD_DISPLAY:-97}
work=$(mktemp -d)
start=()
if [ -n "${4:-}" ]; then
    echo "$4" >"$work/start.fen"
    start=(-lpf "$work/start.fen")
fi

for tool in Xvfb xboard fairymax import xdotool; do
    command -v "$tool" >/dev/null || [ -x "/usr/games/$tool" ] || { echo "missing: $tool" >&2; exit 2; }
done
export PATH="$PATH:/usr/games"

Xvfb "$display" -screen 0 1000x760x24 >"$work/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xboard_pid" 2>/dev/null; kill "$xvfb" 2>/dev/null' EXIT
sleep 2
DISPLAY=$display xboard -fcp "$binary" -fd "$(dirname "$binary")" -scp fairymax -mps 40 -tc 0:30 -mg 2 "${start[@]}" \
    -showThinking true -size medium -saveGameFile "$work/gui.pgn" -debug \
    -nameOfDebugFile "$work/xboard.debug" >"$work/xboard.out" 2>&1 &
xboard_pid=$!
sleep "$seconds"
# Without a window manager XBoard's window can come up too short for the board.
# The board window's title names the players; a match-end dialog would cover it.
window=$(DISPLAY=$display xdotool search --name ' vs\. ' | tail -1)
for dialog in $(DISPLAY=$display xdotool search --name '^Exiting$' || true); do
    DISPLAY=$display xdotool windowunmap "$dialog"
done
DISPLAY=$display xdotool windowsize "$window" 521 720
sleep 2
geometry=$(DISPLAY=$display xdotool getwindowgeometry "$window" | awk '/Geometry/ {print $2}')
DISPLAY=$display import -window root -crop "${geometry}+0+0" +repage "$out"
echo "screenshot: $out; games and logs: $work"
grep -h "Illegal\|forfeit\|Error" "$work/xboard.debug" || true
