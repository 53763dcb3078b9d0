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
// method, data, headers, options) and a WHATWG fetch, on WeftHttpRequest (libcurl) ----
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

  // fetch and its classes are made on first use of any of them (most
  // resources never use them: ~20 KB of heap each otherwise).
  const names = ['Headers', 'Request', 'Response', 'fetch'];
  let made = null;
  const make = () => {
    if (!made) {
      made = makeFetch();
      for (const n of names) def(n, made[n]);
    }
    return made;
  };
  for (const n of names) {
    Object.defineProperty(globalThis, n, {
      configurable: true, enumerable: false,
      get() { return make()[n]; },
      set(v) { make(); def(n, v); },
    });
  }

  function makeFetch() {
    class Headers {
      constructor(init) {
        this._m = new Map();
        if (init instanceof Headers) init.forEach((v, k) => this.append(k, v));
        else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
        else if (init) for (const k of Object.keys(init)) this.append(k, init[k]);
      }
      append(k, v) { k = String(k).toLowerCase(); const o = this._m.get(k); this._m.set(k, o === undefined ? String(v) : o + ', ' + v); }
      set(k, v) { this._m.set(String(k).toLowerCase(), String(v)); }
      get(k) { const v = this._m.get(String(k).toLowerCase()); return v === undefined ? null : v; }
      has(k) { return this._m.has(String(k).toLowerCase()); }
      delete(k) { this._m.delete(String(k).toLowerCase()); }
      forEach(fn, self) { for (const [k, v] of this.entries()) fn.call(self, v, k, this); }
      *entries() { yield* [...this._m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)); }
      *keys() { for (const [k] of this.entries()) yield k; }
      *values() { for (const [, v] of this.entries()) yield v; }
      [Symbol.iterator]() { return this.entries(); }
    }

    const utf8 = (s) => {
      const out = [];
      for (const ch of s) {
        const c = ch.codePointAt(0);
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    };

    class Body {
      _take() {
        if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
        this.bodyUsed = true;
        return Promise.resolve(this._body);
      }
      text() { return this._take().then((b) => (typeof b === 'string' ? b : String(b))); }
      json() { return this.text().then((t) => JSON.parse(t)); }
      arrayBuffer() { return this._take().then((b) => utf8(typeof b === 'string' ? b : String(b)).buffer); }
    }

    class Request extends Body {
      constructor(input, init) {
        super();
        init = init || {};
        const base = input instanceof Request ? input : null;
        this.url = base ? base.url : String(input);
        this.method = String(init.method || (base && base.method) || 'GET').toUpperCase();
        this.headers = new Headers(init.headers || (base && base.headers));
        this._body = init.body !== undefined ? init.body : base ? base._body : null;
        this.signal = init.signal || (base && base.signal) || null;
        this.redirect = init.redirect || (base && base.redirect) || 'follow';
        this.bodyUsed = false;
      }
    }

    class Response extends Body {
      constructor(body, init) {
        super();
        init = init || {};
        this._body = body === undefined || body === null ? '' : body;
        this.status = init.status === undefined ? 200 : init.status;
        this.statusText = init.statusText || '';
        this.headers = new Headers(init.headers);
        this.ok = this.status >= 200 && this.status < 300;
        this.url = init.url || '';
        this.redirected = false;
        this.type = 'basic';
        this.bodyUsed = false;
      }
      static json(data, init) {
        const r = new Response(JSON.stringify(data), init);
        if (!r.headers.has('content-type')) r.headers.set('content-type', 'application/json');
        return r;
      }
    }

    const fetch = (input, init) => {
      let req;
      try { req = new Request(input, init); } catch (e) { return Promise.reject(e); }
      const signal = req.signal;
      if (signal && signal.aborted) return Promise.reject(signal.reason);
      const key = nextKey();
      const headers = {};
      req.headers.forEach((v, k) => { headers[k] = v; });
      return new Promise((resolve, reject) => {
        let done = false;
        const onAbort = () => { if (!done) { done = true; WeftHttpAbort(key); reject(signal.reason); } };
        if (signal) signal.addEventListener('abort', onAbort);
        WeftHttpRequest(key, req.url, req.method, bodyOf(req._body), headers,
          { followRedirect: req.redirect !== 'manual' }).then((r) => {
          if (signal) signal.removeEventListener('abort', onAbort);
          if (done) return;
          done = true;
          if (r.error) reject(new TypeError('fetch failed', { cause: new Error(r.error) }));
          else {
            const res = new Response(r.body, { status: r.status, headers: r.headers, url: r.url });
            res.redirected = r.url !== req.url;
            resolve(res);
          }
        }, (e) => { if (!done) { done = true; reject(new TypeError('fetch failed', { cause: e })); } });
      });
    };
    return { Headers, Request, Response, fetch };
  }
})();
