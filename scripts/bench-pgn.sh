#!/usr/bin/env bash
# `cadb pgn DB` as a whole process (open, replay, write the PGN to
# /dev/null) against pgn-reader reading that PGN and playing every move
# legally (examples/pgn_reader_validate.rs), the commands alternated
# ROUNDS times so drift on a shared machine hits all of them; medians and
# their ratio (above 1: cadb is faster). `cadb pgn` runs twice a round: on
# one thread (--threads 1) and on every core (its default). With a BEFORE
# binary (another build), it runs beside this one in the same rounds.
#   bash scripts/bench-pgn.sh DB.CDP GAMES.pgn [ROUNDS] [CADB_BINARY] [BEFORE_BINARY]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT"
db=$1 pgn=$2 rounds=${3:-9} cadb=${4:-target/release/cadb} before=${5:-}
validate=target/release/examples/pgn_reader_validate
[[ -x $validate ]] || cargo build --release --example pgn_reader_validate >&2
ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
a=() b=() c=() d=() e=()
for _ in $(seq "$rounds"); do
  a+=("$(ms "$cadb" pgn "$db" --threads 1)")
  c+=("$(ms "$cadb" pgn "$db")")
  b+=("$(ms "$validate" "$pgn")")
  if [[ -n $before ]]; then
    d+=("$(ms "$before" pgn "$db" --threads 1)")
    e+=("$(ms "$before" pgn "$db")")
  fi
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ratios() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.2fx on one thread, %.2fx on every core\n", b / a, b / c }'; }
ma=$(median "${a[@]}") mb=$(median "${b[@]}") mc=$(median "${c[@]}")
echo "cadb pgn $db --threads 1: median ${ma} ms (runs: ${a[*]})"
echo "cadb pgn $db on $(nproc) cores: median ${mc} ms (runs: ${c[*]})"
echo "pgn-reader validating $pgn: median ${mb} ms (runs: ${b[*]})"
echo "cadb pgn, whole process, vs pgn-reader reading and legally replaying the PGN: $(ratios "$ma" "$mb" "$mc")"
if [[ -n $before ]]; then
  md=$(median "${d[@]}") me=$(median "${e[@]}")
  echo "before ($before): --threads 1 median ${md} ms (runs: ${d[*]}); on $(nproc) cores median ${me} ms (runs: ${e[*]})"
  echo "before, vs pgn-reader: $(ratios "$md" "$mb" "$me")"
fi
