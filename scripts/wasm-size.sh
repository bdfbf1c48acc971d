#!/usr/bin/env bash
# The release module's size budget (issue 15): pkg/cadb_bg.wasm, as
# scripts/build.sh leaves it, at most CADB_WASM_BUDGET bytes gzipped (gzip -9,
# what a server sends). Fails over the budget, naming both figures.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# 310,000 since issue 35 (searches inside games, opening names: docs/development.md).
budget="${CADB_WASM_BUDGET:-310000}"
wasm=pkg/cadb_bg.wasm
[[ -f $wasm ]] || { echo "wasm-size: $wasm is missing; run scripts/build.sh first" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "wasm-size: $wasm is $raw bytes, $gz gzipped (budget $budget)"
if ((gz > budget)); then
  echo "wasm-size: FAILED: $gz bytes gzipped is over the budget of $budget (BENCHMARKS.md, the release .wasm)" >&2
  exit 1
fi
