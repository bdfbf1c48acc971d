#!/usr/bin/env bash
# The design card's command, exactly as a user types it in the root:
#   wasm-pack test --headless --firefox   (or --chrome)
# then a check that it ran every #[wasm_bindgen_test] in tests/wasm_browser.rs,
# so a test target compiled out by mistake cannot pass as "no tests to run!".
# Usage: scripts/browser-test.sh firefox|chrome
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

browser=${1:?usage: browser-test.sh firefox|chrome}
want=$(grep -c '^#\[wasm_bindgen_test\]' tests/wasm_browser.rs)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Without driver variables, as a user's shell has none: wasm-pack finds
# geckodriver and chromedriver on PATH (scripts/setup.sh puts them there).
# One left in the environment (GECKODRIVER) would pick the browser instead.
env -u GECKODRIVER -u CHROMEDRIVER wasm-pack test --headless "--$browser" 2>&1 | tee "$log"

if ! grep -q "^Running headless tests in ${browser^}" "$log"; then
  echo "browser-test: the tests did not run in ${browser^}" >&2
  exit 1
fi
got=$(grep -o '^test result: ok\. [0-9]* passed' "$log" | awk '{ n += $4 } END { print n + 0 }')
if [[ "$got" != "$want" ]]; then
  echo "browser-test: $got tests passed in ${browser^}, tests/wasm_browser.rs has $want" >&2
  exit 1
fi
echo "browser-test: all $want wasm-bindgen tests passed in ${browser^}"
