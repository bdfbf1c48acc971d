#!/usr/bin/env bash
# Every benchmark, one after the other (BENCHMARKS.md has the figures):
#  1. criterion: CA passes vs pgn-reader on random and fixture games;
#  2. cadb bench on 100,008 fixture games vs pgn-reader on the same PGN,
#     and cadb pgn as a whole process vs pgn-reader replaying its output;
#  3. the browser: wasm vs native, header paging, and a million games in
#     the viewer;
#  4. the JS API on a million games in Chromium (open, paging, search, sort).
#     About 10 minutes on 2 cores.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

bash scripts/build.sh --bundle
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "==> 1. cargo bench --bench decode (CADB_BENCH_GAMES=${CADB_BENCH_GAMES:=5000})"
CADB_BENCH_GAMES=$CADB_BENCH_GAMES cargo bench --bench decode 2>&1 | sed -n '/games, .* plies/,/PGN export:/p'

echo "==> 2. cadb bench: 100,008 fixture games (216 repeated 463 times)"
for f in tests/data/pgn/*.pgn; do cat "$f"; printf '\n\n'; done >"$tmp/fix.pgn"
for _ in $(seq 463); do cat "$tmp/fix.pgn"; done >"$tmp/fix100k.pgn"
target/release/cadb write "$tmp/FIX100K" <"$tmp/fix100k.pgn"
target/release/cadb bench "$tmp/FIX100K.CDP" --vs-pgn "$tmp/fix100k.pgn" --rounds 3

echo "==> 2b. cadb pgn, whole process, vs pgn-reader replaying its PGN (scripts/bench-pgn.sh)"
target/release/cadb pgn "$tmp/FIX100K.CDP" >"$tmp/fix100k.export.pgn"
bash scripts/bench-pgn.sh "$tmp/FIX100K.CDP" "$tmp/fix100k.export.pgn" 5

echo "==> 3. node scripts/bench-browser.mjs 20000 1000000"
node scripts/bench-browser.mjs 20000 1000000

echo "==> 4. node scripts/bench-browser-api.mjs 1000000"
node scripts/bench-browser-api.mjs 1000000
