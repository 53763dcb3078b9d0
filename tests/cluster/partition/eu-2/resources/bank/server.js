// eu-2, on NATS B: the far side of the partition. It records what it sees
// (events, its own calls to eu-1 every 300 ms, lease losses) with times, and
// the driver reads the records once the route is back.
const me = GetClusterServerName();
const seen = [];
const calls = [];
const lost = [];
let acquiredAt = null;
const durable = [];
onCluster('fromA', (n) => seen.push(n));
onCluster('paid', (n) => durable.push(`${GetClusterEventInfo().id}#${n}`), { durable: true });
on('clusterLeaseLost', (name) => lost.push({ name, at: Date.now() }));
ProvideClusterExports();
exports('ping', () => me);
exports('acquire', async (name) => { const r = await ClusterLease.acquire(name); acquiredAt = Date.now(); return r; });
exports('owner', (name) => ClusterLease.owner(name));
exports('release', (name) => ClusterLease.release(name));
exports('records', () => ({ seen, calls, lost, acquiredAt, durable }));
setInterval(() => {
  const at = Date.now();
  ClusterExports('eu-1', 'driver', { timeout: 1000 }).ping().then(
    () => calls.push({ at, ok: true }),
    (e) => calls.push({ at, ok: false, error: e.message, ms: Date.now() - at }));
}, 300);
onCluster('quitAll', () => ExecuteCommand('quit'));
