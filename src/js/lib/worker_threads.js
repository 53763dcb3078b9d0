// worker_threads.js: MessageChannel, MessagePort, MessageEvent,
// BroadcastChannel and Worker as Node 20 has them (globals, and the
// worker_threads module).
// A port pair in one runtime: postMessage clones the value at once
// (structured_clone.js, with the transfer list) into the peer's queue; the
// peer's libuv handle (src/js/messaging.c) delivers the queue from the loop,
// one message per host entry. A port is unref'd until it has a 'message'
// listener (or onmessage), as in Node; ref()/unref() override that.
// A port whose peer is on another thread is *remote*: its handle holds a
// channel side (messaging.c), postMessage sends the clone as bytes (toWire)
// and delivery reads them back (fromWire). A local port becomes remote when
// its peer is transferred to another thread.
// A Worker (src/js/worker.c) is a thread with its own runtime; it and its
// parent share two channels: the public one (worker.postMessage and
// parentPort) and a control one (the start message, 'online', errors).
// Loaded on first use of one of these names, and first thing in a Worker.
'use strict';

const binding = natives.binding('messaging');
void globalThis.EventTarget; // loads event_target.js
const { Event, NodeEventTarget, defineEventHandler, kNewListener, kRemoveListener, kCreateEvent } =
  internal.eventTargetInternals();
if (!internal.cloneMessage) natives.loadLib('structured_clone');
const kInspect = Symbol.for('nodejs.util.inspect.custom');

const kState = Symbol('kState');
const kClose = Symbol('kClose'); // queued to the peer by close(): it closes once it gets there
let allowConstruct = false;

function nodeError(Ctor, code, message) { return internal.makeNodeError(Ctor, code, message); }
function dataCloneError(message) { return new globalThis.DOMException(message, 'DataCloneError'); }

// ---- MessageEvent ----
const kData = Symbol('kData');
class MessageEvent extends Event {
  constructor(type, { data = null, origin = '', lastEventId = '', source = null, ports = [] } = {}) {
    super(type);
    if (ports === null || typeof ports !== 'object' || typeof ports[Symbol.iterator] !== 'function') {
      throw new TypeError('ports is not iterable');
    }
    this[kData] = { data, origin: `${origin}`, lastEventId: `${lastEventId}`, source, ports: [...ports] };
    if (source !== null && !isPort(source)) internal.throwInvalidArgType('init.source', 'MessagePort', source);
    this[kData].ports.forEach((p, i) => { if (!isPort(p)) internal.throwInvalidArgType(`init.ports[${i}]`, 'MessagePort', p); });
  }
}
for (const key of ['data', 'origin', 'lastEventId', 'source', 'ports']) {
  Object.defineProperty(MessageEvent.prototype, key, {
    get() { return this[kData][key]; }, enumerable: true, configurable: true,
  });
}

// ---- MessagePort ----
// Its state is the owner of its C handle: the handle calls state.onwake()
// per queued message and state.onclose() once closed.
class PortState {
  constructor(port, endpoint) {
    this.port = port;
    this.peer = null;    // the entangled PortState
    this.queue = [];     // incoming messages (cloned values, or kClose)
    this.started = false;
    this.closed = false; // close() called, or transferred away
    this.silent = false; // transferred: no 'close' event
    this.closingPeer = null; // gets kClose once this side's handle has closed
    this.remote = endpoint !== undefined; // the peer is on another thread
    this.handle = binding.portOpen(this, endpoint);
    binding.portRef(this.handle, false);
  }
  wake() { if (this.started && (this.queue.length || this.remote)) binding.portSignal(this.handle); }
  // one message; true while more may be waiting
  onwake() {
    if (this.closed) return false;
    if (!this.started) {
      // a port that never started still closes with its peer (what was
      // queued for it is dropped, as in Node)
      if (this.queue.includes(kClose) || (this.remote && binding.portPeerGone(this.handle))) closePort(this);
      return false;
    }
    if (this.queue.length === 0) {
      if (!this.remote) return false;
      const m = binding.portRecv(this.handle);
      if (m === undefined) return false;
      if (m === null) { closePort(this); return false; }
      dispatchRemote(this.port, m);
      return !this.closed && this.started;
    }
    const m = this.queue.shift();
    if (m === kClose) { closePort(this); return false; }
    dispatchMessage(this.port, m);
    return !this.closed && this.started && (this.queue.length > 0 || this.remote);
  }
  onclose() {
    this.handle = null;
    if (!this.silent) this.port.dispatchEvent(new Event('close'));
    // the peer closes after this side, as in Node
    const peer = this.closingPeer;
    this.closingPeer = null;
    if (peer && peer.handle) binding.portSignal(peer.handle);
  }
}

// A queued message that carried ports (a MessageEvent's ports); one that
// carried none is queued as its value alone.
class WithPorts {
  constructor(data, ports) {
    this.data = data;
    this.ports = ports;
  }
}
let dispatchPorts = null; // the ports of the message being dispatched
function dispatchMessage(port, data) {
  if (!(data instanceof WithPorts)) {
    internal.eventTargetHybridDispatch(port, data, 'message');
    return;
  }
  dispatchPorts = data.ports;
  try {
    internal.eventTargetHybridDispatch(port, data.data, 'message');
  } finally {
    dispatchPorts = null;
  }
}
const unwrap = (m) => (m instanceof WithPorts ? m.data : m);
// a message from another thread; one that cannot be rebuilt here is a
// 'messageerror' (as Node's when deserializing fails)
function dispatchRemote(port, m) {
  let data;
  try {
    const ports = [];
    data = fromWire(m[0], m[1], ports);
    if (ports.length) data = new WithPorts(data, ports);
  } catch (e) {
    internal.eventTargetHybridDispatch(port, e, 'messageerror');
    return;
  }
  dispatchMessage(port, data);
}

