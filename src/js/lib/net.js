// net.js: Node 20's `net` module for weft (written from its documented
// behaviour and tests): Socket as a stream.Duplex over a libuv TCP or pipe
// handle (src/js/net_handles.c), Server, createServer/connect/
// createConnection, isIP/isIPv4/isIPv6, BlockList and SocketAddress. The
// handles' callbacks run inside their async resources (TCPWRAP,
// TCPSERVERWRAP, PIPEWRAP, TCPCONNECTWRAP, WRITEWRAP, SHUTDOWNWRAP...).
// Loaded on first require('net'); also used by http.js and dgram.js.
'use strict';

const process = internal.process;
const Stream = internal.loadStream();
const { Duplex } = Stream;
const EventEmitter = internal.loadBuiltin('events');
if (!internal.validators) natives.loadLib('validators');
const { validateFunction, validateNumber, validateInt32, validateBoolean, validateObject, validateString } =
  internal.validators;
const { Buffer } = internal.loadBuiltin('buffer');
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const { async_id_symbol, trigger_async_id_symbol, hooks } = internal;
const b = natives.binding('net');
const K_TCP = 0, K_PIPE = 1, K_UDP = 2;
const owner = Symbol('owner_symbol');
const kLastWriteQueueSize = Symbol('lastWriteQueueSize');
const kTimeout = Symbol('timeout');
const kBytesRead = Symbol('kBytesRead');
const kBytesWritten = Symbol('kBytesWritten');
const kSetNoDelay = Symbol('kSetNoDelay');
const kSetKeepAlive = Symbol('kSetKeepAlive');
const kKeepAliveDelay = Symbol('kKeepAliveDelay');
const kPendingWrite = Symbol('kPendingWrite');
const kReading = Symbol('kReading');

// ---- async resources ----------------------------------------------------------------
function initAsync(obj, type, trigger) {
  const id = obj[async_id_symbol] = natives.newAsyncId();
  const t = obj[trigger_async_id_symbol] = trigger === undefined ? natives.defaultTriggerAsyncId() : trigger;
  if (hooks.initEnabled) hooks.emitInit(id, type, t, obj);
  return obj;
}
function destroyAsync(obj) {
  if (hooks.destroyEnabled && obj[async_id_symbol] !== undefined) hooks.emitDestroy(obj[async_id_symbol]);
}
// fn(...args) inside obj's async scope (as Node's MakeCallback)
function inScope(obj, fn, ...args) {
  const id = obj[async_id_symbol];
  hooks.emitBefore(id, obj[trigger_async_id_symbol], obj);
  const r = fn(...args);
  hooks.emitAfter(id);
  return r;
}
// A request (connect, write, shutdown, send...) whose oncomplete runs `done`
// in its own scope and destroys it afterwards.
// (type null: no init yet; a write done at once is never an async resource)
class Req {
  constructor(type, done, trigger) {
    if (type !== null) initAsync(this, type, trigger);
    this.done = done;
  }
  oncomplete(status, value) {
    const id = this[async_id_symbol];
    hooks.emitBefore(id, this[trigger_async_id_symbol], this);
    try {
      this.done(status, value);
    } finally {
      destroyAsync(this);
    }
    hooks.emitAfter(id);
  }
}
// A handle as an async resource of `type`: Node's AsyncWrap methods
// getAsyncId(), getProviderType() and asyncReset(resource) (a new async id:
// destroy for the old one, init for the new one with `resource`).
function asyncHandle(h, type, trigger) {
  initAsync(h, type, trigger);
  h.getAsyncId = () => h[async_id_symbol];
  h.getProviderType = () => type;
  h.asyncReset = (resource) => {
    destroyAsync(h);
    const id = h[async_id_symbol] = natives.newAsyncId();
    const t = h[trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
    if (hooks.initEnabled) hooks.emitInit(id, type, t, resource === undefined ? h : resource);
  };
  return h;
}
function newHandle(kind, type, trigger) {
  return asyncHandle(b.newHandle(kind), type, trigger);
}

// ---- errors ----------------------------------------------------------------------------
function uvException(err, syscall, details) {
  const code = b.errname(err);
  const e = new Error(`${syscall} ${code}${details ? ` ${details}` : ''}`);
  e.errno = err;
  e.code = code;
  e.syscall = syscall;
  return e;
}
function errnoException(err, syscall, original) {
  return uvException(err, syscall, original);
}
function exceptionWithHostPort(err, syscall, address, port) {
  let details = '';
  if (port && port > 0) details = `${address}:${port}`;
  else if (address) details = address;
  const e = uvException(err, syscall, details);
  e.address = address;
  if (port) e.port = port;
  return e;
}
// Node's UVExceptionWithHostPort ("listen EADDRINUSE: address already in use :::80")
function uvExceptionWithHostPort(err, syscall, address, port) {
  const code = b.errname(err);
  let details = '';
  if (port && port > 0) details = ` ${address}:${port}`;
  else if (address) details = ` ${address}`;
  const e = new Error(`${syscall} ${code}: ${b.strerror(err)}${details}`);
  e.code = code;
  e.errno = err;
  e.syscall = syscall;
  e.address = address;
  if (port) e.port = port;
  return e;
}
function isLegalPort(port) {
  if ((typeof port !== 'number' && typeof port !== 'string') ||
      (typeof port === 'string' && port.trim().length === 0)) return false;
  return +port === (+port >>> 0) && port <= 0xFFFF;
}
function validatePort(port, name = 'Port', allowZero = true) {
  if (!isLegalPort(port) || (!allowZero && +port === 0)) {
    let received;
    if (port == null) received = ` Received ${port}`;
    else if (typeof port === 'function') received = ` Received function ${port.name}`;
    else if (typeof port === 'object') received = ` Received ${port.constructor && port.constructor.name ? `an instance of ${port.constructor.name}` : internal.inspect(port, { depth: -1 })}`;
    else received = ` Received type ${typeof port} (${internal.inspect(port).slice(0, 25)})`;
    throw makeNodeError(RangeError, 'ERR_SOCKET_BAD_PORT',
      `${name} should be ${allowZero ? '>=' : '>'} 0 and < 65536.${received}`);
  }
  return +port | 0;
}

// ---- isIP ------------------------------------------------------------------------------
// (an IPv6 zone is letters, digits and - . : as Node's pattern)
function isIP(input) {
  input = `${input}`;
  const zone = input.indexOf('%');
  if (zone >= 0 && !/^%[0-9a-zA-Z.:-]+$/.test(input.slice(zone))) return 0;
  const v = b.isIP(input);
  return zone >= 0 && v !== 6 ? 0 : v;
}
function isIPv4(input) { return isIP(input) === 4; }
function isIPv6(input) { return isIP(input) === 6; }

// ---- argument shapes (Node's normalizeArgs) -----------------------------------------
const normalizedArgsSymbol = Symbol('normalizedArgs');
function isPipeName(s) { return typeof s === 'string' && toNumber(s) === false; }
function toNumber(x) { return (x = Number(x)) >= 0 ? x : false; }
function normalizeArgs(args) {
  let arr;
  if (args.length === 0) {
    arr = [{}, null];
    arr[normalizedArgsSymbol] = true;
    return arr;
  }
  const arg0 = args[0];
  let options = {};
  if (typeof arg0 === 'object' && arg0 !== null) options = arg0;
  else if (isPipeName(arg0)) options.path = arg0;
  else {
    options.port = arg0;
    if (args.length > 1 && typeof args[1] === 'string') options.host = args[1];
  }
  const cb = args[args.length - 1];
  arr = typeof cb !== 'function' ? [options, null] : [options, cb];
  arr[normalizedArgsSymbol] = true;
  return arr;
}

// ---- Socket ------------------------------------------------------------------------------
function Socket(options) {
  if (!(this instanceof Socket)) return new Socket(options);
  if (typeof options === 'number') options = { fd: options };
  else options = { ...options };
  this.connecting = false;
  this._hadError = false;
  this._handle = null;
  this._parent = null;
  this._host = null;
  this[kLastWriteQueueSize] = 0;
  this[kTimeout] = null;
  this[kBytesRead] = 0;
  this[kBytesWritten] = 0;
  this[kPendingWrite] = null;
  this._server = null;
  this.server = null;
  this._peername = null;
  this._sockname = null;
  if (options.handle) {
    this._handle = options.handle;
  } else if (options.fd !== undefined) {
    validateInt32(options.fd, 'options.fd', 0);
    const h = newHandle(K_PIPE, 'PIPEWRAP');
    const rc = h.open(options.fd);
    if (rc < 0) { h.close(); throw errnoException(rc, 'open'); }
    this._handle = h;
  }
  const onread = options.onread;
  if (onread !== null && typeof onread === 'object') {
    this[kBuffer] = onread.buffer;
    this[kBufferCb] = onread.callback;
  }
  for (const key of ['objectMode', 'readableObjectMode', 'writableObjectMode']) {
    if (options[key]) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        `The property 'options.${key}' is not supported. Received ${internal.inspect(options[key])}`);
    }
  }
  options.allowHalfOpen = Boolean(options.allowHalfOpen);
  options.emitClose = false;
  options.autoDestroy = true;
  options.decodeStrings = false;
  Duplex.call(this, options);
  if (this._handle) initSocketHandle(this);
  this.on('end', onReadableStreamEnd);
  this[kSetNoDelay] = Boolean(options.noDelay);
  this[kSetKeepAlive] = Boolean(options.keepAlive);
  if (options.keepAliveInitialDelay !== undefined) {
    validateNumber(options.keepAliveInitialDelay, 'options.keepAliveInitialDelay');
    if (options.keepAliveInitialDelay < 0) options.keepAliveInitialDelay = 0;
  }
  this[kKeepAliveDelay] = ~~((options.keepAliveInitialDelay || 0) / 1000);
  if (this._handle && options.readable !== false) {
    if (options.pauseOnConnect) {
      this[kReading] = false;
      this.readableFlowing = false;
    } else if (!options.manualStart) {
      this.read(0);
    }
  }
  if (options.signal) addSignal(this, options.signal);
}
Object.setPrototypeOf(Socket.prototype, Duplex.prototype);
Object.setPrototypeOf(Socket, Duplex);
const kBuffer = Symbol('kBuffer');
const kBufferCb = Symbol('kBufferCb');

