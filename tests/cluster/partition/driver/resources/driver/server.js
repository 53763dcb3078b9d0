// A partition (docs/cluster.md "Failures"): eu-1 on NATS A, eu-2 on NATS B,
// A, B and C one JetStream cluster (buckets and stream with 3 replicas,
// weft_clusterReplicas) whose routes to B tests/cluster/run.sh cuts
// ("@@cut-route") and heals ("@@heal-route"); every process stays up.
// Checked: exports across the cut reject at once, core events sent during
// the cut are dropped (at most once), durable ones stored on the majority
// side reach eu-2 once after the heal, the lease eu-2 held on the minority
// side is taken by eu-1 only after eu-2 gave it up, and everything works
// again after the heal.
const T = (s) => console.log(`T: ${s}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const msg = (e) => String(e && e.message ? e.message : e);
const waitFor = async (what, fn, ms) => {
  let last = '';
  for (const end = Date.now() + ms; ;) {
    try { const v = await fn(); if (v) return v; } catch (e) { last = ` (last error: ${msg(e)})`; }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last}`);
    await sleep(200);
  }
};
const bank = (opts) => ClusterExports('eu-2', 'bank', opts || { timeout: 1000 });
ProvideClusterExports();
exports('ping', () => 'eu-1');
const myLosses = [];
on('clusterLeaseLost', (name) => myLosses.push({ name, at: Date.now() }));

