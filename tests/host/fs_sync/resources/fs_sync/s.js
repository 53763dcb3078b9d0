const fs = require('fs');
const dir = GetResourcePath(GetCurrentResourceName());
const fifo = dir + '/fifo';
function t(name, f) {
  const t0 = Date.now();
  let out;
  try {
    const r = f();
    out = 'ok ' + (r === undefined ? '' : r.length !== undefined ? r.length : r);
  } catch (e) {
    out = e.code + ' ' + e.message.split(dir).join('DIR');
  }
  console.log(name + ':', out, Date.now() - t0 < 2000 ? '(quick)' : '(slow)');
}
t('readFileSync fifo', () => fs.readFileSync(fifo));
t('openSync fifo r', () => fs.openSync(fifo, 'r'));
t('openSync fifo w', () => fs.openSync(fifo, 'w'));
t('writeFileSync fifo', () => fs.writeFileSync(fifo, 'x'));
t('appendFileSync fifo', () => fs.appendFileSync(fifo, 'x'));
t('copyFileSync from fifo', () => fs.copyFileSync(fifo, dir + '/copy'));
t('copyFileSync to fifo', () => fs.copyFileSync(dir + '/fxmanifest.lua', fifo));
t('truncateSync fifo', () => fs.truncateSync(fifo));
t('require fifo', () => require('./mod.js'));
t('readFileSync /dev/zero', () => fs.readFileSync('/dev/zero'));
t('readFileSync big.bin', () => fs.readFileSync(dir + '/big.bin'));
t('readFileSync /dev/null', () => fs.readFileSync('/dev/null'));
t('readSync /dev/zero', () => {
  const fd = fs.openSync('/dev/zero', 'r');
  try { return fs.readSync(fd, Buffer.alloc(16), 0, 16, null); } finally { fs.closeSync(fd); }
});
t('readFileSync manifest', () => fs.readFileSync(dir + '/fxmanifest.lua'));
t('copyFileSync manifest', () => { fs.copyFileSync(dir + '/fxmanifest.lua', dir + '/copy'); return fs.readFileSync(dir + '/copy'); });
t('writeFileSync /dev/null', () => fs.writeFileSync('/dev/null', 'x'));
// the callback and promise forms (the thread pool) never wait for a FIFO's
// other end either: no writer reads as empty, no reader fails to open
const fsp = fs.promises;
(async () => {
  for (const [name, f] of [
    ['readFile fifo', () => fsp.readFile(fifo)],
    ['writeFile fifo', () => fsp.writeFile(fifo, 'x')],
    ['copyFile fifo', () => fsp.copyFile(fifo, dir + '/copy2')],
    ['open fifo', async () => { const h = await fsp.open(fifo, 'r'); await h.close(); return 'opened'; }],
  ]) {
    try {
      const r = await f();
      console.log(name + ' (async): ok', r === undefined ? '' : r.length);
    } catch (e) {
      console.log(name + ' (async):', e.code, e.message.split(dir).join('DIR'));
    }
  }
  fs.readFile(dir + '/fxmanifest.lua', (err, b) => {
    console.log('readFile manifest (callback):', err, b.length);
    setTimeout(() => ExecuteCommand('quit'), 50);
    // not caught: one error line naming this file and line; the server goes on
    fs.readFileSync(fifo);
  });
})();
