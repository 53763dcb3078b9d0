#!/usr/bin/env bash
# node-test-tap.sh WEFT CASE.js: CASE's node:test report and exit code under
# weft equal Node's, once durations and stack frames (engine-specific) are
# left out.
set -u
weft=$(realpath "$1") case=$2
norm() {
  sed -E 's/(duration_ms:?) [0-9.]+/\1 N/' | awk '
    /^ *stack: \|-$/ { skip = match($0, /[^ ]/); next }
    skip && match($0, /[^ ]/) > skip + 1 { next }
    { skip = 0; print }'
}
cd "$(dirname "$case")" || exit 2
expected=$(node "$(basename "$case")" 2>/dev/null </dev/null); ecode=$?
actual=$("$weft" run "$(basename "$case")" 2>/dev/null </dev/null); acode=$?
if ! diff <(norm <<<"$expected") <(norm <<<"$actual"); then
  echo "FAIL: the report differs (< node, > weft)"
  exit 1
fi
[ "$ecode" = "$acode" ] || { echo "FAIL: exit code $acode, node $ecode"; exit 1; }
echo "ok (exit $acode)"
