#!/usr/bin/env bash
# Builds the Windows release archive and tries it under wine as a user would:
#
#   scripts/windows_check.sh [LEVEL]      LEVEL: x86-64, x86-64-v2 (default) or x86-64-v3
#
# 1. scripts/package.sh makes ferrochamp-<version>-windows-<LEVEL>.zip (the
#    release's own command), unpacked here into a folder whose name has spaces;
# 2. the .exe must import only DLLs that come with Windows, and be a console program;
# 3. under wine (scripts/engine_check.py): uci/isready/go, a book, a style file
#    and two Syzygy folders given as Windows paths with spaces (SyzygyPath
#    split on ';'), a game through python-chess, and `bench`, whose node count
#    must equal the Linux build's.
#
# Needs: the Rust target (`rustup target add x86_64-pc-windows-gnu`), mingw
# (`apt-get install gcc-mingw-w64-x86-64`), wine (`apt-get install wine wine64`)
# and python-chess (`pip install chess`); says which is missing and exits 3.
# Fails (exit 1) on the first check that does not hold.
#
# Wine before 9.0 lacks bcryptprimitives.dll, where Rust's std on Windows gets
# its random seeds (ProcessPrng). Then a stand-in built from
# scripts/wine/bcryptprimitives.c goes into a separate harness folder on
# wine's PATH (WINEPATH): the unpacked archive stays as users get it, and
# nothing of the stand-in is ever shipped.
#
# The wine prefix is kept in ~/.cache/ferrochamp-wine (FERROCHAMP_WINEPREFIX)
# so that only the first run pays for setting it up.
set -euo pipefail
cd "$(dirname "$0")/.."
level=${1:-x86-64-v2}
target=x86_64-pc-windows-gnu

missing=()
if ! command -v rustup >/dev/null || ! rustup target list --installed | grep -qx "$target"; then
    missing+=("the Rust target: rustup target add $target")
fi
command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=("mingw: apt-get install gcc-mingw-w64-x86-64")
command -v wine >/dev/null || missing+=("wine: apt-get install wine wine64")
python3 -c 'import chess' 2>/dev/null || missing+=("python-chess: pip install chess")
if ((${#missing[@]})); then
    printf 'windows_check: missing %s\n' "${missing[@]}" >&2
    exit 3
fi

fail() {
    echo "FAIL $*" >&2
    exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/ferrochamp windows check.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== build: scripts/package.sh $target $level"
archive=$(scripts/package.sh "$target" "$level" "$work/dist" | tail -n 1)
install_dir="$work/Program Files"
mkdir -p "$install_dir"
python3 -m zipfile -e "$archive" "$install_dir"
exe=$(find "$install_dir" -name ferrochamp.exe | head -n 1)
[[ -f $exe ]] || fail "no ferrochamp.exe in $archive"
echo "ok   $(basename "$archive"): $(python3 -m zipfile -l "$archive" | awk 'NR>1 {print $1}' | xargs -n1 basename | xargs)"

echo "== imports (objdump -p)"
objdump=$(command -v x86_64-w64-mingw32-objdump || command -v objdump)
headers=$("$objdump" -p "$exe")
grep "DLL Name" <<<"$headers" | sed 's/^\s*/     /'
# Windows' own DLLs: what Rust's std and the mingw start-up code import.
system='^(kernel32|ntdll|msvcrt|bcryptprimitives|api-ms-win-core-[a-z0-9-]+|advapi32|ws2_32|userenv)\.dll$'
while read -r dll; do
    [[ ${dll,,} =~ $system ]] || fail "imports $dll, which Windows does not ship"
done < <(grep "DLL Name" <<<"$headers" | awk '{print $3}')
grep -q "(Windows CUI)" <<<"$headers" || fail "not a console program: $(grep Subsystem <<<"$headers")"
echo "ok   only Windows' own DLLs; $(grep -E '^Subsystem' <<<"$headers" | xargs)"

echo "== wine"
export WINEPREFIX=${FERROCHAMP_WINEPREFIX:-$HOME/.cache/ferrochamp-wine}
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
mkdir -p "$(dirname "$WINEPREFIX")"
wineboot --init >/dev/null 2>&1 || fail "wineboot could not set up $WINEPREFIX"
echo "ok   $(wine --version), prefix $WINEPREFIX"
if [[ -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]]; then
    echo "ok   this wine has bcryptprimitives.dll: no stand-in"
else
    mkdir -p "$work/harness"
    x86_64-w64-mingw32-gcc -O2 -shared -o "$work/harness/bcryptprimitives.dll" \
        scripts/wine/bcryptprimitives.c -ladvapi32
    export WINEPATH
    WINEPATH=$(winepath -w "$work/harness")
    echo "ok   this wine lacks bcryptprimitives.dll: test stand-in on WINEPATH ($WINEPATH)"
fi

echo "== Linux build's bench signature"
cargo build --release --locked >&2
signature=$(target/release/ferrochamp bench 2>/dev/null | tail -n 1 | awk '{print $1}')
echo "ok   target/release/ferrochamp bench: $signature nodes"

echo "== data in folders with spaces, as Windows paths"
data="$work/my data"
mkdir -p "$data/tables one" "$data/tables two"
cp tests/data/syzygy/KQ* tests/data/syzygy/KR* "$data/tables one/"
cp tests/data/syzygy/KB* tests/data/syzygy/KN* tests/data/syzygy/KP* "$data/tables two/"
cp tests/data/book/gnuchess-subset.bin "$data/opening book.bin"
cp src/style/builtin/aggressive.toml "$data/my style.toml"
win() { winepath -w "$1" 2>/dev/null; }
syzygy="$(win "$data/tables one");$(win "$data/tables two")"
echo "     SyzygyPath $syzygy"

echo "== under wine: $(win "$exe")"
python3 scripts/engine_check.py --book "$(win "$data/opening book.bin")" --style "$(win "$data/my style.toml")" \
    --syzygy "$syzygy" --bench "$signature" -- wine "$exe" || fail "under wine"

echo "windows_check: all passed ($(basename "$archive"))"