// close this side; the peer closes once it reaches the kClose queued for it
function closePort(state) {
  if (state.closed) return;
  state.closed = true;
  state.queue.length = 0;
  const peer = state.peer;
  state.peer = null;
  if (peer && !peer.closed) {
    peer.peer = null;
    peer.queue.push(kClose);
    state.closingPeer = peer;
  }
  state.remote = false;
  if (state.handle) binding.portClose(state.handle); // a remote side tells its peer
}

function isPort(v) { return v !== null && typeof v === 'object' && v[kState] instanceof PortState; }
function stateOf(port) {
  if (!isPort(port)) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type MessagePort');
  return port[kState];
}

// a new port; with an endpoint (a channel side), a remote one
let constructEndpoint;
function newPort(endpoint) {
  allowConstruct = true;
  constructEndpoint = endpoint;
  try {
    return new MessagePort();
  } finally {
    allowConstruct = false;
    constructEndpoint = undefined;
  }
}

class MessagePort extends NodeEventTarget {
  constructor() {
    if (!allowConstruct) throw nodeError(TypeError, 'ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
    super();
    Object.defineProperty(this, kState, { value: new PortState(this, constructEndpoint), writable: true });
  }
  postMessage(message, transfer = undefined) {
    const s = stateOf(this);
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    const list = transferListOf(transfer);
    if (list.includes(this)) throw dataCloneError('Transfer list contains source port');
    const ports = [];
    const toItself = s.peer !== null && list.includes(s.peer.port);
    let value = internal.cloneMessage(message, list, ports);
    if (toItself) { // as Node: nothing arrives, both ends close
      globalThis.process.emitWarning('The target port was posted to itself, and the communication channel was lost');
      closePort(s);
      return;
    }
    if (s.remote) {
      const endpoints = [];
      const wire = toWire(value, endpoints);
      if (!s.closed) binding.portSend(s.handle, wire, endpoints);
      return;
    }
    const peer = s.peer;
    if (s.closed || !peer || peer.closed) return;
    if (ports.length) value = new WithPorts(value, ports);
    peer.queue.push(value);
    peer.wake();
  }
  start() {
    const s = stateOf(this);
    if (s.closed || s.started) return;
    s.started = true;
    s.wake();
  }
  close(cb) {
    const s = stateOf(this);
    if (typeof cb === 'function') this.once('close', cb);
    closePort(s);
  }
  ref() {
    const s = stateOf(this);
    if (s.handle) binding.portRef(s.handle, true);
    return this;
  }
  unref() {
    const s = stateOf(this);
    if (s.handle) binding.portRef(s.handle, false);
    return this;
  }
  hasRef() {
    const s = stateOf(this);
    return s.handle ? binding.portHasRef(s.handle) : false;
  }
  [kCreateEvent](data, type) {
    if (type !== 'message' && type !== 'messageerror') return undefined;
    return new MessageEvent(type, { data, ports: type === 'message' && dispatchPorts ? dispatchPorts : [] });
  }
  // the first 'message' listener refs and starts the port; removing the
  // last one stops and unrefs it (Node's setupPortReferencing)
  [kNewListener](size, type) {
    if (type === 'message' && size === 1) {
      this.ref();
      this.start();
    }
  }
  [kRemoveListener](size, type) {
    if (type === 'message' && size === 0) {
      const s = stateOf(this);
      s.started = false;
      this.unref();
    }
  }
  [kInspect](depth, options) {
    const s = this[kState];
    if (!(s instanceof PortState)) return this;
    const refed = s.handle ? binding.portHasRef(s.handle) : undefined;
    const info = refed === undefined ? { active: false } : { active: true, refed };
    if (depth < 0) return this;
    return `MessagePort [EventTarget] ${internal.inspect(info, { ...options, depth: options.depth === null ? null : options.depth - 1 })}`;
  }
}
defineEventHandler(MessagePort.prototype, 'message');
defineEventHandler(MessagePort.prototype, 'messageerror');

// postMessage's second argument: an iterable, or { transfer }, with Node's
// errors for anything else
function transferListOf(transfer) {
  if (transfer === undefined || transfer === null) return [];
  let name = 'transferList';
  if (typeof transfer === 'object' && typeof transfer[Symbol.iterator] !== 'function') {
    transfer = transfer.transfer;
    if (transfer === undefined) return [];
    name = 'options.transfer';
  }
  const bad = () => nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `Optional ${name} argument must be an iterable`);
  if (transfer === null || typeof transfer !== 'object' || typeof transfer[Symbol.iterator] !== 'function') throw bad();
  try {
    return [...transfer];
  } catch (e) {
    throw e instanceof TypeError ? bad() : e;
  }
}

// A transferred port: a new object takes over the entanglement and the
// queue; the old one closes (with its 'close' event, as in Node).
function transferPort(port) {
  const s = stateOf(port);
  if (s.closed) throw dataCloneError('MessagePort in transfer list is already detached');
  const moved = newPort();
  return {
    value: moved,
    commit() {
      const m = moved[kState];
      if (s.remote) { // the channel side moves with it
        binding.portAttach(m.handle, binding.portDetach(s.handle));
        m.remote = true;
        s.remote = false;
      }
      m.peer = s.peer;
      if (m.peer) m.peer.peer = m;
      m.queue = s.queue;
      s.peer = null;
      s.queue = [];
      s.closed = true;
      if (s.handle) binding.portClose(s.handle);
    },
  };
}
internal.messagePortHooks = { isPort, transferPort };

