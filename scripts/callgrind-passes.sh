#!/usr/bin/env bash
# Instruction counts of cadb's benchmark passes, one pass a process under
# callgrind (repeatable, unlike times on a shared machine):
#   bash scripts/callgrind-passes.sh CADB_BINARY DB.CDP GAMES.pgn LABEL [PASS...]
# prints LABEL, database, pass, instructions (tab-separated). Passes are
# `cadb bench --only` keys; by default every cadb pass and pgn-reader's
# three. Use a bench-profile binary (`cargo build --profile bench
# --features cli`) for symbols. Needs valgrind (Debian: apt install valgrind).
set -euo pipefail
bin=$1 db=$2 pgn=$3 label=$4
shift 4
passes=("$@")
[[ ${#passes[@]} -gt 0 ]] || passes=(none replay san tree pgn opening-tree pgn-reader-novalid pgn-reader-main pgn-reader-all)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for p in "${passes[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$out/$p.out" \
    "$bin" bench "$db" --vs-pgn "$pgn" --rounds 1 --only "$p" >/dev/null 2>"$out/err"
  total=$(grep -E '^(summary|totals):' "$out/$p.out" | head -1 | awk '{print $2}')
  printf '%s\t%s\t%s\t%s\n' "$label" "$(basename "$db")" "$p" "$total"
done
