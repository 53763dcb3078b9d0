// net: an echo server and a client on 127.0.0.1: connect/data/end/close
// order, half-close, addresses, bytes counters, server close after the last
// connection, and a refused connection's error shape.
'use strict';
const net = require('net');
const log = (...a) => console.log(...a);
const server = net.createServer({ allowHalfOpen: true }, (s) => {
  log('server: connection', s.remoteAddress, s.remoteFamily, typeof s.remotePort);
  const chunks = [];
  s.on('data', (d) => chunks.push(d));
  s.on('end', () => {
    log('server: end, got', Buffer.concat(chunks).toString());
    s.end(Buffer.concat(chunks).toString().toUpperCase());
  });
  s.on('close', (hadError) => log('server: socket close', hadError));
});
server.on('listening', () => log('server: listening', server.listening));
server.listen(0, '127.0.0.1', () => {
  const { address, family, port } = server.address();
  log('address', address, family, port > 0);
  const c = net.connect({ port, host: '127.0.0.1' });
  c.setNoDelay(true);
  c.on('connect', () => {
    log('client: connect', c.remoteAddress === '127.0.0.1', c.remotePort === port, c.readyState);
    c.write('hello ');
    c.end('world', () => log('client: end callback'));
  });
  let got = '';
  c.setEncoding('utf8');
  c.on('data', (d) => { got += d; });
  c.on('end', () => log('client: end', got, c.readyState));
  c.on('close', (hadError) => {
    log('client: close', hadError, c.bytesWritten, c.bytesRead, c.destroyed);
    server.close(() => {
      log('server: closed', server.listening);
      const bad = net.connect(port, '127.0.0.1');
      bad.on('error', (e) => log('refused:', e.code, e.syscall, e.address, e.port === port, e.message === `connect ECONNREFUSED 127.0.0.1:${port}`));
      bad.on('close', (hadError) => log('refused close', hadError));
    });
  });
});
log('isIP', net.isIP('127.0.0.1'), net.isIP('::1'), net.isIP('fe80::1%eth0'), net.isIP('x'), net.isIPv4('1.2.3.4'), net.isIPv6('1.2.3.4'));
