#!/usr/bin/env bash
# `cadb pgn DB` as a whole process (open, replay, write the PGN to
# /dev/null) against pgn-reader reading that PGN and playing every move
# legally (examples/pgn_reader_validate.rs), the two commands alternated
# ROUNDS times so drift on a shared machine hits both; medians and their
# ratio (above 1: cadb is faster). `cadb pgn` runs twice a round: on one
# thread (--threads 1) and on every core (its default).
#   bash scripts/bench-pgn.sh DB.CDP GAMES.pgn [ROUNDS] [CADB_BINARY]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"
db=$1 pgn=$2 rounds=${3:-9} cadb=${4:-target/release/cadb}
validate=target/release/examples/pgn_reader_validate
[[ -x $validate ]] || cargo build --release --example pgn_reader_validate >&2
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
a=() b=() c=()
for _ in $(seq "$rounds"); do
  a+=("$(ms "$cadb" pgn "$db" --threads 1)")
  c+=("$(ms "$cadb" pgn "$db")")
  b+=("$(ms "$validate" "$pgn")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ma=$(median "${a[@]}") mb=$(median "${b[@]}") mc=$(median "${c[@]}")
echo "cadb pgn $db --threads 1: median ${ma} ms (runs: ${a[*]})"
echo "cadb pgn $db on $(nproc) cores: median ${mc} ms (runs: ${c[*]})"
echo "pgn-reader validating $pgn: median ${mb} ms (runs: ${b[*]})"
awk -v a="$ma" -v b="$mb" -v c="$mc" 'BEGIN { printf "cadb pgn, whole process, vs pgn-reader reading and legally replaying the PGN: %.2fx on one thread, %.2fx on every core\n", b / a, b / c }'
