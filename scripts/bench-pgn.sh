#!/usr/bin/env bash
# `cadb pgn DB` as a whole process (open, replay, write the PGN to
# /dev/null) against pgn-reader reading that PGN and playing every move
# legally (examples/pgn_reader_validate.rs), the two commands alternated
# ROUNDS times so drift on a shared machine hits both; medians and their
# ratio (above 1: cadb is faster).
#   bash scripts/bench-pgn.sh DB.CDP GAMES.pgn [ROUNDS] [CADB_BINARY]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"
db=$1 pgn=$2 rounds=${3:-9} cadb=${4:-target/release/cadb}
validate=target/release/examples/pgn_reader_validate
[[ -x $validate ]] || cargo build --release --example pgn_reader_validate >&2
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
a=() b=()
for _ in $(seq "$rounds"); do
  a+=("$(ms "$cadb" pgn "$db")")
  b+=("$(ms "$validate" "$pgn")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ma=$(median "${a[@]}") mb=$(median "${b[@]}")
echo "cadb pgn $db: median ${ma} ms (runs: ${a[*]})"
echo "pgn-reader validating $pgn: median ${mb} ms (runs: ${b[*]})"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "cadb pgn, whole process, vs pgn-reader reading and legally replaying the PGN: %.2fx\n", b / a }'
