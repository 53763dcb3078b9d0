// crypto on OpenSSL: digests, HMAC, KDFs with known vectors; random shapes.
const crypto = require('crypto');
for (const alg of ['md5', 'sha1', 'sha256', 'sha512', 'sha3-256', 'RSA-SHA256', 'ripemd160']) {
  console.log(alg, crypto.createHash(alg).update('abc').digest('hex'));
}
console.log(crypto.createHash('sha256').update('ab').update(Buffer.from('c')).digest('base64'));
console.log(crypto.createHash('shake128', { outputLength: 5 }).update('').digest('hex'));
const h = crypto.createHash('sha1').update('a');
const c = h.copy().update('b');
console.log(h.digest('hex'), c.digest('hex'));
try { h.digest(); } catch (e) { console.log(e.code, e.message); }
try { crypto.createHash('nope'); } catch (e) { console.log(e.message); }
console.log(crypto.createHmac('sha256', 'key').update('The quick brown fox jumps over the lazy dog').digest('hex'));
const m = crypto.createHmac('md5', Buffer.alloc(0));
console.log(m.digest('hex'), JSON.stringify(m.digest('hex')));
console.log(crypto.hash('sha1', 'abc'), crypto.hash('md5', Buffer.from('abc'), 'base64'));
console.log(crypto.pbkdf2Sync('password', 'salt', 2, 20, 'sha1').toString('hex'));
console.log(crypto.scryptSync('password', 'NaCl', 16, { N: 1024, r: 8, p: 16 }).toString('hex'));
console.log(crypto.timingSafeEqual(Buffer.from('ab'), Buffer.from('ab')), crypto.timingSafeEqual(Buffer.from('ab'), Buffer.from('ac')));
try { crypto.timingSafeEqual(Buffer.from('a'), Buffer.from('ab')); } catch (e) { console.log(e.code); }
const u = crypto.randomUUID();
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u));
console.log(crypto.randomBytes(7).length, crypto.randomInt(5, 6), typeof crypto.randomInt(100));
try { crypto.randomInt(5, 5); } catch (e) { console.log(e.code); }
console.log(globalThis.crypto === crypto.webcrypto, crypto.getRandomValues(new Uint16Array(3)).length);
// the pool jobs one after another (two running at once may finish in either order)
crypto.pbkdf2('password', 'salt', 1, 20, 'sha256', (err, key) => {
  console.log('pbkdf2', err, key.toString('hex'));
  crypto.scrypt('pw', 'salt', 8, (err, key) => {
    console.log('scrypt', err, key.length);
    crypto.randomFill(new Uint32Array(4), (err, a) => {
      console.log('randomFill', err, a.length);
      crypto.subtle.digest('SHA-256', Buffer.from('abc')).then((ab) => console.log('subtle', Buffer.from(ab).toString('hex')));
    });
  });
});