// Called without new, Node's MessagePort and MessageChannel throw its own
// errors (QuickJS's class constructors throw a plain TypeError): each class
// is exported behind a Proxy whose apply trap throws them.
function callGuard(Class, code, message) {
  const guarded = new Proxy(Class, { apply() { throw nodeError(TypeError, code, message); } });
  Object.defineProperty(Class.prototype, 'constructor', { value: guarded, writable: true, configurable: true, enumerable: false });
  return guarded;
}

class MessageChannel {
  constructor() {
    const port1 = newPort();
    const port2 = newPort();
    port1[kState].peer = port2[kState];
    port2[kState].peer = port1[kState];
    Object.defineProperty(this, 'port1', { value: port1, enumerable: true, configurable: true, writable: true });
    Object.defineProperty(this, 'port2', { value: port2, enumerable: true, configurable: true, writable: true });
  }
}

// receiveMessageOnPort(port): the next queued message, synchronously
function receiveMessageOnPort(port) {
  if (port instanceof BroadcastChannel) {
    const m = bcRecv(bcState(port));
    return m === undefined ? undefined : { message: fromWire(m[0], m[1]) };
  }
  if (!isPort(port)) throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
  const s = port[kState];
  if (s.closed) return undefined;
  if (s.queue.length === 0) {
    if (!s.remote) return undefined;
    const m = binding.portRecv(s.handle);
    if (m === undefined) return undefined;
    if (m === null) {
      closePort(s);
      return undefined;
    }
    return { message: fromWire(m[0], m[1]) };
  }
  if (s.queue[0] instanceof WithPorts) return { message: s.queue.shift().data };
  if (s.queue[0] === kClose) {
    s.queue.shift();
    closePort(s);
    return undefined;
  }
  return { message: s.queue.shift() };
}

function moveMessagePortToContext(port, contextifiedSandbox) {
  if (!isPort(port)) internal.throwInvalidArgType('port', 'MessagePort', port);
  if (port[kState].closed) throw nodeError(Error, 'ERR_CLOSED_MESSAGE_PORT', 'Cannot send data on closed MessagePort');
  if (contextifiedSandbox === null || typeof contextifiedSandbox !== 'object') {
    internal.throwInvalidArgType('contextifiedSandbox', 'vm.Context', contextifiedSandbox);
  }
  return port; // one context per runtime: the port already belongs to it
}

// ---- BroadcastChannel: every open channel of a name, this one excepted, in
// any thread. Each is a port whose channel's other side is in messaging.c's
// process-wide registry under the name; bcPost sends to the others' sides.
const kName = Symbol('kName');
const kBc = Symbol('kBc');
function bcState(bc) {
  if (bc === null || typeof bc !== 'object' || !(kBc in bc)) {
    throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type BroadcastChannel');
  }
  return bc[kBc];
}
// the next message of a BroadcastChannel's handle, [wire, endpoints], or undefined
const bcRecv = (state) => {
  const m = state.handle ? binding.portRecv(state.handle) : undefined;
  return m === null ? undefined : m;
};
class BroadcastChannel extends EventTarget {
  constructor(name) {
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
    if (typeof name === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
    super();
    this[kName] = `${name}`;
    // a BroadcastChannel keeps the loop alive until closed or unref'd
    const state = { handle: null, onwake: null, onclose() { state.handle = null; } };
    const [mine, theirs] = binding.channel();
    binding.bcJoin(this[kName], theirs);
    state.handle = binding.portOpen(state, mine);
    state.onwake = () => {
      const m = bcRecv(state);
      if (m === undefined) return false;
      let data;
      try {
        data = fromWire(m[0], m[1]);
      } catch (e) {
        this.dispatchEvent(new MessageEvent('messageerror', { data: e }));
        return state.handle !== null;
      }
      this.dispatchEvent(new MessageEvent('message', { data }));
      return state.handle !== null;
    };
    this[kBc] = state;
  }
  get name() {
    bcState(this);
    return this[kName];
  }
  close() {
    const state = bcState(this);
    if (!state.handle) return;
    binding.portClose(state.handle);
    state.handle = null;
  }
  postMessage(message) {
    const state = bcState(this);
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
    if (!state.handle) throw new globalThis.DOMException('BroadcastChannel is closed.');
    binding.bcPost(state.handle, this[kName], toWire(internal.cloneMessage(message, []), []));
  }
  ref() {
    const state = bcState(this);
    if (state.handle) binding.portRef(state.handle, true);
    return this;
  }
  unref() {
    const state = bcState(this);
    if (state.handle) binding.portRef(state.handle, false);
    return this;
  }
  [kInspect](depth, options) {
    if (depth < 0) return 'BroadcastChannel';
    const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
    return `BroadcastChannel ${internal.inspect({ name: this[kName], active: this[kBc].handle !== null }, opts)}`;
  }
}
Object.defineProperty(BroadcastChannel.prototype, Symbol.toStringTag, { value: 'BroadcastChannel', configurable: true });
defineEventHandler(BroadcastChannel.prototype, 'message');
defineEventHandler(BroadcastChannel.prototype, 'messageerror');

// ---- messages between threads ----
// A message for another thread is cloned first (cloneMessage: the transfer
// list, detaching, postMessage's errors), then the clone is flattened into
// the wire form messaging.c writes with JS_WriteObject: [root, nodes], each
// object of the clone a node (an array [kind, ...]) and each reference to
// one a Number object holding its index. The clone's own Number objects are
// nodes too (kind 'b'), so every Number object on the wire is a reference.
// Ports become endpoints, sent beside the bytes.
const tagOf = (v) => Object.prototype.toString.call(v).slice(8, -1);
const typedArrayNames = new Set(['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']);
const errorCtors = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };

