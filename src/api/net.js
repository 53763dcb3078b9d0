// net.js: FiveM's shapes over the network natives of src/api/net.c, for JS
// resources: playerConnecting's (name, setKickReason, deferrals) arguments
// built on WeftDeferral. SetHttpHandler and PerformHttpRequest: http.js.
(() => {
  const def = (name, value) => Object.defineProperty(globalThis, name,
    { value, writable: true, configurable: true, enumerable: false });

  // playerConnecting handlers get FiveM's callables; the host passes the name.
  const wrapped = new WeakMap();
  const connecting = (fn) => {
    if (typeof fn !== 'function') return fn;
    let w = wrapped.get(fn);
    if (!w) {
      w = function (name) {
        const src = source;
        const deferrals = {
          defer() { WeftDeferral(src, 'defer'); },
          update(message) { WeftDeferral(src, 'update', String(message)); },
          presentCard() {},
          handover() {},
          done(reason) { WeftDeferral(src, 'done', reason === undefined || reason === null ? '' : String(reason)); },
        };
        return fn.call(this, name, (reason) => WeftDeferral(src, 'kick', String(reason)), deferrals);
      };
      wrapped.set(fn, w);
    }
    return w;
  };
  for (const k of ['on', 'AddEventHandler']) {
    const orig = globalThis[k];
    def(k, (name, fn) => orig(name, name === 'playerConnecting' ? connecting(fn) : fn));
  }
  for (const k of ['removeEventListener', 'RemoveEventHandler']) {
    const orig = globalThis[k];
    def(k, (name, fn) => orig(name, name === 'playerConnecting' && wrapped.has(fn) ? wrapped.get(fn) : fn));
  }
})();
