#!/bin/sh
# Signals in `weft serve`: the first SIGINT/SIGTERM interrupts script code
# that is running (here a loop with no CPU limit) and the server quits
# cleanly (onResourceStop runs); a second one ends the process at once, even
# while an onResourceStop handler never returns. A first signal reaches a Lua
# __gc finalizer that never returns (Lua patch 0006), and one the loop does
# not handle within WEFT_SIGNAL_GRACE_MS (blocked in a sync spawn), or whose
# quit does not end within WEFT_SIGNAL_QUIT_MS, ends the process with one
# line. Prints the measured times.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'set weft_cpuLimitMs 0\nset weft_cpuWarnMs 0\nensure spin\nensure spinlua\n' > "$T/srv/server.cfg"
resource spin server.js "
on('onResourceStop', (n) => { if (n === GetCurrentResourceName()) console.log('spin stopping'); });
setTimeout(() => { console.log('spinning'); for (;;) {} }, 50);"
resource spinlua server.lua "
AddEventHandler('onResourceStop', function(n) if n == GetCurrentResourceName() then print('spinlua stopping') end end)"
serve
wait_for 'spinning' 20
sleep 0.3
t0=$(now_ms)
kill -INT "$PID"
wait_exit 20
echo "first SIGINT during a runaway loop: quit after $(($(now_ms) - t0)) ms"
expect '^\[weft\] SIGINT: quitting'
expect '^\[spin\] script interrupted: the server is quitting (a signal)$'
expect_not 'InternalError: interrupted'
expect '^\[spin\] spin stopping'
expect '^\[spinlua\] spinlua stopping'
expect '^\[weft\] stopped resource spin$'
cat "$T/out"

# A second signal while quitting hangs in onResourceStop: exit at once (143).
rm -f "$T/in"
resource hang server.js "
on('onResourceStop', (n) => { if (n === GetCurrentResourceName()) { console.log('hanging'); for (;;) {} } });"
printf 'set weft_cpuLimitMs 0\nset weft_cpuWarnMs 0\nensure hang\n' > "$T/srv/server.cfg"
serve
wait_for 'started resource hang' 20
kill -TERM "$PID"
wait_for 'hanging' 20
sleep 0.3
t0=$(now_ms)
kill -TERM "$PID"
wait_exit 10 143
echo "second SIGTERM while an onResourceStop handler hangs: exit after $(($(now_ms) - t0)) ms"
expect 'second signal: exiting now'
cat "$T/out"

# A first SIGTERM while a __gc finalizer loops (no CPU limit): interrupted,
# the server quits cleanly.
rm -f "$T/in" "$T/srv/resources/hang/server.js"
rm -rf "$T/srv/resources/hang"
resource gcloop server.lua "
RegisterCommand('gcloop', function()
  setmetatable({}, {__gc = function() print('finalizer looping') while true do end end})
  collectgarbage()
  print('gcloop: returned')
end)"
printf 'set weft_cpuLimitMs 0\nset weft_cpuWarnMs 0\nensure gcloop\n' > "$T/srv/server.cfg"
serve
wait_for 'started resource gcloop' 20
type_line gcloop
wait_for 'finalizer looping' 20
sleep 0.3
t0=$(now_ms)
kill -TERM "$PID"
wait_exit 10
echo "first SIGTERM while a __gc finalizer loops: quit after $(($(now_ms) - t0)) ms"
expect '^\[weft\] SIGTERM: quitting'
expect '^\[weft\] stopped resource gcloop$'
cat "$T/out"

# A first SIGTERM while the loop is blocked in C work (a sync spawn no limit
# bounds): the process ends past the grace, saying so (143).
rm -f "$T/in"
rm -rf "$T/srv/resources/gcloop"
resource block server.js "
setTimeout(() => { console.log('blocking'); require('child_process').spawnSync('sleep', ['20']); }, 10);"
printf 'set weft_cpuLimitMs 0\nset weft_cpuWarnMs 0\nensure block\n' > "$T/srv/server.cfg"
serve
wait_for 'blocking' 20
sleep 0.3
t0=$(now_ms)
kill -TERM "$PID"
wait_exit 10 143
echo "first SIGTERM while the loop is blocked: exit after $(($(now_ms) - t0)) ms"
expect '^\[weft\] SIGTERM not handled within 3000 ms (the loop is blocked): exiting now$'
cat "$T/out"

# A first SIGTERM whose quit never ends (no CPU limit; a Lua finalizer loops
# at lua_close, after onResourceStop): the process ends WEFT_SIGNAL_QUIT_MS
# after the loop handled the signal, saying so (143).
rm -f "$T/in"
rm -rf "$T/srv/resources/block"
resource gcclose server.lua "
KEEP = setmetatable({}, {__gc = function() print('gc at close') while true do end end})"
printf 'set weft_cpuLimitMs 0\nset weft_cpuWarnMs 0\nensure gcclose\n' > "$T/srv/server.cfg"
serve
wait_for 'started resource gcclose' 20
t0=$(now_ms)
kill -TERM "$PID"
wait_exit 20 143
echo "first SIGTERM whose quit never ends: exit after $(($(now_ms) - t0)) ms"
expect '^\[gcclose\] gc at close$'
expect '^\[weft\] SIGTERM: the quit did not end within 10000 ms (a stop handler or finalizer does not return): exiting now$'
cat "$T/out"
echo PASS