// (the Duplex destroys the socket with an AbortError on options.signal; the
// socket only records it, from a listener added on the next tick, as Node's)
function addSignal(socket, signal) {
  const onAbort = () => { socket._aborted = true; };
  if (signal.aborted) process.nextTick(onAbort);
  else {
    process.nextTick(() => {
      if (socket.destroyed) return;
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('close', () => signal.removeEventListener('abort', onAbort));
    });
  }
}
function makeAbortError(cause) {
  const e = new Error('The operation was aborted', cause !== undefined ? { cause } : undefined);
  e.code = 'ABORT_ERR';
  e.name = 'AbortError';
  return e;
}

function initSocketHandle(self) {
  self._undestroy();
  self._sockname = null;
  const h = self._handle;
  if (h) {
    h[owner] = self;
    h.onread = onStreamRead;
    self[async_id_symbol] = h[async_id_symbol];
    self[kReading] = false;
  }
}

function onReadableStreamEnd() {
  if (!this.allowHalfOpen) {
    this.write = writeAfterFIN;
  }
}
function writeAfterFIN(chunk, encoding, cb) {
  if (!this.writableEnded) return Duplex.prototype.write.call(this, chunk, encoding, cb);
  if (typeof encoding === 'function') { cb = encoding; encoding = null; }
  const er = new Error('This socket has been ended by the other party');
  er.code = 'EPIPE';
  if (typeof cb === 'function') process.nextTick(cb, er);
  this.destroy(er);
  return false;
}

