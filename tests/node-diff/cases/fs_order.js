// fs callbacks and promise settlements come from the loop (one at a time here,
// as two pool jobs may finish in either order):
// after the current tick's nextTicks and microtasks, and each callback's own
// nextTicks/microtasks run before the next callback.
const fs = require('fs');
const os = require('os');
const path = require('path');
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fs-order-')), 'f.txt');
fs.writeFileSync(file, 'abc');
fs.readFile(file, 'utf8', (err, s) => {
  console.log('readFile', err, s);
  process.nextTick(() => console.log('tick in readFile'));
  Promise.resolve().then(() => console.log('microtask in readFile'));
  fs.stat(file, (err, st) => {
    console.log('stat', err, st.size, st.isFile());
    fs.promises.readFile(file, 'utf8').then((s) => {
      console.log('promise', s);
      fs.unlink(file, (err) => {
        console.log('unlink', err, fs.existsSync(file));
        fs.rmdirSync(path.dirname(file));
      });
    });
    process.nextTick(() => console.log('tick in stat'));
  });
});
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('microtask'));
console.log('sync end');
