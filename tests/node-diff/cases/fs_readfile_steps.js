'use strict';
// fs.readFile takes Node's separate steps (open, fstat, read..., close), each
// a thread-pool request made in the previous one's callback: a chain of
// immediates started with it gets several turns before its callback.
const fs = require('fs');

function race(label, start, next) {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  start((err, data) => {
    done = true;
    console.log(label, err ? err.code : typeof data, 'immediates first >= 2:', turns >= 2);
    next();
  });
}

const steps = [
  (next) => race('readFile', (cb) => fs.readFile(__filename, cb), next),
  (next) => race('readFile utf8', (cb) => fs.readFile(__filename, 'utf8', cb), next),
  (next) => race('readFile EISDIR', (cb) => fs.readFile(__dirname, cb), next),
  (next) => race('promises.readFile', (cb) => fs.promises.readFile(__filename).then((d) => cb(null, d), cb), next),
];
// ENOENT comes from open, the only step taken
function enoent(next) {
  fs.readFile(__filename + '.none', (err) => {
    console.log('ENOENT', err.code, err.syscall);
    next();
  });
}
// an aborted signal: the callback at once for a path
function aborted(next) {
  let sync = true;
  fs.readFile(__filename, { signal: AbortSignal.abort() }, (err) => {
    console.log('aborted', err.name, 'sync:', sync);
    next();
  });
  sync = false;
}
// aborted after the call: seen before the first read
function abortLater(next) {
  const ac = new AbortController();
  fs.readFile(__filename, { signal: ac.signal }, (err, data) => {
    console.log('abort later', err ? err.name : data.length);
    next();
  });
  process.nextTick(() => ac.abort());
}
// a caller's fd: no open or close; read from its position
function userFd(next) {
  const fd = fs.openSync(__filename, 'r');
  fs.readSync(fd, Buffer.alloc(8), 0, 8, null);
  fs.readFile(fd, 'utf8', (err, text) => {
    console.log('fd', err, text === fs.readFileSync(__filename, 'utf8').slice(8));
    fs.closeSync(fd);
    next();
  });
}
function run(list) {
  if (list.length) list[0](() => run(list.slice(1)));
}
run([...steps, enoent, aborted, abortLater, userFd]);
