#!/bin/sh
# run.sh BUILD SECONDS [TARGET...]: run each libFuzzer target built in BUILD
# (all of BUILD/fuzz_* when none is named) for SECONDS, one after another,
# starting from the seeds in tests/fuzz/corpus/TARGET plus what earlier runs
# kept in BUILD/fuzz/corpus/TARGET. Prints one line per target with its
# execution count; a crash, leak, UBSan report, timeout or out-of-memory ends
# that target and leaves its input in BUILD/fuzz/crashes/ (replay it with the
# `make test` build: build/fuzz_TARGET FILE). Exit status 1 if any failed.
# FUZZ_SEED in the environment fixes libFuzzer's -seed (CI sets it).
BUILD=${1:?usage: run.sh BUILD SECONDS [TARGET...]}
SECONDS_EACH=${2:-60}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
TARGETS=$*
if [ -z "$TARGETS" ]; then
  for f in "$BUILD"/fuzz_*; do
    [ -x "$f" ] && TARGETS="$TARGETS ${f##*/fuzz_}"
  done
fi
[ -n "$TARGETS" ] || { echo "fuzz: no targets in $BUILD" >&2; exit 1; }
mkdir -p "$BUILD/fuzz/crashes" "$BUILD/fuzz/logs"
failed=0
for t in $TARGETS; do
  exe="$BUILD/fuzz_$t"
  [ -x "$exe" ] || { echo "fuzz $t: no $exe" >&2; failed=1; continue; }
  work="$BUILD/fuzz/corpus/$t"
  log="$BUILD/fuzz/logs/$t.log"
  mkdir -p "$work"
  dict=""
  [ -f "$HERE/$t.dict" ] && dict="-dict=$HERE/$t.dict"
  seed=""
  [ -n "${FUZZ_SEED:-}" ] && seed="-seed=$FUZZ_SEED"
  # -timeout: one input running longer is a hang; -rss_limit_mb: a runaway.
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$exe" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=2560 \
      -print_final_stats=1 $seed -artifact_prefix="$BUILD/fuzz/crashes/$t-" $dict \
      "$work" "$HERE/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(find "$work" -type f | wc -l)
  if [ "$rc" -eq 0 ]; then
    echo "fuzz $t: ${execs:-?} executions in ${SECONDS_EACH} s, ok (corpus $corpus files)"
  else
    failed=1
    echo "fuzz $t: FAILED after ${execs:-?} executions (exit $rc); log $log"
    grep -E '^(==[0-9]+== ?ERROR|SUMMARY|fuzz invariant failed|.*runtime error:|.*Assertion .* failed|artifact_prefix|Test unit written)' "$log" | head -8
    # where it happened: the first frames of the report (a deadly signal,
    # such as an assert's abort, names nothing else), and the input itself
    grep -E '^ +#[0-9]+ ' "$log" | head -12
    crash=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
    if [ -n "$crash" ] && [ -f "$crash" ]; then
      echo "input ($(wc -c <"$crash") bytes, base64):"
      head -c 4096 "$crash" | base64 -w 100
    fi
  fi
done
exit $failed