function toWire(value, endpoints) {
  const nodes = [];
  const ids = new Map();
  // bound: each object of the clone becomes one node, once
  const ref = (v) => {
    if (v === null || typeof v !== 'object') return v;
    let id = ids.get(v);
    if (id === undefined) {
      id = nodes.length;
      ids.set(v, id);
      nodes.push(null);
      nodes[id] = toNode(v);
    }
    return new Number(id); // eslint-disable-line no-new-wrappers
  };
  const keyed = (n, v) => {
    for (const k of Object.keys(v)) n.push(k, ref(v[k]));
    return n;
  };
  function toNode(v) {
    if (isPort(v)) return ['P', endpoints.push(portToEndpoint(v)) - 1];
    const tag = tagOf(v);
    switch (tag) {
      case 'Array': return keyed(['A', v.length], v);
      case 'Date': return ['D', v.getTime()];
      case 'RegExp': return ['R', v.source, v.flags];
      case 'Map': {
        const n = ['M'];
        for (const [k, x] of v) n.push(ref(k), ref(x));
        return n;
      }
      case 'Set': {
        const n = ['S'];
        for (const k of v) n.push(ref(k));
        return n;
      }
      case 'Error': {
        const desc = Object.getOwnPropertyDescriptor(v, 'message');
        return ['E', v.name, desc !== undefined, desc && desc.value, v.stack, 'cause' in v, ref(v.cause)];
      }
      case 'Boolean': case 'Number': case 'String': case 'BigInt': return ['b', v.valueOf()];
      case 'ArrayBuffer': case 'SharedArrayBuffer': return ['B', v];
      case 'DataView': return ['V', ref(v.buffer), v.byteOffset, v.byteLength];
      default:
        if (typedArrayNames.has(tag)) return ['T', tag, ref(v.buffer), v.byteOffset, v.length];
        return keyed(['O'], v);
    }
  }
  const root = ref(value);
  return [root, nodes];
}

function fromWire(wire, endpoints, portsOut) {
  const [root, nodes] = wire;
  const out = new Array(nodes.length);
  const val = (v) => (v instanceof Number ? get(+v) : v);
  const define = (o, k, v) => Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  // bound: each node is built once (out[i] is set before its children)
  function get(i) {
    if (out[i] !== undefined) return out[i];
    const n = nodes[i];
    if (!Array.isArray(n)) throw dataCloneError('Unable to deserialize cloned data.');
    switch (n[0]) {
      case 'A': {
        const a = out[i] = new Array(n[1]);
        for (let j = 2; j < n.length; j += 2) define(a, n[j], val(n[j + 1]));
        return a;
      }
      case 'O': {
        const o = out[i] = {};
        for (let j = 1; j < n.length; j += 2) define(o, n[j], val(n[j + 1]));
        return o;
      }
      case 'M': {
        const m = out[i] = new Map();
        for (let j = 1; j < n.length; j += 2) m.set(val(n[j]), val(n[j + 1]));
        return m;
      }
      case 'S': {
        const set = out[i] = new Set();
        for (let j = 1; j < n.length; j++) set.add(val(n[j]));
        return set;
      }
      case 'D': return out[i] = new Date(n[1]);
      case 'R': return out[i] = new RegExp(n[1], n[2]);
      case 'b': return out[i] = Object(n[1]);
      case 'B': return out[i] = n[1];
      case 'V': return out[i] = new DataView(val(n[1]), n[2], n[3]);
      case 'T': {
        const Ctor = typedArrayNames.has(n[1]) ? globalThis[n[1]] : Uint8Array;
        return out[i] = new Ctor(val(n[2]), n[3], n[4]);
      }
      case 'E': {
        const e = out[i] = new (errorCtors[n[1]] || Error)();
        const hidden = (k, v) => Object.defineProperty(e, k, { value: v, writable: true, configurable: true, enumerable: false });
        if (n[2]) hidden('message', String(n[3]));
        if (typeof n[4] === 'string') hidden('stack', n[4]);
        else delete e.stack;
        if (n[5]) hidden('cause', val(n[6]));
        return e;
      }
      case 'P': {
        out[i] = newPort(endpoints[n[1]]);
        if (portsOut) portsOut.push(out[i]);
        return out[i];
      }
      default: throw dataCloneError('Unable to deserialize cloned data.');
    }
  }
  return val(root);
}

// A port of this thread leaves for another one (it is in a message's
// transfer list): its channel side, or a new channel whose other side its
// peer here takes over (the peer becomes remote; what it had sent and this
// port had not delivered goes first on the new channel).
function portToEndpoint(port) {
  const s = port[kState];
  let endpoint;
  if (s.remote) {
    endpoint = binding.portDetach(s.handle);
    s.remote = false;
  } else {
    const [mine, theirs] = binding.channel();
    const q = s.peer;
    if (q && !q.closed) {
      q.peer = null;
      binding.portAttach(q.handle, mine);
      q.remote = true;
      for (const m of s.queue) {
        if (m === kClose) break;
        const endpoints = [];
        binding.portSend(q.handle, toWire(unwrap(m), endpoints), endpoints);
      }
      q.wake();
    } else {
      binding.endpointClose(mine); // its peer is gone: it arrives closed
    }
    endpoint = theirs;
  }
  s.peer = null;
  s.queue = [];
  s.silent = true;
  closePort(s);
  return endpoint;
}

