// The bench caller (JS): cross-server export round trips one at a time
// (p50/p99), then INFLIGHT at once (throughput), then fan-out of FAN events
// to three servers, then DUR durable events to one durable consumer; then the
// Lua caller's round trips (server.lua). Prints
// "BENCH {json}" (microseconds) and stops every server.
const [SEQ, CONC, INFLIGHT, FAN, DUR] = GetConvar('bench_args', '5000 20000 64 20000 5000').split(' ').map(Number);
const clock = () => Number(WeftTestClock()) / 1000; // us
const pct = (a, p) => a[Math.min(a.length - 1, Math.floor(a.length * p))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const peer = ClusterExports('bench-b', 'bench_peer');
const done = new Map();
let allDone = null;
onCluster('benchFanDone', (server, count) => {
  done.set(server, count);
  if (done.size === 3 && allDone) allDone();
});
let durDone = null;
onCluster('benchDurDone', (server, count) => durDone && durDone(count));
let luaResult = null;
on('bench:luaDone', (p50, p99) => { luaResult = { p50, p99 }; });

async function main() {
  for (const s of ['bench-b', 'bench-c', 'bench-d']) {
    for (;;) {
      try { await ClusterExports(s, 'bench_peer', { timeout: 500 }).ping(); break; } catch { await sleep(100); }
    }
  }
  for (let i = 0; i < 500; i++) await peer.echo(i);
  const lat = [];
  for (let i = 0; i < SEQ; i++) {
    const t = clock();
    await peer.echo(i);
    lat.push(clock() - t);
  }
  lat.sort((a, b) => a - b);
  let next = 0;
  const t0 = clock();
  await Promise.all(Array.from({ length: INFLIGHT }, async () => {
    while (next < CONC) await peer.echo(next++);
  }));
  const tput = CONC / ((clock() - t0) / 1e6);
  emitCluster('benchFanStart', FAN);
  await sleep(300);
  const all = new Promise((r) => { allDone = r; });
  const f0 = clock();
  for (let i = 0; i < FAN; i++) {
    emitCluster('benchFan', i, 'payload');
    if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
  }
  await all;
  const fanSecs = (clock() - f0) / 1e6;
  const received = [...done.values()].reduce((a, b) => a + b, 0);
  // durable events: INFLIGHT publishes at once (each waits for its PubAck),
  // until bench-b's durable consumer has run its handler for all DUR
  let probed = false;
  onCluster('benchDurProbe', () => { probed = true; });
  for (let i = 0; !probed && i < 60; i++) { // bench-b's consumer is in place once a probe reaches it
    await TriggerDurableClusterEvent('benchDur', `probe-${i}`, -1);
    await sleep(500);
  }
  emitCluster('benchDurStart', DUR);
  await sleep(300);
  const durAll = new Promise((r) => { durDone = r; });
  const d0 = clock();
  let dnext = 0;
  await Promise.all(Array.from({ length: INFLIGHT }, async () => {
    while (dnext < DUR) { const i = dnext++; await TriggerDurableClusterEvent('benchDur', `d-${i}`, i); }
  }));
  const durCount = await Promise.race([durAll, sleep(30000).then(() => -1)]);
  const durRate = durCount > 0 ? DUR / ((clock() - d0) / 1e6) : 0;
  emit('bench:lua', SEQ);
  while (!luaResult) await sleep(50);
  console.log(`BENCH ${JSON.stringify({ p50: pct(lat, 0.5), p99: pct(lat, 0.99), tput, fanRate: FAN / fanSecs, fanLost: 3 * FAN - received, luaP50: luaResult.p50, luaP99: luaResult.p99, durRate, durLost: durCount < 0 ? DUR : DUR - durCount })}`);
}
main().catch((e) => console.log(`BENCH-FAILED ${e && e.stack ? e.stack : e}`)).finally(() => {
  emitCluster('benchQuit');
  setTimeout(() => ExecuteCommand('quit'), 300);
});
