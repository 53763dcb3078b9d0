// modules.js: CommonJS (require, module, exports, __filename, __dirname) as
// Node's lib/internal/modules/cjs/loader.js for relative/absolute paths,
// node_modules folders, .js/.cjs/.json, and built-ins. ES modules (.mjs) are
// loaded by C (src/js/modules.c) through QuickJS's module loader.
// process: internal.process where used, so a script that never touches it
// never loads process.js (an empty `weft run`: ~0.5 ms)

function normalize(path) {
  const abs = path.startsWith('/');
  const out = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') { if (out.length && out[out.length - 1] !== '..') out.pop(); else if (!abs) out.push('..'); continue; }
    out.push(part);
  }
  return (abs ? '/' : '') + out.join('/') || (abs ? '/' : '.');
}
function dirname(p) {
  const i = p.lastIndexOf('/');
  if (i < 0) return '.';
  if (i === 0) return '/';
  return p.slice(0, i);
}
function resolvePath(base, p) { return normalize(p.startsWith('/') ? p : `${base}/${p}`); }
internal.path = { normalize, dirname, resolve: resolvePath };

const builtins = Object.create(null);
builtins.timers = () => {
  const t = internal.timers;
  // require('timers').promises is timers/promises (Node 20)
  if (!Object.prototype.hasOwnProperty.call(t, 'promises')) {
    Object.defineProperty(t, 'promises', {
      get() { return builtins['timers/promises'](); }, enumerable: true, configurable: true,
    });
  }
  return t;
};
builtins.process = () => internal.process;
builtins.console = () => globalThis.console;
builtins.async_hooks = () => {
  if (!internal.asyncHooksModule) natives.loadLib('async_hooks');
  return internal.asyncHooksModule;
};
builtins.util = () => internal.util || (natives.loadLib('util'), internal.util);
// Built-ins in files of their own, run on first require.
function libModule(lib, key) {
  return () => {
    if (!internal[key]) natives.loadLib(lib);
    return internal[key];
  };
}
builtins.assert = libModule('assert', 'assertModule');
builtins['assert/strict'] = () => builtins.assert().strict;
builtins.path = libModule('path', 'pathModule');
builtins.buffer = libModule('buffer', 'bufferModule');
builtins.string_decoder = libModule('string_decoder', 'stringDecoderModule');
builtins.querystring = libModule('querystring', 'querystringModule');
builtins.url = libModule('url', 'urlModule');
// node:test exists only with the prefix, as in Node
builtins.test = libModule('node_test', 'nodeTestModule');
const prefixOnly = new Set(['test']);
builtins['util/types'] = () => builtins.util().types;
builtins.perf_hooks = libModule('perf_hooks', 'perfHooks');
builtins.os = libModule('os', 'osModule');
builtins.crypto = libModule('crypto', 'cryptoModule');
builtins.worker_threads = libModule('worker_threads', 'workerThreads');
// fs streams (fs_streams.js) load on first use of one of their names.
let fsStreamNames = false;
builtins.fs = () => {
  if (!internal.fsModule) natives.loadLib('fs');
  if (!fsStreamNames) {
    fsStreamNames = true;
    for (const name of ['ReadStream', 'WriteStream', 'createReadStream', 'createWriteStream']) {
      Object.defineProperty(internal.fsModule, name, {
        configurable: true, enumerable: true,
        get() {
          if (!internal.fsStreams) natives.loadLib('fs_streams');
          return internal.fsStreams[name];
        },
        set(v) { Object.defineProperty(this, name, { value: v, writable: true, configurable: true, enumerable: true }); },
      });
    }
  }
  return internal.fsModule;
};
builtins['fs/promises'] = libModule('fs', 'fsPromises');
builtins.v8 = libModule('v8', 'v8Module');
// trace_events: weft records none of V8's or Node's trace categories (its
// profiler writes its own Chrome trace), so loading it fails as in a Node
// built without tracing or in a worker: ERR_TRACE_EVENTS_UNAVAILABLE
builtins.trace_events = () => {
  throw internal.makeNodeError(Error, 'ERR_TRACE_EVENTS_UNAVAILABLE', 'Trace events are unavailable');
};
builtins['path/posix'] = builtins.path;
builtins['path/win32'] = () => builtins.path().win32;
builtins['timers/promises'] = () => internal.timersPromises || (internal.timersPromises = makeTimersPromises());
// stream: five files, run in order on first require.
function streamModule() {
  if (!internal.streamModule) {
    for (const lib of ['stream', 'stream_readable', 'stream_writable', 'stream_duplex', 'stream_operators']) natives.loadLib(lib);
  }
  return internal.streamModule;
}
internal.loadStream = streamModule;
builtins.stream = streamModule;
builtins['stream/promises'] = () => streamModule().promises;
builtins['stream/consumers'] = libModule('stream_consumers', 'streamConsumers');
for (const [alias, key] of [['_stream_readable', 'Readable'], ['_stream_writable', 'Writable'],
  ['_stream_duplex', 'Duplex'], ['_stream_transform', 'Transform'], ['_stream_passthrough', 'PassThrough']]) {
  builtins[alias] = () => streamModule()[key];
}
builtins.zlib = libModule('zlib', 'zlibModule');
builtins.child_process = libModule('child_process', 'childProcessModule');
builtins.vm = libModule('vm', 'vmModule');
builtins.domain = libModule('domain', 'domainModule');
builtins.net = libModule('net', 'netModule');
builtins.dns = libModule('dns', 'dnsModule');
builtins['dns/promises'] = () => builtins.dns().promises;
builtins.http = libModule('http', 'httpModule');
builtins.dgram = libModule('dgram', 'dgramModule');
for (const part of ['common', 'agent', 'incoming', 'outgoing', 'server', 'client']) {
  builtins[`_http_${part}`] = () => builtins.http()[`_${part}`];
}
builtins.events = () => {
  if (!internal.eventsModuleReady) natives.loadLib('events_module');
  return internal.EventEmitter;
};

