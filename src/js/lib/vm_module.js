// vm_module.js: Node's vm.Module, vm.SourceTextModule and vm.SyntheticModule
// (--experimental-vm-modules) over src/js/vm_module.c's module records.
// Loaded on the first use of one of them (vm.js). Semantics: Node 20's
// lib/internal/vm/module.js: link() asks the linker for each request and
// links the modules it returns (recursively, through their own linker
// calls), evaluate() runs the graph under a timeout / breakOnSigint, with
// V8's module states. A module keeps its import record (vm.js), through
// which its import() and import.meta reach the options' callbacks.
'use strict';
const b = natives.binding('vm_module');
const { contextHandle, importRecord, cacheOf, cacheMatches } = internal.vmInternals;
const {
  validateString, validateObject, validateInt32, validateUint32, validateBoolean, validateFunction,
} = internal.validators;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const { isContext } = internal.vmModule;
const { isModuleNamespaceObject } = internal.utilBinding || natives.binding('util');

// vm_module.c's states (V8's Module::Status)
const STATES = ['unlinked', 'linking', 'linked', 'evaluating', 'evaluated', 'errored'];
const LINKED = 2, EVALUATED = 4, ERRORED = 5;

const kWrap = Symbol('kWrap');
const kContext = Symbol('kContext');
const kIdentifier = Symbol('kIdentifier');
const kLink = Symbol('kLink');
const kPerContextModuleId = Symbol('kPerContextModuleId');
const kDependencySpecifiers = Symbol('kDependencySpecifiers');
const customInspect = Symbol.for('nodejs.util.inspect.custom');
let globalModuleId = 0;

const statusError = (what) => makeNodeError(Error, 'ERR_VM_MODULE_STATUS', `Module status ${what}`);
const notModuleError = () => makeNodeError(Error, 'ERR_VM_MODULE_NOT_MODULE',
  'Provided module is not an instance of Module');

// Node's validateInternalField: `this` must carry the field
function checkThis(obj, field, className) {
  if (obj === null || typeof obj !== 'object' || !Object.prototype.hasOwnProperty.call(obj, field)) {
    throwType('this', className, obj);
  }
}

// the nearest named constructor on obj's prototype chain (Node's
// getConstructorOf); bound: the chain's length
function constructorOf(obj) {
  for (let o = obj; o !== null; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, 'constructor');
    if (d !== undefined && typeof d.value === 'function' && d.value.name !== '') return d.value;
  }
  return null;
}

function isModule(object) {
  return object !== null && typeof object === 'object' && Object.prototype.hasOwnProperty.call(object, kWrap);
}

// the next vm:module(N) name: per process, or per context (kept on it)
function defaultIdentifier(context) {
  if (context === undefined) return `vm:module(${globalModuleId++})`;
  const id = context[kPerContextModuleId] ?? 0;
  Object.defineProperty(context, kPerContextModuleId, {
    __proto__: null, value: id + 1, writable: true, enumerable: false, configurable: true,
  });
  return `vm:module(${id})`;
}

class Module {
  constructor(options) {
    internal.validators.emitExperimentalWarning('VM Modules');
    if (new.target === Module) throw new TypeError('Module is not a constructor');
    const { context, sourceText, lineOffset, columnOffset, record, exportNames, steps } = options;
    let handle;
    if (context !== undefined) {
      validateObject(context, 'context');
      if (!isContext(context)) throwType('options.context', 'vm.Context', context);
      handle = contextHandle(context);
    }
    let { identifier } = options;
    if (identifier !== undefined) validateString(identifier, 'options.identifier');
    else identifier = defaultIdentifier(context);
    if (sourceText !== undefined) {
      this[kWrap] = b.compile(handle, sourceText, identifier, lineOffset, columnOffset, record);
    } else {
      this[kWrap] = b.synthetic(handle, identifier, exportNames, steps);
    }
    this[kContext] = context;
    this[kIdentifier] = identifier;
  }

