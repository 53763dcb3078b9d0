// modules.js: CommonJS (require, module, exports, __filename, __dirname) as
// Node's lib/internal/modules/cjs/loader.js for relative/absolute paths,
// node_modules folders, .js/.cjs/.json, and built-ins. ES modules (.mjs) are
// loaded by C (src/js/modules.c) through QuickJS's module loader.
const process = internal.process;

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
builtins.timers = () => internal.timers;
builtins.process = () => process;
builtins.events = () => internal.EventEmitter;
builtins.console = () => globalThis.console;
builtins.async_hooks = () => {
  if (!internal.asyncHooksModule) natives.loadLib('async_hooks');
  return internal.asyncHooksModule;
};
builtins.util = () => internal.util || (internal.util = {
  inspect: internal.inspect, format: internal.format, formatWithOptions: internal.formatWithOptions,
  promisify: (fn) => (...args) => new Promise((res, rej) => fn(...args, (e, v) => (e ? rej(e) : res(v)))),
});
internal.builtins = builtins;
function loadBuiltin(id) {
  const name = id.startsWith('node:') ? id.slice(5) : id;
  const f = builtins[name];
  return f ? f() : undefined;
}
internal.loadBuiltin = loadBuiltin;

const FILE = 1, DIR = 2;
function tryFile(p) { return natives.stat(p) === FILE ? natives.realpath(p) : undefined; }
function tryExtensions(p) {
  return tryFile(p) || tryFile(`${p}.js`) || tryFile(`${p}.json`) || tryFile(`${p}.cjs`);
}
function tryPackage(dir) {
  const pj = `${dir}/package.json`;
  if (natives.stat(pj) === FILE) {
    let main;
    try { main = JSON.parse(natives.readFile(pj)).main; } catch {}
    if (typeof main === 'string') {
      const m = resolvePath(dir, main);
      const f = tryExtensions(m) || tryFile(`${m}/index.js`) || tryFile(`${m}/index.json`);
      if (f) return f;
    }
  }
  return tryFile(`${dir}/index.js`) || tryFile(`${dir}/index.json`);
}
function resolveFilename(request, parent) {
  const base = parent ? dirname(parent.filename) : natives.cwd();
  if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/') ||
      request === '.' || request === '..') {
    const p = resolvePath(base, request);
    const f = tryExtensions(p) || (natives.stat(p) === DIR ? tryPackage(p) : undefined);
    if (f) return f;
  } else {
    for (let dir = base; ; dir = dirname(dir)) {
      if (!dir.endsWith('/node_modules')) {
        const p = `${dir === '/' ? '' : dir}/node_modules/${request}`;
        const f = tryExtensions(p) || (natives.stat(p) === DIR ? tryPackage(p) : undefined);
        if (f) return f;
      }
      if (dir === '/' || dir === '.') break;
    }
  }
  const stack = [];
  for (let m = parent; m; m = m.parent) if (m.filename) stack.push(`- ${m.filename}`);
  const err = new Error(`Cannot find module '${request}'${stack.length ? `\nRequire stack:\n${stack.join('\n')}` : ''}`);
  err.code = 'MODULE_NOT_FOUND';
  err.requireStack = stack.map((s) => s.slice(2));
  throw err;
}

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
Module.builtinModules = Object.keys(builtins);
Module._resolveFilename = (request, parent) => resolveFilename(request, parent);

Module._extensions['.js'] = function (module, filename) {
  const src = natives.readFile(filename);
  const fn = natives.compileCommonJS(src, filename);
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
    return resolveFilename(request, module);
  };
  require.main = internal.mainModule;
  require.cache = Module._cache;
  return require;
}
builtins.module = () => Module;
internal.Module = Module;
internal.runMain = function (filename) {
  Module._load(filename, null, true);
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
    if (process.exitCode === undefined) process.exitCode = 13;
    natives.print(2, 'Warning: Detected unsettled top-level await\n');
  }
  process.on('exit', handleProcessExit);
  return promise.finally(() => process.off('exit', handleProcessExit));
};
