#!/bin/sh
# Console lines that arrive in one read with a command that hits the CPU
# limit (a fresh user's finding: the lines after it that reached the same
# resource printed nothing, its runtime halted but not yet stopped). Each
# line now sees what the lines before it queued, as if typed one at a time:
# the runaway's resource is stopped before the next line, so its other
# command is an unknown command, with one line; the lines after it and a
# later command are answered. JS and Lua.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'set sv_hitchWarning 600000\nset weft_cpuLimitMs 500\nensure hog\nensure hogl\n' > "$T/srv/server.cfg"
resource hog server.js "RegisterCommand('spin', () => { for (;;) {} }, false);
RegisterCommand('hi', () => console.log('hi from hog'), false);"
resource hogl server.lua "RegisterCommand('spinl', function() while true do end end, false)
RegisterCommand('hil', function() print('hi from hogl') end, false)"
serve
wait_for 'started resource hogl' 20
# one write: the server reads these lines in one batch
printf 'hi\nhil\nspin\nhi\necho after-js\nspinl\nhil\necho after-lua\n' >&3
wait_for 'after-lua' 30
type_line resources
type_line 'echo later'
wait_for 'later' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[hog\] hi from hog$'
expect '^\[hogl\] hi from hogl$'
expect '^\[hog\] script ran longer than 500 ms without returning (weft_cpuLimitMs) in @hog/server.js:1: stopping the resource$'
expect '^\[hogl\] script ran longer than 500 ms without returning (weft_cpuLimitMs) in @hogl/server.lua:1: stopping the resource$'
[ "$(grep -c '^\[weft\] hi: unknown command (try help)$' "$T/out")" -eq 1 ] || fail "hi after spin: no unknown-command line"
[ "$(grep -c '^\[weft\] hil: unknown command (try help)$' "$T/out")" -eq 1 ] || fail "hil after spinl: no unknown-command line"
[ "$(grep -c 'hi from' "$T/out")" -eq 2 ] || fail "a command reached a stopped resource"
# the order of the lines: each stop comes before the line after its runaway
order=$(grep -n -e '^\[weft\] stopped resource hog$' -e '^\[weft\] hi: unknown' -e 'after-js$' \
  -e '^\[weft\] stopped resource hogl$' -e '^\[weft\] hil: unknown' -e 'after-lua$' "$T/out" |
  sed 's/^[0-9]*:\[weft\] //' | tr '\n' '|')
[ "$order" = "stopped resource hog|hi: unknown command (try help)|after-js|stopped resource hogl|hil: unknown command (try help)|after-lua|" ] ||
  fail "lines out of order: $order"
expect '^\[weft\] hog  *stopped .*error: ran longer than 500 ms (weft_cpuLimitMs) in @hog/server.js:1$'
expect '^\[weft\] hogl  *stopped .*error: ran longer than 500 ms (weft_cpuLimitMs) in @hogl/server.lua:1$'
expect '^\[weft\] later$'
echo PASS
