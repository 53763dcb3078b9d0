#!/bin/sh
# The shared libraries of the network side missing (a fresh user's finding):
# LD_LIBRARY_PATH points at empty files named libwslay.so.1 and
# libenet.so.7, so dlopen fails for both. A WebSocket upgrade gets an HTTP
# 503 with a reason (it got no response at all), and the reason is one
# "[net]" line, once for two upgrades; endpoint_add_udp is one line at its
# cfg line saying ENet is not available and why (it was two lines, the
# second an "i/o error"). The server keeps running.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/lib"
: > "$T/lib/libwslay.so.1"
: > "$T/lib/libenet.so.7"
mkdir -p "$T/srv"
printf 'set sv_hitchWarning 600000\nendpoint_add_tcp "127.0.0.1:0"\nendpoint_add_udp "127.0.0.1:0"\necho cfg done\n' > "$T/srv/server.cfg"
LD_LIBRARY_PATH="$T/lib"
export LD_LIBRARY_PATH
serve
unset LD_LIBRARY_PATH
wait_for 'cfg done' 20
P=$(sed -n 's/^\[net\] listening on 127\.0\.0\.1:\([0-9]*\) (tcp.*/\1/p' "$T/out")
[ -n "$P" ] || fail "no tcp port"
cat > "$T/up.js" <<'JS'
const net = require('net');
const port = +process.argv[2];
let left = 2;
function one() {
  const s = net.connect(port, '127.0.0.1', () => {
    s.write('GET /weft/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
  });
  let got = '';
  s.on('data', (d) => { got += d; });
  s.on('close', () => {
    console.log('reply ' + JSON.stringify(got.split('\r\n')[0]) + ' body ' +
                JSON.stringify(got.slice(got.indexOf('\r\n\r\n') + 4)));
    if (--left) one();
  });
}
one();
JS
"$WEFT" run "$T/up.js" "$P" > "$T/up.out" 2>&1 || { cat "$T/up.out"; fail "the client failed"; }
cat "$T/up.out"
type_line 'echo still here'
wait_for 'still here' 20
type_line quit
wait_exit 20
cat "$T/out"
[ "$(grep -c '^reply "HTTP/1.1 503 Service Unavailable" body "WebSockets are not available on this server\\n"$' "$T/up.out")" -eq 2 ] ||
  fail "expected two 503 replies with a reason"
expect '^\[net\] WebSockets are not available: cannot load libwslay\.so\.1 (Debian package libwslay1): '
[ "$(grep -c 'WebSockets are not available' "$T/out")" -eq 1 ] || fail "expected the reason once"
expect '^\[net\] server.cfg:3: endpoint_add_udp 127\.0\.0\.1:0: cannot listen: ENet is not available: cannot load libenet\.so\.7 (Debian package libenet7): '
expect_not 'i/o error'
expect_not '^weft: '
[ "$(grep -c 'ENet' "$T/out")" -eq 1 ] || fail "expected one ENet line"
echo PASS
