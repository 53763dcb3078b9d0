// child_process.js: Node's `child_process` (spawn, exec, execFile, fork and
// their Sync forms, ChildProcess, the IPC channel of fork) over the C half in
// src/js/child_process.c (uv_spawn, pipes, spawnSync on a private loop).
// Written for weft from Node 20's documented behaviour and tests. The IPC
// channel speaks Node's 'json' serialization (one JSON text per line), so a
// weft parent can fork a node child and the other way round, handles included
// (Node's NODE_HANDLE/NODE_HANDLE_ACK messages, the handle sent with uv_write2).
'use strict';
const b = natives.binding('child_process');
const process = internal.process;
const EventEmitter = internal.EventEmitter;
if (!internal.validators) natives.loadLib('validators');
const { validateString, validateInt32, validateNumber, validateBoolean, validateFunction, validateObject, validateOneOf } = internal.validators;
const NativeRequest = internal.NativeRequest;
const { Buffer } = internal.bufferModule;
const stream = internal.builtins.stream();
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
if (!internal.osModule) natives.loadLib('os');
const signals = internal.osModule.constants.signals;
const signalNames = Object.create(null);
// a number's first name (SIGABRT before its alias SIGIOT), as Node's
for (const [name, num] of Object.entries(signals)) if (signalNames[num] === undefined) signalNames[num] = name;
const UV_EOF = -4095;
const UV_ENOENT = -2, UV_EACCES = -13, UV_EAGAIN = -11, UV_EMFILE = -24, UV_ENFILE = -23;
const UV_ESRCH = -3, UV_EINVAL = -22, UV_ENOSYS = -38, UV_ETIMEDOUT = -110, UV_ENOBUFS = -105;

function invalidArgValue(name, value, reason = 'is invalid') {
  const shown = internal.inspect(value);
  return makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
    `The ${name.includes('.') ? 'property' : 'argument'} '${name}' ${reason}. Received ${shown.length > 128 ? `${shown.slice(0, 128)}...` : shown}`);
}

// Node's errnoException: "syscall CODE" with errno, code, syscall
function errnoException(err, syscall, original) {
  const code = b.errname(err);
  const e = new Error(original ? `${syscall} ${code} ${original}` : `${syscall} ${code}`);
  e.errno = err;
  e.code = code;
  e.syscall = syscall;
  return e;
}