// handle.onread (this = the handle), inside the handle's scope
function onStreamRead(nread, ab) {
  const socket = this[owner];
  if (!socket) return;
  inScope(this, streamRead, socket, this, nread, ab);
}
function streamRead(socket, handle, nread, ab) {
  socket._unrefTimer();
  if (nread > 0 && !socket.destroyed) {
    socket[kBytesRead] += nread;
    const buf = Buffer.from(ab, 0, nread);
    if (socket[kBufferCb]) {
      // onread option: copy into the user's buffer
      let target = socket[kBuffer];
      if (typeof target === 'function') target = target();
      let off = 0;
      while (off < nread) {
        const n = Math.min(target.length, nread - off);
        buf.copy(target, 0, off, off + n);
        off += n;
        if (socket[kBufferCb](n, target) === false) { stopReading(socket); }
      }
      return;
    }
    if (!socket.push(buf)) stopReading(socket);
    return;
  }
  if (nread === 0 || socket.destroyed) return;
  if (nread !== b.UV_EOF) {
    socket.destroy(errnoException(nread, 'read'));
    return;
  }
  // end of the readable side
  stopReading(socket);
  socket.push(null);
  socket.read(0);
}
function stopReading(socket) {
  if (socket._handle && socket[kReading]) {
    socket[kReading] = false;
    socket._handle.readStop();
  }
}
function tryReadStart(socket) {
  socket[kReading] = true;
  const err = socket._handle.readStart();
  if (err) socket.destroy(errnoException(err, 'read'));
}

Socket.prototype._read = function (n) {
  if (this.connecting || !this._handle) {
    this.once('connect', () => this._read(n));
  } else if (!this[kReading]) {
    tryReadStart(this);
  }
};

Socket.prototype.read = function (n) {
  if (this[kBuffer] && !this.connecting && this._handle && !this[kReading]) tryReadStart(this);
  return Duplex.prototype.read.call(this, n);
};

Socket.prototype.pause = function () {
  if (this[kBuffer] && !this.connecting && this._handle && this[kReading]) stopReading(this);
  return Duplex.prototype.pause.call(this);
};
Socket.prototype.resume = function () {
  if (this[kBuffer] && !this.connecting && this._handle && !this[kReading]) tryReadStart(this);
  return Duplex.prototype.resume.call(this);
};

Socket.prototype._final = function (cb) {
  if (this.pending) {
    return this.once('connect', () => this._final(cb));
  }
  if (!this._handle) return cb();
  const req = new Req('SHUTDOWNWRAP', (status) => {
    this._unrefTimer();
    cb();
  }, this[async_id_symbol]);
  const err = this._handle.shutdown(req);
  if (err === b.UV_ENOTCONN || err === -107 /* ENOTCONN */) return cb();
  if (err < 0) return cb(errnoException(err, 'shutdown'));
};

