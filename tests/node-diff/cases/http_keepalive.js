// http: a server and a client on 127.0.0.1 with keep-alive: two requests
// over one pooled socket (Agent keepAlive), chunked and Content-Length
// bodies, headers both ways, POST body, status text, and the server's close.
'use strict';
const http = require('http');
const log = (...a) => console.log(...a);
const ports = [];
const server = http.createServer((req, res) => {
  ports.push(req.socket.remotePort);
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d) => { body += d; });
  req.on('end', () => {
    log('server:', req.method, req.url, req.httpVersion, req.headers['x-one'], JSON.stringify(body));
    if (req.url === '/chunked') {
      res.writeHead(201, 'Made', { 'Content-Type': 'text/plain', 'X-List': ['a', 'b'] });
      res.write('part1;');
      res.end('part2');
    } else {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ url: req.url, len: body.length }));
    }
  });
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(path, method, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.address().port, path, method, agent,
      headers: { 'X-One': 'uno' } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { data += d; });
      res.on('end', () => resolve({ res, data, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}
server.listen(0, '127.0.0.1', async () => {
  const a = await get('/chunked', 'GET');
  log('client:', a.res.statusCode, a.res.statusMessage, a.res.headers['transfer-encoding'],
    a.res.headers['x-list'], a.res.headers.connection, a.data, a.reused);
  const b = await get('/json?x=1', 'POST', 'hello body');
  log('client:', b.res.statusCode, b.res.headers['content-length'], b.res.headers['content-type'], b.data, b.reused);
  log('same socket:', ports.length === 2 && ports[0] === ports[1]);
  log('free sockets:', Object.keys(agent.freeSockets).length);
  agent.destroy();
  server.close(() => log('server closed'));
});
