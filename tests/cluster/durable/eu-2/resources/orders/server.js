// eu-2, JS: a durable consumer of shop:order (docs/cluster.md "Durable
// events"). Ids starting "fail" throw on their first delivery, "poison" on
// every one; the driver reads what arrived through a cluster export.
const got = [];
onCluster('shop:order', (order) => {
  const info = GetClusterEventInfo();
  if (info.id.startsWith('poison')) {
    got.push(`${info.id}#${info.delivery}`);
    throw new Error(`cannot handle ${info.id}`);
  }
  if (info.id.startsWith('fail') && info.delivery === 1) throw new Error(`failing ${info.id} once`);
  got.push(`${info.id}#${info.delivery}:${info.origin}:${source}:${order.n}`);
}, { durable: true });
on('plain', () => got.push(`plain:${JSON.stringify(GetClusterEventInfo())}`));
RegisterClusterEvent('plain');
ProvideClusterExports();
exports('received', () => got);
exports('reset', () => { got.length = 0; });
exports('command', (c) => { ExecuteCommand(c); return true; });
