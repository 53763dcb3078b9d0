// weft:lazy Headers Request Response fetch
// fetch.js: a WHATWG fetch with Headers/Request/Response for JS resources,
// on WeftHttpRequest (libcurl, src/api/net.c). A lazy prelude (the first
// line): it runs in a resource on first use of one of those globals, so the
// many resources that never fetch do not carry it (~25 KB of heap each).
(() => {
  const resName = GetCurrentResourceName();
  const def = (name, value) => Object.defineProperty(globalThis, name,
    { value, writable: true, configurable: true, enumerable: false });
  let seq = 0;
  const nextKey = () => `${resName}:f${++seq}`; // PerformHttpRequest's are res:N
  const bodyOf = (d) => (d === undefined || d === null ? '' :
    typeof d === 'string' || d instanceof Uint8Array || d instanceof ArrayBuffer ? d : String(d));

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

  def('Headers', Headers);
  def('Request', Request);
  def('Response', Response);
  def('fetch', fetch);
})();
