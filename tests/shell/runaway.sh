#!/bin/sh
# Runaway code in both languages is stopped within weft_cpuLimitMs plus a
# little (the watchdog thread forces the check even in loops of single costly
# operations, and Lua's pcall cannot catch it); each runaway resource ends
# "stopped" with the reason and the script's file:line in `resources`, the
# others keep running, and the server answers `quit`.
# Prints the measured time to stop of each; slack is generous (noisy CI).
. "$(dirname "$0")/lib.sh"
LIMIT=1000
SLACK=$((4000 * ${WEFT_TEST_SLOW:-1}))  # make asan: 4 (one string.rep(1e8) is slow under ASan)
mkdir -p "$T/srv"
cat > "$T/srv/server.cfg" <<CFG
set sv_hitchWarning 600000
set weft_cpuWarnMs 200
set weft_cpuLimitMs $LIMIT
ensure js_alloc
ensure js_churn
ensure js_join
ensure lua_rep
ensure lua_pcall
ensure lua_table
ensure lua_pattern
ensure lua_move
ensure control
CFG
resource js_alloc server.js "on('go:js_alloc', () => { for (;;) { new Uint8Array(2e8); } });"
resource js_churn server.js "on('go:js_churn', () => { for (;;) { try { new Uint8Array(1e7); } catch (e) {} } });"
# one C call of QuickJS over 2^32 holes (QuickJS patch 0022: array builtins poll)
resource js_join server.js "on('go:js_join', () => { const a = []; a.length = 2 ** 32 - 1; a.join(''); });"
resource lua_rep server.lua "AddEventHandler('go:lua_rep', function() while true do local s = string.rep('x', 1e8) end end)"
resource lua_pcall server.lua "AddEventHandler('go:lua_pcall', function() while true do pcall(function() while true do end end) end end)"
resource lua_table server.lua "AddEventHandler('go:lua_table', function()
  local t = {} for i = 1, 3e5 do t[i] = (i * 7919) % 1000003 end
  while true do table.sort(t) table.sort(t, function(a, b) return a > b end) end
end)"
# a backtracking pattern, a move over 1e10 nils: one C call each (Lua patch
# 0003 lets the watchdog in)
resource lua_pattern server.lua "AddEventHandler('go:lua_pattern', function()
  local s = string.rep('a', 5000)
  print(pcall(string.find, s, '(.-)(.-)(.-)(.-)b'))
end)"
resource lua_move server.lua "AddEventHandler('go:lua_move', function() table.move({}, 1, 1e10, 2) end)"
resource control server.js "
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  setTimeout(() => {
    for (const r of ['js_alloc', 'js_churn', 'js_join', 'lua_rep', 'lua_pcall', 'lua_table', 'lua_pattern', 'lua_move']) {
      const t0 = Date.now();
      emit('go:' + r);
      console.log('stopped ' + r + ' after ' + (Date.now() - t0) + ' ms');
    }
    setTimeout(() => console.log('control: done'), 50);
  }, 10);
});"
serve
wait_for 'control: done' 120
type_line resources
type_line quit
wait_exit 20
for r in js_alloc js_churn js_join lua_rep lua_pcall lua_table lua_pattern lua_move; do
  line=$(grep "stopped $r after" "$T/out") || fail "$r: no time"
  ms=$(echo "$line" | sed 's/.* after \([0-9]*\) ms/\1/')
  echo "$r: stopped after $ms ms (limit $LIMIT ms, allowed $((LIMIT + SLACK)))"
  # the clock runs from the entry that emitted (a little before t0)
  [ "$ms" -ge $((LIMIT - 100)) ] || fail "$r stopped before its limit"
  [ "$ms" -le $((LIMIT + SLACK)) ] || fail "$r took $ms ms to stop"
  # the reason, with where the code was, in `resources` and in the stop line
  expect "^\[weft\] $r  *stopped .*error: ran longer than $LIMIT ms (weft_cpuLimitMs) in [^ ]*:[0-9][0-9]*\$"
  expect "^\[$r\] script ran longer than $LIMIT ms without returning (weft_cpuLimitMs) in [^ ]*:[0-9][0-9]*: stopping the resource"
done
expect "^\[weft\] control  *started"
cat "$T/out"
echo PASS
