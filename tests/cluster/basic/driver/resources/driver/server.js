// The driver (eu-1): runs every cluster check against eu-2 (JS) and eu-3
// (Lua) and prints "T: " lines (tests/cluster/run.sh compares them).
const me = GetClusterServerName();
const T = (s) => console.log(`T: ${s}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const msg = (e) => String(e && e.message ? e.message : e);
const waitFor = async (what, fn, ms = 20000) => {
  const end = Date.now() + ms;
  for (;;) {
    try { const v = await fn(); if (v) return v; } catch (e) { if (Date.now() > end) throw e; }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};
const acks = [];
onCluster('helloAck', (server, src, text) => acks.push(`${server}<-${src}:${text}`));
onCluster('hello', (text) => acks.push(`${me}<-${source}:${text}`));
const seen = [];
onCluster('watchSeen', (server, key, value, op) => seen.push({ server, key, value, op }));

async function main() {
  await waitFor('eu-2', () => ClusterExports('eu-2', 'bank', { timeout: 500 }).ping());
  await waitFor('eu-3', () => ClusterExports('eu-3', 'bank', { timeout: 500 }).ping());
  T(`peers up: ${await ClusterExports('eu-2', 'bank').ping()} ${await ClusterExports('eu-3', 'bank').ping()}`);

  // events fan out to the three servers, source = the origin server
  emitCluster('hello', 'hi');
  await waitFor('acks', () => acks.length >= 3, 10000);
  await sleep(200);
  T(`events: ${acks.sort().join(' ')}`);

  // exports: direct, awaited (promise / Lua yield), errors
  const d2 = await ClusterExports('eu-2', 'bank').deposit(5);
  const d3 = await ClusterExports('eu-3', 'bank').deposit(7);
  T(`deposit: ${d2.server} ${d2.balance}, ${d3.server} ${d3.balance}`);
  for (const [what, p] of [
    ['throw', () => ClusterExports('eu-2', 'bank').fail()],
    ['missing export', () => ClusterExports('eu-2', 'bank').nothing()],
    ['no responders', () => ClusterExports('eu-2', 'nobank').ping()],
    ['function arg', () => ClusterExports('eu-2', 'bank').ping(() => 1)],
    ['function result', () => ClusterExports('eu-2', 'bank').giveFn()],
    ['timeout', () => ClusterExports('eu-2', 'bank', { timeout: 200 }).slow(2000)],
  ]) {
    try { T(`${what}: resolved ${await p()}`); } catch (e) { T(`${what}: ${msg(e)}`); }
  }
  try { emitCluster('x', () => 1); } catch (e) { T(`event with a function: ${msg(e)}`); }

  // load balancing across the two providers of bank
  const counts = {};
  await Promise.all(Array.from({ length: 60 }, async () => {
    const who = await ClusterExports('*', 'bank').whoami();
    counts[who] = (counts[who] || 0) + 1;
  }));
  T(`load-balanced: ${Object.keys(counts).sort().join(',')} total ${Object.values(counts).reduce((a, b) => a + b, 0)}`);

  // state: revisions, conflicts, watches (eu-2 watches player.*)
  await ClusterState.delete('player.7').catch(() => {});
  const r1 = await ClusterState.set('player.7', { server: me, n: 1 });
  try { await ClusterState.set('player.7', { n: 2 }, r1 + 100); T('stale revision: written'); } catch (e) { T(`stale revision: ${msg(e).replace(/\d+/g, 'N')}`); }
  try { await ClusterState.set('player.7', { n: 2 }, 0); T('create existing: written'); } catch (e) { T(`create existing: ${msg(e).replace(/\d+/g, 'N')}`); }
  const r2 = await ClusterState.set('player.7', { server: me, n: 2 }, r1);
  const got = await ClusterState.get('player.7');
  T(`state: r2>r1 ${r2 > r1}, get ${JSON.stringify(got.value)} at r2 ${got.revision === r2}`);
  T(`state missing: ${await ClusterState.get('player.none')}`);
  try { await ClusterState.get('bad key!'); } catch (e) { T(`bad key: ${msg(e)}`); }
  let n = 0;
  await waitFor('watch', async () => {
    if (seen.some((s) => s.key === 'player.7' && s.value && s.value.n >= 3)) return true;
    await ClusterState.set('player.7', { server: me, n: 3 + n++ });
    await sleep(300);
    return false;
  });
  const w = seen.find((s) => s.key === 'player.7' && s.value && s.value.n >= 3);
  T(`watch: ${w.server} saw ${w.key} ${w.op}`);
  await ClusterState.delete('player.7');
  await waitFor('watch delete', () => seen.some((s) => s.key === 'player.7' && s.op === 'delete'), 10000);
  T('watch: delete seen');

  // ownership lease: three servers race, exactly one wins
  const race = await Promise.allSettled([
    ClusterLease.acquire('player42'),
    ClusterExports('eu-2', 'bank', { timeout: 30000 }).acquire('player42'),
    ClusterExports('eu-3', 'bank', { timeout: 30000 }).acquire('player42'),
  ]);
  const winners = race.filter((r) => r.status === 'fulfilled').length;
  const owner = await ClusterLease.owner('player42');
  const odd = race.filter((r) => r.status === 'rejected' && !/is owned by/.test(msg(r.reason)));
  T(`lease race: ${winners} winner, losers say "owned by": ${odd.length === 0}`);
  for (const r of odd) console.log(`lease race: unexpected reason: ${msg(r.reason)}`);
  const byOwner = owner === me ? () => ClusterLease.release('player42') : () => ClusterExports(owner, 'bank').release('player42');
  try { await (owner === me ? ClusterExports('eu-2', 'bank').release('player42') : ClusterLease.release('player42')); T('non-owner release: allowed'); } catch (e) { T(`non-owner release: refused`); }
  await byOwner();
  T(`lease after release: acquired by eu-1 ${typeof await ClusterLease.acquire('player42') === 'number'}`);
  try { await ClusterExports('eu-3', 'bank').acquire('player42'); T('second owner: allowed'); } catch (e) { T(`second owner: ${msg(e)}`); }
  await ClusterLease.release('player42');
  T(`owner after release: ${await ClusterLease.owner('player42')}`);
  await ClusterLease.acquire('keep');
  await ClusterExports('eu-3', 'bank').acquire('crash');

  // NATS killed and restarted: every pending call settles
  const pending = Array.from({ length: 10 }, (_, i) => ClusterExports(i % 2 ? 'eu-2' : 'eu-3', 'bank', { timeout: 30000 }).slow(4000));
  await sleep(200);
  console.log('@@kill-nats');
  const settled = await Promise.allSettled(pending);
  T(`nats restart: ${settled.length} settled, ${settled.filter((s) => s.status === 'rejected' && /cluster link lost/.test(msg(s.reason))).length} rejected with "cluster link lost"`);
  try { await ClusterExports('eu-2', 'bank').ping(); T('while down: resolved'); } catch (e) { T(`while down: ${msg(e)}`); }
  await waitFor('reconnect', () => ClusterExports('eu-2', 'bank', { timeout: 500 }).ping(), 30000);
  await waitFor('eu-3 reconnect', () => ClusterExports('eu-3', 'bank', { timeout: 500 }).ping(), 30000);
  T('after restart: ping ok');
  acks.length = 0;
  await waitFor('acks again', async () => { if (acks.length >= 3) return true; acks.length = 0; emitCluster('hello', 'again'); await sleep(500); return false; }, 20000);
  T(`events after restart: ${acks.length >= 3}`);
  T(`lease kept through the restart (renewed): ${await ClusterLease.owner('keep')}`);

  // a provider killed: its callers get rejections, others take over
  const doomed = ClusterExports('eu-3', 'bank', { timeout: 1500 }).slow(5000);
  await sleep(200);
  console.log('@@kill-eu-3');
  try { await doomed; T('killed provider: resolved'); } catch (e) { T(`killed provider: ${msg(e)}`); }
  await waitFor('eu-3 gone', async () => { try { await ClusterExports('eu-3', 'bank').ping(); return false; } catch (e) { return /no server provides/.test(msg(e)); } }, 10000);
  T('eu-3 after kill: no responders');
  const after = new Set();
  for (let i = 0; i < 10; i++) after.add(await ClusterExports('*', 'bank').whoami());
  T(`any provider after kill: ${[...after].join(',')}`);
  try { await ClusterLease.acquire('crash'); T('lease of killed eu-3: acquired at once'); } catch (e) { T(`lease of killed eu-3: ${msg(e)}`); }
  await waitFor('lease expiry', () => ClusterLease.acquire('crash'), 20000);
  T(`lease of killed eu-3 after its TTL: ${await ClusterLease.owner('crash')}`);
}

main().then(() => T('done'), (e) => T(`FAILED: ${e && e.stack ? e.stack : e}`)).finally(() => {
  emitCluster('quitAll');
  setTimeout(() => ExecuteCommand('quit'), 200);
});
