// dgram.js: Node 20's `dgram` module for weft (written from its documented
// behaviour and tests): createSocket('udp4'|'udp6'|options), Socket (an
// EventEmitter) with bind/send/'message'/close/address, connect/disconnect/
// remoteAddress, broadcast, TTL, multicast membership/TTL/loopback/interface,
// buffer sizes and ref/unref, over a libuv UDP handle (src/js/net_handles.c).
// The handle is an async resource UDPWRAP, each send a UDPSENDWRAP.
'use strict';

const process = internal.process;
const EventEmitter = internal.loadBuiltin('events');
if (!internal.netModule) natives.loadLib('net');
const { b, K_UDP, owner, destroyAsync, inScope, Req, newHandle, errnoException, exceptionWithHostPort, validatePort } =
  internal.netInternals;
const { validateFunction, validateNumber, validateString, validateObject, validateUint32 } = internal.validators;
const { Buffer } = internal.loadBuiltin('buffer');
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;

const BIND_STATE_UNBOUND = 0, BIND_STATE_BINDING = 1, BIND_STATE_BOUND = 2;
const CONNECT_STATE_DISCONNECTED = 0, CONNECT_STATE_CONNECTING = 1, CONNECT_STATE_CONNECTED = 2;
const kState = Symbol('state');
const O_BROADCAST = 0, O_TTL = 1, O_MCAST_TTL = 2, O_MCAST_LOOP = 3, O_RECV_BUF = 4, O_SEND_BUF = 5;

function badType() {
  return makeNodeError(TypeError, 'ERR_SOCKET_BAD_TYPE', 'Bad socket type specified. Valid types are: udp4, udp6');
}
function notRunning() {
  return makeNodeError(Error, 'ERR_SOCKET_DGRAM_NOT_RUNNING', 'Not running');
}

function Socket(type, listener) {
  EventEmitter.call(this);
  let lookup;
  let recvBufferSize, sendBufferSize;
  let options;
  if (type !== null && typeof type === 'object') {
    options = type;
    type = options.type;
    lookup = options.lookup;
    recvBufferSize = options.recvBufferSize;
    sendBufferSize = options.sendBufferSize;
    if (recvBufferSize !== undefined) validateUint32(recvBufferSize, 'options.recvBufferSize');
    if (sendBufferSize !== undefined) validateUint32(sendBufferSize, 'options.sendBufferSize');
  }
  if (type !== 'udp4' && type !== 'udp6') throw badType();
  if (lookup !== undefined) validateFunction(lookup, 'lookup');
  const handle = newHandle(K_UDP, 'UDPWRAP');
  handle[owner] = this;
  handle.onmessage = onMessage;
  this[internal.async_id_symbol] = handle[internal.async_id_symbol];
  this.type = type;
  if (typeof listener === 'function') this.on('message', listener);
  this[kState] = {
    handle,
    receiving: false,
    bindState: BIND_STATE_UNBOUND,
    connectState: CONNECT_STATE_DISCONNECTED,
    queue: undefined,
    reuseAddr: options && options.reuseAddr,
    ipv6Only: options && options.ipv6Only,
    recvBufferSize,
    sendBufferSize,
    lookup: lookup || defaultLookup(type),
    unref: false,
  };
  if (options && options.signal !== undefined) {
    const signal = options.signal;
    if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) {
      throwType('options.signal', 'AbortSignal', signal);
    }
    const onAborted = () => { if (this[kState].handle) this.close(); };
    if (signal.aborted) onAborted();
    else {
      signal.addEventListener('abort', onAborted, { once: true });
      this.once('close', () => signal.removeEventListener('abort', onAborted));
    }
  }
}
Object.setPrototypeOf(Socket.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Socket, EventEmitter);

function defaultLookup(type) {
  const family = type === 'udp4' ? 4 : 6;
  return (address, cb) => internal.loadBuiltin('dns').lookup(address, family, cb);
}

// the UDP handle of a socket, for child_process's handle passing
internal.dgramHandleOf = (socket) => socket[kState].handle;
function createSocket(type, listener) { return new Socket(type, listener); }

