#!/usr/bin/env python3
"""SPSA tuning of the search parameters, driven by short fastchess matches.

Each iteration perturbs every tuned parameter at once by +-c_k (a random sign
each), plays game pairs between the engine with theta+ and with theta- (the
same binary, `--param NAME=VALUE` arguments), and moves theta along the signs
by how many more games theta+ won:

    theta_i += r_k * c_k,i * (wins+ - losses+) * sign_i

The gains follow the usual schedule (Spall; the same shape Fishtest uses):
c_k = c_i / (k+1)^0.101 with c_i chosen so that c ends at the parameter's
`step`; a_k = a / (A+k+1)^0.602 with A = N/10; r_k = a_k / c_k^2, with a
chosen so that r ends at --r-end.

The parameters, their bounds and steps come from `ferrochamp params`. The run
writes its state after every iteration (--state, JSON) and resumes from it, and
appends theta to --log (CSV), so a long run can be stopped, inspected and
continued. The values to try in an SPRT are the rounded theta at the end;
`--report` prints them, and how far each has moved, for a run still going:

    python3 scripts/spsa.py --report --engine target/release/ferrochamp --state spsa_state.json

With `--nodes N` every move searches N nodes instead of using the clock
(`--tc`): the games, and so the run, do not depend on what else the machine
does, and no game is lost on time. The state keeps the limit, and a resume
with another one stops with an error.

Example (one core, 4+0.04, 8 game pairs per iteration):

    python3 scripts/spsa.py --engine target/release/ferrochamp \\
        --fastchess ../shared/tools/bin/fastchess \\
        --openings ../shared/data/openings/noob_3moves_5k.epd \\
        --params RfpMargin,FutilityBase,FutilityDepth --iterations 500 --pairs 8
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys

ALPHA = 0.602
GAMMA = 0.101


def read_params(engine):
    """name -> dict(value, default, min, max, step) from `ferrochamp params`."""
    out = subprocess.run([engine, "params"], check=True, capture_output=True, text=True).stdout
    lines = out.strip().splitlines()
    if not lines or lines[0].split() != ["name", "value", "default", "min", "max", "step"]:
        raise SystemExit(f"unexpected `{engine} params` output:\n{out}")
    table = {}
    for line in lines[1:]:
        name, *numbers = line.split()
        value, default, low, high, step = map(int, numbers)
        table[name] = {"value": value, "default": default, "min": low, "max": high, "step": step}
    return table


def schedule(iterations, r_end):
    """The constants of the gain sequences: (A, a factor per unit r, c factor)."""
    big_a = iterations / 10
    c_scale = iterations ** GAMMA  # c_i = step_i * c_scale ends at step_i
    # a_end = r_end * c_end^2 per parameter; a = a_end * (A + N)^alpha.
    a_scale = (big_a + iterations) ** ALPHA
    return big_a, a_scale, c_scale


def gains(k, params, state):
    """c_k and r_k for every tuned parameter at iteration k (0-based)."""
    big_a, a_scale, c_scale = schedule(state["iterations"], state["r_end"])
    out = {}
    for name in state["tuned"]:
        step = params[name]["step"]
        c = step * c_scale / (k + 1) ** GAMMA
        a = state["r_end"] * step * step * a_scale / (big_a + k + 1) ** ALPHA
        out[name] = (c, a / (c * c))
    return out


def clamp(value, info):
    return max(info["min"], min(info["max"], value))


# The clock beside a node limit (`--nodes`): far more than any move needs.
NODES_GUARD_TC = "600+6"

WLD = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")
# A game fastchess ended on the clock: its report line names the loser.
TIME_LOSS = re.compile(r"^Finished game .*loses on time", re.MULTILINE)


def play(args, plus, minus, seed):
    """Game pairs theta+ against theta-; returns (wins, losses, draws) of theta+
    and the number of games lost on time by either side."""
    def engine(name, theta):
        settings = " ".join(f"--param {k}={v}" for k, v in sorted(theta.items()))
        return ["-engine", f"cmd={args.engine}", f"name={name}", f"args={settings}"]

    # A node limit plays the same games whatever else the machine runs; the
    # clock (generous, so never the limit) only guards against a hang.
    limit = [game_limit(args), f"tc={NODES_GUARD_TC}"] if args.nodes else [game_limit(args)]
    command = [args.fastchess, *engine("plus", plus), *engine("minus", minus),
               "-each", *limit, f"option.Hash={args.hash}", "proto=uci",
               "-rounds", str(args.pairs), "-games", "2", "-repeat",
               "-concurrency", str(args.concurrency),
               "-openings", f"file={args.openings}", "format=epd", "order=random",
               "-srand", str(seed), "-recover"]
    out = subprocess.run(command, capture_output=True, text=True).stdout
    found = WLD.findall(out)
    if not found:
        raise SystemExit("no result in fastchess output:\n" + out[-2000:])
    games, wins, losses, draws = map(int, found[-1])
    return wins, losses, draws, len(TIME_LOSS.findall(out))


def game_limit(args):
    """What ends each move: a node count (`--nodes`) or the clock (`--tc`)."""
    return f"nodes={args.nodes}" if args.nodes else f"tc={args.tc}"


def check_limit(args, state):
    """A run tunes for the limit it started with: resuming it at another one
    would silently change what it tunes for. States written before the limit
    was kept take the one given now."""
    limit = game_limit(args)
    stored = state.setdefault("limit", limit)
    if stored != limit:
        raise SystemExit(f"{args.state} plays at {stored}: resume it with the same limit, not {limit}")


def new_state(args, params):
    tuned = args.params.split(",") if args.params else sorted(params)
    unknown = [name for name in tuned if name not in params]
    if unknown:
        raise SystemExit(f"unknown parameters: {', '.join(unknown)}")
    theta = {name: float(params[name]["value"]) for name in tuned}
    return {"iterations": args.iterations, "r_end": args.r_end, "k": 0, "theta": theta,
            "tuned": tuned, "seed": args.seed, "games": 0, "score": 0, "time_losses": 0,
            "limit": game_limit(args)}


def iterate(args, params, state, rng):
    k = state["k"]
    plus, minus, signs = {}, {}, {}
    step = gains(k, params, state)
    for name in state["tuned"]:
        info, (c, _) = params[name], step[name]
        signs[name] = rng.choice((-1, 1))
        theta = state["theta"][name]
        plus[name] = clamp(round(theta + c * signs[name]), info)
        minus[name] = clamp(round(theta - c * signs[name]), info)
    wins, losses, draws, time_losses = play(args, plus, minus, state["seed"] + k)
    result = wins - losses
    for name in state["tuned"]:
        c, r = step[name]
        moved = state["theta"][name] + r * c * result * signs[name]
        state["theta"][name] = float(clamp(moved, params[name]))
    state["k"] = k + 1
    state["games"] += wins + losses + draws
    state["score"] += result
    # Many games lost on time mean the time control is too short for the machine.
    state["time_losses"] = state.get("time_losses", 0) + time_losses
    return wins, losses, draws


def param_arguments(state):
    """The rounded theta as the engine's command-line arguments."""
    return "--param " + " --param ".join(f"{n}={round(state['theta'][n])}" for n in state["tuned"])


