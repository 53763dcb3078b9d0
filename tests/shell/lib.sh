# lib.sh: helpers for the shell-driven server tests (sourced; POSIX sh).
# A test builds a server folder under $T, starts `weft serve` with its stdin
# on a fifo (the console), waits for lines, types commands, and checks the
# output and the exit. Everything ends by itself: each wait has a limit.
set -u
WEFT=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-shell.XXXXXX")
PID=""
cleanup() {
  [ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
  exec 3>&- 2>/dev/null
  rm -rf "$T"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  [ -f "$T/out" ] && { echo "--- server output:"; cat "$T/out"; }
  exit 1
}
# resource NAME FILE CONTENT: write one script of a resource (manifest made).
resource() {
  mkdir -p "$T/srv/resources/$1"
  [ -f "$T/srv/resources/$1/fxmanifest.lua" ] ||
    printf "fx_version 'cerulean'\ngame 'common'\n" > "$T/srv/resources/$1/fxmanifest.lua"
  printf "server_script '%s'\n" "$2" >> "$T/srv/resources/$1/fxmanifest.lua"
  printf '%s\n' "$3" > "$T/srv/resources/$1/$2"
}
# serve [ARGS...]: start the server on $T/srv (server.cfg written by the test).
serve() {
  mkdir -p "$T/srv/resources"
  mkfifo "$T/in"
  NO_COLOR=1 "$WEFT" serve "$T/srv" "$@" < "$T/in" > "$T/out" 2>&1 &
  PID=$!
  exec 3> "$T/in"
  START_MS=$(now_ms)
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# wait_for PATTERN SECONDS: until the output has a line matching PATTERN.
wait_for() {
  end=$(($(now_ms) + $2 * 1000))
  while ! grep -q -- "$1" "$T/out" 2>/dev/null; do
    [ "$(now_ms)" -lt "$end" ] || fail "no line matching '$1' after $2 s"
    kill -0 "$PID" 2>/dev/null || { sleep 0.1; grep -q -- "$1" "$T/out" && return 0; fail "server exited before '$1'"; }
    sleep 0.05
  done
}
# type LINE: one console line.
type_line() { printf '%s\n' "$1" >&3; }
# wait_exit SECONDS [CODE]: the server ends within SECONDS, with CODE (0).
wait_exit() {
  end=$(($(now_ms) + $1 * 1000))
  while kill -0 "$PID" 2>/dev/null; do
    [ "$(now_ms)" -lt "$end" ] || fail "server still running $1 s after quit"
    sleep 0.05
  done
  wait "$PID"
  rc=$?
  PID=""
  [ "$rc" -eq "${2:-0}" ] || fail "exit code $rc, expected ${2:-0}"
}
# expect PATTERN: the output has a line matching PATTERN.
expect() { grep -q -- "$1" "$T/out" || fail "no line matching '$1'"; }
expect_not() { ! grep -q -- "$1" "$T/out" || fail "unexpected line matching '$1'"; }
