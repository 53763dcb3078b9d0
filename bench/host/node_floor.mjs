#!/usr/bin/env node
// node_floor.mjs: rows 1, 2, 5, 5b and 7 of bench/host in one Node.js
// process with EventEmitter: no isolation, no serialization (the floor a
// single-runtime program gets). Same shapes as bench/host/latency (rows 1,
// 2, 5, 5b) and cpu (row 7); rows 1-2 take [samples] samples after a tenth
// as warm-up. Prints one `BENCHJSON {...}` line per row.
//   node node_floor.mjs [rounds] [reps] [samples]
import { EventEmitter } from 'node:events';

const rounds = Number(process.argv[2] || 5);
const reps = Number(process.argv[3] || 20);
const samples = Number(process.argv[4] || 5000);
const cpuMs = (fn) => {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return Math.round((c.user + c.system) / 10) / 100;
};
const out = (o) => console.log('BENCHJSON ' + JSON.stringify(o));

const ee = new EventEmitter();
let local = 0;
ee.on('local', (i) => { local += i; });
const other = { add: (a, b) => a + b }; // "another module's export"

const cases = {
  '7a': () => { for (let i = 0; i < 100000; i++) ee.emit('local', i); },
  '7c': () => { let s = 0; for (let i = 0; i < 20000; i++) s += other.add(i, 1); return s; },
};
for (const [row, fn] of Object.entries(cases)) {
  cpuMs(fn);
  const s = [];
  for (let i = 0; i < rounds; i++) s.push(cpuMs(fn));
  out({ row, unit: 'ms', samples: s });
}

// Row 5: 1000 hops, each continuation emitting into the same emitter; the
// clock starts in a timer callback.
let hop = null;
ee.on('hop', () => hop());
async function hops(n) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => { hop = resolve; ee.emit('hop'); });
}
const once = () => new Promise((done) => setTimeout(() => {
  const t0 = process.hrtime.bigint();
  hops(1000).then(() => done(Number(process.hrtime.bigint() - t0) / 1e6));
}, 1));
await once();
const s = [];
for (let i = 0; i < reps; i++) s.push(Math.round((await once()) * 100) / 100);
out({ row: '5', unit: 'ms', samples: s });

// Row 5b: an async handler that awaits and emits into the same emitter again.
let hop2 = null;
ee.on('hop2', async (n) => {
  await null;
  if (n < 1000) ee.emit('hop2', n + 1);
  else hop2();
});
const once5b = () => new Promise((done) => setTimeout(() => {
  const t0 = process.hrtime.bigint();
  hop2 = () => done(Number(process.hrtime.bigint() - t0) / 1e6);
  ee.emit('hop2', 1);
}, 1));
await once5b();
const s5b = [];
for (let i = 0; i < reps; i++) s5b.push(Math.round((await once5b()) * 100) / 100);
out({ row: '5b', unit: 'ms', samples: s5b });

// Rows 1-2: a request answered from the other side's next loop iteration
// (setImmediate), by an event (1) or by calling the callback given (2).
const nowUs = () => Number(process.hrtime.bigint()) / 1e3;
const pongs = new Map();
ee.on('pong', (id) => { const r = pongs.get(id); pongs.delete(id); if (r) r(); });
ee.on('ping', (id) => setImmediate(() => ee.emit('pong', id)));
const later = (cb) => { setImmediate(() => cb(42)); };
const row1 = async (i) => {
  const t0 = nowUs();
  await new Promise((resolve) => { pongs.set(i, resolve); ee.emit('ping', i); });
  return nowUs() - t0;
};
const row2 = async () => {
  const t0 = nowUs();
  await new Promise((resolve) => later(resolve));
  return nowUs() - t0;
};
for (const [row, fn] of [['1', row1], ['2', row2]]) {
  for (let i = 0; i < Math.max(3, Math.floor(samples / 10)); i++) await fn(i);
  const s = [];
  for (let i = 0; i < samples; i++) s.push(Math.round((await fn(i)) * 100) / 100);
  out({ row, unit: 'us', samples: s });
}
