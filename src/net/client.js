// weft browser client, served by the server at /weft/client.js (plain JS, no
// build step). Speaks the wire format of docs/protocol.md over WebSocket:
//   const c = weft.connect({ name: 'Ann' });          // ws(s)://<this host>/weft/ws
//   c.on('joined', (id) => ...); c.on('dropped', (reason) => ...);
//   c.on('deferral', (message) => ...);                 // playerConnecting updates
//   c.onNet('chat:message', (from, text) => ...);       // TriggerClientEvent
//   c.emitNet('chat:send', 'hello');                    // TriggerServerEvent
//   c.close();
(function (global) {
  'use strict';
  const HELLO = 1, EVENT = 2, PONG = 3, BYE = 4;
  const WELCOME = 16, CLIENT_EVENT = 17, PING = 18, DROP = 19, DEFERRAL = 20, LATENT = 21;
  const te = new TextEncoder(), td = new TextDecoder();

  // ---- msgpack (the subset the protocol uses) ----
  function encode(v) {
    const out = [];
    const u8 = (b) => out.push(b & 255);
    const be = (n, bytes) => { for (let i = bytes - 1; i >= 0; i--) u8(Math.floor(n / 2 ** (8 * i))); };
    const bytes = (a) => { for (let i = 0; i < a.length; i++) out.push(a[i]); };
    function enc(x, depth) {
      if (depth > 32) throw new TypeError('msgpack: nesting too deep');
      if (x === null || x === undefined) return u8(0xc0);
      if (x === false) return u8(0xc2);
      if (x === true) return u8(0xc3);
      if (typeof x === 'number') {
        if (Number.isInteger(x) && !Object.is(x, -0) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) {
          if (x >= 0 && x < 128) return u8(x);
          if (x < 0 && x >= -32) return u8(x);
          if (x >= 0) { if (x < 2 ** 32) { u8(0xce); return be(x, 4); } u8(0xcf); return be(x, 8); }
          if (x >= -(2 ** 31)) { u8(0xd2); return be(x >>> 0, 4); }
        }
        const dv = new DataView(new ArrayBuffer(8)); dv.setFloat64(0, x);
        u8(0xcb); return bytes(new Uint8Array(dv.buffer));
      }
      if (typeof x === 'string') {
        const b = te.encode(x);
        if (b.length < 32) u8(0xa0 | b.length); else if (b.length < 256) { u8(0xd9); u8(b.length); }
        else if (b.length < 65536) { u8(0xda); be(b.length, 2); } else { u8(0xdb); be(b.length, 4); }
        return bytes(b);
      }
      if (x instanceof Uint8Array || x instanceof ArrayBuffer) {
        const b = x instanceof ArrayBuffer ? new Uint8Array(x) : x;
        if (b.length < 256) { u8(0xc4); u8(b.length); } else if (b.length < 65536) { u8(0xc5); be(b.length, 2); }
        else { u8(0xc6); be(b.length, 4); }
        return bytes(b);
      }
      if (Array.isArray(x)) {
        if (x.length < 16) u8(0x90 | x.length); else if (x.length < 65536) { u8(0xdc); be(x.length, 2); }
        else { u8(0xdd); be(x.length, 4); }
        for (const e of x) enc(e, depth + 1);
        return;
      }
      if (typeof x === 'object') {
        const keys = Object.keys(x);
        if (keys.length < 16) u8(0x80 | keys.length); else if (keys.length < 65536) { u8(0xde); be(keys.length, 2); }
        else { u8(0xdf); be(keys.length, 4); }
        for (const k of keys) { enc(k, depth + 1); enc(x[k], depth + 1); }
        return;
      }
      throw new TypeError('msgpack: cannot send a ' + typeof x);
    }
    enc(v, 0);
    return new Uint8Array(out);
  }

  function decode(buf) {
    const b = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    let p = 0;
    const need = (n) => { if (p + n > b.length) throw new RangeError('msgpack: truncated'); };
    const uint = (n) => { need(n); let v = 0; for (let i = 0; i < n; i++) v = v * 256 + b[p++]; return v; };
    const str = (n) => { need(n); const s = td.decode(b.subarray(p, p + n)); p += n; return s; };
    const bin = (n) => { need(n); const s = b.slice(p, p + n); p += n; return s; };
    const arr = (n) => { const a = []; for (let i = 0; i < n; i++) a.push(dec()); return a; };
    const map = (n) => { const o = {}; for (let i = 0; i < n; i++) { const k = dec(); o[k] = dec(); } return o; };
    const ext = (n) => {
      need(1 + n); const type = dv.getInt8(p); p += 1;
      if (type >= 20 && type <= 22 && n === (type - 18) * 4) {
        const v = []; for (let i = 0; i < n / 4; i++) v.push(dv.getFloat32(p + 4 * i, true));
        p += n; return v;
      }
      p += n; return null;
    };
    function dec() {
      need(1);
      const c = b[p++];
      if (c < 0x80) return c;
      if (c >= 0xe0) return c - 256;
      if ((c & 0xe0) === 0xa0) return str(c & 31);
      if ((c & 0xf0) === 0x90) return arr(c & 15);
      if ((c & 0xf0) === 0x80) return map(c & 15);
      switch (c) {
        case 0xc0: return null; case 0xc2: return false; case 0xc3: return true;
        case 0xc4: return bin(uint(1)); case 0xc5: return bin(uint(2)); case 0xc6: return bin(uint(4));
        case 0xca: need(4); p += 4; return dv.getFloat32(p - 4);
        case 0xcb: need(8); p += 8; return dv.getFloat64(p - 8);
        case 0xcc: return uint(1); case 0xcd: return uint(2); case 0xce: return uint(4); case 0xcf: return uint(8);
        case 0xd0: need(1); p += 1; return dv.getInt8(p - 1);
        case 0xd1: need(2); p += 2; return dv.getInt16(p - 2);
        case 0xd2: need(4); p += 4; return dv.getInt32(p - 4);
        case 0xd3: need(8); p += 8; return Number(dv.getBigInt64(p - 8));
        case 0xd9: return str(uint(1)); case 0xda: return str(uint(2)); case 0xdb: return str(uint(4));
        case 0xdc: return arr(uint(2)); case 0xdd: return arr(uint(4));
        case 0xde: return map(uint(2)); case 0xdf: return map(uint(4));
        case 0xd4: return ext(1); case 0xd5: return ext(2); case 0xd6: return ext(4);
        case 0xd7: return ext(8); case 0xd8: return ext(16);
        case 0xc7: return ext(uint(1)); case 0xc8: return ext(uint(2)); case 0xc9: return ext(uint(4));
      }
      throw new RangeError('msgpack: bad byte 0x' + c.toString(16));
    }
    return dec();
  }

  function defaultUrl() {
    const loc = global.location;
    if (!loc) return 'ws://127.0.0.1:30120/weft/ws';
    return (loc.protocol === 'https:' ? 'wss://' : 'ws://') + loc.host + '/weft/ws';
  }

  function connect(opts) {
    opts = opts || {};
    const ws = new WebSocket(opts.url || defaultUrl());
    ws.binaryType = 'arraybuffer';
    const handlers = {}, netHandlers = {}, latent = {};
    const self = { id: 0, name: opts.name || 'player' };
    const fire = (tbl, name, args) => { for (const f of (tbl[name] || []).slice()) f.apply(self, args); };
    const send = (msg) => { if (ws.readyState === 1) ws.send(encode(msg)); };
    self.on = (name, fn) => { (handlers[name] = handlers[name] || []).push(fn); return self; };
    self.onNet = (name, fn) => { (netHandlers[name] = netHandlers[name] || []).push(fn); return self; };
    self.emitNet = (name, ...args) => send([EVENT, String(name), args]);
    self.close = (reason) => { send([BYE, String(reason || 'Exiting')]); ws.close(1000); };
    function onMessage(m) {
      switch (m[0]) {
        case WELCOME: self.id = m[1]; fire(handlers, 'joined', [m[1], m[2]]); break;
        case CLIENT_EVENT: fire(netHandlers, m[1], m[2] || []); break;
        case PING: send([PONG, m[1]]); break;
        case DROP: self.dropReason = m[1]; break;
        case DEFERRAL: fire(handlers, 'deferral', [m[1]]); break;
        case LATENT: {
          const [, id, off, total, chunk] = m;
          const l = latent[id] || (latent[id] = new Uint8Array(total));
          l.set(chunk, off);
          if (off + chunk.length >= total) { delete latent[id]; onMessage(decode(l)); }
          break;
        }
      }
    }
    ws.onopen = () => send([HELLO, 1, self.name]);
    ws.onmessage = (e) => onMessage(decode(e.data));
    ws.onclose = (e) => fire(handlers, 'dropped', [self.dropReason || e.reason || 'disconnected']);
    ws.onerror = () => {};
    return self;
  }

  global.weft = { connect, msgpack: { encode, decode } };
})(typeof window !== 'undefined' ? window : globalThis);
