// eu-2: a JS provider of `bank`; answers events and reports state watches.
const me = GetClusterServerName();
ProvideClusterExports();
exports('ping', () => me);
exports('whoami', () => me);
exports('deposit', async (n) => {
  await new Promise((r) => setTimeout(r, 5));
  return { server: me, balance: 100 + n };
});
exports('fail', () => { throw new Error('insufficient funds'); });
exports('slow', (ms) => new Promise((r) => setTimeout(() => r('slow done'), ms)));
exports('giveFn', () => () => 1);
exports('acquire', (name) => ClusterLease.acquire(name));
exports('release', (name) => ClusterLease.release(name));
onCluster('hello', (msg) => emitCluster('helloAck', me, source, msg));
ClusterState.watch('player.*', (key, value, rev, op) => emitCluster('watchSeen', me, key, value, op));
onCluster('quitAll', () => ExecuteCommand('quit'));
