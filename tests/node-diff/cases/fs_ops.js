// fs: sync, callback and promise forms of the common operations agree.
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const d = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fs-ops-'));
const p = (n) => path.join(d, n);
fs.writeFileSync(p('a.txt'), 'hello');
fs.appendFileSync(p('a.txt'), Buffer.from(' world'));
console.log(fs.readFileSync(p('a.txt'), 'utf8'), fs.readFileSync(p('a.txt')).length);
console.log(fs.readFileSync(p('a.txt'), 'hex'), fs.readFileSync(p('a.txt'), { encoding: 'base64' }));
const st = fs.statSync(p('a.txt'));
console.log(st.size, st.isFile(), st.isDirectory(), st.mtime instanceof Date, typeof st.mtimeMs);
console.log(typeof fs.statSync(p('a.txt'), { bigint: true }).size);
console.log(fs.statSync(p('nope'), { throwIfNoEntry: false }));
console.log(fs.mkdirSync(p('x/y/z'), { recursive: true }) === p('x'), fs.mkdirSync(p('x/y'), { recursive: true }));
console.log(fs.readdirSync(d).sort(), fs.readdirSync(d, { withFileTypes: true }).map((e) => [e.name, e.isDirectory(), e.isFile()]).sort());
fs.renameSync(p('a.txt'), p('b.txt'));
fs.copyFileSync(p('b.txt'), p('c.txt'));
try { fs.copyFileSync(p('b.txt'), p('c.txt'), fs.constants.COPYFILE_EXCL); } catch (e) { console.log('excl', e.code); }
fs.symlinkSync(p('c.txt'), p('l'));
console.log(fs.readlinkSync(p('l')) === p('c.txt'), fs.realpathSync(p('l')) === fs.realpathSync(p('c.txt')), fs.lstatSync(p('l')).isSymbolicLink());
const fd = fs.openSync(p('c.txt'), 'r+');
const buf = Buffer.alloc(5);
console.log(fs.readSync(fd, buf, 0, 5, 0), buf.toString());
console.log(fs.writeSync(fd, 'HELLO', 0), fs.fstatSync(fd).size);
fs.ftruncateSync(fd, 4);
fs.closeSync(fd);
console.log(JSON.stringify(fs.readFileSync(p('c.txt'), 'latin1')));
fs.truncateSync(p('b.txt'), 2);
fs.chmodSync(p('b.txt'), 0o600);
console.log((fs.statSync(p('b.txt')).mode & 0o777).toString(8), fs.readFileSync(p('b.txt'), 'utf8'));
fs.utimesSync(p('b.txt'), 1000, 2000);
console.log(fs.statSync(p('b.txt')).mtimeMs, fs.statSync(p('b.txt')).atime.toISOString());
fs.open(p('b.txt'), 'r', (err, fd2) => {
  fs.read(fd2, Buffer.alloc(10), 0, 10, null, (err, n, b) => {
    console.log('read cb', err, n, b.toString('utf8', 0, n));
    fs.close(fd2, async (err) => {
      console.log('close cb', err);
      const h = await fsp.open(p('b.txt'), 'a+');
      await h.appendFile('!!');
      console.log(await h.readFile('utf8'), (await h.stat()).size);
      await h.close();
      await fsp.writeFile(p('w.txt'), new Uint8Array([104, 105]));
      console.log(await fsp.readFile(p('w.txt'), 'utf8'), (await fsp.readdir(d)).length);
      await fsp.rm(d, { recursive: true, force: true });
      console.log('removed', fs.existsSync(d));
    });
  });
});
