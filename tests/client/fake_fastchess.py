#!/usr/bin/env python3
"""A stand-in for fastchess in tests/spsa_driver.rs: it plays no games. The
engine whose --param RfpMargin is closer to 100 wins both games of each pair,
so a working SPSA moves RfpMargin towards 100. It prints the summary line
fastchess prints, after one game-report line of a loss on time."""
import os
import re
import sys

argv = sys.argv[1:]
# FAKE_FASTCHESS_ARGS names a file that receives the command line, one argument
# a line, so that a test can read what spsa.py asked for.
if os.environ.get("FAKE_FASTCHESS_ARGS"):
    with open(os.environ["FAKE_FASTCHESS_ARGS"], "w") as record:
        record.write("\n".join(argv) + "\n")
margins = {}
name = None
for token in argv:
    if token.startswith("name="):
        name = token[len("name="):]
    elif token.startswith("args=") and name is not None:
        found = re.search(r"RfpMargin=(-?\d+)", token)
        margins[name] = int(found.group(1)) if found else 75
pairs = int(argv[argv.index("-rounds") + 1])
games = 2 * pairs
distance = {side: abs(margin - 100) for side, margin in margins.items()}
if distance["plus"] < distance["minus"]:
    wins, losses, draws = games, 0, 0
elif distance["plus"] > distance["minus"]:
    wins, losses, draws = 0, games, 0
else:
    wins, losses, draws = 0, 0, games
points = wins + draws / 2
# One game of every call is reported lost on time, as fastchess reports it, so
# that the test sees spsa.py count such games.
print("Finished game 1 (plus vs minus): 0-1 {White loses on time (3ms overrun)}")
print(f"Games: {games}, Wins: {wins}, Losses: {losses}, Draws: {draws}, Points: {points} ({100 * points / games:.2f} %)")
