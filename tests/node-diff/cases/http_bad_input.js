// http: a peer sending garbage gets "400 Bad Request" and its socket closed
// ('clientError' without a listener), an oversized head gets 431; the server
// keeps serving well-formed requests afterwards.
'use strict';
const http = require('http');
const net = require('net');
const log = (...a) => console.log(...a);
const server = http.createServer((req, res) => res.end(`ok ${req.url}`));
function raw(bytes) {
  return new Promise((resolve) => {
    const c = net.connect(server.address().port, '127.0.0.1', () => c.end(bytes));
    let got = '';
    c.on('data', (d) => { got += d; });
    c.on('close', () => resolve(got.split('\r\n')[0]));
    c.on('error', () => {});
  });
}
server.listen(0, '127.0.0.1', async () => {
  log('garbage:', await raw('\x00\x01\x02 not http at all\r\n\r\n'));
  log('bad method:', await raw('G@T / HTTP/1.1\r\nHost: x\r\n\r\n'));
  log('bad header:', await raw('GET / HTTP/1.1\r\nHost x\r\n\r\n'));
  log('too big:', await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`));
  log('ok:', await raw('GET /fine HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
  http.get({ host: '127.0.0.1', port: server.address().port, path: '/after', agent: false }, (res) => {
    res.setEncoding('utf8');
    let body = '';
    res.on('data', (d) => { body += d; });
    res.on('end', () => {
      log('after:', res.statusCode, body);
      server.close(() => log('closed'));
    });
  });
});
