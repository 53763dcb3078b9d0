// symmetric ciphers and HKDF on OpenSSL: fixed keys and IVs, hex results.
const crypto = require('crypto');
const key16 = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const key32 = Buffer.alloc(32, 7);
const iv16 = Buffer.from('f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff', 'hex');
const iv12 = Buffer.alloc(12, 9);
const text = 'weft says hello to the cipher world';
function roundTrip(alg, key, iv, input) {
  const c = crypto.createCipheriv(alg, key, iv);
  const enc = Buffer.concat([c.update(input, 'utf8'), c.final()]);
  const d = crypto.createDecipheriv(alg, key, iv);
  const dec = d.update(enc, undefined, 'utf8') + d.final('utf8');
  console.log(alg, enc.toString('hex'), dec === input);
}
roundTrip('aes-128-cbc', key16, iv16, text);
roundTrip('aes-256-cbc', key32, iv16, text);
roundTrip('aes-128-ctr', key16, iv16, text);
roundTrip('aes-256-ctr', key32, iv16, text);
roundTrip('aes-128-ecb', key16, null, text);
// the output in pieces (update's encodings) is the same as in one
const p = crypto.createCipheriv('aes-128-cbc', key16, iv16);
console.log(p.update(text.slice(0, 10), 'utf8', 'hex') + p.update(text.slice(10), 'utf8', 'hex') + p.final('hex'));
const b = crypto.createCipheriv('aes-256-cbc', key32, iv16);
console.log(b.update(text, 'utf8', 'base64') + b.final('base64'));
// no padding: the input must be whole blocks
const np = crypto.createCipheriv('aes-128-cbc', key16, iv16).setAutoPadding(false);
const npEnc = Buffer.concat([np.update(Buffer.alloc(32, 0x41)), np.final()]);
const npDec = crypto.createDecipheriv('aes-128-cbc', key16, iv16).setAutoPadding(false);
console.log('nopad', npEnc.toString('hex'), Buffer.concat([npDec.update(npEnc), npDec.final()]).toString());
try {
  const x = crypto.createCipheriv('aes-128-cbc', key16, iv16).setAutoPadding(false);
  x.update('abc');
  x.final();
} catch (e) { console.log(e.code, e.message); }
// AEAD: GCM with AAD, chacha20-poly1305
function aead(alg, key, iv, options) {
  const c = crypto.createCipheriv(alg, key, iv, options);
  c.setAAD(Buffer.from('header'));
  const enc = Buffer.concat([c.update(text), c.final()]);
  const tag = c.getAuthTag();
  console.log(alg, enc.toString('hex'), tag.toString('hex'));
  const d = crypto.createDecipheriv(alg, key, iv, options);
  d.setAAD(Buffer.from('header'));
  d.setAuthTag(tag);
  console.log(' ', d.update(enc, undefined, 'utf8') + d.final('utf8'));
  const bad = crypto.createDecipheriv(alg, key, iv, options);
  bad.setAAD(Buffer.from('header'));
  bad.setAuthTag(Buffer.alloc(tag.length));
  bad.update(enc);
  try { bad.final(); } catch (e) { console.log(' ', e.message); }
}
aead('aes-128-gcm', key16, iv12);
aead('aes-256-gcm', key32, iv12, { authTagLength: 12 });
aead('chacha20-poly1305', key32, iv12, { authTagLength: 16 });
// errors
for (const [alg, key, iv] of [['aes-128-cbc', Buffer.alloc(5), iv16], ['aes-128-cbc', key16, Buffer.alloc(3)],
  ['nope-128', key16, iv16]]) {
  try { crypto.createCipheriv(alg, key, iv); } catch (e) { console.log(e.name, e.code, e.message); }
}
try {
  const d = crypto.createDecipheriv('aes-128-cbc', key16, iv16);
  d.update(Buffer.alloc(16));
  d.final();
} catch (e) { console.log(e.code, e.message, e.reason); }
console.log(crypto.getCiphers().includes('aes-256-gcm'), crypto.getCipherInfo('aes-256-gcm'));
// HKDF (RFC 5869 test case 1) and a plain one
const ikm = Buffer.alloc(22, 0x0b);
const salt = Buffer.from('000102030405060708090a0b0c', 'hex');
const info = Buffer.from('f0f1f2f3f4f5f6f7f8f9', 'hex');
console.log(Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, 42)).toString('hex'));
console.log(Buffer.from(crypto.hkdfSync('sha512', 'key', '', '', 20)).toString('hex'));
crypto.hkdf('sha1', 'key', 'salt', 'info', 16, (err, ab) => {
  console.log('hkdf', err, ab instanceof ArrayBuffer, Buffer.from(ab).toString('hex'));
});