// timers/promises (Node's lib/timers/promises.js): setTimeout,
// setImmediate, setInterval and scheduler, with { signal, ref } options.
function makeTimersPromises() {
  const t = internal.timers;
  const abortError = internal.abortError;
  function checkOptions(options) {
    if (options === null || typeof options !== 'object') internal.throwInvalidArgType('options', 'Object', options);
    const { signal, ref = true } = options;
    internal.validateAbortSignal(signal, 'options.signal');
    if (typeof ref !== 'boolean') internal.throwInvalidArgType('options.ref', 'boolean', ref);
    return { signal, ref };
  }
  // one timer or immediate, settled by `arm`'s callback or by the signal
  function cancelable(options, arm, clear) {
    let signal, ref;
    try {
      ({ signal, ref } = checkOptions(options));
    } catch (err) {
      return Promise.reject(err);
    }
    if (signal && signal.aborted) return Promise.reject(abortError(signal));
    let onAbort;
    const p = new Promise((resolve, reject) => {
      const handle = arm(resolve);
      if (!ref) handle.unref();
      if (signal) {
        onAbort = () => { clear(handle); reject(abortError(signal)); };
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
    return onAbort ? p.finally(() => signal.removeEventListener('abort', onAbort)) : p;
  }
  // a delay given must be a number (Node's validateNumber)
  const checkDelay = (after) => {
    if (after !== undefined && typeof after !== 'number') internal.throwInvalidArgType('delay', 'number', after);
  };
  function setTimeout(after, value, options = {}) {
    try {
      checkDelay(after);
    } catch (err) {
      return Promise.reject(err);
    }
    return cancelable(options, (resolve) => t.setTimeout(resolve, after, value), t.clearTimeout);
  }
  function setImmediate(value, options = {}) {
    return cancelable(options, (resolve) => t.setImmediate(resolve, value), t.clearImmediate);
  }
  async function* setInterval(after, value, options = {}) {
    checkDelay(after);
    const { signal, ref } = checkOptions(options);
    if (signal && signal.aborted) throw abortError(signal);
    let pending = 0, wake = null, aborted = false;
    const iv = t.setInterval(() => { pending++; if (wake) { wake(); wake = null; } }, after);
    if (!ref) iv.unref();
    const onAbort = () => { aborted = true; if (wake) { wake(); wake = null; } };
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        if (pending === 0 && !aborted) await new Promise((r) => { wake = r; });
        if (aborted) throw abortError(signal);
        pending--;
        yield value;
      }
    } finally {
      t.clearInterval(iv);
      if (signal) signal.removeEventListener('abort', onAbort);
    }
  }
  const kScheduler = Symbol('kScheduler');
  class Scheduler {
    constructor() {
      const err = new TypeError('Illegal constructor');
      err.code = 'ERR_ILLEGAL_CONSTRUCTOR';
      throw err;
    }
    yield() {
      if (!this[kScheduler]) throw Object.assign(new TypeError('Value of "this" must be of type Scheduler'), { code: 'ERR_INVALID_THIS' });
      return setImmediate();
    }
    wait(delay, options) {
      if (!this[kScheduler]) throw Object.assign(new TypeError('Value of "this" must be of type Scheduler'), { code: 'ERR_INVALID_THIS' });
      return setTimeout(delay, undefined, options);
    }
  }
  const scheduler = Object.create(Scheduler.prototype, { [kScheduler]: { value: true } });
  return { setTimeout, setImmediate, setInterval, scheduler };
}

internal.builtins = builtins;
// Node 20's built-in modules (its require('module').builtinModules). One that
// weft lacks is still a built-in name: Node never looks for an npm package of
// that name, so neither does weft; requiring it (or node:NAME) says weft has
// none, instead of "Cannot find module". Split only on that path, so a start
// pays for one string.
const kNode20Builtins = '_http_agent _http_client _http_common _http_incoming _http_outgoing ' +
  '_http_server _stream_duplex _stream_passthrough _stream_readable _stream_transform ' +
  '_stream_wrap _stream_writable _tls_common _tls_wrap assert assert/strict async_hooks ' +
  'buffer child_process cluster console constants crypto dgram diagnostics_channel dns ' +
  'dns/promises domain events fs fs/promises http http2 https inspector inspector/promises ' +
  'module net os path path/posix path/win32 perf_hooks process punycode querystring readline ' +
  'readline/promises repl stream stream/consumers stream/promises stream/web string_decoder ' +
  'sys timers timers/promises tls trace_events tty url util util/types v8 vm wasi ' +
  'worker_threads zlib';
// The error for a Node 20 built-in weft does not provide, else undefined.
function missingBuiltin(request) {
  const name = request.startsWith('node:') ? request.slice(5) : request;
  if (builtins[name] !== undefined || !kNode20Builtins.split(' ').includes(name)) return undefined;
  return internal.makeNodeError(Error, 'ERR_NOT_SUPPORTED_IN_WEFT',
    `weft has no built-in '${name}' (Node 20 has one)`);
}
function loadBuiltin(id) {
  const name = id.startsWith('node:') ? id.slice(5) : id;
  if (name === id && prefixOnly.has(name)) return undefined;
  const f = builtins[name];
  return f ? f() : undefined;
}
internal.loadBuiltin = loadBuiltin;

const FILE = 1, DIR = 2;
function tryFile(p) { return natives.stat(p) === FILE ? natives.realpath(p) : undefined; }
function tryExtensions(p) {
  return tryFile(p) || tryFile(`${p}.js`) || tryFile(`${p}.json`) || tryFile(`${p}.cjs`);
}
// package.json reads are cached by path (Node caches them too); a missing or
// unparsable file is cached as null.
const pjCache = new Map();
function readPackageJson(dir) {
  const pj = `${dir === '/' ? '' : dir}/package.json`;
  if (pjCache.has(pj)) return pjCache.get(pj);
  let v = null;
  if (natives.stat(pj) === FILE) {
    try { v = JSON.parse(natives.readFile(pj)); } catch {}
    if (v === null || typeof v !== 'object') v = null;
  }
  pjCache.set(pj, v);
  return v;
}
// Node's legacy "main" lookup (main, main + extensions, main/index, index.js).
function tryPackage(dir) {
  const pkg = readPackageJson(dir);
  const main = pkg && pkg.main;
  if (typeof main === 'string') {
    const m = resolvePath(dir, main);
    const f = tryExtensions(m) || tryFile(`${m}/index.js`) || tryFile(`${m}/index.json`);
    if (f) return f;
  }
  return tryFile(`${dir}/index.js`) || tryFile(`${dir}/index.json`);
}
// 'pkg/a/b' -> ['pkg', './a/b']; '@scope/pkg' -> ['@scope/pkg', '.'].
function splitPackageName(spec) {
  let i = spec.indexOf('/');
  if (spec[0] === '@' && i >= 0) i = spec.indexOf('/', i + 1);
  return i < 0 ? [spec, '.'] : [spec.slice(0, i), `.${spec.slice(i)}`];
}
const ESM_CONDITIONS = ['node', 'import', 'default'];
const CJS_CONDITIONS = ['node', 'require', 'default'];
// A package.json "exports" target: a './' string (with '*' substituted), an
// array (first that resolves), a conditions object (first matching key in
// object order), or null (explicitly not exported). undefined = no match.
function resolveExportsTarget(dir, target, star, conditions) {
  if (typeof target === 'string') {
    if (!target.startsWith('./')) return undefined;
    return resolvePath(dir, star === undefined ? target : target.split('*').join(star));
  }
  if (Array.isArray(target)) {
    for (const t of target) {
      const r = resolveExportsTarget(dir, t, star, conditions);
      if (r !== undefined) return r;
    }
    return undefined;
  }
  if (target !== null && typeof target === 'object') {
    for (const key of Object.keys(target)) {
      if (key === 'default' || conditions.includes(key)) {
        const r = resolveExportsTarget(dir, target[key], star, conditions);
        if (r !== undefined) return r;
      }
    }
    return undefined;
  }
  return target === null ? null : undefined;
}
// exports + subpath ('.' or './x') -> absolute path, or throws
// ERR_PACKAGE_PATH_NOT_EXPORTED (suffix names the importer for ESM).
function resolvePackageExports(dir, exports, subpath, conditions, suffix) {
  const keys = exports !== null && typeof exports === 'object' && !Array.isArray(exports)
    ? Object.keys(exports) : [];
  if (typeof exports === 'string' || Array.isArray(exports) ||
      (keys.length && !keys[0].startsWith('.'))) exports = { '.': exports };
  let r;
  if (Object.prototype.hasOwnProperty.call(exports, subpath) && !subpath.includes('*')) {
    r = resolveExportsTarget(dir, exports[subpath], undefined, conditions);
  } else {
    // pattern keys ('./x/*' or './x/*.js'): the longest matching prefix wins
    let best, bestStar;
    for (const key of Object.keys(exports)) {
      const i = key.indexOf('*');
      if (i < 0 || key.indexOf('*', i + 1) >= 0) continue;
      const pre = key.slice(0, i), post = key.slice(i + 1);
      if (subpath.length >= key.length && subpath.startsWith(pre) && subpath.endsWith(post) &&
          (best === undefined || pre.length > best.indexOf('*'))) {
        best = key;
        bestStar = subpath.slice(pre.length, subpath.length - post.length);
      }
    }
    if (best !== undefined) r = resolveExportsTarget(dir, exports[best], bestStar, conditions);
  }
  if (r === undefined || r === null) {
    const what = subpath === '.' ? 'No "exports" main defined' :
      `Package subpath '${subpath}' is not defined by "exports"`;
    throw internal.makeNodeError(Error, 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      `${what} in ${dir}/package.json${suffix}`);
  }
  return r;
}
// require() of a bare name: the package's "exports" when it has one, else
// the file/directory under node_modules (extensions, then "main"/index).
function resolveNodeModules(request, base) {
  const [name, subpath] = splitPackageName(request);
  for (let dir = base; ; dir = dirname(dir)) {
    if (!dir.endsWith('/node_modules')) {
      const nm = `${dir === '/' ? '' : dir}/node_modules`;
      const pkgDir = `${nm}/${name}`;
      const pkg = natives.stat(pkgDir) === DIR ? readPackageJson(pkgDir) : null;
      if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
        const f = resolvePackageExports(pkgDir, pkg.exports, subpath, CJS_CONDITIONS, '');
        const real = tryFile(f);
        if (real) return real;
        const err = new Error(`Cannot find module '${f}'`);
        err.code = 'MODULE_NOT_FOUND';
        throw err;
      }
      const p = `${nm}/${request}`;
      const f = tryExtensions(p) || (natives.stat(p) === DIR ? tryPackage(p) : undefined);
      if (f) return f;
    }
    if (dir === '/' || dir === '.') break;
  }
  return undefined;
}
function resolveFilename(request, parent) {
  const base = parent ? dirname(parent.filename) : natives.cwd();
  if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/') ||
      request === '.' || request === '..') {
    const p = resolvePath(base, request);
    const f = tryExtensions(p) || (natives.stat(p) === DIR ? tryPackage(p) : undefined);
    if (f) return f;
  } else {
    const f = resolveNodeModules(request, base);
    if (f) return f;
  }
  const stack = [];
  for (let m = parent; m; m = m.parent) if (m.filename) stack.push(`- ${m.filename}`);
  const err = new Error(`Cannot find module '${request}'${stack.length ? `\nRequire stack:\n${stack.join('\n')}` : ''}`);
  err.code = 'MODULE_NOT_FOUND';
  err.requireStack = stack.map((s) => s.slice(2));
  throw err;
}

