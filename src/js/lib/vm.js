// vm.js: Node's `vm` over src/js/vm.c: Script, runInThisContext,
// createContext/isContext/runInContext/runInNewContext, compileFunction.
// A context is a JSContext of this runtime (its own globals and built-ins)
// whose global object forwards every access to the contextified object first
// (src/js/vm.c), as V8's interceptors do.
'use strict';
const b = natives.binding('vm');
if (!internal.validators) natives.loadLib('validators');
const { validateString, validateObject, validateInt32, validateUint32, validateBoolean } = internal.validators;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;

const contexts = new WeakMap(); // contextified object -> { handle }

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
  if (contextObject === null || (typeof contextObject !== 'object' && typeof contextObject !== 'function')) {
    throwType('contextObject', 'Object', contextObject);
  }
  if (options !== undefined) validateObject(options, 'options');
  const handle = b.makeContext(contextObject);
  contexts.set(contextObject, { handle });
  return contextObject;
}

function runIn(sandbox, code, filename, lineOffset, options = {}) {
  const c = contexts.get(sandbox);
  if (!c) throwType('contextifiedObject', 'vm.Context', sandbox);
  return b.runInContext(c.handle, code, filename, lineOffset, options.timeout, options.breakOnSigint);
}

class Script {
  constructor(code, options = {}) {
    code = `${code}`;
    options = getOptions(options);
    checkOptions(options);
    this._code = code;
    this._filename = options.filename === undefined ? 'evalmachine.<anonymous>' : options.filename;
    this._lineOffset = options.lineOffset || 0;
    b.compile(code, this._filename, this._lineOffset);
    if (options.cachedData !== undefined) this.cachedDataRejected = true;
    if (options.produceCachedData) {
      this.cachedDataProduced = false;
    }
  }
  runInThisContext(options) {
    const o = runOptions(options);
    return b.runInThisContext(this._code, this._filename, this._lineOffset, o.timeout, o.breakOnSigint);
  }
  runInContext(contextifiedObject, options) {
    if (!isContext(contextifiedObject)) throwType('contextifiedObject', 'vm.Context', contextifiedObject);
    return runIn(contextifiedObject, this._code, this._filename, this._lineOffset, runOptions(options));
  }
  runInNewContext(contextObject, options) {
    const context = createContext(contextObject, options && options.contextName !== undefined ? {} : undefined);
    return this.runInContext(context, options);
  }
  createCachedData() {
    return internal.bufferModule.Buffer.alloc(0);
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
  const { filename = '', contextExtensions = [], parsingContext } = options;
  validateString(filename, 'options.filename');
  if (!Array.isArray(contextExtensions)) throwType('options.contextExtensions', 'Array', contextExtensions);
  contextExtensions.forEach((e, i) => {
    if (e === null || typeof e !== 'object') throwType(`options.contextExtensions[${i}]`, 'object', e);
  });
  if (parsingContext !== undefined && !contexts.has(parsingContext)) {
    throwType('options.parsingContext', 'Context', parsingContext);
  }
  // The extensions' properties are in scope through `with` blocks around the
  // function (sloppy-mode source, as V8's context extensions).
  const key = `__weftVmExt${Math.random().toString(36).slice(2)}`;
  let src = `(function (${key}) { `;
  contextExtensions.forEach((_, i) => { src += `with (${key}[${i}]) `; });
  src += `return function (${params.join(', ')}) {\n${code}\n}; })`;
  const factory = parsingContext === undefined ? b.runInThisContext(src, filename || undefined, 0)
    : runIn(parsingContext, src, filename || undefined, 0);
  const fn = factory(contextExtensions);
  Object.defineProperty(fn, 'name', { value: '', configurable: true });
  return fn;
}

internal.vmModule = {
  Script, createContext, createScript: (code, options) => new Script(code, options), isContext,
  runInContext, runInNewContext, runInThisContext, compileFunction,
};