// ---- Worker ----
const kHandle = Symbol('kHandle');
const kPublicPort = Symbol('kPublicPort');
const kPort = Symbol('kPort');
const kThreadId = Symbol('kThreadId');
const kLimits = Symbol('kLimits');
const SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');
let workerBinding;
const zeroElu = () => ({ idle: 0, active: 0, utilization: 0 });

function workerPath(filename) {
  if (!internal.pathModule) natives.loadLib('path');
  const path = internal.pathModule;
  if (filename !== null && typeof filename === 'object' && typeof filename.href === 'string' &&
      typeof filename.protocol === 'string') { // a URL
    if (filename.protocol === 'data:') return { dataURL: filename.href };
    if (filename.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    if (!internal.urlModule) natives.loadLib('url');
    return internal.urlModule.fileURLToPath(filename);
  }
  if (typeof filename !== 'string') internal.throwInvalidArgType('filename', ['string', 'URL'], filename);
  if (path.isAbsolute(filename) || /^\.\.?[\\/]/.test(filename)) return path.resolve(filename);
  throw nodeError(TypeError, 'ERR_WORKER_PATH',
    'The worker script or module filename must be an absolute path or a relative path starting with \'./\' or \'../\'.' +
    (filename.startsWith('file://') ? ' Wrap file:// URLs with `new URL`.' : '') +
    (filename.startsWith('data:text/javascript') ? ' Wrap data: URLs with `new URL`.' : '') +
    ` Received "${filename}"`);
}

// process.env over the shared environment (SHARE_ENV): every thread's Proxy
// reads and writes the same C list (worker.c)
const kSharedEnv = Symbol('kSharedEnv');
function sharedEnv() {
  if (!workerBinding) workerBinding = natives.binding('worker');
  const b = workerBinding;
  const str = (k) => typeof k === 'string';
  return new Proxy({}, {
    get(t, k) { return k === kSharedEnv ? true : str(k) ? b.sharedEnv(k) : undefined; },
    set(t, k, v) { if (str(k)) b.sharedEnv(k, `${v}`); return true; },
    has(t, k) { return str(k) && b.sharedEnv(k) !== undefined; },
    deleteProperty(t, k) { if (str(k)) b.sharedEnv(k, undefined); return true; },
    ownKeys() { return b.sharedEnvKeys(); },
    getOwnPropertyDescriptor(t, k) {
      const v = str(k) ? b.sharedEnv(k) : undefined;
      return v === undefined ? undefined : { value: v, writable: true, enumerable: true, configurable: true };
    },
    defineProperty(t, k, d) {
      if (str(k) && 'value' in d) b.sharedEnv(k, `${d.value}`);
      return true;
    },
  });
}

// Node's flags a Worker may take: the per-thread ones (V8 and Node options
// weft knows or ignores); a per-process one (--title, --redirect-warnings...)
// or an unknown one is ERR_WORKER_INVALID_EXEC_ARGV, as Node's.
const workerFlag = /^(?:--(?:experimental-[\w-]+|no-[\w-]+|trace-[\w-]+|expose[-_][\w-]+|harmony[\w-]*|max[-_][\w-]+|stack[-_]size|unhandled-rejections|enable-source-maps|pending-deprecation|throw-deprecation|abort[-_]on[-_]uncaught[-_]exception|require|import|loader|input-type|conditions|preserve-symlinks(?:-main)?|disable-proto|frozen-intrinsics|zero-fill-buffers|verify-base-objects|allow-natives-syntax|jitless|predictable[\w-]*|gc[-_]interval|random[-_]seed|huge[-_]max[-_]old[-_]generation[-_]size|single[-_]threaded[\w-]*|debug[-_]arraybuffer[-_]allocations|inspect[\w-]*)(?:=.*)?|-[rC])$/;
function checkWorkerFlags(flags, what) {
  const bad = flags.filter((f) => f.startsWith('-') && !workerFlag.test(f));
  if (bad.length) throw nodeError(Error, 'ERR_WORKER_INVALID_EXEC_ARGV', `Initiated Worker with ${what}: ${bad.join(', ')}`);
}

// resourceLimits as Node reports them (V8's defaults where not given)
function workerLimits(limits) {
  if (limits === undefined) limits = {};
  if (limits === null || typeof limits !== 'object') internal.throwInvalidArgType('options.resourceLimits', 'Object', limits);
  const out = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 2048, codeRangeSizeMb: 0, stackSizeMb: 4 };
  for (const k of Object.keys(out)) {
    const v = limits[k];
    if (v === undefined) continue;
    if (typeof v !== 'number') internal.throwInvalidArgType(`options.resourceLimits.${k}`, 'number', v);
    if (v > 0) out[k] = v;
  }
  return out;
}

