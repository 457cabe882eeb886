#!/usr/bin/env python3
"""Creates and follows OpenBench workloads on a local instance through its web
forms, as a logged-in user would: an SPRT test between two commits, or an SPSA
tune of search parameters. Standard library only.

    workload.py sprt --dev main --base main~1 --bounds "[-5.00, 0.00]" --tc 8.0+0.08
    workload.py spsa --ref openbench --param "RfpMargin, int, 75, 30, 150, 8, 0.002" ...
    workload.py wait ID        # polls until the workload finishes, then reports
    workload.py report ID      # the figures of a workload (SPRT: games, W-L-D, penta, LLR)

The server, user and password come from --server/--user/--password or the
OPENBENCH_SERVER/OPENBENCH_USERNAME/OPENBENCH_PASSWORD variables that
scripts/openbench_local.sh sets. The created workload's id is printed last.
"""

import argparse
import http.cookiejar
import json
import math
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

ENGINE = "Ferrochamp"
REPO_URL = "https://github.com/ferrochamp/ferrochamp"
BENCH = "3119176"


class Site:
    """A browser session: cookies, CSRF token, form posts."""

    def __init__(self, server):
        self.server = server.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path):
        with self.opener.open(self.server + path, timeout=60) as reply:
            return reply.geturl(), reply.read().decode("utf-8", "replace")

    def post(self, path, fields):
        """Posts a form with the CSRF token of the page at PATH; the final URL and page."""
        _, page = self.get(path)
        # Attribute order varies (OpenBench minifies its HTML): find the tag, then the value.
        tag = re.search(r'<input[^>]*name="csrfmiddlewaretoken"[^>]*>', page)
        token = tag and re.search(r'value="([^"]+)"', tag.group(0))
        if not token:
            sys.exit("workload.py: no CSRF token on %s" % path)
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token.group(1)}).encode()
        request = urllib.request.Request(self.server + path, data=data, headers={"Referer": self.server + path})
        with self.opener.open(request, timeout=600) as reply:
            return reply.geturl(), reply.read().decode("utf-8", "replace")

    def login(self, user, password):
        url, page = self.post("/login/", {"username": user, "password": password})
        if url.rstrip("/").endswith("/login") or "Unable to authenticate" in page:
            sys.exit("workload.py: OpenBench refused the login of %s" % user)

    def api(self, path):
        return json.loads(self.get(path)[1])


def page_error(page):
    found = re.search(r"<pre>(.*?)</pre>", page, re.S)
    return found.group(1).strip() if found else "an error page without a message"


def newest_workload_id(site):
    """The highest workload id in use (ids are given in order)."""
    last, probe = 0, 1
    while "info" in site.api("/api/workload/%d/info/" % probe):
        last, probe = probe, probe + 1
    return last


def create(site, kind, fields):
    url, page = site.post("/%s/new/" % kind, fields)
    if "/new" in url:
        sys.exit("workload.py: OpenBench refused the %s: %s" % (kind, page_error(page)))
    workload = newest_workload_id(site)
    print("created %s %d: %s/%s/%d/" % (kind, workload, site.server, kind, workload))
    return workload


def common_fields(args):
    return {
        "dev_engine": ENGINE, "dev_repo": REPO_URL, "dev_network": "",
        "dev_options": args.options, "dev_time_control": args.tc, "book_name": args.book,
        "upload_pgns": "FALSE", "priority": "0", "throughput": "1000",
        "syzygy_wdl": "DISABLED", "syzygy_adj": "DISABLED",
        "win_adj": "movecount=3 score=400", "draw_adj": "movenumber=40 movecount=8 score=10",
        "scale_nps": str(args.scale_nps), "info": args.info,
    }


def sprt(site, args):
    fields = common_fields(args)
    fields.update({
        "dev_branch": args.dev, "dev_bench": args.bench,
        "base_engine": ENGINE, "base_repo": REPO_URL, "base_branch": args.base, "base_bench": args.base_bench or args.bench,
        "base_network": "", "base_options": args.options, "base_time_control": args.tc,
        "test_mode": "SPRT", "test_bounds": args.bounds, "test_confidence": "[0.05, 0.05]",
        "test_max_games": "", "workload_size": str(args.workload_size), "scale_method": "BASE",
    })
    return create(site, "test", fields)


def spsa(site, args):
    fields = common_fields(args)
    fields.update({
        "dev_branch": args.ref, "dev_bench": args.bench, "scale_method": "DEV",
        "spsa_inputs": "\n".join(args.param), "spsa_reporting_type": "BATCHED",
        "spsa_distribution_type": "SINGLE", "spsa_alpha": "0.602", "spsa_gamma": "0.101",
        "spsa_A_ratio": "0.1", "spsa_iterations": str(args.iterations), "spsa_pairs_per": str(args.pairs_per),
    })
    return create(site, "tune", fields)


