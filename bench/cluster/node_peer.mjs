// node_peer.mjs: the Node 20 + npm `nats` peer of bench/cluster/run.mjs, the
// same work as weft's side over the same nats-server:
//   node node_peer.mjs responder URL        replies to bench.echo with the request's data
//   node node_peer.mjs receiver URL NAME N  counts bench.fan events, reports on bench.fanDone
//   node node_peer.mjs jsreceiver URL N     a durable JetStream consumer, reports on bench.durDone
//   node node_peer.mjs caller URL SEQ CONC INFLIGHT FAN DUR
// The caller prints one line "BENCH {json}" (latencies in microseconds).
import { connect, JSONCodec, consumerOpts, createInbox } from 'nats';

const [mode, url, ...rest] = process.argv.slice(2);
const jc = JSONCodec();
const nc = await connect({ servers: url, name: `node-${mode}` });

if (mode === 'responder') {
  const sub = nc.subscribe('bench.echo', { queue: 'bench.echo' });
  console.log('READY');
  for await (const m of sub) m.respond(jc.encode(jc.decode(m.data)));
} else if (mode === 'receiver') {
  const [name, n] = [rest[0], Number(rest[1])];
  let count = 0;
  let timer = null;
  const report = () => nc.publish('bench.fanDone', jc.encode({ server: name, count }));
  nc.subscribe('bench.fan', {
    callback: () => {
      count++;
      clearTimeout(timer);
      if (count === n) report();
      else timer = setTimeout(report, 2000);
    },
  });
  nc.subscribe('bench.quit', { callback: () => nc.close().then(() => process.exit(0)) });
  await nc.flush();
  console.log('READY');
} else if (mode === 'jsreceiver') {
  const n = Number(rest[0]);
  const jsm = await nc.jetstreamManager();
  try { await jsm.streams.add({ name: 'NODE_EVENTS', subjects: ['node.dev.>'] }); } catch { /* exists */ }
  const opts = consumerOpts();
  opts.durable('node_bench');
  opts.manualAck();
  opts.ackExplicit();
  opts.deliverTo(createInbox());
  opts.deliverNew();
  opts.maxAckPending(1024);
  const sub = await nc.jetstream().subscribe('node.dev.bench', opts);
  nc.subscribe('bench.quit', { callback: () => nc.close().then(() => process.exit(0)) });
  await nc.flush();
  console.log('READY');
  let count = 0;
  for await (const m of sub) {
    jc.decode(m.data);
    m.ack();
    if (++count === n) nc.publish('bench.durDone', jc.encode({ count }));
  }
} else {
  const [seq, conc, inflight, fan, dur] = rest.map(Number);
  const pct = (a, p) => a[Math.min(a.length - 1, Math.floor(a.length * p))];
  const call = (i) => nc.request('bench.echo', jc.encode([i]), { timeout: 5000 }).then((m) => jc.decode(m.data));
  for (let i = 0; i < 500; i++) await call(i);
  const lat = [];
  for (let i = 0; i < seq; i++) {
    const t = process.hrtime.bigint();
    await call(i);
    lat.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  lat.sort((a, b) => a - b);
  let next = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inflight }, async () => {
    while (next < conc) await call(next++);
  }));
  const tput = conc / (Number(process.hrtime.bigint() - t0) / 1e9);
  const done = new Map();
  const all = new Promise((resolve) => {
    nc.subscribe('bench.fanDone', {
      callback: (_, m) => {
        const d = jc.decode(m.data);
        done.set(d.server, d.count);
        if (done.size === 3) resolve();
      },
    });
  });
  await nc.flush();
  const f0 = process.hrtime.bigint();
  for (let i = 0; i < fan; i++) {
    nc.publish('bench.fan', jc.encode([i, 'payload']));
    if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
  }
  await all;
  const fanSecs = Number(process.hrtime.bigint() - f0) / 1e9;
  const received = [...done.values()].reduce((a, b) => a + b, 0);
  const js = nc.jetstream();
  const durAll = new Promise((resolve) => {
    nc.subscribe('bench.durDone', { callback: (_, m) => resolve(jc.decode(m.data).count) });
  });
  await nc.flush();
  const d0 = process.hrtime.bigint();
  let dnext = 0;
  await Promise.all(Array.from({ length: inflight }, async () => {
    while (dnext < dur) { const i = dnext++; await js.publish('node.dev.bench', jc.encode(i), { msgID: `d-${i}` }); }
  }));
  const durCount = await Promise.race([durAll, new Promise((r) => setTimeout(() => r(-1), 30000))]);
  const durRate = durCount > 0 ? dur / (Number(process.hrtime.bigint() - d0) / 1e9) : 0;
  console.log(`BENCH ${JSON.stringify({ p50: pct(lat, 0.5), p99: pct(lat, 0.99), tput, fanRate: fan / fanSecs, fanLost: 3 * fan - received, durRate, durLost: durCount < 0 ? dur : dur - durCount })}`);
  nc.publish('bench.quit');
  await nc.flush();
  await nc.close();
}
