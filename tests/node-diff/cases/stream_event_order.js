// stream event order: 'readable'/'data'/'end'/'finish'/'close'/'error',
// interleaved with nextTick and promise jobs, one scenario at a time.
const { Readable, Writable, Duplex, Transform, PassThrough, finished } = require('stream');
const log = (...a) => console.log(...a);
const scenarios = [];
const add = (name, fn) => scenarios.push([name, fn]);

add('readable loop', (done) => {
  const r = new Readable({ read() {} });
  r.on('readable', () => { let c; while ((c = r.read()) !== null) log('chunk', String(c)); });
  r.on('end', () => log('end'));
  r.on('close', () => { log('close'); done(); });
  r.push('a'); process.nextTick(() => log('tick')); Promise.resolve().then(() => log('micro'));
  r.push('b'); setImmediate(() => r.push(null));
});
add('writable backpressure', (done) => {
  const w = new Writable({ highWaterMark: 3, write(c, e, cb) { log('write', String(c)); setImmediate(cb); } });
  log('w1', w.write('ab'), 'w2', w.write('cd'), 'w3', w.write('e'));
  w.on('drain', () => log('drain'));
  w.on('prefinish', () => log('prefinish'));
  w.on('finish', () => log('finish'));
  w.on('close', () => { log('close'); done(); });
  w.end('z', () => log('end cb'));
});
add('destroy with error', (done) => {
  const r = new Readable({ read() {} });
  r.on('error', (e) => log('error', e.message));
  r.on('close', () => { log('close'); done(); });
  r.destroy(new Error('boom'));
  log('destroyed', r.destroyed, r.errored.message);
  process.nextTick(() => log('tick after destroy'));
});
add('transform flush', (done) => {
  const t = new Transform({ transform(c, e, cb) { cb(null, String(c).toUpperCase()); }, flush(cb) { this.push('!'); cb(); } });
  t.on('data', (d) => log('data', String(d)));
  t.on('end', () => log('end'));
  t.on('finish', () => log('finish'));
  t.on('close', () => { log('close'); done(); });
  t.write('x'); t.end('y');
});
add('duplex allowHalfOpen false', (done) => {
  const d = new Duplex({ allowHalfOpen: false, read() {}, write(c, e, cb) { cb(); } });
  d.on('finish', () => log('finish'));
  d.on('end', () => log('end'));
  d.on('close', () => { log('close'); done(); });
  d.resume();
  d.push(null);
});
add('write after end', (done) => {
  const w = new Writable({ write(c, e, cb) { cb(); } });
  w.on('error', (e) => log('error', e.code));
  w.on('close', () => { log('close'); done(); });
  w.end();
  w.write('x', (err) => log('cb', err && err.code));
});
add('pause resume', (done) => {
  const r = new Readable({ objectMode: true, read() {} });
  r.on('data', (d) => { log('data', d); if (d === 1) { r.pause(); setImmediate(() => r.resume()); } });
  r.on('pause', () => log('pause')); r.on('resume', () => log('resume'));
  r.on('end', () => { log('end'); done(); });
  r.push(1); r.push(2); r.push(3); r.push(null);
});
add('final error', (done) => {
  const w = new Writable({ write(c, e, cb) { cb(); }, final(cb) { cb(new Error('final fail')); } });
  w.on('error', (e) => log('error', e.message));
  w.on('finish', () => log('finish'));
  w.on('close', () => { log('close'); done(); });
  w.end('x', (err) => log('end cb', err && err.message));
});
add('write error', (done) => {
  const w = new Writable({ write(c, e, cb) { cb(new Error('write fail')); } });
  w.on('error', (e) => log('error', e.message));
  w.on('close', () => { log('close'); done(); });
  w.write('a', (err) => log('cb1', err && err.message));
  w.write('b', (err) => log('cb2', err && err.message));
});
add('construct', (done) => {
  const w = new Writable({
    construct(cb) { log('construct'); setImmediate(() => { log('constructed'); cb(); }); },
    write(c, e, cb) { log('write', String(c)); cb(); },
    final(cb) { log('final'); cb(); },
    destroy(err, cb) { log('destroy', err); cb(err); },
  });
  w.write('x'); w.end('y');
  w.on('finish', () => log('finish'));
  w.on('close', () => { log('close'); done(); });
});
add('finished after end', (done) => {
  const r = Readable.from(['a']);
  r.resume();
  r.on('end', () => { finished(r, (err) => { log('finished', err); done(); }); });
});
add('unshift', (done) => {
  const r = new Readable({ read() {} });
  r.push('hello');
  r.once('readable', () => {
    log('read2', String(r.read(2)));
    r.unshift(Buffer.from('XY'));
    log('rest', String(r.read()));
    done();
  });
});
(function next(i) {
  if (i === scenarios.length) return;
  const [name, fn] = scenarios[i];
  log(`-- ${name}`);
  fn(() => setImmediate(next, i + 1));
})(0);
