// Durable cluster events, the producer side (docs/cluster.md "Durable
// events"): JetStream stores an event once per message id inside the
// duplicate window, the PubAck says so; a publish while the link is down
// rejects (never buffered); function references are refused. Then the
// consumer side with eu-2: delivery, redelivery after a handler error, the
// max-deliver bound, dedup, and the backlog delivered to a server that was
// down (across a NATS restart), in JS and Lua.
const T = (s) => console.log(`T: ${s}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const msg = (e) => String(e && e.message ? e.message : e);

async function main() {
  const a = await TriggerDurableClusterEvent('orders:paid', 'order-1', { amount: 42 });
  const b = await TriggerDurableClusterEvent('orders:paid', 'order-1', { amount: 42 });
  const c = await TriggerDurableClusterEvent('orders:paid', 'order-2', { amount: 7 });
  const d = await TriggerDurableClusterEvent('orders:paid', null, 1);
  const e = await TriggerDurableClusterEvent('orders:paid', undefined, 2);
  T(`first: duplicate ${a.duplicate}`);
  T(`same id again: duplicate ${b.duplicate}, same seq ${b.seq === a.seq}`);
  T(`new id: duplicate ${c.duplicate}, next seq ${c.seq === a.seq + 1}`);
  T(`weft-made ids: ${d.duplicate} ${e.duplicate}, seqs ${e.seq === d.seq + 1 && d.seq === c.seq + 1}`);
  for (const [what, f] of [
    ['function arg', () => TriggerDurableClusterEvent('orders:paid', 'x', () => 1)],
    ['bad id', () => TriggerDurableClusterEvent('orders:paid', 5)],
  ]) {
    try { await f(); T(`${what}: resolved?!`); } catch (err) { T(`${what}: ${msg(err)}`); }
  }
  // NATS killed: a durable publish rejects instead of being buffered
  console.log('@@stop-nats');
  let down = null;
  for (const end = Date.now() + 20000; Date.now() < end && !down;) {
    try { await TriggerDurableClusterEvent('orders:paid', 'order-3', 3); } catch (err) {
      if (/link is down/.test(msg(err))) down = msg(err);
    }
    await sleep(20);
  }
  T(`while down: ${down}`);
  console.log('@@start-nats');
  // back up (same store): the retry with the same id is stored at most once
  let r1 = null;
  for (let i = 0; i < 200 && !r1; i++) {
    try { r1 = await TriggerDurableClusterEvent('orders:paid', 'order-3', 3); } catch (err) { await sleep(100); }
  }
  const r2 = await TriggerDurableClusterEvent('orders:paid', 'order-3', 3);
  T(`after restart: stored ${!!r1}, retry duplicate ${r2.duplicate}, same seq ${r2.seq === r1.seq}`);
  const o1 = await TriggerDurableClusterEvent('orders:paid', 'order-1', { amount: 42 });
  T(`order-1 after restart: duplicate ${o1.duplicate}, seq ${o1.seq === a.seq}`);
  const lua = new Promise((resolve) => on('luaDone', resolve));
  emit('luaCheck');
  T(await lua);
  await consumers();
}

// The consumer side: eu-2 has two durable consumers of shop:order (orders in
// JS, luaorders in Lua); each reports what its handlers saw.
const both = ['orders', 'luaorders'];
const received = (r) => ClusterExports('eu-2', r, { timeout: 2000 }).received();
const show = (list) => list.filter((s) => !s.startsWith('probe')).sort().join(' ');
const waitFor = async (what, fn, ms) => {
  let last = '';
  for (const end = Date.now() + ms; ;) {
    try { if (await fn()) return; } catch (e) { last = ` (last error: ${msg(e)})`; }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last}`);
    await sleep(100);
  }
};

async function consumers() {
  // the consumers exist once a probe reaches both (deliver policy "new")
  let p = 0;
  await waitFor('the consumers', async () => {
    await TriggerDurableClusterEvent('shop:order', `probe-${++p}`, { n: 0 });
    await sleep(300);
    return (await Promise.all(both.map(received))).every((l) => l.length);
  }, 30000);
  // a handler that raises on the first delivery gets the event again; one
  // that always raises gets it WEFT_CLUSTER_MAX_DELIVER (5) times, no more
  await TriggerDurableClusterEvent('shop:order', 'fail-1', { n: 1 });
  await TriggerDurableClusterEvent('shop:order', 'poison-1', { n: 0 });
  emitCluster('plain');
  await waitFor('the redeliveries', async () => (await Promise.all(both.map(received))).every(
    (l) => l.some((s) => s.startsWith('fail-1#2')) && l.filter((s) => s.startsWith('poison-1')).length >= 5), 30000);
  await sleep(2000);
  for (const r of both) T(`${r}: ${show(await received(r))}`);
  await Promise.all(both.map((r) => ClusterExports('eu-2', r).reset()));

  // a resource stopped while an event is stored gets it when it starts again
  // (its consumer outlives the registration)
  await ClusterExports('eu-2', 'orders').command('stop luaorders');
  await waitFor('luaorders stopped', async () => {
    try { await received('luaorders'); return false; } catch (e) { return /no server provides/.test(msg(e)); }
  }, 10000);
  await TriggerDurableClusterEvent('shop:order', 'res-1', { n: 7 });
  await ClusterExports('eu-2', 'orders').command('start luaorders');
  await waitFor('luaorders back', async () => (await received('luaorders')).length > 0, 20000);
  T(`luaorders after its restart (stopped while res-1 was stored): ${show(await received('luaorders'))}`);
  await Promise.all(both.map((r) => ClusterExports('eu-2', r).reset()));

  // eu-2 down while events are stored (one id twice), NATS restarted meanwhile
  console.log('@@kill-eu-2');
  await waitFor('eu-2 down', async () => {
    try { await received('orders'); return false; } catch (e) { return /no server provides/.test(msg(e)); }
  }, 10000);
  const stored = [];
  for (const id of ['ord-1', 'ord-2', 'ord-3', 'ord-3', 'ord-4'])
    stored.push(await TriggerDurableClusterEvent('shop:order', id, { n: Number(id.slice(4)) }));
  T(`stored while eu-2 is down: ${stored.map((s) => (s.duplicate ? 'duplicate' : 'new')).join(' ')}`);
  const audit = await TriggerClusterEvent('shop:audit', { n: 9 });
  T(`TriggerClusterEvent of a weft_clusterDurableEvents name: stored ${typeof audit.seq === 'number' && !audit.duplicate}`);
  console.log('@@stop-nats');
  await waitFor('NATS down', async () => {
    try { await TriggerDurableClusterEvent('shop:order', 'ord-5', { n: 5 }); return false; } catch (e) { return /link is down/.test(msg(e)); }
  }, 20000);
  console.log('@@start-nats');
  let r5 = null;
  for (let i = 0; i < 300 && !r5; i++) {
    try { r5 = await TriggerDurableClusterEvent('shop:order', 'ord-5', { n: 5 }); } catch (e) { await sleep(100); }
  }
  T(`after the NATS restart: ord-5 stored ${!!r5}`);
  console.log('@@start-eu-2');
  await waitFor('the backlog', async () => {
    const [a, b] = await Promise.all(both.map(received));
    return show(a).split(' ').length >= 5 && show(b).split(' ').length >= 6;
  }, 40000);
  await sleep(1500); // nothing comes twice
  for (const r of both) T(`${r} after its restart: ${show(await received(r))}`);
}
main().catch((e) => T(`driver failed: ${msg(e)}`)).finally(() => setTimeout(() => ExecuteCommand('quit'), 10));
