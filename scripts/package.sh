#!/usr/bin/env bash
# Builds one release archive: the engine for one platform and CPU level, with
# README.md and LICENSE, as users download it. The release workflow runs this
# same script, so a local run makes exactly what a release ships.
#
#   scripts/package.sh TARGET LEVEL [OUT_DIR]   -> OUT_DIR/ferrochamp-<version>-<os>-<level>.{tar.gz,zip}
#   scripts/package.sh --version                -> the version in Cargo.toml
#
# TARGET is a Rust target (x86_64-unknown-linux-gnu, x86_64-pc-windows-gnu,
# x86_64-apple-darwin, aarch64-apple-darwin); LEVEL is x86-64, x86-64-v2 or
# x86-64-v3 on x86-64 and arm64 on aarch64. OUT_DIR defaults to dist/. The
# archive's path is the last line printed. Each level builds in its own
# target/package/<target>/<level> folder, so that a second run is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

version() {
    sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1
}

if [[ "${1:-}" == "--version" ]]; then
    version
    exit 0
fi
if [[ $# -lt 2 ]]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
target=$1
level=$2
out_dir=${3:-dist}

case "$target" in
    *-linux-*) os=linux ;;
    *-windows-*) os=windows ;;
    *-apple-darwin) os=macos ;;
    *) echo "package.sh: unknown target $target" >&2; exit 2 ;;
esac
case "$target:$level" in
    x86_64-*:x86-64 | x86_64-*:x86-64-v2 | x86_64-*:x86-64-v3)
        # Replaces the x86-64-v2 default of .cargo/config.toml.
        export RUSTFLAGS="-C target-cpu=$level" ;;
    aarch64-*:arm64)
        unset RUSTFLAGS ;;
    *) echo "package.sh: level $level does not fit target $target" >&2; exit 2 ;;
esac

exe=ferrochamp
[[ $os == windows ]] && exe=ferrochamp.exe
name="ferrochamp-$(version)-$os-$level"
target_dir="target/package/$target/$level"

cargo build --release --locked --target "$target" --target-dir "$target_dir" >&2

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out_dir"
cp "$target_dir/$target/release/$exe" README.md LICENSE "$stage/$name/"
archive_dir=$(cd "$out_dir" && pwd)
if [[ $os == windows ]]; then
    archive="$archive_dir/$name.zip"
    rm -f "$archive"
    (cd "$stage" && python3 -m zipfile -c "$archive" "$name")
else
    archive="$archive_dir/$name.tar.gz"
    tar -C "$stage" -czf "$archive" "$name"
fi
echo "$archive"