def elo_and_error(penta):
    """Logistic Elo and its 95% half-width from pentanomial pair counts (LL, LD, DD, DW, WW)."""
    pairs = sum(penta)
    if pairs == 0:
        return 0.0, 0.0
    scores = [0.0, 0.25, 0.5, 0.75, 1.0]
    mean = sum(n * s for n, s in zip(penta, scores)) / pairs
    var = sum(n * (s - mean) ** 2 for n, s in zip(penta, scores)) / pairs
    to_elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-6), 1 - 1e-6) - 1)
    spread = 1.959964 * math.sqrt(var / pairs)
    return to_elo(mean), (to_elo(mean + spread) - to_elo(mean - spread)) / 2


def report(site, workload):
    info = site.api("/api/workload/%d/info/" % workload)["info"]
    l, d, w = info["tri"]
    print("workload %d (%s): %s" % (workload, info["test_mode"], "finished" if info["finished"] else "running"))
    print("dev %s  base %s" % (info["dev"]["sha"], info["base"]["sha"]))
    print("tc %s  options %s  book %s" % (info["dev_time_control"], info["dev_options"], info["book_name"]))
    print("games %d  W-L-D %d-%d-%d  penta %s" % (info["games"], w, l, d, info["penta"]))
    if info["test_mode"] == "SPRT":
        elo, err = elo_and_error(info["penta"])
        print("elo %+.2f +- %.2f  llr %.2f  [%.2f, %.2f]  bounds [%.2f, %.2f]  %s" % (
            elo, err, info["currentllr"], info["lowerllr"], info["upperllr"], info["elolower"],
            info["eloupper"], "passed" if info["passed"] else "failed" if info["failed"] else "undecided"))
    if info["test_mode"] == "SPSA":
        print(site.get("/api/spsa/%d/digest/" % workload)[1])
    return info


def wait(site, workload, interval):
    while not (info := site.api("/api/workload/%d/info/" % workload)["info"])["finished"]:
        print("%s games %d" % (time.strftime("%H:%M:%S"), info["games"]), flush=True)
        time.sleep(interval)
    report(site, workload)


def main():
    env = os.environ.get
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=env("OPENBENCH_SERVER", "http://127.0.0.1:8000"))
    parser.add_argument("--user", default=env("OPENBENCH_USERNAME"))
    parser.add_argument("--password", default=env("OPENBENCH_PASSWORD"))
    commands = parser.add_subparsers(dest="command", required=True)

    def workload_options(sub):
        sub.add_argument("--tc", default="8.0+0.08", help="time control before OpenBench's NPS scaling")
        sub.add_argument("--options", default="Threads=1 Hash=16")
        sub.add_argument("--book", default="noob_3moves_5k.epd")
        sub.add_argument("--bench", default=BENCH, help="the bench signature of the commits")
        sub.add_argument("--scale-nps", type=int, default=1180000, help="the NPS the TC is meant for")
        sub.add_argument("--info", default="")

    test = commands.add_parser("sprt", help="create an SPRT test")
    test.add_argument("--dev", required=True, help="branch, tag or sha")
    test.add_argument("--base", required=True, help="branch, tag or sha")
    test.add_argument("--base-bench", help="the base's bench signature when it differs from --bench")
    test.add_argument("--bounds", default="[-5.00, 0.00]", help="Elo bounds, as OpenBench writes them")
    test.add_argument("--workload-size", type=int, default=8)
    workload_options(test)

    tune = commands.add_parser("spsa", help="create an SPSA tune")
    tune.add_argument("--ref", required=True, help="branch, tag or sha of a commit with the tune feature")
    tune.add_argument("--param", action="append", required=True, help="NAME, int, START, MIN, MAX, C_END, R_END")
    tune.add_argument("--iterations", type=int, default=64)
    tune.add_argument("--pairs-per", type=int, default=2)
    workload_options(tune)

    for name in ("wait", "report"):
        sub = commands.add_parser(name)
        sub.add_argument("id", type=int)
        sub.add_argument("--interval", type=float, default=30)

    args = parser.parse_args()
    site = Site(args.server)
    try:
        run(site, args)
    except urllib.error.URLError as err:
        sys.exit("workload.py: cannot reach OpenBench at %s (%s); start it with scripts/openbench_local.sh up"
                 % (args.server, err.reason))


def run(site, args):
    if args.command == "report":
        report(site, args.id)
    elif args.command == "wait":
        wait(site, args.id, args.interval)
    else:
        if not args.user or not args.password:
            sys.exit("workload.py: give --user and --password (or OPENBENCH_USERNAME and OPENBENCH_PASSWORD)")
        site.login(args.user, args.password)
        (sprt if args.command == "sprt" else spsa)(site, args)


if __name__ == "__main__":
    main()
