#!/bin/sh
# run.sh WEFT NAME [--update]: run the server folder tests/host/NAME with
# `weft serve NAME $(cat NAME/args)` (stdin empty, no colour) and compare
# stdout+stderr with NAME/expected.out exactly. The scenario ends itself
# (ExecuteCommand('quit') or +quit); 60 s is a hang. With a file NAME/runs
# holding N, the folder is copied to a fresh temporary folder and the server
# runs there N times in a row (state kept in files, e.g. KVP, survives);
# the outputs are compared one after the other, "--- run K" between them.
# NAME/normalize, if present, is a sed -E script applied to the output
# first (timings); WEFT_SERVE_ARGS adds serve arguments (run_mariadb.sh).
# NAME/setup, if present, is a sh script run in the copied folder before the
# first run (things git cannot hold, such as a FIFO); it needs NAME/runs.
WEFT=$1
NAME=$2
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$HERE/$NAME
ARGS=""
[ -f "$DIR/args" ] && ARGS=$(cat "$DIR/args")
cd "$DIR" || exit 2
if [ -f "$DIR/runs" ]; then
  TMP=$(mktemp -d /tmp/weft-host-XXXXXX) || exit 2
  trap 'rm -rf "$TMP"' EXIT
  cp -R "$DIR/." "$TMP/" && cd "$TMP" || exit 2
  if [ -f "$DIR/setup" ]; then sh "$DIR/setup" || exit 2; fi
  OUT="" RC=0 K=1
  while [ "$K" -le "$(cat "$DIR/runs")" ]; do
    # shellcheck disable=SC2086
    ONE=$(NO_COLOR=1 timeout 60 "$WEFT" serve . $ARGS ${WEFT_SERVE_ARGS:-} </dev/null 2>&1) || RC=$?
    if [ "$K" -eq 1 ]; then OUT="--- run 1
$ONE"; else OUT="$OUT
--- run $K
$ONE"; fi
    K=$((K + 1))
  done
else
  # shellcheck disable=SC2086
  OUT=$(NO_COLOR=1 timeout 60 "$WEFT" serve . $ARGS ${WEFT_SERVE_ARGS:-} </dev/null 2>&1)
  RC=$?
fi
[ -f "$DIR/normalize" ] && OUT=$(printf '%s\n' "$OUT" | sed -E -f "$DIR/normalize")
if [ "$3" = "--update" ]; then
  printf '%s\n' "$OUT" > "$DIR/expected.out"
  echo "updated $NAME"
  exit 0
fi
EXP=$(cat "$DIR/expected.out")
if [ "$RC" -ne 0 ]; then
  echo "FAIL $NAME: exit code $RC"
  printf '%s\n' "$OUT"
  exit 1
fi
if [ "$OUT" != "$EXP" ]; then
  echo "FAIL $NAME: output differs"
  printf '%s\n' "$OUT" > "/tmp/weft-host-$NAME.out"
  diff "$DIR/expected.out" "/tmp/weft-host-$NAME.out"
  exit 1
fi
echo "PASS $NAME"