// ---- ES module resolution (called from src/js/modules.c) ----
// Node's ESM resolver: built-ins ('node:x' or a registered name) resolve to
// 'node:x'; relative/absolute/file: specifiers must name an existing file
// (no extension search, directories rejected); bare names walk up
// node_modules folders and honour "exports" with the "import" condition,
// else "main" (legacy lookup with extensions), else index.js.
function esmNotFound(what, spec, parent) {
  return internal.makeNodeError(Error, 'ERR_MODULE_NOT_FOUND',
    `Cannot find ${what} '${spec}' imported from ${parent}`);
}
function esmFile(p, parent) {
  const st = natives.stat(p);
  if (st === FILE) return natives.realpath(p);
  if (st === DIR) {
    throw internal.makeNodeError(Error, 'ERR_UNSUPPORTED_DIR_IMPORT',
      `Directory import '${p}' is not supported resolving ES modules imported from ${parent}`);
  }
  throw esmNotFound('module', p, parent);
}
internal.esmResolve = function (spec, parent) {
  if (!parent.startsWith('/')) parent = resolvePath(natives.cwd(), parent);
  if (spec.startsWith('node:')) {
    if (builtins[spec.slice(5)] === undefined) {
      throw missingBuiltin(spec) ||
        internal.makeNodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${spec}`);
    }
    return spec;
  }
  if (spec.startsWith('file://')) spec = decodeURIComponent(spec.slice(7));
  const base = dirname(parent);
  if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/') ||
      spec === '.' || spec === '..') {
    return esmFile(resolvePath(base, spec), parent);
  }
  if (builtins[spec] !== undefined && !prefixOnly.has(spec)) return `node:${spec}`;
  const missing = missingBuiltin(spec);
  if (missing) throw missing;
  const [name, subpath] = splitPackageName(spec);
  for (let dir = base; ; dir = dirname(dir)) {
    if (!dir.endsWith('/node_modules')) {
      const pkgDir = `${dir === '/' ? '' : dir}/node_modules/${name}`;
      if (natives.stat(pkgDir) === DIR) {
        const pkg = readPackageJson(pkgDir);
        if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
          return esmFile(resolvePackageExports(pkgDir, pkg.exports, subpath, ESM_CONDITIONS,
            ` imported from ${parent}`), parent);
        }
        if (subpath !== '.') return esmFile(resolvePath(pkgDir, subpath), parent);
        const f = tryPackage(pkgDir);
        if (f) return f;
        throw esmNotFound('module', pkgDir, parent);
      }
    }
    if (dir === '/' || dir === '.') break;
  }
  throw esmNotFound('package', name, parent);
};
// 'module' or 'commonjs' for a resolved file: .mjs/.cjs by extension; .js
// by the nearest package.json "type" (Node's package scope).
internal.esmFormat = function (filename) {
  if (filename.endsWith('.mjs')) return 'module';
  if (filename.endsWith('.cjs') || filename.endsWith('.json')) return 'commonjs';
  if (!filename.endsWith('.js')) return 'module';
  for (let dir = dirname(filename); ; dir = dirname(dir)) {
    if (dir.endsWith('/node_modules')) break;
    const pkg = readPackageJson(dir);
    if (pkg) return pkg.type === 'module' ? 'module' : 'commonjs';
    if (dir === '/' || dir === '.') break;
  }
  return 'commonjs';
};
// The ES module facade of a CommonJS file. Node finds the named exports
// statically (cjs-module-lexer: `exports.x =`, `module.exports = {x}`...)
// and runs the file when the graph evaluates. We approximate: the file is
// required now, while the importing graph is being loaded, and every own
// enumerable key of module.exports that is an identifier becomes a named
// export (snapshot taken when the facade evaluates), plus default =
// module.exports. Differences from Node: the CJS file runs before every ES
// module body of the graph (not in import order), and names Node's lexer
// would miss (e.g. `module.exports = makeApi()`, `{ a: 1 }` literals) or
// find (non-enumerable `Object.defineProperty(exports, 'x', {value})`,
// `__esModule`, string names like 'a-b') differ.
const IDENT = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;
function facadeSource(getter, arg, exp) {
  const names = [];
  if (exp !== null && (typeof exp === 'object' || typeof exp === 'function')) {
    for (const k of Object.keys(exp)) if (k !== 'default' && IDENT.test(k)) names.push(k);
  }
  let src = `const m = globalThis[Symbol.for('${getter}')](${JSON.stringify(arg)});\nexport default m;\n`;
  names.forEach((k, i) => { src += `const e${i} = m[${JSON.stringify(k)}];\nexport { e${i} as ${k} };\n`; });
  return src;
}
internal.esmCommonJSSource = function (filename) {
  const exp = Module._load(filename, internal.mainModule || null);
  return facadeSource('weft.require', filename, filename.endsWith('.json') ? undefined : exp);
};
// A built-in ('node:x'): default is the module object, its keys are named
// exports (as Node's built-in ES facades).
internal.esmBuiltinSource = function (name) {
  return facadeSource('weft.loadBuiltin', name, loadBuiltin(name));
};

function Module(id = '', parent) {
  this.id = id;
  this.path = dirname(id);
  this.exports = {};
  this.parent = parent;
  this.filename = null;
  this.loaded = false;
  this.children = [];
  this.paths = [];
  if (parent) parent.children.push(this);
}
Module._cache = Object.create(null);
Module._extensions = Object.create(null);
Module.builtinModules = Object.keys(builtins).filter((k) => !prefixOnly.has(k));
Module._resolveFilename = (request, parent) => resolveFilename(request, parent);

// A file that does not compile: its SyntaxError carries Node's arrow message
// ("file:line", the line, carets under the token; a private symbol), which
// the uncaught-exception printer shows above the error.
// natives.compileCommonJS's wrapper head on line 1 of a CommonJS file
// ("(function (exports, require, module, __filename, __dirname) { "):
// QuickJS's columns on that line count it
const kCjsHeadLength = 62;
internal.kCjsHeadLength = kCjsHeadLength;
function decorateSyntaxError(err, src, filename) {
  if (!(err instanceof SyntaxError) || typeof err.stack !== 'string') return;
  const frame = /^\s+at (?:.*\()?(.*):(\d+):(\d+)\)?$/m.exec(err.stack);
  if (!frame || frame[1] !== filename) return;
  const line = +frame[2];
  let col = +frame[3] - 1 - (line === 1 ? kCjsHeadLength : 0);
  const text = src.split(/\r?\n/)[line - 1];
  if (text === undefined || col < 0) return;
  if (col > text.length) col = text.length;
  let end = col;
  while (end < text.length && /[\w$]/.test(text[end])) end++;
  const carets = '^'.repeat(Math.max(1, end - col));
  const arrow = internal.privateSymbols().arrow_message_private_symbol;
  err[arrow] = `${filename}:${line}\n${text}\n${' '.repeat(col)}${carets}\n`;
}

Module._extensions['.js'] = function (module, filename) {
  const src = natives.readFile(filename);
  let fn;
  try {
    fn = natives.compileCommonJS(src, filename);
  } catch (err) {
    decorateSyntaxError(err, src, filename);
    throw err;
  }
  const dir = dirname(filename);
  const req = makeRequire(module);
  Reflect.apply(fn, module.exports, [module.exports, req, module, filename, dir]);
};
Module._extensions['.cjs'] = Module._extensions['.js'];
Module._extensions['.json'] = function (module, filename) {
  const src = natives.readFile(filename);
  try {
    module.exports = JSON.parse(src.charCodeAt(0) === 0xFEFF ? src.slice(1) : src);
  } catch (err) {
    err.message = `${filename}: ${err.message}`;
    throw err;
  }
};

Module.prototype.load = function (filename) {
  this.filename = filename;
  const dot = filename.lastIndexOf('.');
  const ext = dot > filename.lastIndexOf('/') ? filename.slice(dot) : '.js';
  (Module._extensions[ext] || Module._extensions['.js'])(this, filename);
  this.loaded = true;
};
Module.prototype.require = function (id) {
  if (typeof id !== 'string') internal.throwInvalidArgType('id', 'string', id);
  if (id === '') {
    const e = internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'id' must be a non-empty string. Received ''");
    throw e;
  }
  return Module._load(id, this);
};

Module._load = function (request, parent, isMain) {
  if (!request.startsWith('./') && !request.startsWith('../') && !request.startsWith('/')) {
    const b = loadBuiltin(request);
    if (b !== undefined) return b;
    if (internal.exposeInternals && request.startsWith('internal/')) {
      if (!internal.loadInternalModule) natives.loadLib('internals');
      const m = internal.loadInternalModule(request);
      if (m !== undefined) return m;
    }
    const missing = missingBuiltin(request);
    if (missing) throw missing;
    if (request.startsWith('node:')) {
      const err = internal.makeNodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${request}`);
      throw err;
    }
  }
  const filename = resolveFilename(request, parent);
  const cached = Module._cache[filename];
  if (cached !== undefined) return cached.exports;
  const module = new Module(filename, parent);
  if (isMain) { module.id = '.'; internal.mainModule = module; }
  Module._cache[filename] = module;
  let threw = true;
  try {
    module.load(filename);
    threw = false;
  } finally {
    if (threw) delete Module._cache[filename];
  }
  return module.exports;
};