  get identifier() {
    checkThis(this, kWrap, 'Module');
    return this[kIdentifier];
  }

  get context() {
    checkThis(this, kWrap, 'Module');
    return this[kContext];
  }

  get namespace() {
    checkThis(this, kWrap, 'Module');
    if (b.status(this[kWrap]) < LINKED) throw statusError('must not be unlinked or linking');
    return b.namespace(this[kWrap]);
  }

  get status() {
    checkThis(this, kWrap, 'Module');
    return STATES[b.status(this[kWrap])];
  }

  get error() {
    checkThis(this, kWrap, 'Module');
    if (b.status(this[kWrap]) !== ERRORED) throw statusError('must be errored');
    return b.error(this[kWrap]);
  }

  async link(linker) {
    checkThis(this, kWrap, 'Module');
    validateFunction(linker, 'linker');
    if (this.status === 'linked') {
      throw makeNodeError(Error, 'ERR_VM_MODULE_ALREADY_LINKED', 'Module has already been linked');
    }
    if (this.status !== 'unlinked') throw statusError('must be unlinked');
    await this[kLink](linker);
    b.instantiate(this[kWrap]);
  }

  async evaluate(options = { __proto__: null }) {
    checkThis(this, kWrap, 'Module');
    validateObject(options, 'options');
    const { timeout, breakOnSigint = false } = options;
    if (timeout !== undefined) validateUint32(timeout, 'options.timeout', true);
    validateBoolean(breakOnSigint, 'options.breakOnSigint');
    const state = b.status(this[kWrap]);
    if (state !== LINKED && state !== EVALUATED && state !== ERRORED) {
      throw statusError('must be one of linked, evaluated, or errored');
    }
    await b.evaluate(this[kWrap], timeout, breakOnSigint);
  }

  [customInspect](depth, options) {
    checkThis(this, kWrap, 'Module');
    if (typeof depth === 'number' && depth < 0) return this;
    const constructor = constructorOf(this) || Module;
    const o = { __proto__: { constructor } };
    o.status = this.status;
    o.identifier = this.identifier;
    o.context = this.context;
    Object.setPrototypeOf(o, Object.getPrototypeOf(this));
    Object.defineProperty(o, Symbol.toStringTag, { __proto__: null, value: constructor.name, configurable: true });
    return internal.inspect(o, { ...options, customInspect: false });
  }
}

const kNoError = Symbol('kNoError');

class SourceTextModule extends Module {
  #error = kNoError;
  #statusOverride;
  #source;

  constructor(sourceText, options = { __proto__: null }) {
    validateString(sourceText, 'sourceText');
    validateObject(options, 'options');
    const {
      lineOffset = 0, columnOffset = 0, initializeImportMeta, importModuleDynamically, context, identifier,
      cachedData,
    } = options;
    validateInt32(lineOffset, 'options.lineOffset');
    validateInt32(columnOffset, 'options.columnOffset');
    if (initializeImportMeta !== undefined) validateFunction(initializeImportMeta, 'options.initializeImportMeta');
    if (importModuleDynamically !== undefined) {
      validateFunction(importModuleDynamically, 'options.importModuleDynamically');
    }
    if (cachedData !== undefined && !ArrayBuffer.isView(cachedData)) {
      throwType('options.cachedData', ['Buffer', 'TypedArray', 'DataView'], cachedData);
    }
    // each module has its own record: its import.meta lives there
    const record = { __proto__: null, ...importRecord(importModuleDynamically), initializeImportMeta };
    super({ sourceText, context, identifier, lineOffset, columnOffset, record });
    record.referrer = this;
    if (cachedData !== undefined && !cacheMatches(cachedData, sourceText)) {
      throw makeNodeError(Error, 'ERR_VM_MODULE_CACHED_DATA_REJECTED', 'cachedData buffer was rejected');
    }
    this.#source = sourceText;
    this[kDependencySpecifiers] = undefined;
  }

