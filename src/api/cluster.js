// weft:lazy ClusterExports onCluster TriggerClusterEvent emitCluster ClusterState ClusterLease
// cluster.js: the cluster's JS sugar over its natives (docs/cluster.md):
// ClusterExports(server, resource[, {timeout}]).name(...) -> Promise,
// onCluster/emitCluster (durable with {durable: true} or weft_clusterDurableEvents),
// ClusterState and ClusterLease.
{
  globalThis.ClusterExports = (server, resource, opts) => new Proxy(Object.create(null), {
    get: (_, name) => (typeof name !== 'string' || name === 'then' ? undefined
      : (...args) => WeftClusterCall(server ?? null, resource, name,
        opts && opts.timeout ? opts.timeout : null, args)),
  });
  globalThis.onCluster = (name, fn, opts) => { RegisterClusterEvent(name, opts ?? null); on(name, fn); };
  // set weft_clusterDurableEvents "a,b": those names are sent durably
  const coreTrigger = globalThis.TriggerClusterEvent;
  let durable = null;
  globalThis.TriggerClusterEvent = (name, ...args) =>
    ((durable ??= new Set(WeftClusterDurableNames())).has(name)
      ? TriggerDurableClusterEvent(name, null, ...args) : coreTrigger(name, ...args));
  globalThis.emitCluster = (name, ...args) => TriggerClusterEvent(name, ...args);
  let watchN = 0;
  const watchEvents = new Map();
  globalThis.ClusterState = Object.freeze({
    get: (key) => WeftClusterStateGet(key),
    set: (key, value, revision) => WeftClusterStateSet(key, value, revision ?? null),
    delete: (key) => WeftClusterStateDelete(key),
    watch(pattern, fn) {
      if (typeof fn !== 'function') throw new TypeError('ClusterState.watch(pattern, fn): fn must be a function');
      const ev = `__weft:clusterState:${GetCurrentResourceName()}:${++watchN}`;
      on(ev, fn);
      const id = WeftClusterStateWatch(String(pattern), ev);
      watchEvents.set(id, [ev, fn]);
      return id;
    },
    unwatch(id) {
      const w = watchEvents.get(id);
      if (w) { watchEvents.delete(id); removeEventListener(w[0], w[1]); }
      return WeftClusterStateUnwatch(id);
    },
  });
  globalThis.ClusterLease = Object.freeze({
    acquire: (name) => WeftClusterLeaseAcquire(name),
    release: (name) => WeftClusterLeaseRelease(name),
    owner: (name) => WeftClusterLeaseOwner(name),
  });
}
