// node_peer.mjs: the peer to beat, in Node 20: the same echo over npm's `ws`
// speaking weft's wire format (docs/protocol.md; msgpack from the browser
// client src/net/client.js, loaded as is), and the same small HTTP reply with
// node:http. Prints "PORTS <ws> <http>" once listening.
//   node bench/net/node_peer.mjs WS_MODULE_DIR
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(process.argv[2], 'x.js'));
const { WebSocketServer } = require('ws');
const sandbox = { TextEncoder, TextDecoder };
vm.runInNewContext(fs.readFileSync(path.join(here, '..', '..', 'src', 'net', 'client.js'), 'utf8'), sandbox);
const { encode, decode } = sandbox.weft.msgpack;

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/echo/')) {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('hello world');
  } else { res.writeHead(404); res.end(); }
});
const wss = new WebSocketServer({ server, path: '/weft/ws' });
let nextId = 1;
const handlers = { 'weft:bench': (src, send, seq, t) => send([17, 'weft:bench', [seq, t]]) };
wss.on('connection', (ws) => {
  let id = 0;
  const send = (m) => ws.send(encode(m));
  ws.on('message', (data) => {
    const m = decode(data);
    if (m[0] === 1) { id = nextId++; send([16, id, 'node']); }
    else if (m[0] === 2 && handlers[m[1]]) handlers[m[1]](id, send, ...m[2]);
  });
});
server.listen(0, '127.0.0.1', () => {
  const p = server.address().port;
  console.log(`PORTS ${p} ${p}`);
});