  // asks the linker for each request, then links this module's requests to
  // the modules given (each linked first, through the same linker, unless
  // it is already being linked: a cycle)
  async [kLink](linker) {
    this.#statusOverride = 'linking';
    const requests = b.requests(this[kWrap]);
    const promises = new Array(requests.length);
    for (let i = 0; i < requests.length; i++) {
      const { specifier, attributes } = requests[i];
      const result = linker(specifier, this, { attributes, assert: attributes });
      promises[i] = Promise.resolve(result).then(async (module) => {
        if (!isModule(module)) throw notModuleError();
        if (module.context !== this.context) {
          throw makeNodeError(Error, 'ERR_VM_MODULE_DIFFERENT_CONTEXT', 'Linked modules must use the same context');
        }
        if (module.status === 'errored') {
          const err = makeNodeError(Error, 'ERR_VM_MODULE_LINK_FAILURE',
            `request for '${specifier}' resolved to an errored module`);
          err.cause = module.error;
          throw err;
        }
        if (module.status === 'unlinked') await module[kLink](linker);
        return module[kWrap];
      });
    }
    try {
      b.link(this[kWrap], await Promise.all(promises));
    } catch (e) {
      this.#error = e;
      throw e;
    } finally {
      this.#statusOverride = undefined;
    }
  }

  get dependencySpecifiers() {
    checkThis(this, kDependencySpecifiers, 'SourceTextModule');
    this[kDependencySpecifiers] ??= b.requests(this[kWrap]).map((r) => r.specifier);
    return this[kDependencySpecifiers];
  }

  get status() {
    checkThis(this, kDependencySpecifiers, 'SourceTextModule');
    if (this.#error !== kNoError) return 'errored';
    if (this.#statusOverride) return this.#statusOverride;
    return super.status;
  }

  get error() {
    checkThis(this, kDependencySpecifiers, 'SourceTextModule');
    if (this.#error !== kNoError) return this.#error;
    return super.error;
  }

  createCachedData() {
    const { status } = this;
    if (status === 'evaluating' || status === 'evaluated' || status === 'errored') {
      throw makeNodeError(Error, 'ERR_VM_MODULE_CANNOT_CREATE_CACHED_DATA',
        'Cached data cannot be created for a module which has been evaluated');
    }
    return cacheOf(this.#source);
  }
}

class SyntheticModule extends Module {
  constructor(exportNames, evaluateCallback, options = { __proto__: null }) {
    if (!Array.isArray(exportNames) || exportNames.some((e) => typeof e !== 'string')) {
      throwType('exportNames', ['Array of unique strings'], exportNames);
    }
    exportNames.forEach((name, i) => {
      if (exportNames.indexOf(name, i + 1) !== -1) {
        throw internal.validators.invalidArgValue(`exportNames.${name}`, name, 'is duplicated');
      }
    });
    validateFunction(evaluateCallback, 'evaluateCallback');
    validateObject(options, 'options');
    const { context, identifier } = options;
    let self;
    super({ exportNames, steps: () => Reflect.apply(evaluateCallback, self, []), context, identifier });
    self = this;
  }

  [kLink]() {} // no requests

  setExport(name, value) {
    checkThis(this, kWrap, 'SyntheticModule');
    validateString(name, 'name');
    if (b.status(this[kWrap]) < LINKED) throw statusError('must be linked');
    b.setExport(this[kWrap], name, value);
  }
}

// a module's or script's import() with an importModuleDynamically callback:
// the namespace of the module it gives (Node's importModuleDynamicallyWrap)
async function importModuleDynamically(record, specifier, attributes) {
  const m = await record.importModuleDynamically(specifier, record.referrer, attributes);
  if (isModuleNamespaceObject(m)) return m;
  if (!isModule(m)) throw notModuleError();
  if (m.status === 'errored') throw m.error;
  return m.namespace;
}

internal.vmModuleClasses = { Module, SourceTextModule, SyntheticModule, importModuleDynamically };
