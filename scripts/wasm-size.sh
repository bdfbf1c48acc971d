#!/usr/bin/env bash
# The release modules' size budgets, each gzipped (gzip -9, what a server
# sends), as scripts/build.sh leaves them; fails over a budget, naming both
# figures:
#   pkg/cadb_bg.wasm            the whole module (the npm package; the viewer's
#                               background Worker): CADB_WASM_BUDGET, issue 15
#   pkg-lite/cadb_lite_bg.wasm  the viewer's interactive module, all a first
#                               visit downloads before its first game:
#                               CADB_LITE_BUDGET, issue 46
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# 310,000 since issue 35 (searches inside games, opening names), 311,000
# since issue 46 (docs/development.md): after that split, it is downloaded
# after the first game, and the interactive module is the one to keep small.
# 315,000 since issue 48 (+3.7 KB: records held in file order for a pass in
# game order, exportPgnBytes).
# 340,000 since issue 47 (+22.8 KB: the duplicate rule in the page for
# "⤓ PGN of all": the games' keys through the shared replayer, Unicode case
# folding of names, the rule's sorts sharing one copy, the merged export's
# plan; docs/development.md, "wasm size").
# 342,000 since issue 48's fourth stop (+3.8 KB: the doctor's full check
# and the position search in parts for the pool's helpers, diagnosePart /
# diagnoseJoin, positionNext).
# 355,000 since issue 47's list of many databases (+12.9 KB: the Archive
# class, its rows, search, sort with names ranked across the databases,
# export, searches inside games and of positions, and duplicates; docs/development.md, "wasm size").
# 358,000 since its opening tree, player card and doctor's report across
# the databases (+0.7 KB net: +3.9 KB for them, -3.2 KB for MGC/PGC's one
# sort of move keys; docs/development.md, "wasm size").
# 361,000 since issue 48's archive on the pool's helpers (+5.4 KB: the
# keys and each database's share of a merge as bytes between Workers,
# src/archive/wire.rs, and their glue; docs/development.md, "wasm size").
# 362,000 since the list of many's position search on the helpers (+0.5
# KB: Archive.positionNext and its glue; docs/development.md).
budget="${CADB_WASM_BUDGET:-362000}"
# 160,000: issue 46's target (docs/development.md, "wasm size").
lite_budget="${CADB_LITE_BUDGET:-160000}"
failed=0
check() {
  local wasm=$1 budget=$2
  [[ -f $wasm ]] || { echo "wasm-size: $wasm is missing; run scripts/build.sh first" >&2; exit 1; }
  local raw gz
  raw=$(wc -c <"$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  echo "wasm-size: $wasm is $raw bytes, $gz gzipped (budget $budget)"
  if ((gz > budget)); then
    echo "wasm-size: FAILED: $wasm: $gz bytes gzipped is over the budget of $budget (BENCHMARKS.md, the release .wasm)" >&2
    failed=1
  fi
}
check pkg/cadb_bg.wasm "$budget"
check pkg-lite/cadb_lite_bg.wasm "$lite_budget"
exit "$failed"
