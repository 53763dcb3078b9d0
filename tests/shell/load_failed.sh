#!/bin/sh
# A resource whose script fails to load (syntax error, out of memory) logs
# one line naming resource, file and error and, as in FiveM, still starts; a
# file missing is a manifest error: "stopped", with the reason in
# `resources`. The others run, and the server answers `quit`.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
cat > "$T/srv/server.cfg" <<CFG
set weft_memoryLimitMb 32
ensure jsbad
ensure luabad
ensure luaoom
ensure jsoom
ensure good
CFG
resource jsbad server.js "console.log('one'"
resource luabad server.lua "print('one'"
resource luaoom server.lua "local t = {} while true do t[#t + 1] = string.rep('x', 1e6) .. #t end"
resource jsoom server.js "const a = []; for (;;) a.push(new Array(1e6).fill(a.length));"
resource good server.js "console.log('good runs');"
printf "server_script 'missing.js'\n" >> "$T/srv/resources/good/fxmanifest.lua"
resource good2 server.js "console.log('good2 runs');"
serve
wait_for 'could not start "good"' 20
type_line "ensure good2"
wait_for 'good2 runs' 20
type_line resources
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[weft\] resource "jsbad": script error in @jsbad/server.js:2:1: SyntaxError: .*; failed to load script server.js$'
expect '^\[weft\] resource "luabad": script error in @luabad/server.lua:2: .*; failed to load script server.lua$'
expect '^\[weft\] resource "luaoom": script error in @luaoom/server.lua:1: not enough memory.*; failed to load script server.lua$'
expect '^\[weft\] resource "jsoom": script error in @jsoom/server.js:1:[0-9]*: InternalError: out of memory; failed to load script server.js$'
expect '^\[weft\] jsbad  *started'
expect '^\[weft\] luabad  *started'
expect '^\[weft\] luaoom  *started'
expect '^\[weft\] jsoom  *started'
expect "^\\[weft\\] good  *stopped  *-  *0 KiB  error: fxmanifest.lua:4: server_script 'missing.js' matches no file"
expect '^\[weft\] good2  *started'
expect_not 'could not start "jsbad"'
echo PASS
