// resource.js: the host API globals of a `weft serve` resource (FiveM's
// server scripting names): on/emit/onNet/emitNet/removeEventListener,
// exports, setTick/clearTick, GetCurrentResourceName, ... , and the
// resource-mode error policy: an uncaught exception or unhandled rejection is
// logged as "[res] ..." with file:line and the server keeps running;
// process.exit() stops only this resource. Absent in `weft run`.
if (!natives.host) return;
const host = natives.host;
const resName = host.resourceName;

function def(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

// ---- error reporting ----
// The frame lines of err.stack (its "Name: message" header is left out);
// those from weft's own bootstrap (node:, weft:internal/) and API sugar (@weft/)
// say nothing to the user.
// At most 10 frames per error, as V8's default Error.stackTraceLimit: a
// stack overflow would print thousands, and errors crossing resources add
// the caller's frames at each hop. A run of one frame (a recursion) is one
// line and a count.
function userStack(err) {
  const s = typeof err.stack === 'string' ? err.stack : '';
  const out = [];
  let run = 0;
  for (const l of s.split('\n')) {
    if (!/^\s+at /.test(l) || internal.isBuiltinFrame(l) || /\(@weft\//.test(l) || /^\s+at .*\(native\)$/.test(l)) continue;
    if (out.length && l === out[out.length - 1]) { run++; continue; }
    if (run) out.push(`    ... repeated ${run} more time${run === 1 ? '' : 's'}`), run = 0;
    out.push(l);
  }
  if (run) out.push(`    ... repeated ${run} more time${run === 1 ? '' : 's'}`);
  return internal.limitFrames(out.join('\n'));
}
// An error object with a `message` ('in' through a proxy's has trap): 1,
// else 0; -1 when asking threw.
function errorLike(err) {
  if (err === null || (typeof err !== 'object' && typeof err !== 'function')) return 0;
  try { return 'message' in err ? 1 : 0; } catch { return -1; }
}
// Never throws (its callers report with it): a value whose traps or getters
// throw is '<unprintable error object>', with its frames when its stack reads.
const UNPRINTABLE = '<unprintable error object>';
function describe(err) {
  const kind = errorLike(err);
  if (kind < 0) return UNPRINTABLE;
  if (kind > 0) {
    let head, st = '';
    try { head = `${err.name || 'Error'}: ${err.message}`; } catch { head = UNPRINTABLE; }
    try { st = userStack(err); } catch {}
    return st ? `${head}\n${st}` : head;
  }
  try { return internal.inspect ? internal.inspect(err) : String(err); } catch { return UNPRINTABLE; }
}
function logError(what, err) { host.log(`${what}: ${describe(err)}`); }
// for the API preludes (src/api/*.js), which log their callbacks' errors
Object.defineProperty(globalThis, Symbol.for('weft.describeError'), { value: describe });
// One line for a script that failed to load (the server says it): the
// innermost script frame's file:line:col, then "Name: message".
function loadErrorLine(file, err) {
  let head, at = '';
  const kind = errorLike(err);
  if (kind > 0) {
    try { head = `${err.name || 'Error'}: ${err.message}`; } catch { head = UNPRINTABLE; }
    let st = '';
    try { st = userStack(err); } catch {}
    const m = /^\s+at (?:.*? \()?(.+?:\d+(?::\d+)?)\)?$/.exec(st.split('\n')[0] || '');
    if (m) at = m[1];
  } else if (kind < 0) {
    head = UNPRINTABLE;
  } else {
    try { head = internal.inspect ? internal.inspect(err) : String(err); } catch { head = UNPRINTABLE; }
  }
  return `${at || file}: ${String(head).replace(/\s*\n\s*/g, ' ')}`;
}

function noop() {}
// Running out of memory fails in several places at once: the script's
// allocation (an error with the script's frames), then jobs of the same
// promise chain with no script frame (an error with no stack, and for a
// rejection Node's UnhandledPromiseRejection wrapper naming it). One report
// per episode (until the next immediate runs): the first with a script
// frame, else the first one at all. Handlers still see each error.
const OOM = 'InternalError: out of memory';
function isOutOfMemory(er) {
  try {
    if (er === null || typeof er !== 'object') return false;
    if (er.name === 'InternalError' && er.message === 'out of memory') return true;
    return er.code === 'ERR_UNHANDLED_REJECTION' && typeof er.message === 'string' &&
      er.message.endsWith(`reason "${OOM}".`);
  } catch { return false; }
}
let oomShown = false, oomHeld = null;
function endOutOfMemory() {
  if (oomHeld !== null) logError(oomHeld[0], oomHeld[1]);
  oomShown = false;
  oomHeld = null;
}
function reportOutOfMemory(what, er) {
  if (oomShown) return;
  if (oomHeld === null) internal.timers.setImmediate(endOutOfMemory);
  if (userStack(er) === '') {
    if (oomHeld === null) oomHeld = [what, er];
    return;
  }
  oomShown = true;
  oomHeld = null;
  logError(what, er);
}
// (process.js runs on first use: these apply as soon as it has)
internal.whenProcess(() => {
  const process = internal.process;
  internal.triggerUncaughtException = function (er, fromPromise) {
    const type = fromPromise ? 'unhandledRejection' : 'uncaughtException';
    try {
      process.emit('uncaughtExceptionMonitor', er, type);
      if (process.emit('uncaughtException', er, type)) return;
    } catch (e) {
      logError('error in an uncaughtException handler', e);
    }
    const what = fromPromise ? 'Unhandled promise rejection' : 'Uncaught exception';
    if (isOutOfMemory(er)) return reportOutOfMemory(what, er);
    logError(what, er);
    internal.timers.setImmediate(noop);
  };
  process.reallyExit = function (code) { host.exitResource(code | 0); };
  process.abort = function () { host.exitResource(134, true); };
});

// ---- events ----
// name -> [fn], read by C (dispatch_argv in src/js/host_bindings.c), which
// runs an event's handlers. Lists are copy-on-write (replaced, never
// mutated), so a dispatch walks the list it started with.
const handlers = Object.create(null);
host.setHandlers(handlers);
function addHandler(name, fn, net) {
  if (typeof name !== 'string') throw new TypeError('event name must be a string');
  if (typeof fn !== 'function') throw new TypeError('event handler must be a function');
  host.subscribe(name, !!net); // first: it refuses a name with a NUL byte
  const list = handlers[name];
  handlers[name] = list ? [...list, fn] : [fn];
}
function on(name, fn) { addHandler(name, fn, false); }
function onNet(name, fn) {
  if (fn === undefined) { host.subscribe(name, true); host.unsubscribe(name); return; }
  addHandler(name, fn, true);
}
function removeEventListener(name, fn) {
  const list = handlers[name];
  if (!list) return;
  const i = list.indexOf(fn);
  if (i < 0) return;
  if (list.length === 1) delete handlers[name];
  else handlers[name] = list.filter((_, k) => k !== i);
  host.unsubscribe(name);
}
// emit is the native itself (no JS frame, no argument spread): it converts
// the name to a string and packs the rest.
const emit = host.emit;
function emitNet(name, target, ...args) { host.emitNet(String(name), target, ...args); }

// the current event's source (a player's server id for net events), kept by C
Object.defineProperty(globalThis, 'source', {
  get: host.getSource, set: host.setSource, configurable: true, enumerable: false,
});

// ---- exports ----
const exportEvent = (res, name) => `__cfx_export_${res}_${name}`;
// exports('name', fn) also answers FiveM's export event, for code that asks
// for exports with TriggerEvent('__cfx_export_<res>_<name>', setCB).
// exports(Symbol.for('weft.localExports'), res, make): exports[res] is make()'s
// object, made on first use in this runtime (a prelude's own API: db.js).
const kLocalExports = Symbol.for('weft.localExports');
const localExports = new Map();
function exportsFn(name, fn) {
  if (name === kLocalExports) { localExports.set(fn, arguments[2]); return; }
  if (typeof name !== 'string') throw new TypeError('exports: name must be a string');
  host.setExport(name, fn);
  on(exportEvent(resName, name), (setCB) => setCB(fn));
}
// An export missing from the host's table (C calls this): FiveM's mechanism,
// the event's handlers hand the function to setCB. undefined when none did,
// else [result].
function exportByEvent(res, name, ...args) {
  let fn;
  emit(exportEvent(res, name), (f) => { fn = f; });
  return typeof fn === 'function' ? [fn(...args)] : undefined;
}
// `server_export 'fn'` (and `export`) in the manifest: the global function fn.
for (const key of ['server_export', 'export']) {
  const n = host.metaCount(resName, key);
  for (let i = 0; i < n; i++) {
    const name = host.meta(resName, key, i);
    on(exportEvent(resName, name), (setCB) => {
      if (typeof globalThis[name] === 'function') setCB(globalThis[name]);
    });
  }
}
// exports.res.fn(...): the export is looked up by the host at call time, so
// never stale; the proxies and the bound callers are cached (one per
// resource, one per export name), not rebuilt per call.
const resourceProxies = new Map();
const exportsObj = new Proxy(exportsFn, {
  get(target, res) {
    if (typeof res !== 'string') return undefined;
    let p = resourceProxies.get(res);
    if (p === undefined && localExports.has(res)) resourceProxies.set(res, p = localExports.get(res)());
    if (p === undefined) {
      const callers = new Map();
      p = new Proxy({}, {
        get(_, name) {
          if (typeof name !== 'string' || name === 'then') return undefined;
          let f = callers.get(name);
          if (f === undefined) callers.set(name, f = host.callExport.bind(null, res, name));
          return f;
        },
      });
      resourceProxies.set(res, p);
    }
    return p;
  },
});

// ---- errors across the boundary ----
const ctors = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };
function errorPayload(e) {
  if (e !== null && typeof e === 'object' && ('message' in e || e instanceof Error)) {
    let name = 'Error', message = '', stack = '';
    try { name = String(e.name || 'Error'); } catch {}
    try { message = String(e.message); } catch {}
    try { stack = userStack(e); } catch {}
    return { __weftError: true, name, message, stack, resource: typeof e.resource === 'string' ? e.resource : resName };
  }
  return e;
}
function revive(p) {
  if (p === null || typeof p !== 'object' || p.__weftError !== true) return p;
  const C = ctors[p.name] || Error;
  const e = new C(p.message);
  if (!ctors[p.name]) Object.defineProperty(e, 'name', { value: p.name, writable: true, configurable: true, enumerable: false });
  e.resource = p.resource;
  const mine = userStack(e);
  e.stack = [Error.prototype.toString.call(e), p.stack, mine].filter(Boolean).join('\n');
  return e;
}

// ---- ticks ----
let tickId = 0;
const ticks = new Map(); // id -> { fn, busy }
function setTick(fn) {
  if (typeof fn !== 'function') throw new TypeError('setTick: not a function');
  const id = ++tickId;
  ticks.set(id, { fn, busy: false });
  host.setTickCount(ticks.size);
  return id;
}
function clearTick(id) { ticks.delete(id); host.setTickCount(ticks.size); }
function runFrame() {
  for (const [id, t] of ticks) {
    if (t.busy) continue; // its previous promise is still pending
    let r;
    try {
      r = t.fn();
    } catch (e) {
      logError('error in tick handler', e);
      continue;
    }
    if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
      t.busy = true;
      r.then(() => { t.busy = false; }, (e) => { t.busy = false; if (ticks.has(id)) logError('error in tick handler', e); });
    }
  }
}

internal.host = { revive, errorPayload, runFrame, logError, loadErrorLine, exportByEvent };

// ---- the globals ----
def('on', on);
def('onNet', onNet);
def('AddEventHandler', on);
def('RegisterNetEvent', (name, fn) => onNet(name, fn));
def('removeEventListener', removeEventListener);
def('RemoveEventHandler', removeEventListener);
def('emit', emit);
def('TriggerEvent', emit);
def('emitNet', emitNet);
def('TriggerClientEvent', emitNet);
def('exports', exportsObj);
def('setTick', setTick);
def('clearTick', clearTick);
def('GetCurrentResourceName', () => resName);
def('GetInvokingResource', () => host.invokingResource());
def('GetResourceState', (name) => host.resourceState(String(name)));
def('IsDuplicityVersion', () => true);
// FiveM's GET_HASH_KEY: one-at-a-time hash of the lower-cased (ASCII) UTF-8
// bytes, as a signed 32-bit integer (what a native's int result gives).
def('GetHashKey', (str) => {
  const b = unescape(encodeURIComponent(String(str))); // one char per UTF-8 byte
  let h = 0;
  for (let i = 0; i < b.length; i++) {
    let c = b.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = (h + c) | 0;
    h = (h + (h << 10)) | 0;
    h ^= h >>> 6;
  }
  h = (h + (h << 3)) | 0;
  h ^= h >>> 11;
  h = (h + (h << 15)) | 0;
  return h;
});
// weft has no frame delay to dodge: accepted, nothing to do.
def('ScheduleResourceTick', () => {});
def('GetGameTimer', () => host.gameTimer());
def('CancelEvent', () => host.cancelEvent());
def('WasEventCanceled', () => host.wasEventCanceled());
def('GetNumResourceMetadata', (res, key) => host.metaCount(String(res), String(key)));
def('GetResourceMetadata', (res, key, i) => host.meta(String(res), String(key), i | 0));
def('GetResourcePath', (res) => (res === undefined || res === resName ? host.resourcePath : host.pathOf(String(res))));
def('GetNumResources', () => host.numResources());
def('GetInstanceId', () => host.instanceId());
def('GetResourceByFindIndex', (i) => host.resourceByIndex(i | 0));
def('CallNative', (name, ...args) => host.callNative(String(name), ...args));
// every native not named above, as a global function (made on first use)
host.installNatives();
// require() relative to the resource folder.
// (the module loader itself loads on the first call)
{
  let m;
  def('require', function require(id) {
    if (!m) {
      m = new internal.Module(`${host.resourcePath}/__resource__.js`, null);
      m.filename = `${host.resourcePath}/__resource__.js`;
    }
    return m.require(id);
  });
}
