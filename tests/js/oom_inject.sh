#!/usr/bin/env bash
# Runs `WEFT run FILE` with allocation failures injected (src/js/alloc.c):
# from the middle of the run's allocations (counted by a first run without
# failures), every K-th fails, for K in 3..40. A run may end with an error,
# never by a signal or a hang: each failure is an out-of-memory error.
# Usage: tests/js/oom_inject.sh WEFT FILE
set -u
weft=$1 file=$2
n=$(WEFT_JS_FAIL_AT=999999999 WEFT_JS_FAULT_VERBOSE=1 "$weft" run "$file" 2>&1 >/dev/null |
  sed -n 's/^weft: \([0-9]*\) allocations after the bootstrap$/\1/p')
if [ -z "$n" ]; then
  echo "no allocation count from the first run"
  exit 1
fi
bad=0
for k in $(seq 3 40); do
  WEFT_JS_FAIL_AT=$((n / 2)) WEFT_JS_FAIL_EVERY=$k timeout 60 "$weft" run "$file" >/dev/null 2>&1
  rc=$?
  if [ "$rc" -ge 124 ]; then
    echo "every allocation K=$k failing from the $((n / 2))th on: exit $rc"
    bad=1
  fi
done
[ "$bad" -eq 0 ] && echo "38 runs, $n allocations each without failures: no crash"
exit "$bad"
