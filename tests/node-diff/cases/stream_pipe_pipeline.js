// pipe() backpressure and pipeline()/stream.promises, one scenario at a time.
const { Readable, Writable, PassThrough, Transform, pipeline } = require('stream');
const { pipeline: pipelineP, finished: finishedP } = require('stream/promises');
const log = (...a) => console.log(...a);
const scenarios = [];
const add = (name, fn) => scenarios.push([name, fn]);
add('pipe backpressure', (done) => {
  let n = 0;
  const r = new Readable({ highWaterMark: 4, read() { n++; if (n > 6) this.push(null); else this.push('ab' + n); } });
  const w = new Writable({ highWaterMark: 5, write(c, e, cb) { log('write', String(c), w.writableLength); setImmediate(cb); } });
  w.on('drain', () => log('drain'));
  r.on('end', () => log('r end'));
  w.on('finish', () => { log('w finish'); done(); });
  w.on('pipe', () => log('pipe')); w.on('unpipe', () => log('unpipe'));
  r.pipe(w);
});
add('cork writev', (done) => {
  const w = new Writable({
    writev(chunks, cb) { log('writev', chunks.map((c) => String(c.chunk)).join('|')); process.nextTick(cb); },
    write(c, e, cb) { log('write', String(c)); cb(); },
  });
  w.write('a'); w.cork(); w.write('b'); w.write('c'); w.write('d');
  process.nextTick(() => w.uncork());
  w.on('finish', () => { log('finish'); done(); });
  setImmediate(() => w.end());
});
add('pipeline error', (done) => {
  const src = new Readable({ read() { this.destroy(new Error('src fail')); } });
  const dst = new Writable({ write(c, e, cb) { cb(); } });
  dst.on('close', () => log('dst close'));
  pipeline(src, new PassThrough(), dst, (err) => { log('pipeline', err && err.message, dst.destroyed); done(); });
});
add('pipeline generator', (done) => {
  pipeline(Readable.from(['a', 'b']), async function* (src) { for await (const c of src) yield String(c).toUpperCase(); },
    new Writable({ objectMode: true, write(c, e, cb) { log('got', c); cb(); } }), (err) => { log('done', err); done(); });
});
add('promises', async (done) => {
  const chunks = [];
  await pipelineP(Readable.from(['x', 'y', 'z']), new Transform({ objectMode: true, transform(c, e, cb) { cb(null, c + c); } }),
    new Writable({ objectMode: true, write(c, e, cb) { chunks.push(c); cb(); } }));
  log('pipeline resolved', chunks.join(','));
  const r = Readable.from([1]); r.resume();
  await finishedP(r);
  log('finished resolved');
  try {
    await pipelineP(Readable.from([1]), new Writable({ objectMode: true, write(c, e, cb) { cb(new Error('nope')); } }));
  } catch (err) { log('rejected', err.message); }
  done();
});
add('operators', async (done) => {
  log('map', await Readable.from([1, 2, 3]).map(async (x) => x * 2, { concurrency: 2 }).toArray());
  log('filter', await Readable.from([1, 2, 3, 4]).filter((x) => x % 2).toArray());
  log('reduce', await Readable.from([1, 2, 3, 4]).reduce((a, b) => a + b, 0));
  log('take/drop', await Readable.from([1, 2, 3, 4, 5]).drop(1).take(2).toArray());
  log('some/every/find', await Readable.from([1, 2]).some((x) => x > 1), await Readable.from([1, 2]).every((x) => x > 1),
    await Readable.from([1, 2, 3]).find((x) => x > 1));
  done();
});
add('async iteration', async (done) => {
  const r = new Readable({ objectMode: true, read() {} });
  setImmediate(() => { r.push('a'); r.push('b'); r.push(null); });
  for await (const c of r) log('iter', c);
  log('after loop', r.destroyed);
  const e = new Readable({ read() { this.destroy(new Error('iter fail')); } });
  try { for await (const c of e) log('never', c); } catch (err) { log('caught', err.message); }
  done();
});
(function next(i) {
  if (i === scenarios.length) return;
  const [name, fn] = scenarios[i];
  log(`-- ${name}`);
  fn(() => setImmediate(next, i + 1));
})(0);
