// scrypt's parameter checks as Node 20 reports them: 0 means the default,
// "Invalid scrypt params" with OpenSSL's error text when it queued one,
// ERR_CRYPTO_SCRYPT_INVALID_PARAMETER for a name given with its alias.
const crypto = require('crypto');
const cases = [{ N: 3 }, { N: 1 }, { N: 0 }, { N: 2 ** 20 }, { r: 0 }, { p: 0 }, { maxmem: 0 },
  { N: 16, cost: 16 }, { r: 8, blockSize: 8 }, { p: 1, parallelization: 1 }, { cost: 16 },
  { r: 2 ** 30 }, { maxmem: 1 }, { N: -1 }, { N: 2 ** 32 }, { N: 1.5 },
  { N: 2 ** 14, r: 8, p: 1, maxmem: 16 * 1024 * 1024 }];
for (const o of cases) {
  try {
    console.log(JSON.stringify(o), crypto.scryptSync('p', 's', 16, o).toString('hex'));
  } catch (e) {
    console.log(JSON.stringify(o), e.name, e.code, e.message);
  }
}
try {
  crypto.scrypt('p', 's', 16, { N: 2 ** 20 }, () => {});
} catch (e) {
  console.log('async', e.name, e.code, e.message);
}
crypto.scrypt('p', 's', 16, { N: 0, r: 0, p: 0 }, (err, key) => console.log('async', err, key.toString('hex')));
