// A bench peer: the `echo` export for cross-server calls and a counter of
// fan-out events, reported with benchFanDone (no new event for 2 s, or all N);
// on bench-b, a durable consumer of benchDur reporting benchDurDone.
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
// durable events (bench-b only): a durable consumer counting deliveries
if (me === 'bench-b') {
  let dcount = 0;
  let dexpect = 0;
  onCluster('benchDurStart', (n) => { dcount = 0; dexpect = n; });
  onCluster('benchDur', (n) => {
    if (n < 0) emitCluster('benchDurProbe'); // the caller's probe: the consumer is in place
    else if (++dcount === dexpect) emitCluster('benchDurDone', me, dcount);
  }, { durable: true });
}
onCluster('benchQuit', () => ExecuteCommand('quit'));