def report(params, state):
    """Where a run stands: each parameter's default, theta and distance in
    steps (largest first), then the rounded theta as arguments."""
    lines = [f"iteration {state['k']} of {state['iterations']}: {state['games']} games, "
             f"{state.get('time_losses', 0)} lost on time"]
    rows = []
    for name in state["tuned"]:
        info, theta = params[name], state["theta"][name]
        rows.append(((theta - info["default"]) / info["step"], name, info["default"], theta))
    rows.sort(key=lambda row: -abs(row[0]))
    lines.append(f"{'name':<20} {'default':>8} {'theta':>10} {'steps':>7}")
    for steps, name, default, theta in rows:
        lines.append(f"{name:<20} {default:>8} {theta:>10.2f} {steps:>+7.2f}")
    lines.append(param_arguments(state))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the ferrochamp binary")
    parser.add_argument("--report", action="store_true",
                        help="print where the run in --state stands, play no games")
    parser.add_argument("--fastchess")
    parser.add_argument("--openings", help="an EPD file of openings")
    parser.add_argument("--params", default="", help="comma-separated names (default: all)")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    parser.add_argument("--tc", default="4+0.04")
    parser.add_argument("--nodes", type=int, default=0,
                        help="nodes a move instead of --tc: the games do not depend on the load")
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--r-end", type=float, default=0.002, dest="r_end",
                        help="the learning rate a/c^2 at the last iteration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--state", default="spsa_state.json")
    parser.add_argument("--log", default="spsa_log.csv")
    args = parser.parse_args()
    if args.report:
        if not os.path.exists(args.state):
            raise SystemExit(f"no state at {args.state}")
        with open(args.state) as f:
            print(report(read_params(args.engine), json.load(f)))
        return
    if not args.fastchess or not args.openings:
        raise SystemExit("--fastchess and --openings are needed to play")
    if args.iterations < 1 or args.pairs < 1:
        raise SystemExit("--iterations and --pairs must be at least 1")

    params = read_params(args.engine)
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        print(f"resuming {args.state} at iteration {state['k']}", file=sys.stderr)
        check_limit(args, state)
    else:
        state = new_state(args, params)
    rng = random.Random(state["seed"] * 1_000_003 + state["k"])
    new_log = not os.path.exists(args.log)
    with open(args.log, "a") as log:
        if new_log:
            log.write(",".join(["iteration", "wins", "losses", "draws", *state["tuned"]]) + "\n")
        while state["k"] < state["iterations"]:
            wins, losses, draws = iterate(args, params, state, rng)
            thetas = [f"{state['theta'][n]:.2f}" for n in state["tuned"]]
            log.write(",".join(map(str, [state["k"], wins, losses, draws, *thetas])) + "\n")
            log.flush()
            with open(args.state + ".tmp", "w") as f:
                json.dump(state, f, indent=1)
            os.replace(args.state + ".tmp", args.state)
            print(f"iteration {state['k']}/{state['iterations']}: +{wins} -{losses} ={draws}, "
                  f"{state['time_losses']} lost on time so far; "
                  + " ".join(f"{n}={state['theta'][n]:.1f}" for n in state["tuned"]), file=sys.stderr)
    print(param_arguments(state))


if __name__ == "__main__":
    main()
