#!/usr/bin/env bash
# Runs every cargo-fuzz target for SECONDS each (default 600), JOBS at a time
# (default 1), and prints each target's executions and findings.
#   bash scripts/fuzz.sh [SECONDS] [JOBS] [TARGET...]
# Needs nightly (`rustup toolchain install nightly`) and cargo-fuzz
# (`cargo install cargo-fuzz`); both come from registries only.
# Findings land in fuzz/artifacts/TARGET/; the grown corpus in fuzz/corpus/
# (only the seed-* files are committed: `cargo run --example fuzz_seeds`).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$CADB_ROOT/fuzz"

secs=${1:-600}
jobs=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(cargo +nightly fuzz list)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cargo +nightly fuzz build -O

logs=$(mktemp -d)
run_one() {
  local t=$1
  mkdir -p "corpus/$t"
  # -rss_limit_mb: a leak or unbounded allocation is a finding too.
  # The whole-database targets take inputs to 1 MiB, so name tables and
  # chains can grow large enough to reach the limits of src/limits.rs.
  local max_len=65536
  case $t in database|db_queries) max_len=1048576 ;; esac
  if cargo +nightly fuzz run -O "$t" "corpus/$t" -- -max_total_time="$secs" \
      -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len="$max_len" \
      -print_final_stats=1 >"$logs/$t.log" 2>&1; then
    status=ok
  else
    status="FINDING (see fuzz/artifacts/$t and $logs/$t.log)"
  fi
  local execs
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$logs/$t.log" | grep -oE '[0-9]+$' || echo '?')
  printf '%-20s %10s executions in %ss: %s\n' "$t" "$execs" "$secs" "$status"
}

running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if (( running >= jobs )); then wait -n || true; running=$((running - 1)); fi
done
wait
