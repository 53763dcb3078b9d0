// vm.js: Node's `vm` over src/js/vm.c: Script, runInThisContext,
// createContext/isContext/runInContext/runInNewContext, compileFunction.
// A context is a JSContext of this runtime (its own globals and built-ins)
// whose global object forwards every access to the contextified object first
// (src/js/vm.c), as V8's interceptors do; vm.constants.DONT_CONTEXTIFY makes
// a plain one. Code compiled here carries an import record (V8's host-defined
// options, QuickJS patch 0091): its import() and import.meta come to
// vmDynamicImport / vmImportMeta below. vm.Module, SourceTextModule and
// SyntheticModule (--experimental-vm-modules) are in vm_module.js, loaded on
// their first use.
'use strict';
const b = natives.binding('vm');
if (!internal.validators) natives.loadLib('validators');
const {
  validateString, validateObject, validateInt32, validateUint32, validateBoolean, validateFunction,
} = internal.validators;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;

const contexts = new WeakMap(); // contextified object -> { handle }

// Node's flag, as the process was started (process.execArgv can be changed)
const vmModulesFlag = natives.execArgv.includes('--experimental-vm-modules');
const USE_MAIN_CONTEXT_DEFAULT_LOADER = Symbol('vm_dynamic_import_main_context_default');
const DONT_CONTEXTIFY = Symbol('vm_context_no_contextify');
const constants = Object.freeze({ __proto__: null, USE_MAIN_CONTEXT_DEFAULT_LOADER, DONT_CONTEXTIFY });

// Import records. The code of a vm Script, compiled function or
// SourceTextModule carries one; its import() calls vmDynamicImport(record,
// specifier, attributes) and import.meta vmImportMeta(record). `referrer` is
// the object the callbacks receive (set once it exists).
const noCallback = Object.freeze({ __proto__: null, kind: 'missing' });
const missingFlag = Object.freeze({ __proto__: null, kind: 'flag' });
function importRecord(importModuleDynamically, filename) {
  if (importModuleDynamically === USE_MAIN_CONTEXT_DEFAULT_LOADER) {
    return { __proto__: null, kind: 'main', filename };
  }
  if (importModuleDynamically === undefined) return noCallback;
  validateFunction(importModuleDynamically, 'options.importModuleDynamically');
  // Node defers the missing flag to the import() itself
  if (!vmModulesFlag) return missingFlag;
  return { __proto__: null, kind: 'callback', referrer: undefined, importModuleDynamically };
}

function dynamicImportError(code, message) {
  return makeNodeError(TypeError, code, message);
}
internal.vmDynamicImport = async function vmDynamicImport(record, specifier, attributes) {
  switch (record.kind) {
    case 'main':
      internal.validators.emitExperimentalWarning('vm.USE_MAIN_CONTEXT_DEFAULT_LOADER');
      return b.importDefault(specifier, record.filename);
    case 'callback':
      return internal.vmModules().importModuleDynamically(record, specifier, attributes);
    case 'flag':
      throw dynamicImportError('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG',
        'A dynamic import callback was invoked without --experimental-vm-modules');
    default:
      throw dynamicImportError('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING',
        'A dynamic import callback was not specified.');
  }
};
// import.meta: made on first use, then initializeImportMeta(meta, module)
internal.vmImportMeta = function vmImportMeta(record) {
  if (record.meta === undefined) {
    record.meta = { __proto__: null };
    if (typeof record.initializeImportMeta === 'function') {
      record.initializeImportMeta(record.meta, record.referrer);
    }
  }
  return record.meta;
};

function getOptions(options, name = 'options') {
  if (typeof options === 'string') return { filename: options };
  if (options === undefined || options === null) return {};
  validateObject(options, name);
  return options;
}

