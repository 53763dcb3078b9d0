// fs.createReadStream/createWriteStream: open/ready, start/end ranges with an
// encoding, a gzip round trip through pipeline(), errors; files in a fresh
// temporary folder, removed at the end.
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { pipeline } = require('stream');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fs-streams-'));
const p = path.join(dir, 'lines.txt');
const w = fs.createWriteStream(p);
w.on('open', (fd) => console.log('open', typeof fd));
w.on('ready', () => console.log('ready'));
for (let i = 0; i < 1000; i++) w.write(`line ${i}\n`);
w.end('end\n', () => {
  console.log('written', w.bytesWritten, w.pending);
  const r = fs.createReadStream(p, { start: 5, end: 20, encoding: 'utf8' });
  r.on('data', (d) => console.log('data', JSON.stringify(d)));
  r.on('end', () => console.log('end', r.bytesRead));
  r.on('close', () => {
    console.log('close');
    pipeline(fs.createReadStream(p, { highWaterMark: 1024 }), zlib.createGzip(), fs.createWriteStream(`${p}.gz`), (err) => {
      console.log('gz', err, zlib.gunzipSync(fs.readFileSync(`${p}.gz`)).length, fs.statSync(p).size);
      fs.createReadStream(path.join(dir, 'missing')).on('error', (e) => {
        console.log('error', e.code, e.syscall);
        fs.rmSync(dir, { recursive: true });
      });
    });
  });
});
