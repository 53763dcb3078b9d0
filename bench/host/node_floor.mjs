#!/usr/bin/env node
// node_floor.mjs: rows 5 and 7 of bench/host in one Node.js process with
// EventEmitter: no isolation, no serialization (the floor a single-runtime
// program gets). Same shapes as bench/host/latency (row 5) and cpu (row 7).
// Prints one `BENCHJSON {...}` line per row.  node node_floor.mjs [rounds] [reps]
import { EventEmitter } from 'node:events';

const rounds = Number(process.argv[2] || 5);
const reps = Number(process.argv[3] || 20);
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