function checkOptions(o) {
  if (o.filename !== undefined) validateString(o.filename, 'options.filename');
  if (o.lineOffset !== undefined) validateInt32(o.lineOffset, 'options.lineOffset');
  if (o.columnOffset !== undefined) validateInt32(o.columnOffset, 'options.columnOffset');
  if (o.cachedData !== undefined && !ArrayBuffer.isView(o.cachedData)) {
    throwType('options.cachedData', ['Buffer', 'TypedArray', 'DataView'], o.cachedData);
  }
  if (o.produceCachedData !== undefined) validateBoolean(o.produceCachedData, 'options.produceCachedData');
}

// the options of the run methods (Node's getRunInContextArgs)
function runOptions(options) {
  if (options === undefined) return {};
  validateObject(options, 'options');
  const { displayErrors = true, breakOnSigint = false, timeout } = options;
  if (timeout !== undefined) validateUint32(timeout, 'options.timeout', true);
  validateBoolean(displayErrors, 'options.displayErrors');
  validateBoolean(breakOnSigint, 'options.breakOnSigint');
  return options;
}

function isContext(object) {
  if (object === null || typeof object !== 'object') throwType('object', 'Object', object);
  return contexts.has(object);
}

function createContext(contextObject = {}, options) {
  if (contextObject !== undefined && contexts.has(contextObject)) return contextObject;
  if (contextObject !== DONT_CONTEXTIFY && (contextObject === null ||
      (typeof contextObject !== 'object' && typeof contextObject !== 'function'))) {
    throwType('contextObject', 'Object', contextObject);
  }
  let microtaskMode;
  if (options !== undefined) {
    validateObject(options, 'options');
    const { name, origin, codeGeneration } = options;
    if (name !== undefined) validateString(name, 'options.name');
    if (origin !== undefined) validateString(origin, 'options.origin');
    if (codeGeneration !== undefined) {
      validateObject(codeGeneration, 'options.codeGeneration');
      if (codeGeneration.strings !== undefined) validateBoolean(codeGeneration.strings, 'options.codeGeneration.strings');
      if (codeGeneration.wasm !== undefined) validateBoolean(codeGeneration.wasm, 'options.codeGeneration.wasm');
    }
    microtaskMode = options.microtaskMode;
    if (microtaskMode !== undefined && microtaskMode !== 'afterEvaluate') {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        `The property 'options.microtaskMode' must be one of: 'afterEvaluate', undefined. Received ${internal.inspect(microtaskMode)}`);
    }
  }
  if (contextObject === DONT_CONTEXTIFY) {
    // a plain context: its own global object is what the caller gets
    const handle = b.makeContext(undefined, microtaskMode === 'afterEvaluate');
    const global = b.globalOf(handle);
    contexts.set(global, { handle });
    return global;
  }
  const handle = b.makeContext(contextObject, microtaskMode === 'afterEvaluate');
  contexts.set(contextObject, { handle });
  return contextObject;
}

function runIn(sandbox, code, filename, lineOffset, options = {}, record = noCallback, bounds = undefined) {
  const c = contexts.get(sandbox);
  if (!c) throwType('contextifiedObject', 'vm.Context', sandbox);
  try {
    return b.runInContext(c.handle, code, filename, lineOffset, options.timeout, options.breakOnSigint, record,
      bounds);
  } catch (err) {
    if (options.displayErrors !== false) decorate(err, code, filename, lineOffset);
    throw err;
  }
}