function makeRequire(module) {
  const require = function require(id) { return module.require(id); };
  require.resolve = function (request) {
    if (loadBuiltin(request) !== undefined) return request;
    const missing = missingBuiltin(request);
    if (missing) throw missing;
    return resolveFilename(request, module);
  };
  require.main = internal.mainModule;
  require.cache = Module._cache;
  return require;
}
builtins.module = () => Module;
Module.builtinModules.push('module'); // weft's built-ins, and only those
internal.Module = Module;
internal.runMain = function (filename) {
  Module._load(filename, null, true);
};
// `weft -e CODE` / `-p CODE`: a script in the global scope with Node's
// eval globals (module, exports, require, __filename, __dirname).
const ObjectHasOwn = Object.hasOwn;
// name: '[eval]' for -e/-p, '[worker eval]' for a Worker's eval code
internal.runEval = function (source, print, name = '[eval]') {
  const module = new Module(name, null);
  module.filename = resolvePath(natives.cwd(), name);
  module.paths = [];
  internal.process._eval = source;
  const globals = { module, exports: module.exports, require: makeRequire(module), __filename: name, __dirname: '.' };
  for (const [k, v] of Object.entries(globals)) {
    Object.defineProperty(globalThis, k, { value: v, writable: true, configurable: true, enumerable: false });
  }
  // as Node's -e/-p: each built-in module is a global of its name, loaded on
  // first use; an assignment replaces it (globals of those names stay:
  // console, process, and crypto, which Node replaces by the module)
  for (const name of Module.builtinModules) {
    if (name.startsWith('_') || name.includes('/') || ObjectHasOwn(globalThis, name)) continue;
    let value, loaded = false;
    Object.defineProperty(globalThis, name, {
      get() {
        if (!loaded) {
          value = loadBuiltin(name);
          loaded = true;
        }
        return value;
      },
      set(v) {
        Object.defineProperty(globalThis, name, { value: v, writable: true, configurable: true, enumerable: true });
      },
      enumerable: false,
      configurable: true,
    });
  }
  const result = natives.binding('vm').runInThisContext(source, name, 0);
  if (print) globalThis.console.log(result);
};
Object.defineProperty(globalThis, Symbol.for('weft.require'), {
  value: (filename) => Module._load(filename, internal.mainModule || null), enumerable: false,
});
Object.defineProperty(globalThis, Symbol.for('weft.loadBuiltin'), {
  value: (name) => {
    const b = loadBuiltin(name);
    if (b === undefined) {
      throw internal.makeNodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${name}`);
    }
    return b;
  },
  enumerable: false,
});
// An ES main module: Node's handleMainPromise (exit 13 on an unsettled
// top-level await).
internal.handleMainPromise = function (promise) {
  function handleProcessExit() {
    if (internal.process.exitCode === undefined) internal.process.exitCode = 13;
    natives.print(2, 'Warning: Detected unsettled top-level await\n');
  }
  internal.process.on('exit', handleProcessExit);
  return promise.finally(() => internal.process.off('exit', handleProcessExit));
};
