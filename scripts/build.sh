#!/usr/bin/env bash
# Builds what the viewer needs: the demo database (www/demo/DEMO.*) and the
# wasm package (pkg/). With --bundle (`npm run build`), also the production
# bundle in dist/, the viewer to deploy (docs/hosting.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

bundle=false
[[ "${1:-}" == "--bundle" ]] && bundle=true
# The CLI that writes the demo and the openings table: release by default
# (target/release/cadb, which the benchmarks use); CADB_CLI_PROFILE=dev
# takes the one the tests build (npm test). Both write the same bytes.
cli=(--release)
[[ "${CADB_CLI_PROFILE:-release}" == "dev" ]] && cli=()

# 1. The demo database, written by `cadb write` (CP1251, as a Russian CA
# database has its names) from the demo games: tests/data/demo/demo.pgn
# (real games with full headers; sources and licences in SOURCES.txt).
echo "==> demo database: cadb write www/demo/DEMO < tests/data/demo/demo.pgn"
mkdir -p www/demo
if ! cargo run --quiet "${cli[@]}" --features cli -- write www/demo/DEMO <tests/data/demo/demo.pgn; then
  echo >&2
  echo "build: FAILED to build the demo database: 'cadb write www/demo/DEMO' exited with an error (see above)." >&2
  echo "build: the Chess Assistant writer (src/ca/writer.rs, src/bin/cadb/write.rs) must work for the viewer's demo." >&2
  exit 1
fi
shopt -s nullglob nocaseglob
demo_files=(www/demo/DEMO.*)
shopt -u nullglob nocaseglob
echo "    wrote ${demo_files[*]}"

# 2. The wasm package (wasm-opt -Os from npm's binaryen runs inside wasm-pack).
echo "==> wasm package: wasm-pack build --release --target web --out-dir pkg"
wasm-pack build --release --target web --out-dir pkg . --no-default-features --features wasm
# The viewer's interactive module (issue 46): the same crate with the
# feature `wasm-lite` only, the first game's download (www/worker-lite.ts).
# Not a package: only its module and bindings are kept.
echo "==> interactive module: wasm-pack build --out-dir pkg-lite --features wasm-lite"
wasm-pack build --release --target web --out-dir pkg-lite --out-name cadb_lite . --no-default-features --features wasm-lite
rm -f pkg-lite/package.json pkg-lite/README.md pkg-lite/LICENSE pkg-lite/.gitignore
# The opening names' table, outside the .wasm (its size budget): build.rs
# wrote it from src/openings/data/*.tsv, and the CLI built above hands out the
# same bytes. The viewer fetches it as an asset (www/worker.ts); the npm
# package ships it for loadOpenings.
cargo run --quiet "${cli[@]}" --features cli -- opening --table pkg/openings.bin
node scripts/package.mjs
ls -l pkg/cadb_bg.wasm pkg-lite/cadb_lite_bg.wasm pkg/openings.bin

# 3. The production bundle.
if $bundle; then
  echo "==> bundle: webpack --mode production (dist/)"
  webpack --mode production
fi
