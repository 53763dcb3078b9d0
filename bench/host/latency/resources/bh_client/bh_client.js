// bh_client: rows 1-5b of bench/host (the seed's latency table). Each row
// awaits in a loop, as a resource awaiting another one does, and prints its
// samples as one line `BENCHJSON {...}` for bench/host/run.mjs; then quits.
// Convars: bench_n (samples per row 1-4), bench_reps (row 5 repetitions).
const now = () => Number(process.hrtime.bigint()) / 1e3; // us
const N = GetConvarInt('bench_n', 2000);
const REPS = GetConvarInt('bench_reps', 10);
const WARM = Math.max(3, Math.floor(N / 10));
const out = (o) => console.log('BENCHJSON ' + JSON.stringify(o));
const round2 = (x) => Math.round(x * 100) / 100;

async function measure(row, n, once) {
  for (let i = 0; i < WARM; i++) await once(i);
  const s = [];
  for (let i = 0; i < n; i++) s.push(round2(await once(i)));
  out({ row, unit: 'us', samples: s });
}

// Row 1: await an event answered by another JS resource.
const pongs = new Map();
on('bh:pong', (id) => { const r = pongs.get(id); pongs.delete(id); if (r) r(); });
async function row1(i) {
  const t0 = now();
  await new Promise((resolve) => { pongs.set(i, resolve); emit('bh:ping', i); });
  return now() - t0;
}

// Row 2: await a callback passed to another JS resource's export.
async function row2() {
  const t0 = now();
  await new Promise((resolve) => exports.bh_js.later(resolve));
  return now() - t0;
}

// Row 3: await a callback a Lua resource calls from its scheduler, from the
// call (entry of the callback) to the continuation.
async function row3() {
  let t0 = 0;
  await new Promise((resolve) => exports.bh_lua.later(() => { t0 = now(); resolve(); }));
  return now() - t0;
}

// Row 4: a Lua event into an async JS handler, entry to first continuation.
// Ping-pong: the continuation asks Lua for the next event.
function row4(n) {
  return new Promise((done) => {
    const s = [];
    let left = n + WARM;
    on('bh:lua2js', async () => {
      const t0 = now();
      await undefined;
      const dt = now() - t0;
      if (left-- <= n) s.push(round2(dt));
      if (left > 0) emit('bh:lua:next');
      else done(s);
    });
    emit('bh:lua:next');
  });
}

// Row 5: a continuation that emits into the same resource again, 1000 hops;
// the clock starts in a timer callback (a macrotask), before the first wait.
let hop = null;
on('bh:hop', () => hop());
async function hops(n) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => { hop = resolve; emit('bh:hop'); });
}
function row5once() {
  return new Promise((done) => setTimeout(() => {
    const t0 = now();
    hops(1000).then(() => done((now() - t0) / 1e3));
  }, 1));
}

// Row 5b: issue 16's shape, an async handler that awaits and emits into its
// own resource again: on(name, async (n) => { await null; emit(name, n + 1) }),
// 1000 hops, from a timer callback to the last handler's continuation.
let hop2 = null;
on('bh:hop2', async (n) => {
  await null;
  if (n < 1000) emit('bh:hop2', n + 1);
  else hop2();
});
function row5bOnce() {
  return new Promise((done) => setTimeout(() => {
    const t0 = now();
    hop2 = () => done((now() - t0) / 1e3);
    emit('bh:hop2', 1);
  }, 1));
}

function luaReady() {
  try { return exports.bh_lua.probe() === 'lua'; } catch (e) { return false; }
}

async function main() {
  await measure('1', N, row1);
  await measure('2', N, row2);
  if (luaReady()) {
    await measure('3', N, row3);
    out({ row: '4', unit: 'us', samples: await row4(N) });
  } else {
    out({ row: '3', pending: 'Lua resources do not load yet' });
    out({ row: '4', pending: 'Lua resources do not load yet' });
  }
  await row5once(); // warm-up
  const s = [];
  for (let i = 0; i < REPS; i++) s.push(round2(await row5once()));
  out({ row: '5', unit: 'ms', samples: s });
  await row5bOnce(); // warm-up
  const s5b = [];
  for (let i = 0; i < REPS; i++) s5b.push(round2(await row5bOnce()));
  out({ row: '5b', unit: 'ms', samples: s5b });
}

on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  setTimeout(() => main().catch((e) => console.log('bench error:', e && e.stack || e))
    .finally(() => ExecuteCommand('quit')), 50);
});
