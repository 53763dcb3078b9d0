'use strict';
// fs.writeFile/appendFile take Node's steps (open, write..., fsync when
// flush, close), options.signal checked before each write: an abort after
// the call leaves the file opened (truncated) but unwritten; an aborted
// signal calls back at once; appendFile honours the signal too.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-writefile-'));
const f = path.join(dir, 'out.txt');
fs.writeFileSync(f, 'old contents');

const steps = [
  (next) => {
    let sync = true;
    fs.writeFile(f, 'x', { signal: AbortSignal.abort() }, (err) => {
      console.log('aborted path', err.name, 'at once:', sync, JSON.stringify(fs.readFileSync(f, 'utf8')));
      next();
    });
    sync = false;
  },
  (next) => {
    const fd = fs.openSync(f, 'r+');
    let sync = true;
    fs.writeFile(fd, 'x', { signal: AbortSignal.abort() }, (err) => {
      console.log('aborted fd', err.name, 'at once:', sync);
      fs.closeSync(fd);
      next();
    });
    sync = false;
  },
  (next) => {
    let sync = true;
    fs.appendFile(f, 'x', { signal: AbortSignal.abort() }, (err) => {
      console.log('aborted append', err && err.name, 'at once:', sync, JSON.stringify(fs.readFileSync(f, 'utf8')));
      next();
    });
    sync = false;
  },
  (next) => {
    const ac = new AbortController();
    fs.writeFile(f, 'new contents', { signal: ac.signal }, (err) => {
      console.log('abort later', err && err.name, JSON.stringify(fs.readFileSync(f, 'utf8')));
      next();
    });
    process.nextTick(() => ac.abort());
  },
  (next) => {
    const ac = new AbortController();
    fs.appendFile(f, 'tail', { signal: ac.signal }, (err) => {
      console.log('append abort later', err && err.name, JSON.stringify(fs.readFileSync(f, 'utf8')));
      next();
    });
    process.nextTick(() => ac.abort());
  },
  (next) => fs.writeFile(f, 'abc', (err) => {
    fs.appendFile(f, Buffer.from('def'), { flush: true }, (err2) => {
      console.log('write+append', err, err2, fs.readFileSync(f, 'utf8'));
      next();
    });
  }),
  (next) => fs.writeFile(dir, 'x', (err) => {
    console.log('directory', err.code, err.syscall);
    next();
  }),
  (next) => {
    const fd = fs.openSync(f, 'a');
    fs.writeFile(fd, 'ghi', (err) => {
      fs.closeSync(fd);
      console.log('fd', err, fs.readFileSync(f, 'utf8'));
      next();
    });
  },
];
function run(list) {
  if (list.length) list[0](() => run(list.slice(1)));
  else fs.rmSync(dir, { recursive: true });
}
run(steps);
