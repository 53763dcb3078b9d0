#!/bin/sh
# writeHead with a bad status or header (a fresh user's finding: a silent
# 500, nothing logged): the call throws, in JS with Node's errors (codes
# ERR_HTTP_INVALID_STATUS_CODE, ERR_INVALID_HTTP_TOKEN, ERR_INVALID_CHAR and
# Node 20's messages), in Lua an error at the caller's line; uncaught, it is
# the usual handler error line naming the file:line, and the client gets 500.
. "$(dirname "$0")/lib.sh"
resource hj server.js "$(cat <<'JS'
SetHttpHandler((req, res) => {
  if (req.path === '/caught') {
    const out = [];
    for (const [s, h] of [[99999], [99], [200, { 'X\r\nInjected': 'a' }], [200, { X: 'a\r\nb' }],
                          [200, { X: ['ok', 'a\nb'] }]]) {
      try { res.writeHead(s, h); out.push('ok'); } catch (e) { out.push(`${e.name} ${e.code} ${e.message}`); }
    }
    res.writeHead(200, { 'X-Fine': ['1', 2] });
    res.send(out.join('|'));
  } else {
    res.writeHead(99999, { 'X\r\nInjected': 'a\r\nb' });
    res.send('x');
  }
});
JS
)"
resource hl server.lua "$(cat <<'LUA'
SetHttpHandler(function(req, res)
  if req.path == '/caught' then
    local out = {}
    for _, c in ipairs({ { 99999 }, { 99 }, { 200, { ['X\r\nInjected'] = 'a' } }, { 200, { X = 'a\r\nb' } } }) do
      local ok, e = pcall(res.writeHead, c[1], c[2])
      out[#out + 1] = ok and 'ok' or e
    end
    res.writeHead(200, { ['X-Fine'] = '1' })
    res.send(table.concat(out, '|'))
  else
    res.writeHead(99999, { ['X\r\nInjected'] = 'a\r\nb' })
    res.send('x')
  end
end)
LUA
)"
printf 'set sv_hitchWarning 600000\nendpoint_add_tcp "127.0.0.1:0"\nensure hj\nensure hl\necho cfg done\n' > "$T/srv/server.cfg"
serve
wait_for 'cfg done' 20
P=$(sed -n 's/^\[net\] listening on 127\.0\.0\.1:\([0-9]*\) (tcp.*/\1/p' "$T/out")
[ -n "$P" ] || fail "no tcp port"
cat > "$T/get.js" <<'JS'
const http = require('http');
const port = +process.argv[2];
const paths = ['/hj/caught', '/hj/bad', '/hl/caught', '/hl/bad'];
(function next() {
  const p = paths.shift();
  if (!p) return;
  http.get({ host: '127.0.0.1', port, path: p }, (res) => {
    let b = '';
    res.on('data', (d) => { b += d; });
    res.on('end', () => { console.log(p, res.statusCode, JSON.stringify(b)); next(); });
  });
})();
JS
"$WEFT" run "$T/get.js" "$P" > "$T/get.out" 2>&1 || { cat "$T/get.out"; fail "the client failed"; }
type_line quit
wait_exit 20
cat "$T/get.out" "$T/out"
g() { grep -qF -- "$1" "$T/get.out" || fail "no reply line '$1'"; }
g '/hj/caught 200 "RangeError ERR_HTTP_INVALID_STATUS_CODE Invalid status code: 99999|RangeError ERR_HTTP_INVALID_STATUS_CODE Invalid status code: 99|TypeError ERR_INVALID_HTTP_TOKEN Header name must be a valid HTTP token [\"X\r\nInjected\"]|TypeError ERR_INVALID_CHAR Invalid character in header content [\"X\"]|TypeError ERR_INVALID_CHAR Invalid character in header content [\"X\"]"'
g '/hj/bad 500 '
g '/hl/bad 500 '
g '/hl/caught 200 "Invalid status code: 99999|Invalid status code: 99|Header name must be a valid HTTP token [\"X\r\nInjected\"]|Invalid character in header content [\"X\"]"'
expect '^\[net\] http handler of hj: the handler threw: Invalid status code: 99999 (.*hj/server.js:11'
expect '^\[net\] http handler of hl: .*hl/server.lua:11: Invalid status code: 99999'
echo PASS
