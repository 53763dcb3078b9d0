#!/bin/sh
# run.sh WEFT NAME [--update]: run the server folder tests/host/NAME with
# `weft serve NAME $(cat NAME/args)` (stdin empty, no colour) and compare
# stdout+stderr with NAME/expected.out exactly. The scenario ends itself
# (ExecuteCommand('quit') or +quit); 60 s is a hang.
WEFT=$1
NAME=$2
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$HERE/$NAME
ARGS=""
[ -f "$DIR/args" ] && ARGS=$(cat "$DIR/args")
cd "$DIR" || exit 2
# shellcheck disable=SC2086
OUT=$(NO_COLOR=1 timeout 60 "$WEFT" serve . $ARGS </dev/null 2>&1)
RC=$?
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