async function main() {
  // the JetStream cluster has a leader and eu-2 is reachable: eu-2 takes the lease
  await waitFor('eu-2', () => bank().ping(), 30000);
  await waitFor('the lease', () => bank({ timeout: 10000 }).acquire('p1'), 30000);
  T(`before the cut: lease p1 owned by ${await ClusterLease.owner('p1')}`);
  emitCluster('fromA', 0);
  await waitFor('event 0', async () => (await bank().records()).seen.includes(0), 10000);
  let p = 0; // eu-2's durable consumer exists once a probe reaches it
  await waitFor('the consumer', async () => {
    await TriggerDurableClusterEvent('paid', `probe-${++p}`, 0);
    await sleep(300);
    return (await bank().records()).durable.length;
  }, 20000);

  console.log('@@cut-route');
  const cutAt = Date.now();
  const noProvider = await waitFor('the cut', async () => {
    try { await bank().ping(); return null; } catch (e) { return /no server provides/.test(msg(e)) ? msg(e) : null; }
  }, 10000);
  T(`export across the cut: ${noProvider}`);
  const t0 = Date.now();
  try { await bank({ timeout: 3000 }).ping(); T('export across the cut: resolved?!'); } catch (e) {
    T(`rejected at once (well within its 3000 ms timeout): ${Date.now() - t0 < 1500}`);
  }
  for (const n of [1, 2, 3]) emitCluster('fromA', n);
  // durable events during the cut: stored on the majority side, or refused
  // with the reason (the stream's new leader may not be elected yet), and
  // then retried with the same id until stored
  const stored = [];
  const refused = [];
  for (const n of [1, 2, 3]) {
    for (const end = Date.now() + 20000; Date.now() < end;) {
      try { await TriggerDurableClusterEvent('paid', `d-${n}`, n); stored.push(`d-${n}#${n}`); break; } catch (e) { refused.push(msg(e)); await sleep(300); }
    }
  }
  console.log(`durable during the cut: stored ${stored.join(' ')}; refused ${refused.length}: ${[...new Set(refused)].join(' | ')}`);
  // the lease: eu-1 tries to take it during the cut
  let mineAt = null;
  let lastError = '';
  for (const end = Date.now() + 20000; Date.now() < end && !mineAt;) {
    try { await ClusterLease.acquire('p1'); mineAt = Date.now(); } catch (e) { lastError = msg(e); await sleep(300); }
  }
  console.log(`lease p1 during the cut: ${mineAt ? `acquired ${mineAt - cutAt} ms after the cut` : `not acquired (${lastError})`}`);
  console.log('@@heal-route');
  const healAt = Date.now();
  await waitFor('the heal', () => bank().ping(), 30000);
  const r = await bank().records();
  T(`events sent during the cut reached eu-2: ${r.seen.filter((n) => n >= 1 && n <= 3).length}`);
  const during = r.calls.filter((c) => c.at > cutAt + 1000 && c.at < healAt - 1000);
  const cross = during.filter((c) => !c.ok);
  T(`eu-2's calls to eu-1 during the cut: ${during.length > 0 && cross.length === during.length ? 'all rejected' : 'some resolved?!'}, ${[...new Set(cross.map((c) => c.error))].join(' | ')}`);
  T(`... each within its 1000 ms timeout: ${cross.every((c) => c.ms <= 1500)}`);
  // never two owners: if eu-1 got it, eu-2 had given it up before
  const lostAt = r.lost.filter((l) => l.name === 'p1').map((l) => l.at)[0];
  console.log(`eu-2 acquired p1 at ${r.acquiredAt}, gave it up at ${lostAt}, eu-1 acquired it at ${mineAt}`);
  // healed: events, exports and state work again, both sides agree on the owner
  await waitFor('events after the heal', async () => {
    emitCluster('fromA', 9);
    await sleep(300);
    return (await bank().records()).seen.includes(9);
  }, 20000);
  T('after the heal: events delivered, exports answered');
  // what was stored during the cut reaches eu-2 after the heal, once
  const dw = Date.now();
  await waitFor('the durable events', async () => {
    const d = (await bank().records()).durable.filter((x) => x.startsWith('d-'));
    return d.length >= stored.length;
  }, 60000); // a delivery lost in the cut comes again after the ack wait (3 s here); JetStream may take tens of seconds to recover after the heal on a busy machine
  console.log(`durable events reached eu-2 ${Date.now() - dw} ms after the heal was seen`);
  await sleep(500);
  const got = (await bank().records()).durable.filter((x) => x.startsWith('d-')).sort();
  T(`durable events during the cut: ${stored.length} stored, each delivered once after the heal: ${got.join(' ') === stored.join(' ')}, refusals meanwhile say why: ${refused.every((m) => /durable event paid not confirmed \(id d-\d\)/.test(m))}`);
  // reads may come from B's replica while it catches up (NATS serves KV gets
  // from any replica), and a lagging replica still says eu-2, the owner before
  // the cut, on both sides at once (seen in a CI run): wait until both sides
  // read the owner the revision-checked writes made, eu-1 (it took p1 during
  // the cut), on two reads in a row
  // After the heal JetStream may elect the leases' stream leader again (B's
  // raised term): renewals fail meanwhile ("No responders"), and if that lasts
  // 0.9 TTL eu-1 gives p1 up, as it must (seen in a CI run). Its entry still
  // names eu-1 until it expires, and eu-1 takes it back (acquire rewrites it).
  // Then eu-2 must be refused p1. Unless eu-1's lease lapsed in between: if
  // the leader election comes after the owners agreed, eu-1 gives p1 up at
  // 0.9 TTL (clusterLeaseLost, seen in a loaded run) and eu-2 may take it at
  // 1 TTL, as it should; eu-2 then gives it back and the check runs again.
  let owners, second = null;
  for (let attempt = 1; ; attempt++) {
    let agreed = 0;
    owners = await waitFor('the owners', async () => {
      const gaveUp = myLosses.filter((l) => l.name === 'p1' && l.at > mineAt);
      if (gaveUp.length) {
        console.log(`eu-1 gave p1 up ${gaveUp[0].at - healAt} ms after the heal (renewals failed); taking it again`);
        await ClusterLease.acquire('p1'); // on failure, waitFor tries again
        myLosses.length = 0;
      }
      const a = await ClusterLease.owner('p1');
      const b = await bank().owner('p1');
      agreed = a && a === b && a === GetConvar('weft_serverName', '') ? agreed + 1 : 0;
      if (agreed < 2) { await sleep(200); return null; }
      return [a];
    }, 40000);
    const agreedAt = Date.now();
    second = null;
    let took;
    try { took = await bank({ timeout: 10000 }).acquire('p1'); } catch (e) { second = msg(e); }
    const lapsed = myLosses.some((l) => l.name === 'p1' && l.at >= agreedAt);
    if (second === null) {
      console.log(`eu-2 took p1 (revision ${took}) ${Date.now() - agreedAt} ms after the owners agreed; ` +
        `eu-1 lapsed meanwhile: ${lapsed}; eu-1 now reads the owner ${await ClusterLease.owner('p1')}`);
    }
    if (second !== null || !lapsed || attempt === 3) break;
    console.log(`eu-1's lease on p1 lapsed after the owners agreed, and eu-2 took it; again (${attempt})`);
    await waitFor('eu-2 to release p1', () => bank({ timeout: 10000 }).release('p1').then(() => true), 20000);
  }
  T(`after the heal: both sides see the same lease owner: ${owners.length === 1}`);
  T(`after the heal: eu-2 cannot take p1 back: ${second !== null}`);
  if (second) console.log(`eu-2's acquire after the heal: ${second}`);
  // B is the minority: eu-2's renewals fail, it gives the lease up at 0.9 TTL
  // after its last renewal, and eu-1 can take it only at 1 TTL
  T(`lease p1 taken by eu-1 during the cut, only after eu-2 gave it up: ${!!mineAt && lostAt !== undefined && lostAt <= mineAt}`);
  T(`after the heal: lease p1 owned by ${owners[0]}`);
}

main().then(() => T('done'), (e) => T(`FAILED: ${e && e.stack ? e.stack : e}`)).finally(() => {
  emitCluster('quitAll');
  setTimeout(() => ExecuteCommand('quit'), 200);
});
