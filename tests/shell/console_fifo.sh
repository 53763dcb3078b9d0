#!/bin/sh
# A console command naming a FIFO (found while hardening the console: `exec
# FIFO` blocked in open(2) until a writer came, so the whole server hung,
# and SIGTERM could not end it): exec and profiler saveJSON open files
# without blocking and refuse anything that is not a regular file with one
# line; the server keeps answering. A resource whose fxmanifest.lua is a
# FIFO is not a resource (no hang at the scan); a server.cfg that is one is
# said and not run.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv/resources/fifo_res"
# server.cfg itself a FIFO: said, not waited on
mkfifo "$T/srv/server.cfg" "$T/srv/pipe.cfg" "$T/srv/resources/fifo_res/fxmanifest.lua"
serve
type_line 'exec pipe.cfg'
type_line 'echo after exec'
wait_for 'after exec' 20
type_line 'profiler record 2'
wait_for 'recording stopped' 20
type_line 'profiler saveJSON pipe.cfg'
type_line 'profiler saveJSON /dev/null'
type_line 'ensure fifo_res'
type_line 'echo still here'
wait_for 'still here' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[weft\] server.cfg is not a regular file: nothing in it was run$'
expect "^\[weft\] exec: 'pipe.cfg' is not a regular file\$"
expect '^\[weft\] after exec$'
expect "^\[profiler\] cannot write $T/srv/pipe.cfg: not a regular file\$"
expect '^\[profiler\] cannot write /dev/null: not a regular file$'
expect '^\[weft\] ensure: no such resource "fifo_res" (resources lists them)$'
expect '^\[weft\] still here$'
echo PASS