// displayErrors (Node's DecorateErrorStack): an error thrown by the script's
// own code gets the arrow message, "file:line", the line and a caret under
// the column, in front of its stack, once
function decorate(err, code, filename, lineOffset) {
  if (err === null || (typeof err !== 'object' && typeof err !== 'function')) return;
  const ps = internal.privateSymbols();
  let stack;
  try {
    if (err[ps.decorated_private_symbol]) return;
    stack = err.stack;
  } catch {
    return;
  }
  if (typeof stack !== 'string' || !filename) return;
  const frame = /^\s+at (?:.*\()?(.*):(\d+):(\d+)\)?$/m.exec(stack);
  if (!frame || frame[1] !== filename) return;
  const line = +frame[2];
  const text = code.split(/\r?\n/)[line - 1 - (lineOffset || 0)];
  if (text === undefined) return;
  // under the throw, as Node's caret (process.js)
  const col = internal.arrowColumn(text, +frame[3] - 1);
  const arrow = `${filename}:${line}\n${text}\n${' '.repeat(col)}^\n`;
  try {
    if (err[ps.arrow_message_private_symbol] === undefined) err[ps.arrow_message_private_symbol] = arrow;
    err.stack = `${arrow}\n${stack}`;
    err[ps.decorated_private_symbol] = true;
  } catch {}
}

// Code cache: weft compiles every Script from its source (QuickJS's bytecode
// reader is not safe on untrusted input), so the cached data is a check of
// the source: a magic, a format version and a 64-bit hash of the source
// (two FNV-1a 32-bit lanes over its UTF-16 units) with its length. Data made
// for other source, cut or altered, is rejected, as V8 rejects it.
const CACHE_MAGIC = 0x43565746; // 'FWVC'
const CACHE_VERSION = 1;
function cacheOf(code) {
  let h1 = 0x811c9dc5, h2 = 0xcbf29ce4;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ (c + i), 0x01000193) >>> 0;
  }
  const buf = internal.bufferModule.Buffer.alloc(20);
  buf.writeUInt32LE(CACHE_MAGIC, 0);
  buf.writeUInt32LE(CACHE_VERSION, 4);
  buf.writeUInt32LE(h1, 8);
  buf.writeUInt32LE(h2, 12);
  buf.writeUInt32LE(code.length >>> 0, 16);
  return buf;
}
function cacheMatches(data, code) {
  const u8 = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const want = cacheOf(code);
  if (u8.length !== want.length) return false;
  for (let i = 0; i < u8.length; i++) if (u8[i] !== want[i]) return false;
  return true;
}

