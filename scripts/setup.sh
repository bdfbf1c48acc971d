#!/usr/bin/env bash
# Installs everything the build and the tests need, skipping each step that
# is already done (versions are checked, not just presence). Safe to rerun.
# Only package registries are used: crates.io, npm, Debian.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

WASM_PACK_VERSION=0.15.1
GECKODRIVER_VERSION=0.37.1

step() { printf 'setup: %-28s %s\n' "$1" "$2"; }

# Debian packages, as root or through sudo.
apt_install() {
  local sudo=""
  [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "$@"
}

# The wasm-bindgen CLI must match the crate exactly: read it from Cargo.lock.
if [[ ! -f Cargo.lock ]]; then
  cargo generate-lockfile
fi
WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [[ -z "$WASM_BINDGEN_VERSION" ]]; then
  # Not in the lock yet (optional dependency never resolved): take Cargo.toml's pin.
  WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
fi
[[ -n "$WASM_BINDGEN_VERSION" ]] || { echo "setup: cannot find the wasm-bindgen version in Cargo.lock or Cargo.toml" >&2; exit 1; }

# 1. The wasm target.
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "wasm32-unknown-unknown" "already installed"
else
  step "wasm32-unknown-unknown" "installing"
  rustup target add wasm32-unknown-unknown
fi

# 1b. A 32-bit target, so the tests meet 32-bit usize arithmetic (as on
# wasm32) with overflow checks on; its C runtime comes from Debian.
if rustup target list --installed | grep -qx i686-unknown-linux-gnu; then
  step "i686-unknown-linux-gnu" "already installed"
else
  step "i686-unknown-linux-gnu" "installing"
  rustup target add i686-unknown-linux-gnu
fi
if [[ -e /usr/lib32/crt1.o || -e /usr/lib/i386-linux-gnu/crt1.o ]]; then
  step "gcc-multilib" "already installed"
else
  step "gcc-multilib" "installing"
  apt_install gcc-multilib
fi

# 2-4. Cargo tools, each at its exact version.
# $1 crate, $2 version, $3 binary, $4 extra cargo install flags
cargo_tool() {
  local crate=$1 version=$2 bin=$3 flags=${4:-}
  local have=""
  if command -v "$bin" >/dev/null 2>&1; then
    have="$("$bin" --version 2>/dev/null | head -n1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n1 || true)"
  fi
  if [[ "$have" == "$version" ]]; then
    step "$crate" "$version already installed"
  else
    step "$crate" "installing $version (found: ${have:-none}); this takes minutes"
    # A quick build: these tools' speed does not matter, a cold CI's time does.
    # One shared target dir lets the three tools reuse common dependencies.
    # shellcheck disable=SC2086
    CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=64 \
      CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0 \
      CARGO_PROFILE_RELEASE_STRIP=true CARGO_PROFILE_RELEASE_INCREMENTAL=false \
      CARGO_TARGET_DIR="${CADB_TOOLS_TARGET:-${XDG_CACHE_HOME:-$HOME/.cache}/cadb-tools-target}" \
      cargo install "$crate" --version "$version" $flags --force
  fi
}
cargo_tool wasm-pack "$WASM_PACK_VERSION" wasm-pack --locked
# No --locked: its lockfile pins a webpki-roots version the registry lacks.
cargo_tool wasm-bindgen-cli "$WASM_BINDGEN_VERSION" wasm-bindgen
cargo_tool geckodriver "$GECKODRIVER_VERSION" geckodriver

# 5. Browsers and chromedriver from Debian, only if one is missing.
missing=()
for b in firefox-esr chromium chromedriver; do
  command -v "$b" >/dev/null 2>&1 || missing+=("$b")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  step "browsers" "firefox-esr, chromium, chromedriver already installed"
else
  step "browsers" "installing (missing: ${missing[*]})"
  apt_install firefox-esr chromium chromium-driver
fi

# 5b. A UCI engine for `cadb annotate`'s tests (tests/annotate_cli.rs fails
# without it): Debian's Stockfish, at /usr/games/stockfish.
if [[ -x /usr/games/stockfish ]]; then
  step "stockfish" "already installed"
else
  step "stockfish" "installing"
  apt_install stockfish
fi

# 6. npm packages (webpack, TypeScript, binaryen's wasm-opt, ...).
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  step "npm packages" "installing (npm ci)"
  npm ci --no-audit --no-fund
else
  step "npm packages" "up to date"
fi

# wasm-opt must be binaryen 132 from npm, first on PATH.
wasm_opt_version="$(wasm-opt --version 2>/dev/null || true)"
case "$wasm_opt_version" in
  *"version 132"*) step "wasm-opt" "$(command -v wasm-opt): $wasm_opt_version" ;;
  *) echo "setup: wasm-opt on PATH is not binaryen 132: ${wasm_opt_version:-missing}" >&2; exit 1 ;;
esac
