// fs: opendir/Dir (sync, callback, promise, async iteration), readv/writev,
// statfs shapes, FileHandle readv/writev.
const fs = require('fs');
const os = require('os');
const path = require('path');
const d = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fs-dir-'));
for (const n of ['a', 'b', 'c']) fs.writeFileSync(path.join(d, n), n);
fs.mkdirSync(path.join(d, 'sub'));
const dir = fs.opendirSync(d);
const names = [];
for (let e; (e = dir.readSync()) !== null;) names.push(`${e.name}:${e.isDirectory()}`);
dir.closeSync();
console.log(names.sort(), dir.path === d);
try { dir.readSync(); } catch (e) { console.log(e.code); }
try { fs.opendirSync(path.join(d, 'a')); } catch (e) { console.log(e.code, e.syscall); }
const fd = fs.openSync(path.join(d, 'v'), 'w+');
console.log(fs.writevSync(fd, [Buffer.from('hello '), Buffer.from('world')], 0));
const x = Buffer.alloc(5), y = Buffer.alloc(6);
console.log(fs.readvSync(fd, [x, y], 0), x.toString(), y.toString());
fs.closeSync(fd);
const st = fs.statfsSync(d);
console.log(Object.keys(st), typeof st.bsize, typeof fs.statfsSync(d, { bigint: true }).blocks);
fs.opendir(d, (err, dir2) => {
  dir2.read((err, first) => {
    console.log('cb read', err, typeof first.name);
    dir2.close(async (err) => {
      console.log('cb close', err);
      const seen = [];
      for await (const e of await fs.promises.opendir(d)) seen.push(e.name);
      console.log('iter', seen.sort());
      const h = await fs.promises.open(path.join(d, 'v'), 'r+');
      const r = await h.readv([Buffer.alloc(3), Buffer.alloc(3)], 0);
      console.log('readv', r.bytesRead, r.buffers.map(String));
      console.log('writev', (await h.writev([Buffer.from('HE')], 0)).bytesWritten);
      await h.close();
      console.log(fs.readFileSync(path.join(d, 'v'), 'utf8'));
      fs.rmSync(d, { recursive: true });
    });
  });
});