// the URL of the source's last `//# sourceMappingURL=` (or `//@`) comment
function sourceMapURLOf(code) {
  const re = /\/\/[#@] ?sourceMappingURL=([^\s'"]+)\s*$/gm;
  let m, url;
  while ((m = re.exec(code)) !== null) url = m[1];
  return url;
}

class Script {
  constructor(code, options = {}) {
    code = `${code}`;
    options = getOptions(options);
    checkOptions(options);
    this._code = code;
    this._filename = options.filename === undefined ? 'evalmachine.<anonymous>' : options.filename;
    this._lineOffset = options.lineOffset || 0;
    this._importRecord = importRecord(options.importModuleDynamically, this._filename);
    if (this._importRecord.kind === 'callback') this._importRecord.referrer = this;
    try {
      b.compile(code, this._filename, this._lineOffset);
    } catch (err) {
      decorate(err, code, this._filename, this._lineOffset);
      throw err;
    }
    if (options.cachedData !== undefined) this.cachedDataRejected = !cacheMatches(options.cachedData, code);
    if (options.produceCachedData) {
      this.cachedData = cacheOf(code);
      this.cachedDataProduced = true;
    }
    const url = sourceMapURLOf(code);
    if (url !== undefined) this.sourceMapURL = url;
  }
  runInThisContext(options) {
    const o = runOptions(options);
    try {
      return b.runInThisContext(this._code, this._filename, this._lineOffset, o.timeout, o.breakOnSigint,
        this._importRecord);
    } catch (err) {
      if (o.displayErrors !== false) decorate(err, this._code, this._filename, this._lineOffset);
      throw err;
    }
  }
  runInContext(contextifiedObject, options) {
    if (!isContext(contextifiedObject)) throwType('contextifiedObject', 'vm.Context', contextifiedObject);
    return runIn(contextifiedObject, this._code, this._filename, this._lineOffset, runOptions(options),
      this._importRecord);
  }
  runInNewContext(contextObject, options) {
    if (options !== undefined && options !== null && typeof options === 'object') {
      if (options.contextName !== undefined) validateString(options.contextName, 'options.contextName');
      if (options.contextOrigin !== undefined) validateString(options.contextOrigin, 'options.contextOrigin');
    }
    const context = createContext(contextObject,
      options && options.microtaskMode !== undefined ? { microtaskMode: options.microtaskMode } : undefined);
    return this.runInContext(context, options);
  }
  createCachedData() {
    return cacheOf(this._code);
  }
}

// the module-level forms take a file name as the options too
function runInThisContext(code, options) {
  if (typeof options === 'string') options = { filename: options };
  return new Script(code, options).runInThisContext(options);
}
function runInContext(code, contextifiedObject, options) {
  if (typeof options === 'string') options = { filename: options };
  return new Script(code, options).runInContext(contextifiedObject, options);
}
function runInNewContext(code, contextObject, options) {
  if (typeof options === 'string') options = { filename: options };
  return new Script(code, options).runInNewContext(contextObject, options);
}

function compileFunction(code, params = [], options = {}) {
  validateString(code, 'code');
  if (!Array.isArray(params)) throwType('params', 'Array', params);
  params.forEach((p, i) => validateString(p, `params[${i}]`));
  validateObject(options, 'options');
  const { filename = '', contextExtensions = [], parsingContext, importModuleDynamically } = options;
  validateString(filename, 'options.filename');
  if (!Array.isArray(contextExtensions)) throwType('options.contextExtensions', 'Array', contextExtensions);
  contextExtensions.forEach((e, i) => {
    if (e === null || typeof e !== 'object') throwType(`options.contextExtensions[${i}]`, 'object', e);
  });
  if (parsingContext !== undefined && !contexts.has(parsingContext)) {
    throwType('options.parsingContext', 'Context', parsingContext);
  }
  // The extensions' properties are in scope through `with` blocks around the
  // function (sloppy-mode source, as V8's context extensions). The parse is
  // told where the function, its parameters' ')' and its body's '}' are
  // (QuickJS patches 0086-0087), so params and code must be exactly its
  // parameter list and body, as V8 parses them, and cannot add code.
  const key = `__weftVmExt${Math.random().toString(36).slice(2)}`;
  let src = `(function (${key}) { `;
  contextExtensions.forEach((_, i) => { src += `with (${key}[${i}]) `; });
  src += 'return ';
  const start = src.length;
  src += `function (${params.join(', ')}`;
  const paramsEnd = src.length;
  src += `) {\n${code}\n`;
  const bounds = [start, paramsEnd, src.length];
  src += '}; })';
  const record = importRecord(importModuleDynamically, filename);
  const factory = parsingContext === undefined
    ? b.runInThisContext(src, filename || undefined, 0, undefined, undefined, record, bounds)
    : runIn(parsingContext, src, filename || undefined, 0, undefined, record, bounds);
  const fn = factory(contextExtensions);
  Object.defineProperty(fn, 'name', { value: '', configurable: true });
  if (record.kind === 'callback') record.referrer = fn;
  return fn;
}

const vmModule = {
  Script, createContext, createScript: (code, options) => new Script(code, options), isContext,
  runInContext, runInNewContext, runInThisContext, compileFunction, constants,
};
internal.vmModule = vmModule;

// what vm_module.js shares with this file
internal.vmInternals = {
  contextHandle: (context) => contexts.get(context)?.handle, importRecord, cacheOf, cacheMatches,
};
internal.vmModules = () => {
  if (!internal.vmModuleClasses) natives.loadLib('vm_module');
  return internal.vmModuleClasses;
};
// Node adds these with --experimental-vm-modules only
if (vmModulesFlag) {
  for (const name of ['Module', 'SourceTextModule', 'SyntheticModule']) {
    natives.defineLazy(vmModule, name, () => internal.vmModules()[name], true);
  }
}