function convertToValidSignal(signal) {
  if (typeof signal === 'number' && signalNames[signal] !== undefined) return signal;
  if (typeof signal === 'string') {
    const n = signals[signal.toUpperCase()];
    if (n !== undefined) return n;
  }
  throw makeNodeError(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${signal}`);
}
function validateSignal(signal, name) {
  if (typeof signal !== 'string' && typeof signal !== 'number') throwType(name, ['string', 'number'], signal);
  return convertToValidSignal(signal);
}

// ---- async resources: each pipe a PIPEWRAP, each process a PROCESSWRAP ---------
const { async_id_symbol, trigger_async_id_symbol, hooks } = internal;
function initAsync(obj, type) {
  const id = obj[async_id_symbol] = natives.newAsyncId();
  const trigger = obj[trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
  if (hooks.initEnabled) hooks.emitInit(id, type, trigger, obj);
}
function destroyAsync(obj) {
  if (hooks.destroyEnabled && obj[async_id_symbol] !== undefined) hooks.emitDestroy(obj[async_id_symbol]);
}
// fn(...args) inside obj's async scope (a callback from libuv, as Node's MakeCallback)
function inScope(obj, fn, ...args) {
  const id = obj[async_id_symbol];
  hooks.emitBefore(id, obj[trigger_async_id_symbol], obj);
  const r = fn(...args);
  hooks.emitAfter(id);
  return r;
}
function noop() {}

// ---- the stdio pipes: Duplex streams over a pipe handle (a net.Socket's role) ----
const kHandle = Symbol('handle');
const kIsUsedAsStdio = Symbol('isUsedAsStdio');
class Pipe extends stream.Duplex {
  constructor(options = {}) {
    super({ allowHalfOpen: true, ...options, emitClose: false });
    this._handle = b.pipeNew(this, !!options.ipc);
    initAsync(this._handle, 'PIPEWRAP');
    this[kHandle] = this._handle;
    this._reading = false;
    this.connecting = false;
    this.on('end', () => { if (!this.writable || this.writableFinished) this.destroy(); });
  }
  onread(nread, ab, pending) {
    // a handle that came with these bytes: the NODE_HANDLE message in them takes it
    if (pending !== undefined) this._pendingHandle = adoptHandle(pending);
    inScope(this[kHandle], pipeRead, this, nread, ab);
  }
  // the handle's close callback: 'close' in its scope, then it is destroyed
  // (as net.Socket's, 'close' waits for the handle: the loop's close phase)
  onclose() {
    const h = this[kHandle];
    inScope(h, emitPipeClose, this);
    destroyAsync(h);
  }
  _onread(nread, ab) {
    if (nread > 0) {
      const buf = Buffer.from(ab);
      if (this.listenerCount('rawData')) this.emit('rawData', buf);
      if (!this.push(buf)) this._stopReading();
      return;
    }
    this._reading = false;
    if (nread !== UV_EOF) return this.destroy(errnoException(nread, 'read'));
    // the end, then a read: with nothing buffered, 'end' (and so the
    // destroy) follows even while nobody reads, as Node's stream reads
    this.push(null);
    this.read(0);
  }
  _stopReading() {
    if (this._reading && this._handle) {
      this._reading = false;
      b.readStop(this._handle);
    }
  }
  _read() {
    if (!this._handle || this._reading) return;
    this._reading = true;
    const err = b.readStart(this._handle);
    if (err < 0) this.destroy(errnoException(err, 'read'));
  }
  _write(chunk, encoding, cb) {
    if (!this._handle) return cb(makeNodeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    const err = b.write(this._handle, bytes, new NativeRequest('WRITEWRAP', (status) => {
      cb(status < 0 ? errnoException(status, 'write') : null);
    }));
    if (err < 0) cb(errnoException(err, 'write'));
  }
  _final(cb) {
    if (!this._handle) return cb();
    const err = b.shutdown(this._handle, new NativeRequest('SHUTDOWNWRAP', (status) => {
      cb(status < 0 && status !== -107 ? errnoException(status, 'shutdown') : null);
    }));
    if (err < 0) cb(err === -107 ? null : errnoException(err, 'shutdown'));
  }
  _destroy(err, cb) {
    this._closeHadError = !!err;
    if (this._handle) {
      b.close(this._handle, true);
      this._handle = null;
      cb(err);
    } else {
      cb(err);
      process.nextTick(emitPipeClose, this);
    }
  }
  get bufferSize() { return this._handle ? b.writeQueueSize(this._handle) : 0; }
  ref() { if (this._handle) b.ref(this._handle, true); return this; }
  unref() { if (this._handle) b.ref(this._handle, false); return this; }
  setKeepAlive() { return this; }
  setNoDelay() { return this; }
  setTimeout() { return this; }
  address() { return {}; }
}

function pipeRead(pipe, nread, ab) { pipe._onread(nread, ab); }
function emitPipeClose(pipe) { pipe.emit('close', !!pipe._closeHadError); }

// ---- options --------------------------------------------------------------------
function validateNoNull(value, name) {
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw invalidArgValue(name, value, 'must be a string without null bytes');
  }
}
function getValidCwd(cwd) {
  if (cwd == null) return undefined;
  if (typeof cwd === 'object' && cwd.href !== undefined && cwd.protocol === 'file:') {
    return decodeURIComponent(cwd.pathname);
  }
  if (typeof cwd !== 'string' && !(cwd instanceof Uint8Array)) throwType('options.cwd', ['string', 'Buffer', 'URL'], cwd);
  const s = String(cwd);
  validateNoNull(s, 'options.cwd');
  return s;
}

function normalizeSpawnArguments(file, args, options) {
  validateString(file, 'file');
  validateNoNull(file, 'file');
  if (file.length === 0) throw invalidArgValue('file', file, 'cannot be empty');
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args == null) {
    args = [];
  } else if (typeof args !== 'object') {
    throwType('args', 'object', args);
  } else {
    options = args;
    args = [];
  }
  for (let i = 0; i < args.length; i++) validateNoNull(args[i], `args[${i}]`);
  args = args.map((a) => `${a}`);
  if (options === undefined) options = {};
  else validateObject(options, 'options');
  const cwd = getValidCwd(options.cwd);
  if (options.detached != null) validateBoolean(options.detached, 'options.detached');
  const isInt32 = (v) => v === (v | 0);
  if (options.uid != null && !isInt32(options.uid)) throwType('options.uid', 'int32', options.uid);
  if (options.gid != null && !isInt32(options.gid)) throwType('options.gid', 'int32', options.gid);
  if (options.shell != null && typeof options.shell !== 'boolean' && typeof options.shell !== 'string') {
    throwType('options.shell', ['boolean', 'string'], options.shell);
  }
  if (options.argv0 != null) {
    validateString(options.argv0, 'options.argv0');
    validateNoNull(options.argv0, 'options.argv0');
  }
  if (options.windowsHide != null) validateBoolean(options.windowsHide, 'options.windowsHide');
  if (options.windowsVerbatimArguments != null) validateBoolean(options.windowsVerbatimArguments, 'options.windowsVerbatimArguments');
  if (options.shell) {
    validateNoNull(options.shell, 'options.shell');
    const command = [file, ...args].join(' ');
    if (process.platform === 'win32') { // (Node's tests fake the platform)
      file = typeof options.shell === 'string' ? options.shell : process.env.comspec || 'cmd.exe';
      if (/^(?:.*\\)?cmd(?:\.exe)?$/i.test(file)) {
        args = ['/d', '/s', '/c', `"${command}"`];
        options = { ...options, windowsVerbatimArguments: true };
      } else {
        args = ['-c', command];
      }
    } else {
      if (typeof options.shell === 'string') file = options.shell;
      else file = process.platform === 'android' ? '/system/bin/sh' : '/bin/sh';
      args = ['-c', command];
    }
  }
  if (typeof options.argv0 === 'string') args.unshift(options.argv0);
  else args.unshift(file);
  const env = options.env || process.env;
  const envPairs = [];
  // eslint-disable-next-line guard-for-in
  for (const key in env) { // inherited keys too, as Node
    const value = env[key];
    if (value !== undefined) {
      validateNoNull(key, `options.env['${key}']`);
      validateNoNull(String(value), `options.env['${key}']`);
      envPairs.push(`${key}=${value}`);
    }
  }
  return { ...options, args, cwd, detached: !!options.detached, envPairs, file,
    windowsHide: !!options.windowsHide, windowsVerbatimArguments: !!options.windowsVerbatimArguments };
}

function stdioStringToArray(stdio, channel) {
  const options = [];
  switch (stdio) {
    case 'ignore': case 'overlapped': case 'pipe': options.push(stdio, stdio, stdio); break;
    case 'inherit': options.push(0, 1, 2); break;
    default: throw invalidArgValue('stdio', stdio);
  }
  if (channel) options.push(channel);
  return options;
}

// [{type, fd, handle, input, readable, writable}] and the IPC channel's
// index, from options.stdio
function getValidStdio(stdio, sync) {
  let ipc, ipcFd;
  if (typeof stdio === 'string') stdio = stdioStringToArray(stdio);
  else if (!Array.isArray(stdio)) throw invalidArgValue('stdio', stdio);
  // (Node fills the caller's array too)
  while (stdio.length < 3) stdio.push(undefined);
  const out = [];
  for (let i = 0; i < stdio.length; i++) {
    let s = stdio[i];
    if (s == null) s = i < 3 ? 'pipe' : 'ignore';
    if (s === 'ignore') {
      out.push({ type: 'ignore' });
    } else if (s === 'pipe' || s === 'overlapped' || (typeof s === 'number' && s < 0)) {
      out.push({ type: 'pipe', readable: i === 0, writable: i !== 0 });
    } else if (s === 'ipc') {
      if (sync || ipc !== undefined) {
        if (!sync) throw makeNodeError(Error, 'ERR_IPC_ONE_PIPE', 'Child process can have only one IPC pipe');
        throw makeNodeError(Error, 'ERR_IPC_SYNC_FORK', 'IPC cannot be used with synchronous forks');
      }
      ipc = true;
      ipcFd = i;
      out.push({ type: 'ipc' });
    } else if (s === 'inherit') {
      out.push({ type: 'fd', fd: i });
    } else if (typeof s === 'number' || (typeof s === 'object' && typeof s.fd === 'number')) {
      out.push({ type: 'fd', fd: typeof s === 'number' ? s : s.fd });
    } else if (typeof s === 'object' && s !== null && s._handle && internal.netInternals &&
               internal.netInternals.b.handleKind(s._handle) >= 0) {
      // a net.Socket (or Server): the child inherits its descriptor (Node's UV_INHERIT_STREAM)
      out.push({ type: 'fd', fd: s._handle.fd() });
    } else if (s instanceof Pipe || (typeof s === 'object' && s[kHandle])) {
      s[kIsUsedAsStdio] = true; // its data is the other child's, never read here
      if (s instanceof Pipe) { s._stopReading(); s.pause(); s._readableState.reading = false; }
      out.push({ type: 'wrap', handle: s[kHandle] || s._handle });
    } else if (ArrayBuffer.isView(s) || typeof s === 'string') {
      if (!sync) {
        throw makeNodeError(TypeError, 'ERR_INVALID_SYNC_FORK_INPUT',
          `Asynchronous forks do not support Buffer, TypedArray, DataView or string input: ${internal.inspect(s)}`);
      }
      out.push({ type: 'pipe', readable: true, writable: false, input: s });
    } else {
      throw invalidArgValue('stdio', s);
    }
  }
  return { stdio: out, ipc, ipcFd };
}

// ---- ChildProcess ---------------------------------------------------------------------
function flushStdio(child) {
  for (const s of child.stdio || []) {
    if (!s || !s.readable || s[kIsUsedAsStdio]) continue;
    s.resume();
  }
}
function maybeClose(child) {
  child._closesGot++;
  if (child._closesGot === child._closesNeeded) child.emit('close', child.exitCode, child.signalCode);
}

function ChildProcess() {
  if (!(this instanceof ChildProcess)) throw makeNodeError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', "Class constructor ChildProcess cannot be invoked without 'new'");
  EventEmitter.call(this);
  this._closesNeeded = 1;
  this._closesGot = 0;
  this.connected = false;
  this.signalCode = null;
  this.exitCode = null;
  this.killed = false;
  this.spawnfile = null;
  this._handle = null;
  const child = this;
  // the process handle's owner, its async resource (PROCESSWRAP, as Node's
  // Process made in this constructor): libuv's exit callback runs in its scope
  this._owner = {
    onexit(exitCode, signalCode) {
      inScope(this, this.exit, exitCode, signalCode);
    },
    exit(exitCode, signalCode) {
      if (signalCode) child.signalCode = signalNames[signalCode] || signalCode;
      else child.exitCode = exitCode;
      if (child.stdin) child.stdin.destroy();
      if (child._handle) {
        b.close(child._handle);
        destroyAsync(child._owner);
      }
      child._handle = null;
      if (exitCode < 0) {
        const err = errnoException(exitCode, child.spawnfile ? `spawn ${child.spawnfile}` : 'spawn');
        if (child.spawnfile) err.path = child.spawnfile;
        err.spawnargs = child.spawnargs.slice(1);
        child.emit('error', err);
      } else {
        child.emit('exit', child.exitCode, child.signalCode);
      }
      process.nextTick(flushStdio, child);
      maybeClose(child);
    },
  };
  initAsync(this._owner, 'PROCESSWRAP');
}
Object.setPrototypeOf(ChildProcess.prototype, EventEmitter.prototype);
Object.setPrototypeOf(ChildProcess, EventEmitter);

ChildProcess.prototype.spawn = function spawn(options) {
  validateObject(options, 'options');
  let stdio = options.stdio || 'pipe';
  stdio = getValidStdio(stdio, false);
  const ipcFd = stdio.ipcFd;
  stdio = stdio.stdio;
  if (options.envPairs === undefined) options.envPairs = [];
  else if (!Array.isArray(options.envPairs)) throwType('options.envPairs', 'Array', options.envPairs);
  if (ipcFd !== undefined) {
    options.envPairs.push(`NODE_CHANNEL_FD=${ipcFd}`);
    options.envPairs.push(`NODE_CHANNEL_SERIALIZATION_MODE=${options.serialization || 'json'}`);
  }
  validateString(options.file, 'options.file');
  this.spawnfile = options.file;
  if (options.args === undefined) this.spawnargs = [];
  else if (!Array.isArray(options.args)) throwType('options.args', 'Array', options.args);
  else this.spawnargs = options.args;
  // the pipes exist before the process, as Node's
  // (stdin: the parent writes; stdout, stderr: it reads; fd 3 and up: both, as
  // Node's net.Socket over the pipe)
  for (const [i, s] of stdio.entries()) {
    if (s.type === 'pipe') s.socket = new Pipe({ readable: !s.readable, writable: s.readable || i > 2 });
    else if (s.type === 'ipc') s.socket = new Pipe({ ipc: true }), s.type = 'pipe';
    if (s.socket) s.handle = s.socket._handle;
  }
  const r = b.spawn(this._owner, {
    file: options.file, args: options.args || [options.file], cwd: options.cwd, envPairs: options.envPairs,
    detached: options.detached, uid: options.uid, gid: options.gid, stdio,
  });
  if (typeof r === 'number') {
    const err = r;
    if (err === UV_EACCES || err === UV_EAGAIN || err === UV_EMFILE || err === UV_ENFILE || err === UV_ENOENT) {
      process.nextTick(() => this._owner.exit(err, 0));
      if (err === UV_EMFILE || err === UV_ENFILE) return err;
    } else {
      for (const s of stdio) if (s.socket) s.socket.destroy();
      throw errnoException(err, 'spawn');
    }
  } else {
    this._handle = r;
    this.pid = r.pid;
    process.nextTick(() => this.emit('spawn'));
  }
  this.stdio = [];
  for (let i = 0; i < stdio.length; i++) {
    const s = stdio[i];
    if (i === ipcFd) {
      this.stdio.push(null);
      if (typeof r !== 'number') setupChannel(this, s.socket);
      else s.socket.destroy();
      continue;
    }
    if (!s.socket) { this.stdio.push(null); continue; }
    if (typeof r === 'number') {
      // a failed spawn: the pipe never connects; it ends as Node's do
      s.socket.destroy();
    } else if (i > 0) {
      this._closesNeeded++;
      s.socket.on('close', () => maybeClose(this));
      // the parent reads a pipe from the start, into its buffer (as the
      // net.Socket Node makes over it): its EOF is seen while nobody listens
      s.socket.read(0);
    }
    this.stdio.push(s.socket);
  }
  this.stdin = this.stdio.length >= 1 && this.stdio[0] != null ? this.stdio[0] : null;
  this.stdout = this.stdio.length >= 2 && this.stdio[1] != null ? this.stdio[1] : null;
  this.stderr = this.stdio.length >= 3 && this.stdio[2] != null ? this.stdio[2] : null;
  return typeof r === 'number' ? r : 0;
};

ChildProcess.prototype.kill = function kill(sig) {
  const signal = sig === 0 ? sig : convertToValidSignal(sig === undefined ? 'SIGTERM' : sig);
  if (this._handle) {
    const err = b.kill(this._handle, signal);
    if (err === 0) {
      this.killed = true;
      return true;
    }
    if (err === UV_ESRCH) {
      // already gone
    } else if (err === UV_EINVAL || err === UV_ENOSYS) {
      throw errnoException(err, 'kill');
    } else {
      this.emit('error', errnoException(err, 'kill'));
    }
  }
  return false;
};
ChildProcess.prototype[Symbol.for('nodejs.dispose')] = function () {
  if (!this.killed) this.kill();
};
ChildProcess.prototype.ref = function ref() { if (this._handle) b.ref(this._handle, true); };
ChildProcess.prototype.unref = function unref() { if (this._handle) b.ref(this._handle, false); };

// each message in a tick of its own (Node's handleMessage): a throwing
// listener does not stop the next message
function emitMessage(target, name, message, handle) {
  target.emit(name, message, handle);
}

// ---- handle passing (Node's protocol: {cmd: 'NODE_HANDLE', type, msg} written
// with the handle, answered by NODE_HANDLE_ACK; one handle in flight at a time)
function netModules() {
  return { net: internal.loadBuiltin('net'), dgram: internal.loadBuiltin('dgram'), ni: internal.netInternals };
}
const handleTypes = ['TCPWRAP', 'PIPEWRAP', 'UDPWRAP'];
// a received [kind, native handle]: an async resource as net's own handles
function adoptHandle([kind, h]) {
  const { ni } = netModules();
  ni.initAsync(h, handleTypes[kind]);
  h.getAsyncId = () => h[async_id_symbol];
  return h;
}
const handleConversion = {
  'net.Native': { send: (message, handle) => handle, got: (message, handle, emit) => emit(handle) },
  'net.Server': {
    send: (message, server) => server._handle,
    got(message, handle, emit) {
      const server = new (netModules().net.Server)();
      server.listen(handle, () => emit(server));
    },
  },
  'net.Socket': {
    send(message, socket, options) {
      if (!socket._handle) return undefined;
      const handle = socket._handle;
      if (!options.keepOpen) {
        // the socket lives on in the other process: this one lets go of it,
        // and its server counts it no more (Node's "act like detached")
        handle.onread = noop;
        socket._handle = null;
        socket.setTimeout(0);
        const server = socket._server || socket.server;
        if (server) {
          socket._server = socket.server = null;
          server._connections--;
          process.nextTick(() => server._emitCloseIfDrained());
        }
      }
      return handle;
    },
    postSend(message, handle, options, callback, target) {
      if (handle && !options.keepOpen) target._pendingMessage = { handle, options };
    },
    got(message, handle, emit) {
      emit(new (netModules().net.Socket)({ handle, readable: true, writable: true }));
    },
  },
  'dgram.Native': { send: (message, handle) => handle, got: (message, handle, emit) => emit(handle) },
  'dgram.Socket': {
    send(message, socket) {
      message.dgramType = socket.type;
      return internal.dgramHandleOf(socket);
    },
    got(message, handle, emit) {
      const socket = new (netModules().dgram.Socket)(message.dgramType);
      socket.bind(handle, () => emit(socket));
    },
  },
};
function handleType(handle) {
  const { net, dgram, ni } = netModules();
  if (handle instanceof net.Socket) return 'net.Socket';
  if (handle instanceof net.Server) return 'net.Server';
  if (handle instanceof dgram.Socket) return 'dgram.Socket';
  const kind = ni.b.handleKind(handle);
  if (kind === 0 || kind === 1) return 'net.Native';
  if (kind === 2) return 'dgram.Native';
  throw makeNodeError(TypeError, 'ERR_INVALID_HANDLE_TYPE', 'This handle type cannot be sent');
}

// ---- the IPC channel (fork): Node's 'json' serialization, one message a line ----
function setupChannel(target, pipe, isChild) {
  target.channel = pipe;
  target._channel = pipe;
  target.connected = true;
  pipe.setEncoding('utf8');
  let pending = '';
  pipe.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while (target.connected && (nl = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      let message;
      try {
        message = JSON.parse(line);
      } catch (err) {
        target.emit('error', err);
        continue;
      }
      if (message !== null && typeof message === 'object' && typeof message.cmd === 'string' &&
          message.cmd.startsWith('NODE_')) {
        let handle;
        if (message.cmd === 'NODE_HANDLE') {
          handle = pipe._pendingHandle;
          pipe._pendingHandle = undefined;
        }
        process.nextTick(emitMessage, target, 'internalMessage', message, handle);
      } else {
        process.nextTick(emitMessage, target, 'message', message);
      }
    }
  });
  pipe.on('end', () => target._disconnect());
  pipe.on('error', () => target._disconnect());
  target._disconnect = function () {
    if (this._channelClosed) return;
    this._channelClosed = true;
    this.connected = false;
    if (this._pendingMessage) {
      this._pendingMessage.handle.close();
      this._pendingMessage = null;
    }
    pipe.destroy();
    process.nextTick(() => this.emit('disconnect'));
  };
  target._handleQueue = null;
  target._pendingMessage = null;
  target.on('internalMessage', (message, handle) => {
    if (message.cmd === 'NODE_HANDLE_ACK' || message.cmd === 'NODE_HANDLE_NACK') {
      // the handle in flight arrived (a NACK: it did not; it is not sent again)
      if (target._pendingMessage) {
        target._pendingMessage.handle.close();
        target._pendingMessage = null;
      }
      const queue = target._handleQueue || [];
      target._handleQueue = null;
      for (const q of queue) target._send(q.message, q.handle, q.options, q.callback);
      if (!target.connected && !target._channelClosed && !target._handleQueue) target._disconnect();
      return;
    }
    if (message.cmd !== 'NODE_HANDLE') return;
    if (!handle) {
      target._send({ cmd: 'NODE_HANDLE_NACK' }, null, {});
      return;
    }
    target._send({ cmd: 'NODE_HANDLE_ACK' }, null, {});
    const obj = handleConversion[message.type];
    if (!obj) return;
    obj.got.call(target, message, handle, (h) => {
      const m = message.msg;
      const internalMsg = m !== null && typeof m === 'object' && typeof m.cmd === 'string' && m.cmd.startsWith('NODE_');
      process.nextTick(emitMessage, target, internalMsg ? 'internalMessage' : 'message', m, h);
    });
  });
  // one message on the wire, a handle with it; while a handle waits for its
  // ACK, later messages queue behind it (Node's _handleQueue)
  target._send = function (message, handle, options, callback) {
    let obj, native;
    if (handle) {
      const type = handleType(handle);
      if (this._handleQueue) {
        this._handleQueue.push({ callback, handle, options, message });
        return this._handleQueue.length === 1;
      }
      message = { cmd: 'NODE_HANDLE', type, msg: message };
      obj = handleConversion[type];
      native = obj.send.call(this, message, handle, options);
      if (!native) message = message.msg; // nothing to send with it: the text alone
    } else if (this._handleQueue && !(message && (message.cmd === 'NODE_HANDLE_ACK' || message.cmd === 'NODE_HANDLE_NACK'))) {
      this._handleQueue.push({ callback, handle: null, options, message });
      return this._handleQueue.length === 1;
    }
    if (!pipe._handle) {
      const ex = makeNodeError(Error, 'ERR_IPC_CHANNEL_CLOSED', 'Channel closed');
      if (typeof callback === 'function') process.nextTick(callback, ex);
      return false;
    }
    // straight to the handle, not through the stream's buffering: libuv
    // writes at once when nothing is queued, so a send() just before
    // process.exit() still reaches the other side (as Node's)
    const err = b.write(pipe._handle, Buffer.from(`${JSON.stringify(message)}\n`),
      new NativeRequest('SENDWRAP', (status) => {
        if (typeof callback === 'function') callback(status < 0 ? errnoException(status, 'write') : null);
      }), native);
    if (err < 0) {
      const ex = errnoException(err, 'write');
      if (typeof callback === 'function') process.nextTick(callback, ex);
      else process.nextTick(() => this.emit('error', ex));
      return false;
    }
    if (native) {
      this._handleQueue = [];
      if (obj.postSend) obj.postSend(message, native, options, callback, this);
    }
    return b.writeQueueSize ? b.writeQueueSize(pipe._handle) < 65536 * 2 : true;
  };
  target.send = function send(message, handle, options, callback) {
    if (typeof handle === 'function') [callback, handle, options] = [handle, undefined, undefined];
    else if (typeof options === 'function') [callback, options] = [options, undefined];
    else if (options !== undefined) validateObject(options, 'options');
    if (message === undefined) throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
    if (typeof message !== 'string' && typeof message !== 'object' && typeof message !== 'number' && typeof message !== 'boolean') {
      throwType('message', ['string', 'object', 'number', 'boolean'], message);
    }
    options = { swallowErrors: false, ...options };
    if (!this.connected) {
      const ex = makeNodeError(Error, 'ERR_IPC_CHANNEL_CLOSED', 'Channel closed');
      if (typeof callback === 'function') process.nextTick(callback, ex);
      else process.nextTick(() => this.emit('error', ex));
      return false;
    }
    return this._send(message, handle, options, callback);
  };
  target.disconnect = function disconnect() {
    if (!this.connected) {
      this.emit('error', makeNodeError(Error, 'ERR_IPC_DISCONNECTED', 'IPC channel is already disconnected'));
      return;
    }
    // no new messages; a handle waiting for its ACK is let through first
    this.connected = false;
    if (!this._handleQueue) this._disconnect();
  };
  if (isChild) {
    // the channel keeps the child alive only while someone listens (Node)
    const update = () => {
      if (!pipe._handle) return;
      b.ref(pipe._handle, target.listenerCount('message') > 0 || target.listenerCount('disconnect') > 0);
    };
    target.on('newListener', (name) => { if (name === 'message' || name === 'disconnect') process.nextTick(update); });
    target.on('removeListener', (name) => { if (name === 'message' || name === 'disconnect') process.nextTick(update); });
    pipe.resume();
    update();
  } else {
    target.on('exit', () => {}); // the child's end closes the pipe: 'disconnect' follows
    pipe.resume();
  }
}

// The child's end: NODE_CHANNEL_FD (run.c calls this at start when set).
internal.setupChildChannel = function (fd) {
  delete process.env.NODE_CHANNEL_FD;
  delete process.env.NODE_CHANNEL_SERIALIZATION_MODE;
  const pipe = Object.create(Pipe.prototype);
  stream.Duplex.call(pipe, { allowHalfOpen: true, emitClose: false });
  const h = b.pipeOpen(pipe, fd, true);
  if (typeof h === 'number') return;
  initAsync(h, 'PIPEWRAP');
  pipe._handle = h;
  pipe[kHandle] = h;
  pipe._reading = false;
  setupChannel(process, pipe, true);
};

// process.stdin (process.js's getter calls this once): a pipe or socket
// as a Pipe stream, a file as an fs.ReadStream, else a Pipe over the fd.
internal.makeStdin = function () {
  const type = natives.streamAsyncIds ? natives.streamAsyncIds(0) : 2;
  let s;
  if (type !== 2) {
    s = internal.builtins.fs().createReadStream(null, { fd: 0, autoClose: false });
  } else {
    s = Object.create(Pipe.prototype);
    stream.Duplex.call(s, { allowHalfOpen: true, writable: false, emitClose: false });
    const h = b.pipeOpen(s, 0);
    s._handle = typeof h === 'number' ? null : h;
    if (s._handle) initAsync(h, 'PIPEWRAP');
    s[kHandle] = s._handle;
    s._reading = false;
    s.on('end', () => s.destroy());
    // reading starts on the first 'data'/'readable' listener or resume(),
    // and the handle keeps the loop alive only while it reads, as Node's
    if (s._handle) b.ref(s._handle, false);
    const read = s._read;
    s._read = function (n) {
      if (this._handle) b.ref(this._handle, true);
      return read.call(this, n);
    };
    const pause = s.pause;
    s.pause = function () {
      if (this._handle) {
        this._stopReading();
        b.ref(this._handle, false);
      }
      return pause.call(this);
    };
  }
  s.fd = 0;
  s.isTTY = natives.isatty(0);
  return s;
};

// ---- spawn / fork / exec / execFile --------------------------------------------------
function abortChildProcess(child, killSignal, reason) {
  if (!child) return;
  try {
    if (child.kill(killSignal)) child.emit('error', internal.abortError({ reason }));
  } catch (err) {
    child.emit('error', err);
  }
}

function spawn(file, args, options) {
  options = normalizeSpawnArguments(file, args, options);
  validateTimeout(options.timeout);
  internal.validateAbortSignal(options.signal, 'options.signal');
  const killSignal = sanitizeKillSignal(options.killSignal);
  const child = new ChildProcess();
  child.spawn(options);
  if (options.timeout > 0) {
    let timeoutId = setTimeout(() => {
      if (timeoutId) {
        try {
          child.kill(killSignal);
        } catch (err) {
          child.emit('error', err);
        }
        timeoutId = null;
      }
    }, options.timeout);
    child.once('exit', () => {
      if (timeoutId) {
        clearTimeout(timeoutId);
        timeoutId = null;
      }
    });
  }
  if (options.signal) {
    const signal = options.signal;
    if (signal.aborted) {
      process.nextTick(onAbort);
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('exit', () => signal.removeEventListener('abort', onAbort));
    }
    function onAbort() { abortChildProcess(child, killSignal, signal.reason); }
  }
  return child;
}

function validateTimeout(timeout) {
  if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0)) {
    throw internal.validators.outOfRange ? makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "timeout" is out of range. It must be an unsigned integer. Received ${internal.inspect(timeout)}`) : new RangeError('timeout');
  }
}
function validateMaxBuffer(maxBuffer) {
  if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) {
    throw makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "options.maxBuffer" is out of range. It must be a positive number. Received ${internal.inspect(maxBuffer)}`);
  }
}
function sanitizeKillSignal(killSignal) {
  if (typeof killSignal === 'string' || typeof killSignal === 'number') return convertToValidSignal(killSignal);
  if (killSignal != null) throwType('options.killSignal', ['string', 'number'], killSignal);
  return undefined; // SIGTERM
}

function fork(modulePath, args, options) {
  validateString(modulePath, 'modulePath');
  validateNoNull(modulePath, 'modulePath');
  let execArgv;
  if (args == null) {
    args = [];
  } else if (typeof args === 'object' && !Array.isArray(args)) {
    options = args;
    args = [];
  } else if (!Array.isArray(args)) {
    throwType('args', 'Array', args);
  }
  if (options != null) validateObject(options, 'options');
  options = { ...options, shell: false };
  options.execPath = options.execPath || process.execPath;
  execArgv = options.execArgv || process.execArgv;
  if (execArgv === process.execArgv && process._eval != null) {
    const index = execArgv.lastIndexOf(process._eval);
    if (index > 0) {
      execArgv = execArgv.slice(0);
      execArgv.splice(index - 1, 2);
    }
  }
  args = [...execArgv, modulePath, ...args];
  if (typeof options.stdio === 'string') {
    options.stdio = stdioStringToArray(options.stdio, 'ipc');
  } else if (!Array.isArray(options.stdio)) {
    options.stdio = stdioStringToArray(options.silent ? 'pipe' : 'inherit', 'ipc');
  } else if (!options.stdio.includes('ipc')) {
    throw makeNodeError(Error, 'ERR_CHILD_PROCESS_IPC_REQUIRED', "Forked processes must have an IPC channel, missing value 'ipc' in options.stdio");
  }
  if (options.serialization != null && options.serialization !== 'json') {
    validateOneOf(options.serialization, 'options.serialization', ['json', 'advanced']);
  }
  return spawn(options.execPath, args, options);
}

function normalizeExecArgs(command, options, callback) {
  validateString(command, 'command');
  validateNoNull(command, 'command');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  options = { ...options };
  options.shell = typeof options.shell === 'string' ? options.shell : true;
  return { file: command, options, callback };
}

function exec(command, options, callback) {
  const opts = normalizeExecArgs(command, options, callback);
  return execFile(opts.file, opts.options, opts.callback);
}

const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
function customPromiseExecFunction(orig) {
  return (...args) => {
    let resolve, reject;
    const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
    promise.child = orig(...args, (err, stdout, stderr) => {
      if (err !== null) {
        err.stdout = stdout;
        err.stderr = stderr;
        reject(err);
      } else {
        resolve({ stdout, stderr });
      }
    });
    return promise;
  };
}
Object.defineProperty(exec, kCustomPromisify, { enumerable: false, value: customPromiseExecFunction(exec) });

function execFile(file, args, options, callback) {
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args != null && typeof args === 'object') {
    [callback, options, args] = [options, args, null];
  } else if (typeof args === 'function') {
    [callback, options, args] = [args, null, null];
  }
  if (args == null) args = [];
  if (typeof options === 'function') [callback, options] = [options, null];
  else if (options != null) validateObject(options, 'options');
  if (callback != null) validateFunction(callback, 'callback');
  options = { encoding: 'utf8', timeout: 0, maxBuffer: 1024 * 1024, killSignal: 'SIGTERM', cwd: null,
    env: null, shell: false, ...options };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);
  const child = spawn(file, args, {
    cwd: options.cwd, env: options.env, gid: options.gid, shell: options.shell, signal: options.signal,
    uid: options.uid, windowsHide: !!options.windowsHide, windowsVerbatimArguments: !!options.windowsVerbatimArguments,
    argv0: options.argv0,
  });
  let encoding;
  const _stdout = [], _stderr = [];
  if (options.encoding !== 'buffer' && Buffer.isEncoding(options.encoding)) encoding = options.encoding;
  else encoding = null;
  let stdoutLen = 0, stderrLen = 0, killed = false, exited = false, timeoutId, ex = null;
  let cmd = file;
  if (args && args.length) cmd += ` ${args.join(' ')}`;
  function exithandler(code, signal) {
    if (exited) return;
    exited = true;
    if (timeoutId) {
      clearTimeout(timeoutId);
      timeoutId = null;
    }
    if (!callback) return;
    let stdout, stderr;
    if (encoding || (child.stdout && child.stdout.readableEncoding)) stdout = _stdout.join('');
    else stdout = Buffer.concat(_stdout);
    if (encoding || (child.stderr && child.stderr.readableEncoding)) stderr = _stderr.join('');
    else stderr = Buffer.concat(_stderr);
    if (!ex && code === 0 && signal === null) {
      callback(null, stdout, stderr);
      return;
    }
    if (!ex) {
      ex = new Error(`Command failed: ${cmd}\n${stderr}`);
      ex.code = code < 0 ? b.errname(code) : code;
      ex.killed = child.killed || killed;
      ex.signal = signal;
    }
    ex.cmd = cmd;
    callback(ex, stdout, stderr);
  }
  function errorhandler(e) {
    ex = e;
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    exithandler();
  }
  function kill() {
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    killed = true;
    try {
      child.kill(options.killSignal);
    } catch (e) {
      ex = e;
      exithandler();
    }
  }
  if (options.timeout > 0) {
    timeoutId = setTimeout(function delayedKill() {
      kill();
      timeoutId = null;
    }, options.timeout);
  }
  function collect(streamObj, chunks, which) {
    if (!streamObj) return;
    if (encoding) streamObj.setEncoding(encoding);
    streamObj.on('data', (chunk) => {
      const enc = streamObj.readableEncoding;
      const length = enc ? Buffer.byteLength(chunk, enc) : chunk.length;
      const total = (which === 'stdout' ? (stdoutLen += length) : (stderrLen += length));
      if (total > options.maxBuffer) {
        const truncated = options.maxBuffer - (total - length);
        chunks.push(chunk.slice(0, truncated));
        ex = makeNodeError(RangeError, 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', `${which} maxBuffer length exceeded`);
        kill();
      } else {
        chunks.push(chunk);
      }
    });
  }
  collect(child.stdout, _stdout, 'stdout');
  collect(child.stderr, _stderr, 'stderr');
  child.addListener('close', exithandler);
  child.addListener('error', errorhandler);
  return child;
}
Object.defineProperty(execFile, kCustomPromisify, { enumerable: false, value: customPromiseExecFunction(execFile) });

// ---- the Sync forms: the child runs on a private loop (spawnSync in C) ----
// In a `weft serve` resource a sync spawn blocks the whole server, and the
// resource's CPU watchdog (weft_cpuLimitMs) stops a resource whose script
// entry runs past the limit: a sync spawn there is killed (ETIMEDOUT) after
// half the limit when it sets no shorter timeout, so the entry keeps budget
// to handle the result.
function syncTimeout(timeout) {
  if (!natives.host || typeof globalThis.GetConvarInt !== 'function') return timeout;
  const limit = globalThis.GetConvarInt('weft_cpuLimitMs', b.defaultCpuLimitMs);
  if (!(limit > 0)) return timeout;
  const cap = Math.max(1, Math.floor(limit / 2));
  return timeout > 0 && timeout < cap ? timeout : cap;
}

function spawnSync(file, args, options) {
  return spawnSyncNormalized(normalizeSpawnArguments(file, args, options));
}
function spawnSyncNormalized(options) {
  options = { maxBuffer: 1024 * 1024, ...options };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);
  const { stdio } = getValidStdio(options.stdio || 'pipe', true);
  if (options.input) {
    const input = options.input;
    if (typeof input !== 'string' && !ArrayBuffer.isView(input)) {
      throwType('options.stdio[0]', ['Buffer', 'TypedArray', 'DataView', 'string'], input);
    }
    stdio[0] = { type: 'pipe', input };
  }
  for (let i = 0; i < stdio.length; i++) {
    const s = stdio[i];
    if (s.input !== undefined) {
      s.input = typeof s.input === 'string' ? Buffer.from(s.input, options.encoding === 'buffer' ? 'utf8' : options.encoding || 'utf8') : s.input;
      if (!ArrayBuffer.isView(s.input)) throwType(`options.stdio[${i}]`, ['Buffer', 'TypedArray', 'DataView', 'string'], s.input);
    }
  }
  options.stdio = stdio;
  return cpInternal.spawnSync(options);
}

// internal/child_process's spawnSync(options): normalized options in (file,
// args, envPairs, stdio entries, killSignal as a number or undefined...),
// the result object out
function internalSpawnSync(options) {
  const stdio = options.stdio;
  const timeout = syncTimeout(options.timeout);
  const r = b.spawnSync({
    file: options.file, args: options.args, cwd: options.cwd, envPairs: options.envPairs,
    detached: options.detached, uid: options.uid, gid: options.gid, stdio,
    timeout: timeout || 0, killSignal: options.killSignal === undefined ? signals.SIGTERM : options.killSignal, maxBuffer: options.maxBuffer === Infinity ? 0 : options.maxBuffer,
  });
  const result = { status: null, signal: null, output: null, pid: r.pid, stdout: null, stderr: null };
  const spawnFailed = r.error < 0 && r.pid === 0;
  if (!spawnFailed) {
    result.output = r.output.map((ab) => {
      if (ab === null) return null;
      const buf = Buffer.from(ab);
      return options.encoding && options.encoding !== 'buffer' ? buf.toString(options.encoding) : buf;
    });
    result.stdout = result.output[1] === undefined ? null : result.output[1];
    result.stderr = result.output[2] === undefined ? null : result.output[2];
    if (r.signal) result.signal = signalNames[r.signal] || r.signal;
    else result.status = r.status;
  }
  if (r.error < 0) {
    const err = errnoException(r.error, `spawnSync ${options.file}`);
    err.path = options.file;
    err.spawnargs = options.args.slice(1);
    result.error = err;
  }
  return result;
}

function checkExecSyncError(ret, args, cmd) {
  let err;
  if (ret.error) {
    err = ret.error;
    Object.assign(err, ret);
  } else if (ret.status !== 0) {
    let msg = 'Command failed: ';
    msg += cmd || args.join(' ');
    if (ret.stderr && ret.stderr.length > 0) msg += `\n${ret.stderr.toString()}`;
    err = new Error(msg);
    Object.assign(err, ret);
  }
  return err;
}

function execFileSync(file, args, options) {
  if (args != null && typeof args === 'object' && !Array.isArray(args)) [options, args] = [args, []];
  options = normalizeSpawnArguments(file, args, options);
  const inheritStderr = !options.stdio;
  const ret = spawnSyncNormalized(options);
  if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
  const errArgs = [options.argv0 || options.file, ...options.args.slice(1)];
  const err = checkExecSyncError(ret, errArgs);
  if (err) throw err;
  return ret.stdout;
}

function execSync(command, options) {
  const opts = normalizeExecArgs(command, options, null);
  const inheritStderr = !opts.options.stdio;
  const ret = spawnSync(opts.file, opts.options);
  if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
  const err = checkExecSyncError(ret, undefined, command);
  if (err) throw err;
  return ret.stdout;
}

// process.kill(pid[, signal]) (process.js defines it to load this file)
internal.processKill = function kill(pid, sig) {
  // eslint-disable-next-line eqeqeq
  if (pid != (pid | 0)) throwType('pid', 'number', pid);
  const signal = sig === 0 ? 0 : convertToValidSignal(sig === undefined ? 'SIGTERM' : sig);
  const err = b.killPid(+pid, signal);
  if (err) throw errnoException(err, 'kill');
  return true;
};

// internal/child_process (--expose-internals, for Node's tests)
const cpInternal = { ChildProcess, getValidStdio, setupChannel, spawnSync: internalSpawnSync };
internal.childProcessInternal = cpInternal;

internal.childProcessModule = {
  ChildProcess, _forkChild: internal.setupChildChannel, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync,
};
