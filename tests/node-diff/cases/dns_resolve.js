// dns: resolve* and reverse against a DNS server on 127.0.0.1 written here
// (dgram): the answer shapes of every record type, ttl, ANY, NXDOMAIN,
// SERVFAIL, getServers/setServers with a port, the promise forms, and
// ERR_INVALID_IP_ADDRESS / ERR_INVALID_ARG_VALUE.
'use strict';
const dgram = require('dgram');
const dns = require('dns');

const T = { A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33, NAPTR: 35, ANY: 255, CAA: 257 };
const name = (n) => Buffer.concat([...n.split('.').filter(Boolean).map((l) =>
  Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])]);
const u16 = (v) => { const b = Buffer.alloc(2); b.writeUInt16BE(v); return b; };
const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v); return b; };
const str = (s) => Buffer.concat([Buffer.from([s.length]), Buffer.from(s)]);
const rdata = {
  A: () => Buffer.from([10, 0, 0, 1]),
  AAAA: () => Buffer.from('20010db8000000000000000000000001', 'hex'),
  MX: () => Buffer.concat([u16(10), name('mail.example.test')]),
  NS: () => name('ns1.example.test'),
  CNAME: () => name('target.example.test'),
  PTR: () => name('ptr.example.test'),
  TXT: () => Buffer.concat([str('v=spf1'), str('-all')]),
  SRV: () => Buffer.concat([u16(1), u16(2), u16(5060), name('sip.example.test')]),
  SOA: () => Buffer.concat([name('ns1.example.test'), name('admin.example.test'), u32(2024), u32(3600),
    u32(600), u32(86400), u32(60)]),
  NAPTR: () => Buffer.concat([u16(100), u16(10), str('S'), str('SIP+D2U'), str(''), name('_sip._udp.example.test')]),
  CAA: () => Buffer.concat([Buffer.from([0]), str('issue'), Buffer.from('ca.example.test')]),
};
function rr(owner, type, data, ttl = 300) {
  return Buffer.concat([name(owner), u16(T[type]), u16(1), u32(ttl), u16(data.length), data]);
}
function answer(q) {
  const id = q.readUInt16BE(0);
  let o = 12, labels = [];
  while (q[o]) { labels.push(q.toString('latin1', o + 1, o + 1 + q[o])); o += q[o] + 1; }
  const qname = labels.join('.'), qtype = q.readUInt16BE(o + 1), question = q.subarray(12, o + 5);
  let rcode = 0, rrs = [];
  if (qname.startsWith('nx.')) rcode = 3;
  else if (qname.startsWith('fail.')) rcode = 2;
  else if (qtype === T.ANY) rrs = ['A', 'AAAA', 'MX', 'TXT'].map((t) => rr(qname, t, rdata[t]()));
  else {
    const type = Object.keys(T).find((k) => T[k] === qtype);
    if (type === 'A' && qname.startsWith('two.')) rrs = [rr(qname, 'A', rdata.A(), 5), rr(qname, 'A', Buffer.from([10, 0, 0, 2]), 6)];
    else rrs = [rr(qname, type, rdata[type]())];
  }
  return Buffer.concat([u16(id), u16(0x8180 | rcode), u16(1), u16(rrs.length), u16(0), u16(0), question, ...rrs]);
}

const server = dgram.createSocket('udp4');
server.on('message', (msg, rinfo) => server.send(answer(msg), rinfo.port, rinfo.address));
server.bind(0, '127.0.0.1', async () => {
  const port = server.address().port;
  const r = new dns.Resolver({ timeout: 2000, tries: 1 });
  r.setServers([`127.0.0.1:${port}`]);
  console.log('servers', r.getServers().map((s) => s.replace(String(port), 'PORT')));
  const call = (method, host, opts) => new Promise((resolve) => {
    const done = (err, res) => {
      if (err) console.log(method, host, 'error', err.code, err.syscall, err.hostname, err.message, err.errno);
      else console.log(method, host, JSON.stringify(res));
      resolve();
    };
    if (opts) r[method](host, opts, done);
    else r[method](host, done);
  });
  for (const m of ['resolve4', 'resolve6', 'resolveMx', 'resolveNs', 'resolveCname', 'resolvePtr', 'resolveTxt',
    'resolveSrv', 'resolveSoa', 'resolveNaptr', 'resolveCaa', 'resolveAny']) await call(m, 'example.test');
  await call('resolve4', 'two.example.test', { ttl: true });
  await call('resolve6', 'example.test', { ttl: true });
  await call('resolve4', 'nx.example.test');
  await call('resolveMx', 'fail.example.test');
  await call('reverse', '10.0.0.1');
  await new Promise((resolve) => r.resolve('example.test', 'MX', (e, res) => { console.log('resolve MX', JSON.stringify(res)); resolve(); }));
  try { r.resolve('example.test', 'BOGUS', () => {}); } catch (e) { console.log(e.code, e.message); }
  try { r.setServers(['not an ip']); } catch (e) { console.log(e.code, e.message); }
  try { r.reverse('nope', () => {}); } catch (e) { console.log(e.code, e.syscall, e.message); }
  const p = new dns.promises.Resolver();
  p.setServers([`127.0.0.1:${port}`]);
  console.log('promise resolve4', await p.resolve4('example.test'));
  console.log('promise resolveTxt', await p.resolve('example.test', 'TXT'));
  await p.resolve4('nx.example.test').catch((e) => console.log('promise nx', e.code, e.message));
  server.close();
});
