// structured_clone.js: structuredClone(value[, { transfer }]) with the
// HTML structured clone algorithm's observable results: cycles and shared
// references kept; primitives, boxed primitives, Date, RegExp, Map, Set,
// ArrayBuffer, typed arrays, DataView, Error types, plain objects and arrays
// cloned; functions, symbols-as-values, WeakMap/WeakSet, Promise and class
// instances' prototypes not (DataCloneError, or a plain object as V8 does).
// Loaded on the first structuredClone call.
'use strict';

function dataCloneError(what, whole = false) {
  const DOMException = globalThis.DOMException;
  return new DOMException(whole ? what : `${what} could not be cloned.`, 'DataCloneError');
}

const errorCtors = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
const tagOf = (v) => Object.prototype.toString.call(v).slice(8, -1);

function structuredClone(value, options = undefined) {
  if (arguments.length === 0) {
    throw internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
  }
  if (options !== undefined && options !== null && typeof options !== 'object') {
    internal.throwInvalidArgType('options', 'Object', options);
  }
  let transfer = [];
  if (options && options.transfer !== undefined && options.transfer !== null) {
    const t = options.transfer;
    if (typeof t !== 'object' || typeof t[Symbol.iterator] !== 'function') {
      internal.throwInvalidArgType('options.transfer', 'Array', t);
    }
    transfer = [...t];
  }
  return cloneMessage(value, transfer);
}

// Objects whose transfer is ignored (they are copied instead): Node 20's
// worker_threads.markAsUntransferable.
if (!internal.untransferable) internal.untransferable = new WeakSet(); // buffer.js may have made it

// cloneMessage(value, transferList): the clone, with the listed
// ArrayBuffers detached in the sender and the listed MessagePorts moved
// (MessagePort.postMessage and structuredClone). Nothing is detached or
// moved unless the whole value clones. portsOut (optional): gets the moved
// ports (a MessageEvent's ports).
function cloneMessage(value, transfer, portsOut) {
  const memory = new Map();
  const commits = [];
  const ports = internal.messagePortHooks;
  const seen = new Set();
  for (const t of transfer) {
    if (t instanceof ArrayBuffer) {
      if (seen.has(t)) throw dataCloneError('Transfer list contains duplicate ArrayBuffer', true);
      seen.add(t);
      if (internal.untransferable.has(t)) continue;
      memory.set(t, t.slice(0));
      commits.push(() => natives.detachArrayBuffer(t));
    } else if (ports && ports.isPort(t)) {
      if (seen.has(t)) throw dataCloneError('Transfer list contains duplicate MessagePort', true);
      seen.add(t);
      if (internal.untransferable.has(t)) continue; // then the clone finds it: not transferable
      const moved = ports.transferPort(t);
      memory.set(t, moved.value);
      if (portsOut) portsOut.push(moved.value);
      commits.push(moved.commit);
    } else if (t !== null && typeof t === 'object' && typeof t[kTransfer] === 'function') {
      // weft's transferable JS objects (util.transferableAbortSignal)
      if (seen.has(t)) continue;
      seen.add(t);
      memory.set(t, t[kTransfer]());
    } else {
      throw internal.makeNodeError(TypeError, 'ERR_INVALID_TRANSFER_OBJECT', 'Found invalid object in transferList');
    }
  }
  const result = clone(value, memory);
  for (const commit of commits) commit();
  return result;
}
const kTransfer = Symbol('kTransfer');
const kClone = internal.kClone || (internal.kClone = Symbol('kClone'));
internal.kTransfer = kTransfer;
internal.cloneMessage = cloneMessage;

function clone(v, memory) {
  if (typeof v === 'symbol') throw dataCloneError(String(v));
  if (typeof v === 'function') throw dataCloneError(Function.prototype.toString.call(v).split('\n')[0]);
  if (v === null || typeof v !== 'object') return v;
  if (memory.has(v)) return memory.get(v);
  const tag = tagOf(v);
  let out;
  switch (tag) {
    case 'Boolean': out = new Boolean(Boolean.prototype.valueOf.call(v)); break; // eslint-disable-line no-new-wrappers
    case 'Number': out = new Number(Number.prototype.valueOf.call(v)); break; // eslint-disable-line no-new-wrappers
    case 'String': out = new String(String.prototype.valueOf.call(v)); break; // eslint-disable-line no-new-wrappers
    case 'BigInt': out = Object(BigInt.prototype.valueOf.call(v)); break;
    case 'Date': out = new Date(Date.prototype.getTime.call(v)); break;
    case 'RegExp': out = new RegExp(v.source, v.flags); break;
    case 'ArrayBuffer': out = v.slice(0); break;
    case 'SharedArrayBuffer': out = v; break; // shared, not copied (also with a Worker)
    case 'DataView': {
      const buf = clone(v.buffer, memory);
      out = new DataView(buf, v.byteOffset, v.byteLength);
      break;
    }
    case 'Map': {
      out = new Map();
      memory.set(v, out);
      for (const [k, val] of v) out.set(clone(k, memory), clone(val, memory));
      return out;
    }
    case 'Set': {
      out = new Set();
      memory.set(v, out);
      for (const k of v) out.add(clone(k, memory));
      return out;
    }
    case 'Array': {
      out = new Array(v.length);
      memory.set(v, out);
      for (const k of Object.keys(v)) out[k] = clone(v[k], memory);
      return out;
    }
    case 'Error': {
      const name = v.name in errorCtors ? v.name : 'Error';
      out = new errorCtors[name]();
      memory.set(v, out);
      const desc = Object.getOwnPropertyDescriptor(v, 'message');
      if (desc && 'value' in desc) {
        Object.defineProperty(out, 'message', { value: String(desc.value), writable: true, configurable: true, enumerable: false });
      }
      if (typeof v.stack === 'string') {
        Object.defineProperty(out, 'stack', { value: v.stack, writable: true, configurable: true, enumerable: false });
      }
      if ('cause' in v) {
        Object.defineProperty(out, 'cause', { value: clone(v.cause, memory), writable: true, configurable: true, enumerable: false });
      }
      return out;
    }
    case 'WeakMap': case 'WeakSet': case 'WeakRef': case 'Promise': case 'Generator': case 'AsyncGenerator':
      throw dataCloneError(`#<${tag}>`);
    default:
      if (ArrayBuffer.isView(v)) {
        const buf = clone(v.buffer, memory);
        const Ctor = Object.getPrototypeOf(Object.getPrototypeOf(v)) === Object.getPrototypeOf(Uint8Array.prototype)
          ? globalThis[tag] : Uint8Array;
        out = new Ctor(buf, v.byteOffset, v.length);
        break;
      }
      if (typeof globalThis.Buffer === 'function' && v instanceof globalThis.Buffer) break;
      if (typeof v[kClone] === 'function') { // weft's cloneable objects (histograms)
        out = v[kClone]();
        break;
      }
      if (internal.messagePortHooks && internal.messagePortHooks.isPort(v)) {
        throw internal.makeNodeError(TypeError, 'ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST',
          'Object that needs transfer was found in message but not listed in transferList');
      }
      // any other object (class instances included) clones as a plain object
      // of its own enumerable string-keyed properties
      out = {};
      memory.set(v, out);
      for (const k of Object.keys(v)) out[k] = clone(v[k], memory);
      return out;
  }
  memory.set(v, out);
  return out;
}

internal.structuredClone = structuredClone;
