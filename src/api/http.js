// weft:lazy SetHttpHandler PerformHttpRequest
// http.js: SetHttpHandler's req/res objects (FiveM's shapes over the natives
// of src/api/net.c) and outbound HTTP, PerformHttpRequest(url, cb(status,
// body, headers, errorData), method, data, headers, options), on
// WeftHttpRequest (libcurl); fetch: fetch.js. A lazy prelude: it runs on
// first use of one of the names above.
(() => {
  const resName = GetCurrentResourceName();
  const def = (name, value) => Object.defineProperty(globalThis, name,
    { value, writable: true, configurable: true, enumerable: false });

  // writeHead's checks, with Node's errors (a bad status or header throws at
  // the call, so the script's error names its line; it was a silent 500).
  const nodeError = (Ctor, code, message) => {
    const e = new Ctor(message);
    e.code = code;
    return e;
  };
  const token = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
  const badChar = /[^\t\x20-\x7e\x80-\xff]/;
  const checkHead = (status, headers) => {
    const code = status === undefined ? 200 : status | 0;
    if (code < 100 || code > 999)
      throw nodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${status}`);
    headers = headers || {};
    for (const name of Object.keys(headers)) {
      if (!token.test(name))
        throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN',
          `Header name must be a valid HTTP token ["${name}"]`);
      const v = headers[name];
      for (const one of Array.isArray(v) ? v : [v]) {
        if ((typeof one === 'string' || typeof one === 'number') && badChar.test(String(one)))
          throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
      }
    }
    return [code, headers];
  };

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
        writeHead(status, headers) { WeftHttpWriteHead(id, ...checkHead(status, headers)); },
        write(data) { WeftHttpWrite(id, body(data)); },
        send(data) { WeftHttpEnd(id, body(data)); },
      };
      handler(req, res);
    });
  });
  let seq = 0;
  const nextKey = () => resName + ':' + (++seq);
  const bodyOf = (d) => (d === undefined || d === null ? '' :
    typeof d === 'string' || d instanceof Uint8Array || d instanceof ArrayBuffer ? d : String(d));

  def('PerformHttpRequest', (url, cb, method, data, headers, options) => {
    const p = WeftHttpRequest(nextKey(), String(url), String(method || 'GET'), bodyOf(data),
      headers || {}, options || {});
    // a request refused before it starts (not http/https, too many in flight) is a
    // failed request too: status 0 and the reason, as FiveM's 'Failure handling HTTP request'
    p.then((r) => r, (e) => ({ error: String(e && e.message !== undefined ? e.message : e) }))
      .then((r) => {
        if (typeof cb !== 'function') return;
        if (r.error) cb(0, null, {}, r.error);
        else if (r.status >= 400) cb(r.status, null, r.headers, r.body);
        else cb(r.status, r.body, r.headers, null);
      });
  });
})();
