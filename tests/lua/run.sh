#!/bin/sh
# tests/lua/run.sh WEFT_BIN [NAME]: run tests/lua/NAME.lua (every case when
# NAME is omitted) with `weft run` and compare stdout+stderr with NAME.out.
# A case's header may say "-- env: K=V ..." (extra environment, e.g. lower
# limits) and "-- exit: N" (expected exit code, default 0).
set -u
WEFT=$1
DIR=$(cd "$(dirname "$0")" && pwd)
if [ $# -ge 2 ]; then CASES=$2; else CASES=$(cd "$DIR" && ls *.lua | sed 's/\.lua$//'); fi
fail=0
for name in $CASES; do
  file=$DIR/$name.lua
  envs=$(sed -n 's/^-- env: //p' "$file" | head -1)
  want_rc=$(sed -n 's/^-- exit: //p' "$file" | head -1)
  [ -n "$want_rc" ] || want_rc=0
  out=$(cd "$DIR" && env $envs "$WEFT" run "$name.lua" 2>&1)
  rc=$?
  if [ "$out" != "$(cat "$DIR/$name.out")" ]; then
    echo "FAIL $name: output differs (expected vs actual):"
    printf '%s\n' "$out" | diff "$DIR/$name.out" - | head -40
    fail=1
  elif [ "$rc" != "$want_rc" ]; then
    echo "FAIL $name: exit code $rc, expected $want_rc"
    fail=1
  else
    echo "ok $name"
  fi
done
exit $fail
