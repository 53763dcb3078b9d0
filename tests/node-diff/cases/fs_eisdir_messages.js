// EISDIR and friends as Node 20 words them: reading a directory names no path
// (readFile, readFileSync, promises.readFile, read, readSync); open, unlink and
// rmdir name theirs.
const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-eisdir-'));
const file = path.join(dir, 'f');
fs.writeFileSync(file, 'x');
const show = (label, e) => console.log(label, e.code, e.syscall, e.message.replace(dir, 'DIR'),
  e.path === undefined ? 'no path' : 'path');
const sync = (label, f) => { try { f(); console.log(label, 'ok'); } catch (e) { show(label, e); } };
sync('readFileSync', () => fs.readFileSync(dir));
sync('readSync', () => fs.readSync(fs.openSync(dir, 'r'), Buffer.alloc(4)));
sync('writeFileSync', () => fs.writeFileSync(dir, 'x'));
sync('openSync w', () => fs.openSync(dir, 'w'));
sync('unlinkSync', () => fs.unlinkSync(dir));
sync('rmdirSync file', () => fs.rmdirSync(file));
sync('readdirSync file', () => fs.readdirSync(file));
(async () => {
  await new Promise((res) => fs.readFile(dir, (e) => { show('readFile', e); res(); }));
  await fs.promises.readFile(dir).catch((e) => show('promises.readFile', e));
  await new Promise((res) => fs.read(fs.openSync(dir, 'r'), Buffer.alloc(4), 0, 4, null, (e) => { show('read', e); res(); }));
  await fs.promises.writeFile(dir, 'x').catch((e) => show('promises.writeFile', e));
  fs.rmSync(dir, { recursive: true });
})();
