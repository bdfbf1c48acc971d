#!/usr/bin/env bash
# `cadb annotate` at the default depth on a small database: the first
# GAMES games of the demo PGN (tests/data/demo/demo.pgn), one engine
# (--threads 1, so the figure is per core), Debian's Stockfish unless
# CADB_STOCKFISH names another. Prints cadb's summary line: seconds per
# game and the engine's nodes per second.
#   bash scripts/bench-annotate.sh [GAMES] [CADB_BINARY]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"
games=${1:-10} cadb=${2:-target/release/cadb}
engine=${CADB_STOCKFISH:-/usr/games/stockfish}
[[ -x $cadb ]] || cargo build --release --features cli >&2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
awk -v n="$games" '/^\[Event /{k++} k<=n' tests/data/demo/demo.pgn >"$dir/small.pgn"
"$cadb" write "$dir/SMALL" <"$dir/small.pgn" >/dev/null
echo "bench-annotate: $games games of the demo database, default depth, one engine ($engine)"
"$cadb" annotate "$dir/SMALL.CDP" --engine "$engine" --threads 1 -o "$dir/out.pgn"
echo "bench-annotate: $(grep -o '\[%eval' "$dir/out.pgn" | wc -l) evaluations written"