class Worker extends internal.EventEmitter {
  constructor(filename, options = {}) {
    super();
    if (options === null || typeof options !== 'object') internal.throwInvalidArgType('options', 'Object', options);
    if (options.execArgv !== undefined && !Array.isArray(options.execArgv)) {
      internal.throwInvalidArgType('options.execArgv', 'Array', options.execArgv);
    }
    if (options.argv !== undefined && options.argv !== null && !Array.isArray(options.argv)) {
      internal.throwInvalidArgType('options.argv', 'Array', options.argv);
    }
    const process = globalThis.process;
    let file = null, code = null;
    if (options.eval) {
      if (typeof filename !== 'string') {
        throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
          `The property 'options.eval' must be false when 'filename' is not a string. Received ${internal.inspect(options.eval)}`);
      }
      code = filename;
    } else {
      file = workerPath(filename);
    }
    let dataURL = null; // an ES module in a data: URL, run by the worker
    if (file !== null && typeof file === 'object') {
      dataURL = file.dataURL;
      file = null;
    }
    let env;
    if (!workerBinding) workerBinding = natives.binding('worker');
    if (options.env === SHARE_ENV) {
      // one environment for this thread and the worker: process.env becomes
      // the shared one (worker.c), filled from this thread's the first time
      if (!process.env[kSharedEnv]) {
        workerBinding.sharedEnvInit(process.env);
        process.env = sharedEnv();
      }
      env = null;
    } else if (options.env === undefined || options.env === null) {
      env = { ...process.env };
    } else if (typeof options.env === 'object') {
      env = {};
      for (const [k, v] of Object.entries(options.env)) env[k] = `${v}`;
    } else {
      internal.throwInvalidArgType('options.env', ['Object', 'undefined', 'null', 'worker_threads.SHARE_ENV'], options.env);
    }
    if (options.execArgv) checkWorkerFlags(options.execArgv.map(String), 'invalid execArgv flags');
    if (env !== null && typeof env.NODE_OPTIONS === 'string') {
      checkWorkerFlags(env.NODE_OPTIONS.split(/\s+/).filter(Boolean), 'invalid NODE_OPTIONS env variable');
    }
    const limits = workerLimits(options.resourceLimits);
    const given = options.resourceLimits || {};
    // a heap limit when either generation's is given (0 included: V8 then
    // has almost no heap); at least 1 MB, QuickJS's whole heap
    const heapMb = (typeof given.maxOldGenerationSizeMb === 'number' || typeof given.maxYoungGenerationSizeMb === 'number')
      ? Math.max(1, (given.maxOldGenerationSizeMb || 0) + (given.maxYoungGenerationSizeMb || 0)) : 0;
    const start = {
      filename: file, eval: code !== null, code, dataURL,
      argv: Array.isArray(options.argv) ? options.argv.map(String) : [],
      execArgv: options.execArgv ? options.execArgv.map(String) : process.execArgv,
      env, workerData: options.workerData, environmentData: [...environmentData], resourceLimits: limits,
      name: options.name === undefined ? '' : `${options.name}`,
      stdin: !!options.stdin,
      trackUnmanagedFds: options.trackUnmanagedFds === undefined ? true : !!options.trackUnmanagedFds,
    };
    const [pubMine, pubTheirs] = binding.channel();
    const [ctlMine, ctlTheirs] = binding.channel();
    const pub = this[kPublicPort] = newPort(pubMine);
    const ctl = this[kPort] = newPort(ctlMine);
    try {
      ctl.postMessage(start, options.transferList);
    } catch (e) {
      ctl.close();
      pub.close();
      binding.endpointClose(pubTheirs);
      binding.endpointClose(ctlTheirs);
      throw e;
    }
    this[kLimits] = limits;
    const owner = { onexit: (exitCode, oom) => this.#onExit(exitCode, oom) };
    const [handle, threadId] = workerBinding.workerStart(owner, pubTheirs, ctlTheirs, heapMb, given.stackSizeMb > 0 ? limits.stackSizeMb : 0);
    this[kHandle] = handle;
    this[kThreadId] = threadId;
    // async_hooks: the 'WORKER' resource is the handle (hasRef(): whether it
    // keeps the loop alive; undefined once closed, after 'exit')
    const hooks = internal.hooks;
    if (hooks && hooks.initEnabled) {
      const worker = this;
      const resource = {
        hasRef() {
          if (worker[kHandle] !== null) return workerBinding.workerHasRef(worker[kHandle]);
          return worker.#handleClosed ? undefined : worker.#lastRef;
        },
      };
      hooks.emitInit(natives.newAsyncId(), 'WORKER', natives.defaultTriggerAsyncId(), resource);
    }
    // the worker's liveness is its thread's (workerRef), not its ports'
    pub.on('message', (data) => this.emit('message', data));
    pub.on('messageerror', (e) => this.emit('messageerror', e));
    pub.unref();
    ctl.on('message', (m) => this.#onControl(m));
    ctl.unref();
    // the worker's process.stdout/stderr come here (as Node's, through the
    // parent), piped to this process's unless options.stdout/stderr
    const { Readable } = internal.loadStream();
    this.stdin = null;
    this.stdout = new Readable({ read() {} });
    this.stderr = new Readable({ read() {} });
    if (!options.stdout) this.stdout.on('data', (chunk) => globalThis.process.stdout.write(chunk));
    if (!options.stderr) this.stderr.on('data', (chunk) => globalThis.process.stderr.write(chunk));
    globalThis.process.nextTick(() => globalThis.process.emit('worker', this));
  }
  #onControl(m) {
    if (m === null || typeof m !== 'object') return;
    if (m.type === 'stdio') (m.fd === 2 ? this.stderr : this.stdout).push(m.chunk);
    else if (m.type === 'online') this.emit('online');
    else if (m.type === 'error') {
      // what the worker posted before it failed comes first (it was queued
      // first, on the other channel)
      this.#drainPublic();
      this.#errored = true;
      this.emit('error', workerError(m));
    }
  }
  #errored = false;
  #handleClosed = false;
  #lastRef = true;
  #drainPublic() {
    let m;
    while ((m = receiveMessageOnPort(this[kPublicPort])) !== undefined) this.emit('message', m.message);
  }
  #onExit(code, oom) {
    // what the worker sent before it ended comes first (Node drains both)
    this.#drainPublic();
    let m;
    while ((m = receiveMessageOnPort(this[kPort])) !== undefined) this.#onControl(m.message);
    // a worker that ran out of memory before it could say so
    if (oom && !this.#errored) this.emit('error', workerError({ oom: true }));
    this.stdout.push(null);
    this.stderr.push(null);
    this.#lastRef = workerBinding.workerHasRef(this[kHandle]);
    internal.timers.setImmediate(() => { this.#handleClosed = true; });
    this[kHandle] = null;
    this[kThreadId] = -1;
    this[kPort].close();
    this[kPublicPort].close();
    this.emit('exit', code);
    this.removeAllListeners();
  }
  get threadId() { return this[kThreadId]; }
  get resourceLimits() { return this[kHandle] === null ? {} : { ...this[kLimits] }; }
  postMessage(...args) {
    if (args.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
    this[kPublicPort].postMessage(...args);
  }
  terminate(callback) {
    this.ref();
    if (typeof callback === 'function') {
      globalThis.process.emitWarning('Passing a callback to worker.terminate() is deprecated. It returns a Promise instead.',
        'DeprecationWarning', 'DEP0132');
      this.once('exit', (code) => callback(null, code));
    }
    if (this[kHandle] === null) return Promise.resolve();
    workerBinding.workerTerminate(this[kHandle]);
    return new Promise((resolve) => this.once('exit', resolve));
  }
  ref() {
    if (this[kHandle] !== null) workerBinding.workerRef(this[kHandle], true);
  }
  unref() {
    if (this[kHandle] !== null) workerBinding.workerRef(this[kHandle], false);
  }
  getHeapSnapshot() {
    return Promise.reject(nodeError(Error, 'ERR_NOT_SUPPORTED_IN_WEFT', 'weft has no heap snapshots (QuickJS)'));
  }
  get performance() {
    const worker = this;
    return {
      eventLoopUtilization(util1, util2) {
        const times = worker[kHandle] !== null ? workerBinding.workerLoopTimes(worker[kHandle]) : undefined;
        if (times === undefined) return zeroElu();
        if (!internal.loopUtilization) natives.loadLib('perf_hooks');
        return internal.loopUtilization(times[0], () => times[1], util1, util2);
      },
    };
  }
}

// The error a worker's uncaught exception becomes in its parent: the value
// as the worker threw it (an Error keeps its class, message, stack and own
// properties, as Node's serializeError), or Node's stand-ins.
function workerError(m) {
  if (m.oom) {
    return nodeError(Error, 'ERR_WORKER_OUT_OF_MEMORY', 'Worker terminated due to reaching memory limit: JS heap out of memory');
  }
  if (m.unserializable) return nodeError(Error, 'ERR_WORKER_UNSERIALIZABLE_ERROR', 'Serializing an uncaught exception failed');
  if (!m.isError) return m.value;
  const e = Object.create((errorCtors[m.ctor] || Error).prototype);
  for (const [k, v, enumerable] of m.props) {
    Object.defineProperty(e, k, { value: v, writable: true, configurable: true, enumerable });
  }
  return e;
}

// the worker's side of workerError: what its control port sends
function serializeWorkerError(er) {
  if (er instanceof InternalError && er.message === 'out of memory') return { type: 'error', oom: true };
  if (!(er instanceof Error) && !natives.isError(er)) return { type: 'error', isError: false, value: er };
  let ctor = 'Error';
  for (let p = Object.getPrototypeOf(er); p !== null; p = Object.getPrototypeOf(p)) {
    const name = Object.prototype.hasOwnProperty.call(p, 'constructor') && p.constructor && p.constructor.name;
    if (name in errorCtors) { ctor = name; break; }
  }
  const props = [];
  for (const k of Object.getOwnPropertyNames(er)) {
    let d;
    try {
      d = Object.getOwnPropertyDescriptor(er, k); // a lazy stack may throw (Error.prepareStackTrace)
    } catch {
      continue;
    }
    if (!d || !('value' in d) || typeof d.value === 'function') continue;
    props.push([k, d.value, d.enumerable]);
  }
  let name;
  try { name = er.name; } catch {}
  if (!Object.prototype.hasOwnProperty.call(er, 'name') && typeof name === 'string' && name !== ctor) {
    props.push(['name', name, false]); // a subclass's name (class MyError)
  }
  return { type: 'error', isError: true, ctor, props };
}

// What a Worker's process may not do (Node's lib/internal/main/worker_thread.js
// list): process-wide state stays the main thread's.
function disableInWorker(process) {
  const unsupported = (what) => nodeError(TypeError, 'ERR_WORKER_UNSUPPORTED_OPERATION', `${what} is not supported in workers`);
  for (const name of ['title', 'debugPort']) {
    const value = name === 'title' ? process.title : 9229;
    Object.defineProperty(process, name, { get() { return value; }, set() {}, enumerable: true, configurable: true });
  }
  const umask = process.umask;
  process.umask = function (mask) {
    if (mask !== undefined) throw unsupported('Setting process.umask()');
    return umask.call(process);
  };
  for (const fn of ['abort', 'chdir', 'send', 'disconnect', 'setuid', 'seteuid', 'setgid', 'setegid', 'setgroups', 'initgroups']) {
    const stub = () => { throw unsupported(`process.${fn}()`); };
    stub.disabled = true;
    process[fn] = stub;
  }
  for (const name of ['channel', 'connected']) {
    Object.defineProperty(process, name, { get() { throw unsupported(`process.${name}`); }, enumerable: false, configurable: true });
  }
}

// process._fatalException(er[, fromPromise]): Node's internal entry to the
// uncaught-exception path; true once a handler took it (else the process
// ends). Defined here, not in process.js, so a run that never loads
// worker_threads does not pay for it (Node's own tests call it in Workers).
globalThis.process._fatalException = function _fatalException(er, fromPromise) {
  internal.triggerUncaughtException(er, !!fromPromise);
  return true;
};

// trackUnmanagedFds: the fds the worker opened with fs.open/openSync and did
// not close are closed when it exits (its 'exit'), with Node's warnings for
// an fd opened twice or closed without being opened
function trackFds(process) {
  const fds = new Set();
  internal.fdTracker = {
    opened(fd) {
      if (fds.has(fd)) process.emitWarning(`File descriptor ${fd} opened in unmanaged mode twice`);
      fds.add(fd);
    },
    closed(fd) {
      if (!fds.delete(fd)) process.emitWarning(`File descriptor ${fd} closed but not opened in unmanaged mode`);
    },
  };
  process.on('exit', () => {
    const fs = internal.builtins.fs();
    for (const fd of fds) {
      try { fs.closeSync(fd); } catch {}
    }
  });
}

// The source of a data: URL module (data:[type][;base64],text); a type
// other than JavaScript is Node's ERR_UNKNOWN_MODULE_FORMAT (in the worker,
// so its 'error' event)
function dataURLSource(href) {
  const m = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(href);
  const type = m ? m[1].split(';')[0].trim().toLowerCase() : '';
  if (!m || !/^(?:text|application)\/javascript$/.test(type)) {
    throw nodeError(TypeError, 'ERR_UNKNOWN_MODULE_FORMAT', `Unknown module format: ${type} for URL ${href}`);
  }
  if (m[2]) return globalThis.Buffer.from(decodeURIComponent(m[3]), 'base64').toString();
  return decodeURIComponent(m[3]);
}

// The worker's start (worker.c calls it before the main): the start
// message, process.env/argv/execArgv, parentPort and workerData; its
// uncaught exceptions go to the parent. Returns what to run: [0, file],
// [1, script source] or [2, module source] (a data: URL).
internal.workerChildSetup = function (threadId, pubEndpoint, ctlEndpoint) {
  const ctl = newPort(ctlEndpoint);
  const start = receiveMessageOnPort(ctl).message;
  const process = globalThis.process;
  process.env = start.env === null ? sharedEnv() : start.env;
  process.argv = [process.execPath, start.eval ? '[worker eval]' : start.filename, ...start.argv];
  process.execArgv = start.execArgv;
  internal.applyExecArgv();
  internal.abortOnUncaught = false; // a worker's uncaught error goes to its parent, never aborts
  for (const [k, v] of start.environmentData) environmentData.set(k, v);
  disableInWorker(process);
  if (start.trackUnmanagedFds) trackFds(process);
  Object.assign(internal.workerThreads, {
    isMainThread: false, threadId, parentPort: newPort(pubEndpoint),
    workerData: start.workerData, resourceLimits: start.resourceLimits,
  });
  internal.workerUncaught = (er) => {
    try {
      ctl.postMessage(serializeWorkerError(er));
    } catch {
      try { ctl.postMessage({ type: 'error', unserializable: true }); } catch {}
    }
  };
  // process.stdout/stderr and warnings go to the parent's worker.stdout/stderr
  natives.print = (fd, chunk) => {
    try { ctl.postMessage({ type: 'stdio', fd, chunk: `${chunk}` }); } catch {}
  };
  if (!start.stdin) {
    if (!internal.loadStream) void internal.Module; // loads modules.js
    const { Readable } = internal.loadStream();
    const stdin = new Readable({ read() {} });
    stdin.push(null);
    Object.defineProperty(process, 'stdin', { value: stdin, configurable: true, enumerable: true, writable: true });
  }
  ctl.postMessage({ type: 'online' });
  if (start.dataURL !== null) return [2, dataURLSource(start.dataURL)];
  if (!start.eval) return [0, start.filename];
  const runEval = internal.runEval;
  internal.runEval = (source, print) => runEval(source, print, '[worker eval]');
  return [1, start.code];
};

// ---- the worker_threads module ----
const environmentData = new Map();
function markAsUntransferable(obj) {
  if ((typeof obj !== 'object' && typeof obj !== 'function') || obj === null) return;
  internal.untransferable.add(obj);
}

const MessagePortExport = callGuard(MessagePort, 'ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
const MessageChannelExport = callGuard(MessageChannel, 'ERR_CONSTRUCT_CALL_REQUIRED', 'Class constructor MessageChannel cannot be invoked without \'new\'');
internal.workerThreads = {
  isMainThread: true,
  threadId: 0,
  parentPort: null,
  workerData: null,
  resourceLimits: {},
  SHARE_ENV,
  Worker,
  MessageChannel: MessageChannelExport,
  MessagePort: MessagePortExport,
  BroadcastChannel,
  markAsUntransferable,
  moveMessagePortToContext,
  receiveMessageOnPort,
  getEnvironmentData(key) { return environmentData.get(key); },
  setEnvironmentData(key, value) {
    if (value === undefined) environmentData.delete(key);
    else environmentData.set(key, value);
  },
};
internal.messaging = { MessageChannel: MessageChannelExport, MessagePort: MessagePortExport, MessageEvent, BroadcastChannel };