function healthCheck(socket) {
  if (!socket[kState].handle) throw notRunning();
}

function startListening(socket) {
  const state = socket[kState];
  state.handle.readStart();
  state.receiving = true;
  state.bindState = BIND_STATE_BOUND;
  if (state.recvBufferSize) bufferSize(socket, state.recvBufferSize, O_RECV_BUF);
  if (state.sendBufferSize) bufferSize(socket, state.sendBufferSize, O_SEND_BUF);
  socket.emit('listening');
}

Socket.prototype.bind = function (port_, address_ /* , callback */) {
  let port = port_;
  healthCheck(this);
  const state = this[kState];
  if (state.bindState !== BIND_STATE_UNBOUND) {
    throw makeNodeError(Error, 'ERR_SOCKET_ALREADY_BOUND', 'Socket is already bound');
  }
  state.bindState = BIND_STATE_BINDING;
  const cb = arguments.length && arguments[arguments.length - 1];
  if (typeof cb === 'function') {
    // a failed bind ('error') drops its callback, so retries do not pile up
    const removeListeners = () => {
      this.removeListener('error', removeListeners);
      this.removeListener('listening', onListening);
    };
    const onListening = () => { removeListeners(); cb.call(this); };
    this.on('error', removeListeners);
    this.on('listening', onListening);
  }
  // bind(handle): a bound UDP handle (one received over IPC) replaces ours
  const given = port !== null && typeof port === 'object' ? (b.handleKind(port) === K_UDP ? port
    : port._handle && b.handleKind(port._handle) === K_UDP ? port._handle : null) : null;
  if (given) {
    const old = state.handle;
    old.onmessage = null;
    old.close();
    given[owner] = this;
    given.onmessage = onMessage;
    state.handle = given;
    this[internal.async_id_symbol] = given[internal.async_id_symbol];
    startListening(this);
    return this;
  }
  let address;
  let exclusive;
  if (port !== null && typeof port === 'object') {
    address = port.address || '';
    exclusive = !!port.exclusive;
    if (typeof port.fd === 'number') {
      const err = state.handle.open(port.fd);
      if (err) throw errnoException(err, 'open');
      startListening(this);
      return this;
    }
    port = port.port;
  } else {
    address = typeof address_ === 'function' ? '' : address_;
    exclusive = false;
  }
  void exclusive;
  if (!address) address = this.type === 'udp4' ? '0.0.0.0' : '::';
  state.lookup(address, (err, ip) => {
    if (!state.handle) return; // closed meanwhile
    if (err) {
      state.bindState = BIND_STATE_UNBOUND;
      this.emit('error', err);
      return;
    }
    let flags = 0;
    if (state.reuseAddr) flags |= 2;
    if (state.ipv6Only) flags |= 1;
    const rc = state.handle.bind(ip, port || 0, flags);
    if (rc) {
      const ex = exceptionWithHostPort(rc, 'bind', ip, port);
      state.bindState = BIND_STATE_UNBOUND;
      this.emit('error', ex);
      return;
    }
    startListening(this);
  });
  return this;
};

Socket.prototype.connect = function (port, address, callback) {
  port = validatePort(port, 'Port', false);
  if (typeof address === 'function') { callback = address; address = ''; }
  else if (address === undefined) address = '';
  validateString(address, 'address');
  const state = this[kState];
  if (state.connectState !== CONNECT_STATE_DISCONNECTED) {
    throw makeNodeError(Error, 'ERR_SOCKET_DGRAM_IS_CONNECTED', 'Already connected');
  }
  state.connectState = CONNECT_STATE_CONNECTING;
  if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
  if (state.bindState !== BIND_STATE_BOUND) {
    enqueue(this, () => doConnect(this, port, address, callback));
    return;
  }
  doConnect(this, port, address, callback);
};
function doConnect(socket, port, address, callback) {
  const state = socket[kState];
  if (!state.handle) return;
  if (!address) address = socket.type === 'udp4' ? '127.0.0.1' : '::1';
  state.lookup(address, (ex, ip) => {
    if (!state.handle) return;
    if (!ex) {
      const err = state.handle.connect(ip, port);
      if (err) ex = exceptionWithHostPort(err, 'connect', address, port);
    }
    if (ex) {
      state.connectState = CONNECT_STATE_DISCONNECTED;
      return process.nextTick(() => {
        if (callback) { socket.removeListener('connect', callback); callback(ex); } else socket.emit('error', ex);
      });
    }
    state.connectState = CONNECT_STATE_CONNECTED;
    process.nextTick(() => socket.emit('connect'));
  });
  if (callback) socket.once('connect', callback);
}
Socket.prototype.disconnect = function () {
  const state = this[kState];
  if (state.connectState !== CONNECT_STATE_CONNECTED) {
    throw makeNodeError(Error, 'ERR_SOCKET_DGRAM_NOT_CONNECTED', 'Not connected');
  }
  const err = state.handle.disconnect();
  if (err) throw errnoException(err, 'connect');
  state.connectState = CONNECT_STATE_DISCONNECTED;
};

