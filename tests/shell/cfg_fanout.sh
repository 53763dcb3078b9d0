#!/bin/sh
# Files that each exec the next one on several lines fan out as
# lines^depth (3^9 execs here; no file execs itself, which is refused as an
# exec loop): one load execs at most WEFT_CFG_MAX_EXEC_FILES and says so once
# (the depth limit is said once too); the rest of server.cfg runs.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv/resources"
printf 'exec fan0.cfg\nensure after\nquit\n' > "$T/srv/server.cfg"
for i in 0 1 2 3 4 5 6 7 8 9; do
  n=$((i + 1))
  printf 'exec fan%s.cfg\nexec fan%s.cfg\nexec fan%s.cfg\n' $n $n $n > "$T/srv/fan$i.cfg"
done
resource after server.js "console.log('after runs');"
serve
wait_exit 60
expect 'after runs'
expect 'more than 256 files exec.ed in one load'
[ "$(grep -c 'more than 256 files' "$T/out")" = 1 ] || fail "the cap was reported more than once"
[ "$(grep -c 'nested deeper' "$T/out")" = 1 ] || fail "the depth limit was reported more than once"
expect_not 'exec loop'
echo "PASS cfg_fanout"
