#!/bin/sh
# An exec'ed file that execs itself on several lines fans out as
# lines^depth (3^8 files here): one load execs at most WEFT_CFG_MAX_EXEC_FILES
# and says so once (the depth limit is said once too); the rest of server.cfg
# runs.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv/resources"
printf 'exec fan.cfg\nensure after\nquit\n' > "$T/srv/server.cfg"
printf 'exec fan.cfg\nexec fan.cfg\nexec fan.cfg\n' > "$T/srv/fan.cfg"
resource after server.js "console.log('after runs');"
serve
wait_exit 60
expect 'after runs'
expect 'more than 256 files exec.ed in one load'
[ "$(grep -c 'more than 256 files' "$T/out")" = 1 ] || fail "the cap was reported more than once"
[ "$(grep -c 'nested deeper' "$T/out")" = 1 ] || fail "the depth limit was reported more than once"
echo "PASS cfg_fanout"
