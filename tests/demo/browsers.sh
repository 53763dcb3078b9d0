#!/bin/sh
# browsers.sh WEFT [OUT_PNG]: the demo's chat page driven by two headless
# browsers (Debian's chromium) on 127.0.0.1: a copy of examples/server with a
# fresh database, Ann joins and says hello and stays; Bob joins, gets the
# history from the database (chatlog, Lua), says hi; each page reports what
# it shows (net event chat:seen, printed by chatroom, JS). Saves Bob's page
# as OUT_PNG (default demo-chat.png in the current folder). Exit 77 (skipped,
# said on stdout) when chromium is not installed. Ends by itself (< 60 s).
WEFT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=${2:-$PWD/demo-chat.png}
HERE=$(cd "$(dirname "$0")" && pwd)
CHROME=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROME" ]; then
  echo "SKIP demo browsers: chromium is not installed (apt-get install chromium)"
  exit 77
fi
TMP=$(mktemp -d)
SRV=; ANN=
cleanup() {
  [ -n "$ANN" ] && kill "$ANN" 2>/dev/null
  [ -n "$SRV" ] && kill "$SRV" 2>/dev/null
  exec 3>&- 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
cp -r "$HERE/../../examples/server" "$TMP/server"
rm -f "$TMP"/server/weft.sqlite3*
mkfifo "$TMP/stdin"
(cd "$TMP/server" && NO_COLOR=1 exec "$WEFT" serve . +endpoint_add_tcp 127.0.0.1:0 \
  <"$TMP/stdin" >"$TMP/log" 2>&1) &
SRV=$!
exec 3>"$TMP/stdin" # keeps the console open; `quit` goes through it

wait_for() { # PATTERN SECONDS
  i=0
  while ! grep -q "$1" "$TMP/log" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt $(($2 * 10)) ] && return 1
    sleep 0.1
  done
}
fail() {
  echo "FAIL demo browsers: $1"
  cat "$TMP/log"
  exit 1
}
wait_for 'listening on 127.0.0.1:[0-9]* (tcp' 15 || fail "the server did not listen"
PORT=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$TMP/log" | head -1 | cut -d: -f2)
URL="http://127.0.0.1:$PORT/chatroom/"
# WEFT_TEST_SLOW (make asan: 4) scales the waits the pages depend on
SLOW=${WEFT_TEST_SLOW:-1}
FLAGS="--headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,500"

# Ann stays connected (a debugging port keeps a headless browser open)
# shellcheck disable=SC2086
"$CHROME" $FLAGS --user-data-dir="$TMP/ann" --remote-debugging-port=0 \
  "$URL?name=Ann&say=hello%20from%20Ann&report=hi%20Ann" >"$TMP/ann.txt" 2>&1 &
ANN=$!
wait_for 'player [0-9]* (Ann, .*) joined' 20 || fail "Ann did not join"
sleep "$SLOW" # Ann's message reaches the database
# shellcheck disable=SC2086
timeout 30 "$CHROME" $FLAGS --user-data-dir="$TMP/bob" --virtual-time-budget=$((3000 * SLOW)) \
  --screenshot="$OUT" "$URL?name=Bob&say=hi%20Ann&report=hello%20from%20Ann" \
  >"$TMP/bob.txt" 2>&1 || fail "chromium (Bob) failed: $(tail -3 "$TMP/bob.txt")"
wait_for 'Bob saw: .*Ann: hello from Ann' 15 || fail "Bob did not see Ann's message (history)"
wait_for 'Ann saw: .*Bob: hi Ann' 15 || fail "Ann did not see Bob's message"
[ -s "$OUT" ] || fail "no screenshot"
kill "$ANN" 2>/dev/null; ANN=
echo quit >&3
wait "$SRV"; SRV=
grep 'saw:' "$TMP/log"
echo "PASS demo browsers (screenshot: $OUT)"