function toBuf(chunk, encoding) {
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
  if (chunk instanceof Uint8Array) return chunk;
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
Socket.prototype._writeGeneric = function (writev, data, encoding, cb) {
  if (this.connecting) {
    this[kPendingWrite] = [writev, data, encoding, cb];
    this.once('connect', function connect() {
      const p = this[kPendingWrite];
      this[kPendingWrite] = null;
      this._writeGeneric(p[0], p[1], p[2], p[3]);
    });
    return;
  }
  this[kPendingWrite] = null;
  if (!this._handle) {
    cb(makeNodeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
    return false;
  }
  this._unrefTimer();
  const chunks = writev ? data.map((c) => toBuf(c.chunk, c.encoding)) : [toBuf(data, encoding)];
  let bytes = 0;
  for (const c of chunks) bytes += c.length;
  const req = new Req(null, (status) => {
    this[kLastWriteQueueSize] = 0;
    if (status < 0) {
      const e = errnoException(status, 'write', req.error);
      if (!this.destroyed) this.destroy(e);
      cb(e);
      return;
    }
    this._unrefTimer();
    cb();
  }, this[async_id_symbol]);
  const rc = this._handle.writev(req, chunks);
  this[kBytesWritten] += bytes;
  if (rc < 0) {
    const e = errnoException(rc, 'write');
    this.destroy(e);
    cb(e);
    return;
  }
  if (rc === 0) {
    cb();
    return;
  }
  initAsync(req, 'WRITEWRAP', this[async_id_symbol]);
  this[kLastWriteQueueSize] = this._handle.queueSize();
};
Socket.prototype._writev = function (chunks, cb) { this._writeGeneric(true, chunks, '', cb); };
Socket.prototype._write = function (data, encoding, cb) { this._writeGeneric(false, data, encoding, cb); };

Socket.prototype.end = function (data, encoding, callback) {
  Duplex.prototype.end.call(this, data, encoding, callback);
  return this;
};
Socket.prototype.destroySoon = function () {
  if (this.writable) this.end();
  if (this.writableFinished) this.destroy();
  else this.once('finish', this.destroy);
};
Socket.prototype.resetAndDestroy = function () {
  if (this._handle) {
    if (b.handleKind(this._handle) !== K_TCP) {
      throw makeNodeError(TypeError, 'ERR_INVALID_HANDLE_TYPE', 'This handle type cannot be sent');
    }
    if (this.connecting) { this.once('connect', () => this._reset()); } else { this._reset(); }
    return this;
  }
  return this.destroy(makeNodeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
};
Socket.prototype._reset = function () {
  this.resetAndClosing = true;
  return this.destroy();
};

Socket.prototype._destroy = function (exception, cb) {
  if (this[kTimeout]) { clearTimeout(this[kTimeout]); this[kTimeout] = null; }
  const pending = this[kPendingWrite];
  if (this.connecting && pending) {
    this[kPendingWrite] = null;
    pending[3](makeNodeError(Error, 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION', 'Socket closed before the connection was established'));
  }
  this.connecting = false;
  if (this._handle) {
    const isException = !!exception;
    const h = this._handle;
    this._handle = null;
    this[kReading] = false;
    h.onread = noop;
    // the close callback runs inside the handle's scope (Node's
    // HandleWrap::OnClose), then the handle is destroyed
    h.onclose = () => {
      inScope(h, () => this.emit('close', isException));
      destroyAsync(h);
    };
    if (this.resetAndClosing) {
      // resetAndDestroy(): the peer sees ECONNRESET
      this.resetAndClosing = false;
      const err = h.reset();
      if (err) process.nextTick(() => this.emit('error', errnoException(err, 'reset')));
    } else {
      h.close();
    }
  }
  cb(exception);
  if (this._server) {
    this._server._connections--;
    if (this._server._emitCloseIfDrained) this._server._emitCloseIfDrained();
  }
};
const kCloseScheduled = Symbol('kCloseScheduled');
function noop() {}
// A socket destroyed before it had a handle still emits 'close'.
const origDestroy = Duplex.prototype.destroy;
Socket.prototype.destroy = function (err, cb) {
  const hadHandle = this._handle !== null;
  const wasDestroyed = this.destroyed;
  origDestroy.call(this, err, cb);
  if (!wasDestroyed && !hadHandle && !this[kCloseScheduled]) {
    this[kCloseScheduled] = true;
    const isException = !!err;
    process.nextTick(() => this.emit('close', isException));
  }
  return this;
};

Socket.prototype.setTimeout = function (msecs, callback) {
  if (this.destroyed) return this;
  this.timeout = msecs;
  msecs = getTimerDuration(msecs, 'msecs');
  if (callback !== undefined) validateFunction(callback, 'callback');
  if (this[kTimeout]) { clearTimeout(this[kTimeout]); this[kTimeout] = null; }
  if (msecs === 0) {
    if (callback !== undefined) this.removeListener('timeout', callback);
  } else {
    this[kTimeout] = setTimeout(onSocketTimeout, msecs, this);
    this[kTimeout].unref();
    if (callback !== undefined) this.once('timeout', callback);
  }
  return this;
};
function onSocketTimeout(socket) {
  socket[kTimeout] = null;
  socket.emit('timeout');
}
// (Node's: validated, and past 2^31 - 1 truncated with a TimeoutOverflowWarning)
function getTimerDuration(msecs, name) {
  void internal.timers; // (loads timers.js)
  return internal.timersInternals.getTimerDuration(msecs, name);
}
Socket.prototype._unrefTimer = function () {
  for (let s = this; s !== null; s = s._parent) {
    if (s[kTimeout]) s[kTimeout].refresh();
  }
};

Socket.prototype.setNoDelay = function (enable) {
  enable = enable === undefined ? true : Boolean(enable);
  if (!this._handle) { this[kSetNoDelay] = enable; return this; }
  if (this._handle.setNoDelay && this[kSetNoDelay] !== enable) {
    this[kSetNoDelay] = enable;
    this._handle.setNoDelay(enable);
  }
  return this;
};
Socket.prototype.setKeepAlive = function (enable, initialDelayMsecs) {
  enable = Boolean(enable);
  const initialDelay = ~~((initialDelayMsecs || 0) / 1000);
  if (!this._handle) {
    this[kSetKeepAlive] = enable;
    this[kKeepAliveDelay] = initialDelay;
    return this;
  }
  if (this._handle.setKeepAlive && (this[kSetKeepAlive] !== enable || (enable && this[kKeepAliveDelay] !== initialDelay))) {
    this[kSetKeepAlive] = enable;
    this[kKeepAliveDelay] = initialDelay;
    this._handle.setKeepAlive(enable, initialDelay);
  }
  return this;
};

Socket.prototype.address = function () { return this._getsockname(); };
Socket.prototype._getpeername = function () {
  if (!this._handle || this.connecting) return this._peername || {};
  if (!this._peername) {
    const out = this._handle.getpeername();
    if (typeof out === 'number') return {};
    this._peername = out;
  }
  return this._peername;
};
Socket.prototype._getsockname = function () {
  if (!this._handle) return {};
  if (!this._sockname) {
    const out = this._handle.getsockname();
    if (typeof out === 'number') return {};
    this._sockname = out;
  }
  return this._sockname;
};
function protoGetter(name, fn) {
  Object.defineProperty(Socket.prototype, name, { configurable: false, enumerable: true, get: fn });
}
protoGetter('_connecting', function () { return this.connecting; });
protoGetter('pending', function () { return !this._handle || this.connecting; });
protoGetter('readyState', function () {
  if (this.connecting) return 'opening';
  if (this.readable && this.writable) return 'open';
  if (this.readable && !this.writable) return 'readOnly';
  if (!this.readable && this.writable) return 'writeOnly';
  return 'closed';
});
protoGetter('bufferSize', function () {
  if (this._handle) return this.writableLength;
  return undefined;
});
protoGetter('remoteAddress', function () { return this._getpeername().address; });
protoGetter('remoteFamily', function () { return this._getpeername().family; });
protoGetter('remotePort', function () { return this._getpeername().port; });
protoGetter('localAddress', function () { return this._getsockname().address; });
protoGetter('localPort', function () { return this._getsockname().port; });
protoGetter('localFamily', function () { return this._getsockname().family; });
protoGetter('bytesRead', function () { return this._handle ? this[kBytesRead] : this[kBytesRead]; });
protoGetter('bytesWritten', function () {
  let bytes = this[kBytesWritten];
  const pending = this[kPendingWrite];
  if (pending) {
    if (pending[0]) for (const c of pending[1]) bytes += Buffer.byteLength(c.chunk, c.encoding);
    else bytes += Buffer.byteLength(pending[1], pending[2]);
  }
  if (this.writableBuffer) {
    for (const el of this.writableBuffer) {
      bytes += el.chunk instanceof Uint8Array ? el.chunk.length : Buffer.byteLength(el.chunk, el.encoding);
    }
  }
  return bytes;
});
Object.defineProperty(Socket.prototype, '_bytesDispatched', { get() { return this[kBytesWritten]; } });
Object.defineProperty(Socket.prototype, 'timeout', { value: undefined, writable: true, configurable: true, enumerable: true });

Socket.prototype.ref = function () {
  if (!this._handle) { this.once('connect', this.ref); return this; }
  this._handle.ref(true);
  return this;
};
Socket.prototype.unref = function () {
  if (!this._handle) { this.once('connect', this.unref); return this; }
  this._handle.ref(false);
  return this;
};

// ---- connect ------------------------------------------------------------------------------
Socket.prototype.connect = function (...args) {
  let normalized;
  if (Array.isArray(args[0]) && args[0][normalizedArgsSymbol]) normalized = args[0];
  else normalized = normalizeArgs(args);
  const options = normalized[0];
  const cb = normalized[1];
  if (cb !== null) this.once('connect', cb);
  if (this.write !== Socket.prototype.write) this.write = Socket.prototype.write;
  if (this.destroyed) {
    this._handle = null;
    this._peername = null;
    this._sockname = null;
    this._undestroy();
    this[kCloseScheduled] = false;
  }
  const { path } = options;
  const pipe = !!path;
  if (!pipe && options.port === undefined) {
    throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "options" or "port" or "path" argument must be specified');
  }
  if (options.autoSelectFamily != null) validateBoolean(options.autoSelectFamily, 'options.autoSelectFamily');
  if (options.autoSelectFamilyAttemptTimeout != null) {
    validateInt32(options.autoSelectFamilyAttemptTimeout, 'options.autoSelectFamilyAttemptTimeout', 1);
  }
  if (!this._handle) {
    this._handle = pipe ? newHandle(K_PIPE, 'PIPEWRAP') : newHandle(K_TCP, 'TCPWRAP');
    initSocketHandle(this);
  }
  this._unrefTimer();
  this.connecting = true;
  if (pipe) {
    validateString(path, 'options.path');
    internalConnect(this, path);
  } else {
    lookupAndConnect(this, options);
  }
  return this;
};
Socket.prototype.write = Duplex.prototype.write;

function lookupAndConnect(self, options) {
  const { localAddress, localPort } = options;
  const host = options.host || 'localhost';
  let { port, autoSelectFamily, autoSelectFamilyAttemptTimeout } = options;
  void autoSelectFamily; void autoSelectFamilyAttemptTimeout;
  if (localAddress && !isIP(localAddress)) {
    throw makeNodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${localAddress}`);
  }
  if (localPort) validateNumber(localPort, 'options.localPort');
  if (typeof port !== 'undefined') {
    if (typeof port !== 'number' && typeof port !== 'string') throwType('options.port', ['number', 'string'], port);
    port = validatePort(port);
  }
  port |= 0;
  const addressType = isIP(host);
  if (addressType) {
    process.nextTick(() => {
      if (self.connecting) internalConnect(self, host, port, addressType, localAddress, localPort);
    });
    return;
  }
  if (options.lookup != null) validateFunction(options.lookup, 'options.lookup');
  const dns = internal.loadBuiltin('dns');
  const lookup = options.lookup || dns.lookup;
  const dnsopts = { family: socketToDnsFamily(options.family), hints: options.hints || 0 };
  self._host = host;
  lookup(host, dnsopts, function emitLookup(err, ip, addressType) {
    self.emit('lookup', err, ip, addressType, host);
    if (!self.connecting) return;
    if (err) {
      process.nextTick(connectErrorNT, self, err);
    } else if (!isIP(ip)) {
      err = makeNodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${ip}`);
      process.nextTick(connectErrorNT, self, err);
    } else if (addressType !== 4 && addressType !== 6) {
      err = makeNodeError(TypeError, 'ERR_INVALID_ADDRESS_FAMILY', `Invalid address family: ${addressType} ${options.host}:${options.port}`);
      err.host = options.host;
      err.port = options.port;
      process.nextTick(connectErrorNT, self, err);
    } else {
      self._unrefTimer();
      internalConnect(self, ip, port, addressType, localAddress, localPort);
    }
  });
}
function socketToDnsFamily(family) {
  switch (family) {
    case 'IPv4': return 4;
    case 'IPv6': return 6;
  }
  return family;
}
function connectErrorNT(self, err) { self.destroy(err); }

function internalConnect(self, address, port, addressType, localAddress, localPort) {
  if (!self._handle) return;
  let err;
  if (localAddress || localPort) {
    err = self._handle.bind(localAddress || (addressType === 6 ? '::' : '0.0.0.0'), localPort || 0, 0);
    if (err) {
      self.destroy(exceptionWithHostPort(err, 'bind', localAddress, localPort));
      return;
    }
  }
  const req = new Req(port === undefined ? 'PIPECONNECTWRAP' : 'TCPCONNECTWRAP',
    (status) => afterConnect(status, self, req), self[async_id_symbol]);
  req.address = address;
  req.port = port;
  // a 'net' PerformanceEntry 'connect' (TCP only, as Node) when observed
  if (port !== undefined && internal.perfObserved !== undefined && internal.perfObserved('net')) {
    req.perfStart = internal.perfNow();
  }
  if (port === undefined) err = self._handle.connect(req, address);
  else err = self._handle.connect(req, address, port);
  if (err) {
    destroyAsync(req);
    const sockname = self._getsockname();
    let details;
    if (sockname && sockname.address) details = `${sockname.address}:${sockname.port}`;
    const ex = exceptionWithHostPort(err, 'connect', address, port);
    if (details) ex.localAddress = sockname.address;
    self.destroy(ex);
  }
}

function afterConnect(status, self, req) {
  if (self.destroyed) return;
  self.connecting = false;
  self._sockname = null;
  if (status === 0) {
    if (req.perfStart !== undefined && internal.perfObserved('net')) {
      internal.perfEntry('connect', 'net', req.perfStart, { host: req.address, port: req.port });
    }
    if (self[kSetNoDelay] && self._handle.setNoDelay) self._handle.setNoDelay(true);
    if (self[kSetKeepAlive] && self._handle.setKeepAlive) self._handle.setKeepAlive(true, self[kKeepAliveDelay]);
    self._unrefTimer();
    self.emit('connect');
    self.emit('ready');
    if (self.readable && !self.isPaused()) self.read(0);
  } else {
    let details;
    if (req.localAddress && req.localPort) details = `${req.localAddress}:${req.localPort}`;
    const ex = exceptionWithHostPort(status, 'connect', req.address, req.port);
    if (details) ex.message += ` - Local (${details})`;
    self.destroy(ex);
  }
}

function connect(...args) {
  const normalized = normalizeArgs(args);
  const options = normalized[0];
  const socket = new Socket(options);
  if (options.timeout) socket.setTimeout(options.timeout);
  return socket.connect(normalized);
}

// ---- Server ---------------------------------------------------------------------------------
function Server(options, connectionListener) {
  if (!(this instanceof Server)) return new Server(options, connectionListener);
  EventEmitter.call(this);
  if (typeof options === 'function') {
    connectionListener = options;
    options = {};
    this.on('connection', connectionListener);
  } else if (options == null || typeof options === 'object') {
    options = { ...options };
    if (typeof connectionListener === 'function') this.on('connection', connectionListener);
  } else {
    throwType('options', 'Object', options);
  }
  if (typeof options.keepAliveInitialDelay !== 'undefined') {
    validateNumber(options.keepAliveInitialDelay, 'options.keepAliveInitialDelay');
    if (options.keepAliveInitialDelay < 0) options.keepAliveInitialDelay = 0;
  }
  if (typeof options.highWaterMark !== 'undefined') validateNumber(options.highWaterMark, 'options.highWaterMark');
  this._connections = 0;
  this._handle = null;
  this._usingWorkers = false;
  this._workers = [];
  this._unref = false;
  this._listeningId = 1;
  this.allowHalfOpen = options.allowHalfOpen || false;
  this.pauseOnConnect = !!options.pauseOnConnect;
  this.noDelay = Boolean(options.noDelay);
  this.keepAlive = Boolean(options.keepAlive);
  this.keepAliveInitialDelay = ~~((options.keepAliveInitialDelay || 0) / 1000);
  this.highWaterMark = options.highWaterMark;
}
Object.setPrototypeOf(Server.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Server, EventEmitter);

function createServer(options, connectionListener) { return new Server(options, connectionListener); }

Server.prototype.listen = function (...args) {
  const normalized = normalizeArgs(args);
  let options = normalized[0];
  const cb = normalized[1];
  if (this._handle) {
    throw makeNodeError(Error, 'ERR_SERVER_ALREADY_LISTEN', 'Listen method has been called more than once without closing.');
  }
  if (cb !== null) this.once('listening', cb);
  const backlogFromArgs = toBacklog(args.length > 1 && typeof args[1] === 'number' ? args[1]
    : args.length > 2 && typeof args[2] === 'number' ? args[2] : undefined);
  const flags = options.ipv6Only ? 1 : 0;
  if (options.signal !== undefined &&
      (options.signal === null || typeof options.signal !== 'object' || !('aborted' in options.signal))) {
    throwType('options.signal', 'AbortSignal', options.signal);
  }
  if (options.signal) {
    // an aborted signal closes the server
    const signal = options.signal;
    const onAborted = () => this.close();
    if (signal.aborted) process.nextTick(onAborted);
    else {
      signal.addEventListener('abort', onAborted, { once: true });
      this.once('close', () => signal.removeEventListener('abort', onAborted));
    }
  }
  // listen(handle): a TCP or pipe server handle (one received over IPC)
  const handle = options._handle || options.handle || options;
  if (b.handleKind(handle) === K_TCP || b.handleKind(handle) === K_PIPE) {
    this._handle = handle;
    this[async_id_symbol] = handle[async_id_symbol];
    listenInCluster(this, null, -1, -1, backlogFromArgs);
    return this;
  }
  if (typeof options.fd === 'number' && options.fd >= 0) {
    listenInCluster(this, null, null, null, backlogFromArgs, options.fd);
    return this;
  }
  // listen(), listen(null), listen(cb), listen({port: undefined}): any port
  if (args.length === 0 || typeof args[0] === 'function' ||
      (typeof options.port === 'undefined' && 'port' in options) || options.port === null) {
    options.port = 0;
  }
  const backlog = options.backlog || backlogFromArgs;
  if (typeof options.port === 'number' || typeof options.port === 'string') {
    const port = validatePort(options.port, 'options.port');
    if (options.host) lookupAndListen(this, port, options.host, backlog, options.exclusive, flags);
    else listenInCluster(this, null, port, 4, backlog, undefined, options.exclusive, flags);
    return this;
  }
  if (options.path && isPipeName(options.path)) {
    const pipeName = this._pipeName = options.path;
    listenInCluster(this, pipeName, -1, -1, backlog, undefined, options.exclusive);
    if (!this._handle) return this; // failed: 'error' comes next tick
    // readableAll/writableAll: the socket file's mode for other users (uv_pipe_chmod)
    const mode = (options.readableAll === true ? 1 : 0) | (options.writableAll === true ? 2 : 0);
    if (mode !== 0) {
      const err = this._handle.fchmod(mode);
      if (err) {
        this._handle.close();
        this._handle = null;
        throw errnoException(err, 'uv_pipe_chmod');
      }
    }
    return this;
  }
  if (!(('port' in options) || ('path' in options))) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'options' must have the property "port" or "path". Received ${internal.inspect(options)}`);
  }
  throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'options' is invalid. Received ${internal.inspect(options)}`);
};
function toBacklog(v) { return typeof v === 'number' ? v : undefined; }

function lookupAndListen(self, port, address, backlog, exclusive, flags) {
  const dns = internal.loadBuiltin('dns');
  const id = self._listeningId;
  dns.lookup(address, (err, ip, addressType) => {
    if (self._listeningId !== id) return; // closed meanwhile
    if (err) self.emit('error', err);
    else listenInCluster(self, ip, port, addressType, backlog, undefined, exclusive, flags);
  });
}

let warnedSimultaneousAccepts = false;
function listenInCluster(server, address, port, addressType, backlog, fd, exclusive, flags) {
  server._listen2(address, port, addressType, backlog, fd, flags);
}

Server.prototype._listen2 = function setupListenHandle(address, port, addressType, backlog, fd, flags) {
  let rval = null;
  if (!this._handle) {
    if (typeof fd === 'number' && fd >= 0) {
      rval = newHandle(K_TCP, 'TCPSERVERWRAP');
      const err = rval.open(fd);
      if (err) { rval.close(); rval = err; }
    } else if (port === -1 && addressType === -1) {
      rval = newHandle(K_PIPE, 'PIPESERVERWRAP');
      const err = rval.bind(address);
      if (err) { rval.close(); rval = err; }
    } else if (!address && typeof fd !== 'number') {
      // the unspecified IPv6 address (dual stack), else IPv4's
      rval = createServerHandle('::', port, 6, flags);
      if (typeof rval === 'number') {
        rval = null;
        address = '0.0.0.0';
        addressType = 4;
      } else {
        address = '::';
        addressType = 6;
      }
    }
    if (rval === null) rval = createServerHandle(address, port, addressType, flags);
    if (typeof rval === 'number') {
      const error = uvExceptionWithHostPort(rval, 'listen', address, port);
      process.nextTick(emitErrorNT, this, error);
      return;
    }
    this._handle = rval;
  }
  this[async_id_symbol] = this._handle[async_id_symbol];
  this._handle.onconnection = onconnection;
  this._handle[owner] = this;
  const err = this._handle.listen(backlog || 511);
  if (err) {
    const ex = uvExceptionWithHostPort(err, 'listen', address, port);
    const h = this._handle;
    this._handle = null;
    h.onclose = () => destroyAsync(h);
    h.close();
    process.nextTick(emitErrorNT, this, ex);
    return;
  }
  this._connectionKey = `${addressType}:${address}:${port}`;
  if (this._unref) this.unref();
  internal.defaultTriggerAsyncIdScope(this[async_id_symbol], process.nextTick, emitListeningNT, this);
};
function createServerHandle(address, port, addressType, flags) {
  const h = newHandle(K_TCP, 'TCPSERVERWRAP');
  const err = h.bind(address || (addressType === 6 ? '::' : '0.0.0.0'), port, flags || 0);
  if (err) {
    h.onclose = () => destroyAsync(h);
    h.close();
    return err;
  }
  return h;
}
function emitErrorNT(self, err) { self.emit('error', err); }
function emitListeningNT(self) { if (self._handle) self.emit('listening'); }

function onconnection(err, clientHandle) {
  const handle = this;
  const self = handle[owner];
  if (!self) { if (clientHandle) clientHandle.close(); return; }
  inScope(handle, serverConnection, self, handle, err, clientHandle);
}
function serverConnection(self, handle, err, clientHandle) {
  if (err) {
    self.emit('error', errnoException(err, 'accept'));
    return;
  }
  const pipe = self._pipeName !== undefined;
  asyncHandle(clientHandle, pipe ? 'PIPEWRAP' : 'TCPWRAP', handle[async_id_symbol]);
  if (self.maxConnections && self._connections >= self.maxConnections) {
    clientHandle.onclose = () => destroyAsync(clientHandle);
    clientHandle.close();
    self.emit('drop', dropInfo(clientHandle));
    return;
  }
  const socket = new Socket({
    handle: clientHandle,
    allowHalfOpen: self.allowHalfOpen,
    pauseOnConnect: self.pauseOnConnect,
    readable: true,
    writable: true,
    readableHighWaterMark: self.highWaterMark,
    writableHighWaterMark: self.highWaterMark,
  });
  if (self.noDelay) socket.setNoDelay(true);
  if (self.keepAlive) socket.setKeepAlive(true, self.keepAliveInitialDelay * 1000);
  self._connections++;
  socket.server = self;
  socket._server = self;
  self.emit('connection', socket);
}
function dropInfo(h) {
  const local = h.getsockname();
  const remote = h.getpeername();
  const info = {};
  if (typeof local === 'object') { info.localAddress = local.address; info.localPort = local.port; info.localFamily = local.family; }
  if (typeof remote === 'object') { info.remoteAddress = remote.address; info.remotePort = remote.port; info.remoteFamily = remote.family; }
  return info;
}

Server.prototype.address = function () {
  if (this._handle) {
    const out = this._handle.getsockname();
    if (typeof out === 'number') throw errnoException(out, 'address');
    return out;
  } else if (this._pipeName) {
    return this._pipeName;
  }
  return null;
};
Object.defineProperty(Server.prototype, 'listening', {
  get() { return !!this._handle; }, configurable: true, enumerable: true,
});
Server.prototype.getConnections = function (cb) {
  process.nextTick(cb, null, this._connections);
  return this;
};
Server.prototype.close = function (cb) {
  this._listeningId++;
  if (typeof cb === 'function') {
    if (!this._handle) {
      this.once('close', function close() {
        cb(makeNodeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.'));
      });
    } else {
      this.once('close', cb);
    }
  }
  if (this._handle) {
    const h = this._handle;
    h.onclose = () => destroyAsync(h);
    h.close();
    this._handle = null;
  }
  this._emitCloseIfDrained();
  return this;
};
Server.prototype._emitCloseIfDrained = function () {
  if (this._handle || this._connections) return;
  process.nextTick(emitCloseNT, this);
};
function emitCloseNT(self) { self.emit('close'); }
Server.prototype[Symbol.asyncDispose] = function () {
  if (!this._handle) return Promise.resolve();
  return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
};
Server.prototype.ref = function () {
  this._unref = false;
  if (this._handle) this._handle.ref(true);
  return this;
};
Server.prototype.unref = function () {
  this._unref = true;
  if (this._handle) this._handle.ref(false);
  return this;
};
Server.prototype[EventEmitter.captureRejectionSymbol || Symbol.for('nodejs.rejection')] = function (err, event, sock) {
  if (event === 'connection') sock.destroy(err);
  else this.emit('error', err);
};

// ---- BlockList / SocketAddress (IPv4 and IPv6 in JS) ---------------------------------
function ipToBigInt(addr, family) {
  if (family === 'ipv4') {
    const p = addr.split('.').map(Number);
    return BigInt(((p[0] << 24) >>> 0) + (p[1] << 16) + (p[2] << 8) + p[3]);
  }
  let s = addr;
  let tail = [];
  const v4 = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const p = v4[1].split('.').map(Number);
    tail = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]];
    s = s.slice(0, -v4[1].length) + (s.endsWith(':' + v4[1]) ? '0:0' : '');
    if (tail.length) s = s.replace(/0:0$/, '');
  }
  const [head, rest] = s.split('::');
  const h = head ? head.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const r = rest !== undefined && rest ? rest.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const groups = rest !== undefined ? [...h, ...new Array(8 - h.length - r.length - tail.length).fill(0), ...r, ...tail] : [...h, ...tail];
  let v = 0n;
  for (const g of groups) v = (v << 16n) | BigInt(g);
  return v;
}
class SocketAddress {
  constructor(options = {}) {
    validateObject(options, 'options');
    const { family = 'ipv4', port = 0, flowlabel = 0 } = options;
    let { address } = options;
    if (typeof family !== 'string' || (family.toLowerCase() !== 'ipv4' && family.toLowerCase() !== 'ipv6')) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.family' must be one of: 'ipv4', 'ipv6'. Received ${internal.inspect(family)}`);
    }
    const fam = family.toLowerCase();
    if (address === undefined) address = fam === 'ipv4' ? '127.0.0.1' : '::';
    validateString(address, 'options.address');
    validatePort(port, 'Port');
    validateInt32(flowlabel, 'options.flowlabel', 0);
    if (isIP(address) !== (fam === 'ipv4' ? 4 : 6)) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ADDRESS', 'Invalid socket address');
    }
    this._v = { address, port: +port, family: fam, flowlabel };
  }
  static isSocketAddress(v) { return v instanceof SocketAddress; }
  get address() { return this._v.address; }
  get port() { return this._v.port; }
  get family() { return this._v.family; }
  get flowlabel() { return this._v.flowlabel; }
  toJSON() { return { address: this.address, port: this.port, family: this.family, flowlabel: this.flowlabel }; }
}
class BlockList {
  constructor() { this._rules = []; }
  static isBlockList(v) { return v instanceof BlockList; }
  _addr(address, family) {
    if (address instanceof SocketAddress) return [address.address, address.family];
    validateString(address, 'address');
    validateString(family, 'family');
    family = family.toLowerCase();
    if (family !== 'ipv4' && family !== 'ipv6') {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'family' must be one of: 'ipv4', 'ipv6'. Received ${internal.inspect(family)}`);
    }
    if (isIP(address) !== (family === 'ipv4' ? 4 : 6)) throw makeNodeError(TypeError, 'ERR_INVALID_ADDRESS', 'Invalid socket address');
    return [address, family];
  }
  addAddress(address, family = 'ipv4') {
    const [a, f] = this._addr(address, family);
    this._rules.push({ type: 'address', family: f, a: ipToBigInt(a, f), text: `Address: ${f === 'ipv4' ? 'IPv4' : 'IPv6'} ${a}` });
  }
  addRange(start, end, family = 'ipv4') {
    const [s, f] = this._addr(start, family);
    const [e] = this._addr(end, family);
    const lo = ipToBigInt(s, f), hi = ipToBigInt(e, f);
    if (lo > hi) throw makeNodeError(RangeError, 'ERR_INVALID_ARG_VALUE', `The argument 'start' must come before end. Received ${internal.inspect(start)}`);
    this._rules.push({ type: 'range', family: f, lo, hi, text: `Range: ${f === 'ipv4' ? 'IPv4' : 'IPv6'} ${s}-${e}` });
  }
  addSubnet(network, prefix, family = 'ipv4') {
    const [n, f] = this._addr(network, family);
    const bits = f === 'ipv4' ? 32 : 128;
    validateInt32(prefix, 'prefix', 0, bits);
    const base = ipToBigInt(n, f);
    const shift = BigInt(bits - prefix);
    const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << shift) - 1n);
    this._rules.push({ type: 'subnet', family: f, net: base & mask, mask, text: `Subnet: ${f === 'ipv4' ? 'IPv4' : 'IPv6'} ${n}/${prefix}` });
  }
  check(address, family = 'ipv4') {
    let a, f;
    try { [a, f] = this._addr(address, family); } catch (e) {
      if (e.code === 'ERR_INVALID_ADDRESS') return false;
      throw e;
    }
    const v = ipToBigInt(a, f);
    for (const r of this._rules) {
      let value = v;
      if (r.family !== f) {
        // IPv4-mapped IPv6 addresses match IPv4 rules and vice versa
        if (f === 'ipv6' && (v >> 32n) === 0xffffn) value = v & 0xffffffffn;
        else if (f === 'ipv4') value = (0xffffn << 32n) | v;
        else continue;
      }
      if (r.type === 'address' && r.a === value) return true;
      if (r.type === 'range' && value >= r.lo && value <= r.hi) return true;
      if (r.type === 'subnet' && (value & r.mask) === r.net) return true;
    }
    return false;
  }
  get rules() { return this._rules.map((r) => r.text).reverse(); }
}

let autoSelectFamilyDefault = true;
let autoSelectFamilyAttemptTimeoutDefault = 250;
internal.netModule = {
  _createServerHandle: createServerHandle,
  _normalizeArgs: normalizeArgs,
  _setSimultaneousAccepts() {
    if (!warnedSimultaneousAccepts) {
      warnedSimultaneousAccepts = true;
      process.emitWarning('net._setSimultaneousAccepts() is deprecated and will be removed.', 'DeprecationWarning', 'DEP0121');
    }
  },
  BlockList,
  SocketAddress,
  connect,
  createConnection: connect,
  createServer,
  isIP,
  isIPv4,
  isIPv6,
  Server,
  Socket,
  Stream: Socket,
  getDefaultAutoSelectFamily() { return autoSelectFamilyDefault; },
  setDefaultAutoSelectFamily(v) { validateBoolean(v, 'value'); autoSelectFamilyDefault = v; },
  getDefaultAutoSelectFamilyAttemptTimeout() { return autoSelectFamilyAttemptTimeoutDefault; },
  setDefaultAutoSelectFamilyAttemptTimeout(v) {
    validateInt32(v, 'value', 1);
    autoSelectFamilyAttemptTimeoutDefault = v < 10 ? 10 : v;
  },
};
// shared with dgram.js, dns.js and http.js
internal.netInternals = {
  b, K_TCP, K_PIPE, K_UDP, owner, initAsync, destroyAsync, inScope, Req, newHandle,
  uvException, errnoException, exceptionWithHostPort, validatePort, isLegalPort, kTimeout,
  makeAbortError, getTimerDuration,
};
