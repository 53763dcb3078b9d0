// net.js: FiveM's shapes over the network natives of src/api/net.c, for JS
// resources: SetHttpHandler's req/res objects, and playerConnecting's
// (name, setKickReason, deferrals) arguments built on WeftDeferral.
(() => {
  const resName = GetCurrentResourceName();
  const def = (name, value) => Object.defineProperty(globalThis, name,
    { value, writable: true, configurable: true, enumerable: false });

  def('SetHttpHandler', (handler) => {
    if (handler === null || handler === undefined) return WeftHttpSetHandler(resName, null);
    if (typeof handler !== 'function') throw new TypeError('SetHttpHandler: the handler must be a function');
    WeftHttpSetHandler(resName, (info) => {
      const id = info.id;
      const body = (d) => (d === undefined || d === null ? '' :
        typeof d === 'string' || d instanceof Uint8Array || d instanceof ArrayBuffer ? d : String(d));
      const req = {
        method: info.method, path: info.path, headers: info.headers, address: info.address,
        setDataHandler(cb) {
          if (typeof cb !== 'function') throw new TypeError('setDataHandler: not a function');
          WeftHttpSetDataHandler(id, cb);
        },
        setCancelHandler() {},
      };
      const res = {
        writeHead(status, headers) { WeftHttpWriteHead(id, status | 0, headers || {}); },
        write(data) { WeftHttpWrite(id, body(data)); },
        send(data) { WeftHttpEnd(id, body(data)); },
      };
      handler(req, res);
    });
  });

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

// ---- outbound HTTP: PerformHttpRequest(url, cb(status, body, headers, errorData),
// method, data, headers, options), on WeftHttpRequest (libcurl); fetch: fetch.js ----
(() => {
  const resName = GetCurrentResourceName();
  const def = (name, value) => Object.defineProperty(globalThis, name,
    { value, writable: true, configurable: true, enumerable: false });
  let seq = 0;
  const nextKey = () => resName + ':' + (++seq);
  const bodyOf = (d) => (d === undefined || d === null ? '' :
    typeof d === 'string' || d instanceof Uint8Array || d instanceof ArrayBuffer ? d : String(d));

  def('PerformHttpRequest', (url, cb, method, data, headers, options) => {
    const p = WeftHttpRequest(nextKey(), String(url), String(method || 'GET'), bodyOf(data),
      headers || {}, options || {});
    p.then((r) => {
      if (typeof cb !== 'function') return;
      if (r.error) cb(0, null, {}, r.error);
      else if (r.status >= 400) cb(r.status, null, r.headers, r.body);
      else cb(r.status, r.body, r.headers, null);
    });
  });
})();
