#!/bin/sh
# An endpoint on a port that is already in use (a fresh user's finding: it
# said "cannot listen: unknown error"): one line naming the command's place,
# the address and libuv's reason ("address already in use (EADDRINUSE)"),
# for the TCP (HTTP) and the UDP (ENet) endpoint, from server.cfg and typed
# on the console; the server keeps running and answers a later command.
# The ports are held by a `weft run` script for the length of the test.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv/resources"
cat > "$T/hold.js" <<'EOF'
const net = require('net'), dgram = require('dgram');
const srv = net.createServer().listen(0, '127.0.0.1', () => {
  const port = srv.address().port;
  // the same port number for UDP, so one address is busy for both kinds
  const u = dgram.createSocket('udp4');
  u.on('error', () => { console.log('udp busy'); process.exit(3); });
  u.bind(port, '127.0.0.1', () => console.log('port ' + port));
});
setTimeout(() => {}, 60000);
EOF
"$WEFT" run "$T/hold.js" > "$T/hold.out" 2>&1 &
HOLD=$!
trap 'kill $HOLD 2>/dev/null; cleanup' EXIT
end=$(($(now_ms) + 20000))
until grep -q '^port ' "$T/hold.out"; do
  [ "$(now_ms)" -lt "$end" ] || { cat "$T/hold.out"; fail "the holder did not bind"; }
  sleep 0.05
done
P=$(sed -n 's/^port //p' "$T/hold.out")
printf 'set sv_hitchWarning 600000\nendpoint_add_tcp "127.0.0.1:%s"\nendpoint_add_udp "127.0.0.1:%s"\necho cfg done\n' \
  "$P" "$P" > "$T/srv/server.cfg"
serve
wait_for 'cfg done' 20
type_line "endpoint_add_tcp \"127.0.0.1:$P\""
type_line "endpoint_add_udp 127.0.0.1:$P"
type_line 'echo still here'
wait_for 'still here' 20
type_line quit
wait_exit 20
kill $HOLD 2>/dev/null
cat "$T/out"
expect "^\[net\] server.cfg:2: endpoint_add_tcp 127.0.0.1:$P: cannot listen: address already in use (EADDRINUSE)\$"
expect "^\[net\] server.cfg:3: endpoint_add_udp 127.0.0.1:$P: cannot listen: address already in use (EADDRINUSE)\$"
expect "^\[net\] endpoint_add_tcp 127.0.0.1:$P: cannot listen: address already in use (EADDRINUSE)\$"
expect "^\[net\] endpoint_add_udp 127.0.0.1:$P: cannot listen: address already in use (EADDRINUSE)\$"
expect '^\[weft\] still here$'
expect_not 'unknown error'
[ "$(grep -c 'cannot listen' "$T/out")" -eq 4 ] || fail "expected 4 'cannot listen' lines"
echo PASS
