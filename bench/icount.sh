#!/usr/bin/env bash
# bench/icount.sh: instructions per op of bench/js/NAME.js under callgrind,
# load-independent (for comparing builds on a busy machine). Runs NAME at N1
# and N2 ops; (I(N2) - I(N1)) / (1.1 x (N2 - N1)) cancels start-up and counts
# the harness's N/10 warm-up pass. Needs valgrind.
#   bench/icount.sh [-w WEFT] NAME... [--n N1 N2]   (default 2e4 4e4)
set -euo pipefail
cd "$(dirname "$0")/.."
WEFT=build/weft
N1=20000 N2=40000
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    -w) WEFT=$2; shift 2 ;;
    --n) N1=$2 N2=$3; shift 3 ;;
    *) names+=("$1"); shift ;;
  esac
done
[ ${#names[@]} -gt 0 ] || { echo "usage: bench/icount.sh [-w WEFT] NAME... [--n N1 N2]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { # NAME N -> total instructions
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
    "$WEFT" run "bench/js/$1.js" "$2" >/dev/null 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; exit 1; }
  sed -n 's/^summary: *//p' "$tmp/cg.out"
}
for n in "${names[@]}"; do
  a=$(count "$n" "$N1"); b=$(count "$n" "$N2")
  per=1 # ops per iteration (nexttick-breadth's N counts rounds of 10 ticks)
  [ "$n" = nexttick-breadth ] && per=10
  # timers-timeout-nexttick's warm-up is also N/10
  awk -v n="$n" -v a="$a" -v b="$b" -v n1="$N1" -v n2="$N2" -v per="$per" \
    'BEGIN { printf "%-26s %8.0f instr/op\n", n, (b - a) / (1.1 * (n2 - n1) * per) }'
done
