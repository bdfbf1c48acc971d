# Sourced by the other scripts: the tool paths every step needs.
# shellcheck shell=bash

# The repository root (this file lives in scripts/).
CADB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CADB_ROOT

# node_modules/.bin first: wasm-opt 132 from npm's binaryen must win over
# Debian's older /usr/bin/wasm-opt, which cannot read wasm-bindgen's output.
# Then cargo's bin (wasm-pack, wasm-bindgen, geckodriver).
export PATH="$CADB_ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# WebDriver clients: none is named here. wasm-pack finds geckodriver and
# chromedriver on PATH (cargo's bin, /usr/bin), and a GECKODRIVER set here
# would make wasm-bindgen-test-runner pick Firefox even for --chrome.

# Browsers: nothing may download one.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CADB_CHROMIUM="${CADB_CHROMIUM:-/usr/bin/chromium}"

# Never prompt (CI has no stdin).
export DEBIAN_FRONTEND=noninteractive