function enqueue(self, toEnqueue) {
  const state = self[kState];
  if (state.queue === undefined) {
    state.queue = [];
    self.once(EventEmitter.errorMonitor || 'error', onListenError);
    self.once('listening', onListenSuccess);
  }
  state.queue.push(toEnqueue);
}
function onListenSuccess() {
  this.removeListener(EventEmitter.errorMonitor || 'error', onListenError);
  clearQueue.call(this);
}
function onListenError() {
  this.removeListener('listening', onListenSuccess);
  this[kState].queue = undefined;
}
function clearQueue() {
  const state = this[kState];
  const queue = state.queue;
  state.queue = undefined;
  for (const fn of queue) fn();
}

function sliceBuffer(buffer, offset, length) {
  if (typeof buffer === 'string') buffer = Buffer.from(buffer);
  else if (!ArrayBuffer.isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView', 'string'], buffer);
  offset = offset >>> 0;
  length = length >>> 0;
  if (offset > buffer.byteLength) {
    throw makeNodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"offset" is outside of buffer bounds');
  }
  if (offset + length > buffer.byteLength) {
    throw makeNodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"length" is outside of buffer bounds');
  }
  return Buffer.from(buffer.buffer, buffer.byteOffset + offset, length);
}
function fixBufferList(list) {
  const newlist = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const buf = list[i];
    if (typeof buf === 'string') newlist[i] = Buffer.from(buf);
    else if (!ArrayBuffer.isView(buf)) return null;
    else newlist[i] = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  return newlist;
}

// send(msg[, offset, length][, port][, address][, callback])
Socket.prototype.send = function (buffer, offset, length, port, address, callback) {
  let list;
  const state = this[kState];
  const connected = state.connectState === CONNECT_STATE_CONNECTED;
  if (!connected) {
    if (address || (port && typeof port !== 'function')) {
      buffer = sliceBuffer(buffer, offset, length);
    } else {
      callback = port;
      port = offset;
      address = length;
    }
  } else if (typeof length === 'number') {
    buffer = sliceBuffer(buffer, offset, length);
    if (typeof port === 'function') { callback = port; port = null; }
  } else {
    callback = offset;
  }
  if (connected && (port || address)) {
    throw makeNodeError(Error, 'ERR_SOCKET_DGRAM_IS_CONNECTED', 'Already connected');
  }
  if (!Array.isArray(buffer)) {
    if (typeof buffer === 'string') list = [Buffer.from(buffer)];
    else if (!ArrayBuffer.isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView', 'string'], buffer);
    else list = [Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)];
  } else if (!(list = fixBufferList(buffer))) {
    throwType('buffer list arguments', ['Buffer', 'TypedArray', 'DataView', 'string'], buffer);
  }
  if (!connected) port = validatePort(port, 'Port', false);
  if (typeof address === 'function') { callback = address; address = undefined; }
  else if (address != null) validateString(address, 'address');
  healthCheck(this);
  if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
  if (list.length === 0) list.push(Buffer.alloc(0));
  if (state.bindState !== BIND_STATE_BOUND) {
    enqueue(this, () => this.send(list, port, address, callback));
    return;
  }
  const afterDns = (ex, ip) => {
    doSend(ex, this, ip, list, address, port, callback);
  };
  if (!connected) {
    state.lookup(address || (this.type === 'udp4' ? '127.0.0.1' : '::1'), afterDns);
  } else {
    afterDns(null, null);
  }
};
// the old sendto(buffer, offset, length, port, address[, callback]) (Node keeps it)
Socket.prototype.sendto = function (buffer, offset, length, port, address, callback) {
  validateNumber(offset, 'offset');
  validateNumber(length, 'length');
  validateNumber(port, 'port');
  validateString(address, 'address');
  this.send(buffer, offset, length, port, address, callback);
};
function doSend(ex, self, ip, list, address, port, callback) {
  const state = self[kState];
  if (ex) {
    if (typeof callback === 'function') { process.nextTick(callback, ex); return; }
    process.nextTick(() => self.emit('error', ex));
    return;
  } else if (!state.handle) {
    return;
  }
  const req = new Req('UDPSENDWRAP', (status) => {
    if (typeof callback === 'function') {
      if (status < 0) callback(exceptionWithHostPort(status, 'send', address, port));
      else callback(null, sent);
    }
  }, self[internal.async_id_symbol]);
  let sent = 0;
  for (const b_ of list) sent += b_.length;
  const err = state.handle.send(req, list, port || 0, ip);
  if (err) {
    destroyAsync(req);
    const e = exceptionWithHostPort(err, 'send', address, port);
    if (typeof callback === 'function') process.nextTick(callback, e);
    else process.nextTick(() => self.emit('error', e));
  }
}

Socket.prototype.close = function (callback) {
  const state = this[kState];
  const queue = state.queue;
  if (typeof callback === 'function') this.on('close', callback);
  if (queue !== undefined) {
    queue.push(this.close.bind(this));
    return this;
  }
  healthCheck(this);
  stopReceiving(this);
  const h = state.handle;
  h.onclose = () => destroyAsync(h);
  h.close();
  state.handle = null;
  process.nextTick(() => this.emit('close'));
  return this;
};
Socket.prototype[Symbol.asyncDispose] = function () {
  if (!this[kState].handle) return Promise.resolve();
  return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
};
function stopReceiving(socket) {
  const state = socket[kState];
  if (!state.receiving) return;
  state.handle.readStop();
  state.receiving = false;
}

Socket.prototype.address = function () {
  healthCheck(this);
  const out = this[kState].handle.getsockname();
  if (typeof out === 'number') throw errnoException(out, 'getsockname');
  return out;
};
Socket.prototype.remoteAddress = function () {
  healthCheck(this);
  const state = this[kState];
  if (state.connectState !== CONNECT_STATE_CONNECTED) {
    throw makeNodeError(Error, 'ERR_SOCKET_DGRAM_NOT_CONNECTED', 'Not connected');
  }
  const out = state.handle.getpeername();
  if (typeof out === 'number') throw errnoException(out, 'getpeername');
  return out;
};

function setOption(socket, which, value, syscall) {
  healthCheck(socket);
  const err = socket[kState].handle.setOption(which, value);
  if (err < 0) throw errnoException(err, syscall);
}
Socket.prototype.setBroadcast = function (arg) { setOption(this, O_BROADCAST, arg ? 1 : 0, 'setBroadcast'); };
Socket.prototype.setTTL = function (ttl) {
  validateNumber(ttl, 'ttl');
  setOption(this, O_TTL, ttl, 'setTTL');
  return ttl;
};
Socket.prototype.setMulticastTTL = function (ttl) {
  validateNumber(ttl, 'ttl');
  setOption(this, O_MCAST_TTL, ttl, 'setMulticastTTL');
  return ttl;
};
Socket.prototype.setMulticastLoopback = function (arg) {
  setOption(this, O_MCAST_LOOP, arg ? 1 : 0, 'setMulticastLoopback');
  return arg;
};
Socket.prototype.setMulticastInterface = function (interfaceAddress) {
  healthCheck(this);
  validateString(interfaceAddress, 'interfaceAddress');
  const err = this[kState].handle.setMulticastInterface(interfaceAddress);
  if (err) throw errnoException(err, 'setMulticastInterface');
};
function membership(socket, multicastAddress, interfaceAddress, join) {
  if (!multicastAddress) {
    throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "multicastAddress" argument must be specified');
  }
  healthCheck(socket);
  const err = socket[kState].handle.membership(multicastAddress, interfaceAddress === undefined ? null : interfaceAddress, join);
  if (err) throw errnoException(err, join ? 'addMembership' : 'dropMembership');
}
Socket.prototype.addMembership = function (multicastAddress, interfaceAddress) {
  membership(this, multicastAddress, interfaceAddress, true);
};
Socket.prototype.dropMembership = function (multicastAddress, interfaceAddress) {
  membership(this, multicastAddress, interfaceAddress, false);
};
function sourceMembership(socket, sourceAddress, groupAddress, interfaceAddress, join) {
  healthCheck(socket);
  validateString(sourceAddress, 'sourceAddress');
  validateString(groupAddress, 'groupAddress');
  const err = socket[kState].handle.sourceMembership(sourceAddress, groupAddress,
    interfaceAddress === undefined ? null : interfaceAddress, join);
  if (err) throw errnoException(err, join ? 'addSourceSpecificMembership' : 'dropSourceSpecificMembership');
}
Socket.prototype.addSourceSpecificMembership = function (sourceAddress, groupAddress, interfaceAddress) {
  sourceMembership(this, sourceAddress, groupAddress, interfaceAddress, true);
};
Socket.prototype.dropSourceSpecificMembership = function (sourceAddress, groupAddress, interfaceAddress) {
  sourceMembership(this, sourceAddress, groupAddress, interfaceAddress, false);
};

function bufferSize(self, size, which) {
  if (size >>> 0 !== size) throw makeNodeError(TypeError, 'ERR_SOCKET_BAD_BUFFER_SIZE', 'Buffer size must be a positive integer');
  const handle = self[kState].handle;
  if (!handle) throw makeNodeError(Error, 'ERR_SOCKET_BUFFER_SIZE', 'Could not get or set buffer size: uv_' +
    (which === O_RECV_BUF ? 'recv' : 'send') + '_buffer_size returned EBADF (bad file descriptor)');
  const r = handle.setOption(which, size);
  if (r < 0) {
    const e = makeNodeError(Error, 'ERR_SOCKET_BUFFER_SIZE',
      `Could not get or set buffer size: uv_${which === O_RECV_BUF ? 'recv' : 'send'}_buffer_size returned ${b.errname(r)} (${b.strerror(r)})`);
    throw e;
  }
  return r;
}
Socket.prototype.setRecvBufferSize = function (size) { bufferSize(this, size, O_RECV_BUF); };
Socket.prototype.setSendBufferSize = function (size) { bufferSize(this, size, O_SEND_BUF); };
Socket.prototype.getRecvBufferSize = function () { return bufferSize(this, 0, O_RECV_BUF); };
Socket.prototype.getSendBufferSize = function () { return bufferSize(this, 0, O_SEND_BUF); };
Socket.prototype.getSendQueueSize = function () { return this[kState].handle ? this[kState].handle.queueSize() : 0; };
Socket.prototype.getSendQueueCount = function () { return this[kState].handle ? this[kState].handle.queueCount() : 0; };
Socket.prototype.ref = function () {
  const handle = this[kState].handle;
  if (handle) handle.ref(true);
  return this;
};
Socket.prototype.unref = function () {
  const handle = this[kState].handle;
  if (handle) handle.ref(false);
  return this;
};

// handle.onmessage (this = the handle), inside the handle's scope
function onMessage(nread, ab, rinfo) {
  const self = this[owner];
  if (!self) return;
  inScope(this, () => {
    if (nread < 0) {
      self.emit('error', errnoException(nread, 'recvmsg'));
      return;
    }
    rinfo.size = nread;
    self.emit('message', Buffer.from(ab, 0, nread), rinfo);
  });
}

internal.dgramModule = {
  createSocket,
  Socket,
  _createSocketHandle() {
    throw makeNodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _createSocketHandle() method is not implemented');
  },
};
