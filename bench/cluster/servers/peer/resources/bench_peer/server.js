// A bench peer: the `echo` export for cross-server calls and a counter of
// fan-out events, reported with benchFanDone (no new event for 2 s, or all N).
const me = GetClusterServerName();
ProvideClusterExports();
exports('echo', (x) => x);
exports('ping', () => me);
let count = 0;
let expect = 0;
let timer = null;
const report = () => emitCluster('benchFanDone', me, count);
onCluster('benchFanStart', (n) => { count = 0; expect = n; });
onCluster('benchFan', () => {
  count++;
  clearTimeout(timer);
  if (count === expect) report();
  else timer = setTimeout(report, 2000);
});
onCluster('benchQuit', () => ExecuteCommand('quit'));
