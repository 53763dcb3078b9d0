#!/bin/sh
# Signals in `weft serve`: the first SIGINT/SIGTERM interrupts script code
# that is running (here a loop with no CPU limit) and the server quits
# cleanly (onResourceStop runs); a second one ends the process at once, even
# while an onResourceStop handler never returns. Prints the measured times.
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
echo PASS
