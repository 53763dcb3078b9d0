// weft:lazy GlobalState Player AddStateBagChangeHandler
// statebag.js: GlobalState and Player(src).state for JS resources: proxies
// over the state bag natives (a read is GetStateBagValue, an assignment
// SetStateBagValue(bag, key, value, true), `.set(key, value, replicated)`
// as FiveM's). Change handlers' throws and rejections are logged.
{
  const bags = new Map();
  const bag = (name) => {
    let p = bags.get(name);
    if (p) return p;
    // a value that cannot be passed is named as the script wrote it
    // ("value.t"), not as the native's third argument ("args[2].t")
    const store = (key, value, replicated) => {
      try {
        return SetStateBagValue(name, key, value, replicated);
      } catch (e) {
        if (e instanceof TypeError) e.message = e.message.replace(' at args[2]', ' at value');
        throw e;
      }
    };
    const set = (key, value, replicated) => store(String(key), value, !!replicated);
    p = new Proxy(Object.create(null), {
      get: (_, k) => (k === 'set' ? set : k === 'bagName' ? name
        : typeof k === 'string' ? GetStateBagValue(name, k) : undefined),
      set: (_, k, v) => { store(String(k), v, true); return true; },
      deleteProperty: (_, k) => { SetStateBagValue(name, String(k), null, true); return true; },
      has: (_, k) => typeof k === 'string' && StateBagHasKey(name, k),
      ownKeys: () => GetStateBagKeys(name),
      getOwnPropertyDescriptor: (_, k) => (typeof k === 'string' && StateBagHasKey(name, k)
        ? { value: GetStateBagValue(name, k), writable: true, enumerable: true, configurable: true }
        : undefined),
    });
    if (name === 'global') bags.set(name, p); // player bags come and go with players
    return p;
  };
  globalThis.GlobalState = bag('global');
  if (typeof globalThis.Player !== 'function')
    globalThis.Player = (src) => ({ state: bag(`player:${src}`) });
  const add = AddStateBagChangeHandler;
  globalThis.AddStateBagChangeHandler = function AddStateBagChangeHandler(keyFilter, bagFilter, handler) {
    if (typeof handler !== 'function') return add(keyFilter, bagFilter, handler);
    // as the host's own error lines (src/js/lib/resource.js)
    const describe = globalThis[Symbol.for('weft.describeError')];
    const report = (e) => console.log(`error in state bag change handler: ${describe(e)}`);
    return add(keyFilter, bagFilter, (...args) => {
      try {
        const r = handler(...args);
        if (r !== null && typeof r === 'object' && typeof r.then === 'function') r.then(undefined, report);
      } catch (e) {
        // a stack overflow is the setter's (a handler setting what it
        // watches): SetStateBagValue rethrows it, so it is reported once
        if (e instanceof RangeError && e.message === 'Maximum call stack size exceeded') throw e;
        report(e);
      }
    });
  };
}
