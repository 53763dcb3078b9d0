#!/usr/bin/env bash
# bench/quiet-table.sh: the one command for issue 16's tables on a quiet
# machine. Builds, runs `make bench` (bench/run.mjs, 5 alternating runs per
# row, then `make bench-host`) and writes both tables into bench/RESULTS.md
# with the machine, load average and date. Takes ~10 minutes (see bench/README.md).
#   bench/quiet-table.sh [--runs N]     (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=5
if [ "${1:-}" = "--runs" ]; then RUNS=${2:?--runs needs a value}; fi
cores=$(nproc 2>/dev/null || echo 1)
load=$(cut -d' ' -f1 /proc/loadavg)
echo "quiet-table: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $load on $cores cores"
if awk -v l="$load" -v c="$cores" 'BEGIN { exit !(l >= c) }'; then
  echo "quiet-table: warning: load average $load >= $cores cores: the figures will carry that load" >&2
fi
start=$(date +%s)
make build
if grep -q '^bench-host:' Makefile; then
  make bench BENCH_ARGS="--runs $RUNS --results bench/RESULTS.md"
else
  make bench-js BENCH_ARGS="--runs $RUNS --results bench/RESULTS.md"
fi
echo "quiet-table: done in $(( $(date +%s) - start )) s, load average $(cut -d' ' -f1 /proc/loadavg); see bench/RESULTS.md"
