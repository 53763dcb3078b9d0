#!/usr/bin/env bash
# bench/startup.sh: wall time of `weft run EMPTY.js` (issue 14's target:
# under 5 ms) next to `node EMPTY.js`, in the same run, with the floors that
# explain it: `weft --version` (exec and the shared libraries, no JS) and
# /bin/true (exec alone). Each row is the mean of R runs of the command
# (a shell loop around date +%s%N, so each row includes the loop's fork and
# exec: compare with /bin/true's), after 5 untimed warm-up runs; page faults
# per run are perf stat's count, when perf works.
#   bench/startup.sh [-w WEFT] [-r R]      (default build/weft, R 200)
set -euo pipefail
cd "$(dirname "$0")/.."
WEFT=build/weft R=200
while [ $# -gt 0 ]; do
  case "$1" in
    -w) WEFT=$2; shift 2 ;;
    -r) R=$2; shift 2 ;;
    *) echo "usage: bench/startup.sh [-w WEFT] [-r RUNS]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/empty.js"
have_perf=0
perf stat -r 1 true >/dev/null 2>&1 && have_perf=1

row() { # LABEL CMD... -> "label  ms  faults"
  local label=$1 ms faults; shift
  for _ in 1 2 3 4 5; do "$@" >/dev/null 2>&1; done
  if [ $have_perf = 1 ]; then
    perf stat -x, -e page-faults -r "$R" "$@" 2>"$tmp/stat" >/dev/null
    faults=$(awk -F, '$3=="page-faults"{print $1}' "$tmp/stat")
    # the time comes from the loop (perf's -x output has no elapsed time)
    ms=$(loop_ms "$@")
    printf '%-24s %8.2f ms %6s faults\n' "$label" "$ms" "$faults"
  else
    ms=$(loop_ms "$@")
    printf '%-24s %8.2f ms\n' "$label" "$ms"
  fi
  last=$ms
}
loop_ms() {
  local t0 t1
  t0=$(date +%s%N)
  for ((i = 0; i < R; i++)); do "$@" >/dev/null 2>&1; done
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" -v r="$R" 'BEGIN { printf "%.2f", (b - a) / r / 1e6 }'
}

echo "startup, mean of $R runs each ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
row "/bin/true" /bin/true
row "weft --version" "$WEFT" --version
row "weft run empty.js" "$WEFT" run "$tmp/empty.js"
w=$last
row "node empty.js" node "$tmp/empty.js"
awk -v w="$w" -v n="$last" 'BEGIN { printf "weft/node: %.3f\n", w / n }'
