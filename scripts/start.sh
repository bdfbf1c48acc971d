#!/usr/bin/env bash
# `npm start`: builds the demo database and the wasm package, then serves the
# viewer on http://localhost:8080/ (webpack-dev-server, localhost only).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"

bash scripts/build.sh

PORT="${PORT:-8080}"
echo
echo "==> serving the viewer at http://localhost:$PORT/ (Ctrl-C stops)"
exec webpack serve --mode development --port "$PORT"
