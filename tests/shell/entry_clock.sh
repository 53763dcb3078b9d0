#!/bin/sh
# The CPU watchdog times each script entry from its own start, also inside
# lifecycle operations: a resource doing normal work at load time and in
# onResourceStart is not stopped, whether it is the first one of server.cfg
# or `ensure`d from the console after the server sat idle longer than
# weft_cpuLimitMs (both used to measure from 0 or from an old entry).
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
cat > "$T/srv/server.cfg" <<CFG
set weft_cpuWarnMs 1000
set weft_cpuLimitMs 2000
ensure first
ensure firstlua
CFG
JS="let n = 0; for (let i = 0; i < 2e5; i++) n += i % 7;
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  let m = 0; for (let i = 0; i < 2e5; i++) m += i % 7;
  console.log(name + ' busy start ok', n === m);
});"
LUA="local n = 0 for i = 1, 2e5 do n = n + i % 7 end
AddEventHandler('onResourceStart', function(name)
  if name ~= GetCurrentResourceName() then return end
  local m = 0 for i = 1, 2e5 do m = m + i % 7 end
  print(name .. ' busy start ok', n == m)
end)"
resource first server.js "$JS"
resource firstlua server.lua "$LUA"
resource later server.js "$JS"
resource laterlua server.lua "$LUA"
serve
wait_for 'firstlua busy start ok' 20
sleep 2.5 # idle for longer than weft_cpuLimitMs
type_line "ensure later"
type_line "ensure laterlua"
wait_for 'laterlua busy start ok' 20
type_line resources
type_line quit
wait_exit 20
for r in first firstlua later laterlua; do
  expect "^\[$r\] $r busy start ok.*true"
  expect "^\[weft\] $r  *started"
done
expect_not "weft_cpu"
cat "$T/out"
echo PASS
