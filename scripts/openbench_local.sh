#!/usr/bin/env bash
# Runs OpenBench on this machine, all traffic on 127.0.0.1: its Django server,
# one client (one thread) and a stand-in for GitHub that serves this git
# repository (scripts/openbench/github_standin.py), so that commits never pushed
# anywhere can be tested. docs/openbench.md has the walk-through and results.
#
# OpenBench (GPL-3) is used as a tool, never copied into this repository: the
# script copies the checkout given as OB_SRC into $OB_RUN/openbench and writes
# the Ferrochamp engine config, a book pointer and a config.json listing only
# Ferrochamp into that copy.
#
# Usage:
#   scripts/openbench_local.sh up            # set up (first time) and start everything
#   scripts/openbench_local.sh down          # stop what `up` started
#   scripts/openbench_local.sh status        # which of the three runs
#   scripts/openbench_local.sh screenshot URL_PATH OUT.png   # headless Chromium
# then create workloads with scripts/openbench/workload.py (`env` prints the
# variables it reads: eval "$(scripts/openbench_local.sh env)").
#
# Settings (environment):
#   OB_SRC       OpenBench checkout            (default ../shared/tools/openbench)
#   OB_RUN       where the copy, venv, logs go (default ${TMPDIR:-/tmp}/ferrochamp-openbench)
#   FASTCHESS    fastchess >= 1.8.1 for the client (default ../shared/tools/bin/fastchess)
#   BOOK         the EPD openings              (default ../shared/data/openings/noob_3moves_5k.epd)
#   OB_PORT      the server's port (8000); STANDIN_PORT the stand-in's (8001)
#   OB_USER, OB_PASSWORD   the account the script creates and the client uses
#   OB_THREADS   the client's threads (1: games at concurrency 1; an SPSA needs 2,
#                as OpenBench plays its game pairs two games at a time)
#   OB_CPUS      pin the client to these CPUs (taskset list, e.g. 1); default: none
#   SHOT_SIZE    the screenshot's width,height in pixels (1400,1000)
# Needs: python3 (with venv), git, make, cargo, g++ (the client checks for a C++
# compiler), curl; pip reaches PyPI once for OpenBench's requirements; chromium
# for `screenshot`.
set -euo pipefail

# No external tool before need_tools: a missing one must be named, not crash the script.
repo=$(cd "${BASH_SOURCE[0]%/*}/.." && pwd)
here="$repo/scripts/openbench"
OB_SRC=${OB_SRC:-$repo/../shared/tools/openbench}
OB_RUN=${OB_RUN:-${TMPDIR:-/tmp}/ferrochamp-openbench}
FASTCHESS=${FASTCHESS:-$repo/../shared/tools/bin/fastchess}
BOOK=${BOOK:-$repo/../shared/data/openings/noob_3moves_5k.epd}
OB_PORT=${OB_PORT:-8000}
STANDIN_PORT=${STANDIN_PORT:-8001}
OB_USER=${OB_USER:-ferrochamp}
OB_PASSWORD=${OB_PASSWORD:-ferrochamp-local}
OB_THREADS=${OB_THREADS:-1}
ob="$OB_RUN/openbench"
py="$OB_RUN/venv/bin/python"

die() { echo "openbench_local.sh: $*" >&2; exit 2; }

need_tools() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null || die "$tool is missing; install it first (see the header of this script)"
    done
}

need_files() {
    [ -f "$OB_SRC/manage.py" ] || die "no OpenBench checkout at OB_SRC=$OB_SRC (manage.py missing)"
    [ -x "$FASTCHESS" ] || die "fastchess is missing at FASTCHESS=$FASTCHESS"
    [ -f "$BOOK" ] || die "the opening book is missing at BOOK=$BOOK"
}

# A fresh copy of OpenBench with a venv holding its requirements and the
# loopback shim (scripts/openbench/loopback.py), imported at every start.
install_openbench() {
    mkdir -p "$OB_RUN"
    if [ ! -x "$py" ]; then
        python3 -m venv "$OB_RUN/venv" || die "python3 -m venv failed (apt-get install python3-venv)"
        "$py" -m pip install --quiet -r "$OB_SRC/requirements.txt" py-cpuinfo psutil
    fi
    local site
    site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    cp "$here/loopback.py" "$site/ferrochamp_loopback.py"
    echo "import ferrochamp_loopback; ferrochamp_loopback.install()" > "$site/ferrochamp_loopback.pth"
    if [ ! -f "$ob/manage.py" ]; then
        cp -r "$OB_SRC" "$ob"
        chmod -R u+w "$ob"
    fi
}

# Ferrochamp's engine config, a pointer for the book (its sha256; the client
# finds the file already in its Books folder), and a config.json listing them alone.
configure_openbench() {
    local book_name sha nps
    book_name=$(basename "$BOOK")
    sha=$(sha256sum "$BOOK" | cut -d' ' -f1)
    cp "$here/Ferrochamp.json" "$ob/Engines/Ferrochamp.json"
    printf '{\n    "sha"    : "%s",\n    "source" : "https://raw.githubusercontent.com/local/books/main/%s.zip"\n}\n' \
        "$sha" "$book_name" > "$ob/Books/$book_name.json"
    "$py" - "$ob/Config/config.json" "$book_name" <<'EOF'
import json, sys
path, book = sys.argv[1], sys.argv[2]
with open(path) as f:
    config = json.load(f)
config.update({"engines": ["Ferrochamp"], "books": [book]})
with open(path, "w") as f:
    json.dump(config, f, indent=4)
EOF
    mkdir -p "$ob/Client/Books"
    cp "$BOOK" "$ob/Client/Books/$book_name"
    cp "$FASTCHESS" "$ob/Client/fastchess-ob"
}

