// Durable cluster events, the producer side (docs/cluster.md "Durable
// events"): JetStream stores an event once per message id inside the
// duplicate window, the PubAck says so; a publish while the link is down
// rejects (never buffered); function references are refused.
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
  console.log('@@kill-nats');
  let down = null;
  for (const end = Date.now() + 15000; Date.now() < end && !down;) {
    try { await TriggerDurableClusterEvent('orders:paid', 'order-3', 3); } catch (err) {
      if (/link is down/.test(msg(err))) down = msg(err);
    }
    await sleep(20);
  }
  T(`while down: ${down}`);
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
}
main().catch((e) => T(`driver failed: ${msg(e)}`)).finally(() => setTimeout(() => ExecuteCommand('quit'), 10));
