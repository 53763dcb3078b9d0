// worker_threads.js: MessageChannel, MessagePort, MessageEvent and
// BroadcastChannel as Node 20 has them (globals, and the worker_threads
// module), for the main thread: weft has no Worker threads yet, so
// isMainThread is true, parentPort and workerData are null.
// A port pair lives in one runtime: postMessage clones the value at once
// (structured_clone.js, with the transfer list) into the peer's queue; the
// peer's libuv handle (src/js/messaging.c) delivers the queue from the loop,
// one message per host entry. A port is unref'd until it has a 'message'
// listener (or onmessage), as in Node; ref()/unref() override that.
// Loaded on first use of one of these names.
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
  constructor(port) {
    this.port = port;
    this.peer = null;    // the entangled PortState
    this.queue = [];     // incoming messages (cloned values, or kClose)
    this.started = false;
    this.closed = false; // close() called, or transferred away
    this.silent = false; // transferred: no 'close' event
    this.closingPeer = null; // gets kClose once this side's handle has closed
    this.handle = binding.portOpen(this);
    binding.portRef(this.handle, false);
  }
  wake() { if (this.started && this.queue.length) binding.portSignal(this.handle); }
  // one message; true while more are waiting
  onwake() {
    if (this.closed || !this.started || this.queue.length === 0) return false;
    const m = this.queue.shift();
    if (m === kClose) { closePort(this); return false; }
    dispatchMessage(this.port, m);
    return !this.closed && this.started && this.queue.length > 0;
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

function dispatchMessage(port, data) {
  internal.eventTargetHybridDispatch(port, data, 'message');
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
  if (state.handle) binding.portClose(state.handle);
}

function isPort(v) { return v !== null && typeof v === 'object' && v[kState] instanceof PortState; }
function stateOf(port) {
  if (!isPort(port)) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type MessagePort');
  return port[kState];
}

function newPort() {
  allowConstruct = true;
  try {
    return new MessagePort();
  } finally {
    allowConstruct = false;
  }
}

class MessagePort extends NodeEventTarget {
  constructor() {
    if (!allowConstruct) throw nodeError(TypeError, 'ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
    super();
    Object.defineProperty(this, kState, { value: new PortState(this), writable: true });
  }
  postMessage(message, transfer = undefined) {
    const s = stateOf(this);
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    const list = transferListOf(transfer);
    if (list.includes(this)) throw dataCloneError('Transfer list contains source port');
    const value = internal.cloneMessage(message, list);
    const peer = s.peer;
    if (s.closed || !peer || peer.closed) return;
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
    return type === 'message' || type === 'messageerror' ? new MessageEvent(type, { data }) : undefined;
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

// postMessage's second argument: an iterable, or { transfer }
function transferListOf(transfer) {
  if (transfer === undefined || transfer === null) return [];
  if (typeof transfer === 'object' && typeof transfer[Symbol.iterator] !== 'function') {
    const t = transfer.transfer;
    if (t === undefined || t === null) return [];
    transfer = t;
  }
  if (typeof transfer !== 'object' || typeof transfer[Symbol.iterator] !== 'function') {
    throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'Optional transferList argument must be an iterable');
  }
  return [...transfer];
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
  if (!isPort(port)) internal.throwInvalidArgType('port', 'MessagePort', port);
  const s = port[kState];
  if (s.closed || s.queue.length === 0) return undefined;
  if (s.queue[0] === kClose) {
    s.queue.shift();
    closePort(s);
    return undefined;
  }
  return { message: s.queue.shift() };
}

function moveMessagePortToContext(port, contextifiedSandbox) {
  if (!isPort(port)) internal.throwInvalidArgType('port', 'MessagePort', port);
  if (contextifiedSandbox === null || typeof contextifiedSandbox !== 'object') {
    internal.throwInvalidArgType('contextifiedSandbox', 'vm.Context', contextifiedSandbox);
  }
  return port; // one context per runtime: the port already belongs to it
}

// ---- BroadcastChannel: every open channel of a name, this one excepted ----
const channels = new Map(); // name -> Set of BroadcastChannel
const kName = Symbol('kName');
const kBc = Symbol('kBc');
class BroadcastChannel extends EventTarget {
  constructor(name) {
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
    super();
    this[kName] = `${name}`;
    // a BroadcastChannel keeps the loop alive until closed or unref'd
    const state = { queue: [], handle: null, onwake: null, onclose() { state.handle = null; } };
    state.handle = binding.portOpen(state);
    state.onwake = () => {
      if (!state.handle || state.queue.length === 0) return false;
      const data = state.queue.shift();
      this.dispatchEvent(new MessageEvent('message', { data }));
      return state.handle !== null && state.queue.length > 0;
    };
    this[kBc] = state;
    let set = channels.get(this[kName]);
    if (!set) channels.set(this[kName], set = new Set());
    set.add(this);
  }
  get name() { return this[kName]; }
  close() {
    const state = this[kBc];
    if (!state.handle) return;
    const set = channels.get(this[kName]);
    set.delete(this);
    if (set.size === 0) channels.delete(this[kName]);
    binding.portClose(state.handle);
    state.handle = null;
    state.queue.length = 0;
  }
  postMessage(message) {
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
    if (!this[kBc].handle) throw new globalThis.DOMException('BroadcastChannel is closed.');
    for (const other of channels.get(this[kName])) {
      if (other === this) continue;
      other[kBc].queue.push(internal.cloneMessage(message, []));
      binding.portSignal(other[kBc].handle);
    }
  }
  ref() {
    if (this[kBc].handle) binding.portRef(this[kBc].handle, true);
    return this;
  }
  unref() {
    if (this[kBc].handle) binding.portRef(this[kBc].handle, false);
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

// ---- the worker_threads module ----
const environmentData = new Map();
function markAsUntransferable(obj) {
  if ((typeof obj !== 'object' && typeof obj !== 'function') || obj === null) return;
  internal.untransferable.add(obj);
}

internal.workerThreads = {
  isMainThread: true,
  threadId: 0,
  parentPort: null,
  workerData: null,
  resourceLimits: {},
  SHARE_ENV: Symbol.for('nodejs.worker_threads.SHARE_ENV'),
  MessageChannel,
  MessagePort,
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
internal.messaging = { MessageChannel, MessagePort, MessageEvent, BroadcastChannel };
