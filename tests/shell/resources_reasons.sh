#!/bin/sh
# `resources` says why a resource is stopped when nobody asked for the stop:
# its own process.exit(4) ("stopped: process.exit(4)"), and a refused start
# with the very text of its `could not start` line (dependency not found:
# file:line and quotes, as the ensure line); a stop asked for says nothing.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'ensure bad14\nensure quitter\nensure nofile\nensure asked\n' > "$T/srv/server.cfg"
resource bad14 server.js "console.log('bad14 ran?!');"
printf "dependency 'nonexistent_dep'\n" >> "$T/srv/resources/bad14/fxmanifest.lua"
resource quitter server.js "setTimeout(() => process.exit(4), 1);"
resource nofile server.js "console.log('nofile ran?!');"
printf "server_script 'missing.js'\n" >> "$T/srv/resources/nofile/fxmanifest.lua"
resource asked server.js "console.log('asked runs');"
serve
wait_for 'stopped resource quitter' 20
wait_for 'started resource asked' 20
type_line "stop asked"
type_line resources
type_line "echo listed"
wait_for 'listed' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[weft\] could not start "bad14": fxmanifest.lua:4: dependency "nonexistent_dep" not found$'
expect '^\[weft\] bad14  *stopped  *-  *0 KiB  error: fxmanifest.lua:4: dependency "nonexistent_dep" not found$'
expect '^\[weft\] quitter  *stopped  *-  *0 KiB  stopped: process.exit(4)$'
expect "^\\[weft\\] could not start \"nofile\": fxmanifest.lua:4: server_script 'missing.js' matches no file$"
expect "^\\[weft\\] nofile  *stopped  *-  *0 KiB  error: fxmanifest.lua:4: server_script 'missing.js' matches no file$"
expect '^\[weft\] asked  *stopped  *-  *0 KiB$'
expect_not 'ran?!'
echo PASS
