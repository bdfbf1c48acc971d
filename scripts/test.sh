#!/usr/bin/env bash
# Every test, in order, stopping at the first failure; prints a summary.
# Run through `npm test` (which runs scripts/setup.sh first).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

# All steps share the default target dir (./target), so CI caches work.
# wasm-pack test uses it too: wasm32 artifacts live under target/wasm32-unknown-unknown.

# No incremental build data: a clean clone builds each target once, and the
# data took 1.2 GB of the host's build alone (Cargo.toml's [profile.dev]
# says why disk matters).
export CARGO_INCREMENTAL=0

# The CLI the tests use (the demo's writer, the e2e tests' oracle, the npm
# package's test): the one the host tests built, not a second, release
# build of it (scripts/build.sh, tests/e2e/harness.mjs).
export CADB_CLI_PROFILE=dev
export CADB_BIN="$CADB_ROOT/target/debug/cadb"

declare -a SUMMARY=()
CURRENT=""
START_ALL=$SECONDS

summary() {
  local rc=$?
  echo
  echo "================ test summary ================"
  local line
  for line in "${SUMMARY[@]}"; do echo "$line"; done
  if [[ $rc -ne 0 && -n "$CURRENT" ]]; then
    printf 'FAIL  %s\n' "$CURRENT"
    echo "=============================================="
    echo "FAILED after $((SECONDS - START_ALL)) s (exit $rc)"
  else
    echo "=============================================="
    echo "all passed in $((SECONDS - START_ALL)) s"
  fi
}
trap summary EXIT

# run NAME COMMAND...: one step.
run() {
  local name=$1; shift
  CURRENT="$name"
  local t0=$SECONDS
  echo
  echo "==> $name"
  echo "    \$ $*"
  "$@"
  SUMMARY+=("$(printf 'ok    %-58s %4d s' "$name" $((SECONDS - t0)))")
  CURRENT=""
}

run "cargo fmt --check" cargo fmt --all --check
run "docs: every relative link resolves (scripts/check-links.mjs)" node scripts/check-links.mjs
run "no circles between files (scripts/file-cycles.mjs)" node scripts/file-cycles.mjs
run "clippy (host, all targets, cli)" cargo clippy --all-targets --features cli -- -D warnings
run "clippy (host, lib, wasm package features)" cargo clippy --lib --no-default-features --features wasm -- -D warnings
run "clippy (host, lib, the viewer's interactive module's features)" cargo clippy --lib --no-default-features --features wasm-lite -- -D warnings
run "clippy (wasm32, lib + browser tests, wasm)" \
  cargo clippy --target wasm32-unknown-unknown --features wasm,pgn --lib --test wasm_browser -- -D warnings
run "cargo test (host, cli)" cargo test --features cli
# The legality fast path (src/legal.rs) against shakmaty over ten million
# moves of random playouts: built as the tests are (the library the host
# tests built, overflow checks on; shakmaty optimised), about 6 s.
run "cadb::legal vs shakmaty: 10,000,000 moves" \
  cargo run --features cli --example legal_playouts -- 10000000
# 32-bit usize, overflow checks on (as wasm32 has it): the unit tests and
# every library integration test, proptests, hostile and damaged databases
# included (the CLI's are left out: they need the cli feature).
run "cargo test (i686, 32-bit)" cargo test --target i686-unknown-linux-gnu --lib --tests
# On CI (a clean clone, CI=true), nothing later uses the i686 build: its
# 600 MB go back to the disk before the wasm and browser builds.
if [[ -n "${CI:-}" ]]; then
  run "free the i686 build (CI only)" rm -rf target/i686-unknown-linux-gnu
fi
# A no_std cdylib cannot unwind: the host check sets panic=abort here, not in
# Cargo.toml's dev profile, where it breaks `cargo test` (cargo#6313). wasm32
# aborts on panic by default.
run "no_std: cargo check (host)" env CARGO_PROFILE_DEV_PANIC=abort cargo check --no-default-features --lib
run "no_std: cargo build (wasm32)" cargo build --no-default-features --lib --target wasm32-unknown-unknown
# The fuzz targets build on stable (running them needs nightly: scripts/fuzz.sh),
# so an API change that breaks one fails here, not at the next fuzzing run.
run "fuzz targets build (cargo check, stable)" cargo check --manifest-path fuzz/Cargo.toml --bins
# The browser tests (tests/wasm_browser.rs), in headless Firefox and Chrome,
# through the design card's command exactly as typed in the root; the script
# checks that every #[wasm_bindgen_test] ran.
run "wasm-pack test --headless --firefox" bash scripts/browser-test.sh firefox
run "wasm-pack test --headless --chrome" bash scripts/browser-test.sh chrome

# The viewer: demo database (cadb write), release wasm package (wasm-pack +
# wasm-opt), TypeScript type check and production bundle (webpack).
run "viewer bundle (scripts/build.sh --bundle)" bash scripts/build.sh --bundle
run "release modules within their size budgets (362,000 and 160,000 bytes gzipped)" bash scripts/wasm-size.sh

# The npm package: packed, installed in a fresh project, used from Node (the
# snippet of its README, docs/api.md) and from a webpack build run in Chromium.
run "npm package (pack, install, Node + webpack)" bash scripts/test-package.sh

# The controller's rule, the user's last request wins, over 50,000 seeded
# interleavings of requests with both Workers' answers and traps (Node).
run "viewer interleavings (tests/ui/interleavings.mjs)" bash scripts/ui-test.sh

# End-to-end tests of the viewer in Chromium (tests/e2e/viewer.mjs, the
# opening names: tests/e2e/openings.mjs, and the engine beside the board
# with the real Stockfish: tests/e2e/engine.mjs).
run "end-to-end viewer tests in Chromium (npm run e2e)" npm run --silent e2e
# The searches of the games' moves (issue 35), on the bundles npm run e2e built.
run "end-to-end search tests in Chromium (tests/e2e/search.mjs)" node tests/e2e/search.mjs