# The database, and an enabled approver account for the client and the forms.
prepare_database() {
    (cd "$ob" && "$py" manage.py migrate --noinput >"$OB_RUN/migrate.log" 2>&1) || die "migrate failed: $OB_RUN/migrate.log"
    (cd "$ob" && OB_USER=$OB_USER OB_PASSWORD=$OB_PASSWORD "$py" manage.py shell -c '
import os
from django.contrib.auth.models import User
from OpenBench.models import Profile
name, password = os.environ["OB_USER"], os.environ["OB_PASSWORD"]
user = User.objects.filter(username=name).first() or User.objects.create_superuser(name, "", password)
user.set_password(password); user.save()
Profile.objects.update_or_create(user=user, defaults={"enabled": True, "approver": True})
')
}

pid_alive() { [ -f "$OB_RUN/$1.pid" ] && kill -0 "$(cat "$OB_RUN/$1.pid")" 2>/dev/null; }

# start NAME DIR COMMAND...: in the background, appending to $OB_RUN/NAME.log.
start() {
    local name=$1 dir=$2
    shift 2
    if pid_alive "$name"; then
        echo "$name already runs (pid $(cat "$OB_RUN/$name.pid"))"
        return
    fi
    (cd "$dir" && exec nohup "$@" >>"$OB_RUN/$name.log" 2>&1) &
    echo $! > "$OB_RUN/$name.pid"
    echo "$name started (pid $!, log $OB_RUN/$name.log)"
}

wait_for() {
    local url=$1
    for _ in $(seq 60); do
        curl -s -o /dev/null "$url" && return 0
        sleep 1
    done
    die "nothing answers at $url"
}

up() {
    need_tools python3 git make cargo g++ curl sha256sum pgrep
    [ -z "${OB_CPUS:-}" ] || need_tools taskset
    need_files
    install_openbench
    configure_openbench
    prepare_database
    export FERROCHAMP_GITHUB_STANDIN="http://127.0.0.1:$STANDIN_PORT"
    start standin "$repo" python3 "$here/github_standin.py" --repo "$repo" --port "$STANDIN_PORT"
    start server "$ob" "$py" manage.py runserver "127.0.0.1:$OB_PORT" --noreload
    wait_for "http://127.0.0.1:$STANDIN_PORT/repos/ferrochamp/ferrochamp/commits/HEAD"
    wait_for "http://127.0.0.1:$OB_PORT/index/"
    # FERROCHAMP_TUNE reaches the Makefile through the client's `make`: the
    # builds it makes list the search tunables as UCI options, for SPSA.
    # OB_CPUS pins the client, its benches and its games to those CPUs; the
    # benches then measure the speed the games get, and OpenBench scales the
    # time control by it.
    local pin=()
    [ -z "${OB_CPUS:-}" ] || pin=(taskset -c "$OB_CPUS")
    FERROCHAMP_TUNE=1 start client "$ob/Client" "${pin[@]}" "$py" client.py -U "$OB_USER" -P "$OB_PASSWORD" \
        -S "http://127.0.0.1:$OB_PORT" --no-client-downloads -T "$OB_THREADS" -N 1 -I local
    echo "OpenBench: http://127.0.0.1:$OB_PORT/ (user $OB_USER)"
}

# kill_tree PID: the process and everything it started (the client's fastchess
# and engines), children first.
kill_tree() {
    local child
    for child in $(pgrep -P "$1" || true); do
        kill_tree "$child"
    done
    kill "$1" 2>/dev/null || true
}

down() {
    for name in client server standin; do
        if pid_alive "$name"; then
            kill_tree "$(cat "$OB_RUN/$name.pid")" && echo "$name stopped"
        fi
        rm -f "$OB_RUN/$name.pid"
    done
}

status() {
    for name in standin server client; do
        if pid_alive "$name"; then echo "$name: runs (pid $(cat "$OB_RUN/$name.pid"))"; else echo "$name: stopped"; fi
    done
}

screenshot() {
    [ $# -eq 2 ] || die "usage: screenshot URL_PATH OUT.png (e.g. /test/1/ docs/img/openbench-sprt.png)"
    local browser
    browser=$(command -v chromium || command -v chromium-browser || true)
    [ -n "$browser" ] || die "chromium is missing (apt-get install chromium)"
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="${SHOT_SIZE:-1400,1000}" \
        --screenshot="$(realpath -m "$2")" "http://127.0.0.1:$OB_PORT$1" 2>"$OB_RUN/chromium.log" ||
        die "chromium failed: $OB_RUN/chromium.log"
    [ -s "$2" ] || die "chromium wrote no screenshot: $OB_RUN/chromium.log"
    echo "wrote $2"
}

case "${1:-up}" in
    up) up ;;
    down) down ;;
    status) status ;;
    env)
        echo "export OPENBENCH_SERVER=http://127.0.0.1:$OB_PORT OPENBENCH_USERNAME=$OB_USER OPENBENCH_PASSWORD=$OB_PASSWORD"
        ;;
    screenshot) shift; screenshot "$@" ;;
    *) die "unknown command '$1' (up, down, status, env, screenshot)" ;;
esac
