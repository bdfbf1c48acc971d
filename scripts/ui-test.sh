#!/usr/bin/env bash
# The viewer's controller under every kind of interleaving of a user's
# requests with the Workers' answers (tests/ui/interleavings.mjs): www/ is
# compiled by tsc into a temporary folder and run in Node with fake Workers;
# the engine's searches (tests/ui/engine-interleavings.mjs) on a fake Stockfish;
# then the search form's pure parts (tests/ui/search-form.mjs), and the
# background Worker's pool of helpers on fake ones (tests/ui/pool.mjs),
# the reads an open hands to a helper (tests/ui/lazy-file.mjs), and files
# grouped into databases (tests/ui/files.mjs), an open of many databases
# stopped by a newer one (tests/ui/decoder.mjs), and numbers in each locale
# (tests/ui/format.mjs).
#   bash scripts/ui-test.sh [SCHEDULES] [SEED]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tsc -p tsconfig.json --outDir "$out" --rootDir www --noEmit false --sourceMap false
echo '{"type":"module"}' > "$out/package.json"
node tests/ui/interleavings.mjs "$out" "${1:-50000}" "${2:-1}"
node tests/ui/engine-interleavings.mjs "$out" "${1:-50000}" "${2:-1}"
node tests/ui/search-form.mjs "$out"
node tests/ui/lazy-file.mjs "$out"
node tests/ui/files.mjs "$out"
node tests/ui/decoder.mjs "$out"
node tests/ui/format.mjs "$out"
node tests/ui/pool.mjs "$out" "${POOL_SCHEDULES:-300}" "${2:-1}"
