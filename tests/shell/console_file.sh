#!/bin/sh
# The console on stdin that is a regular file or /dev/null (issue: a fresh
# user's findings): `weft serve S < q.txt` runs q.txt's lines as a pipe's
# (it ran none and hung); EOF (/dev/null at once) ends the console and the
# server keeps running; a resource's readFileSync(0) does not wait on the
# console's pipe. An unknown command 2000 bytes long is echoed cut,
# with an ellipsis, and keeps its reason.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv/resources"
printf 'ensure cf\n' > "$T/srv/server.cfg"
resource cf server.js "console.log('cf loaded');"
LONG=$(printf '%2000s' '' | tr ' ' x)
printf 'echo hi\n%s\nquit\n' "$LONG" > "$T/q.txt"
NO_COLOR=1 timeout -k 3 20 "$WEFT" serve "$T/srv" < "$T/q.txt" > "$T/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "serve < q.txt: exit code $rc (124: the quit in the file was not run)"
expect '^\[weft\] hi$'
expect '^\[weft\] x\{64\}\.\.\.: unknown command (try help)$'
expect_not 'x\{65\}'
# /dev/null: no console, the server runs on (ended by the timeout)
NO_COLOR=1 timeout -k 3 2 "$WEFT" serve "$T/srv" < /dev/null > "$T/out" 2>&1
rc=$?
[ "$rc" -eq 124 ] || fail "serve < /dev/null: exit code $rc, expected 124 (still running at the timeout)"
expect 'cf loaded'
expect 'started resource cf'
# a stdin file read on from where the shell left it
printf 'echo first\necho second\nquit\n' > "$T/q2.txt"
NO_COLOR=1 timeout -k 3 20 sh -c 'read -r skip; exec "$0" serve "$1"' "$WEFT" "$T/srv" < "$T/q2.txt" > "$T/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "serve after read: exit code $rc"
expect '^\[weft\] second$'
expect_not '^\[weft\] first$'
# a resource reading fd 0 (the console's pipe) synchronously: EAGAIN at once,
# not a server waiting for (and stealing) the console's next line
mkdir -p "$T/srv2/resources/rd"
printf "fx_version 'cerulean'\ngame 'common'\nserver_script 's.js'\n" > "$T/srv2/resources/rd/fxmanifest.lua"
printf "try { require('fs').readFileSync(0); } catch (e) { console.log('fd 0:', e.code); }\n" > "$T/srv2/resources/rd/s.js"
printf 'ensure rd\n' > "$T/srv2/server.cfg"
(sleep 1; echo 'echo typed'; echo quit) | NO_COLOR=1 timeout -k 3 20 "$WEFT" serve "$T/srv2" > "$T/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "readFileSync(0) in a resource: exit code $rc"
expect '^\[rd\] fd 0: EAGAIN$'
expect '^\[weft\] typed$'
echo PASS
