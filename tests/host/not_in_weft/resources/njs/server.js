// Node 20 built-ins weft lacks, and crypto's missing half: one clear error each
for (const m of ['readline', 'node:https', 'stream/web', 'no-such-package']) {
  try { require(m); } catch (e) { console.log(e.code, e.message.split('\n')[0]); }
}
const crypto = require('crypto');
for (const f of ['createSign', 'generateKeyPairSync', 'createECDH', 'generatePrimeSync']) {
  try { crypto[f]('aes-256-gcm', Buffer.alloc(32), Buffer.alloc(12)); } catch (e) { console.log(e.code, e.message); }
}
console.log(crypto.getCurves().length, Object.keys(crypto).includes('createSign'));
const bm = require('module').builtinModules;
console.log(bm.includes('readline'), bm.includes('module'), bm.includes('fs'));
setTimeout(() => ExecuteCommand('quit'), 10);
