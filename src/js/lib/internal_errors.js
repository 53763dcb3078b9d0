// internal_errors.js: `require('internal/errors')` under --expose-internals
// (lib/internal/errors.js's API as Node's own tests use it): the `codes`
// registry that E() fills, NodeError constructors (a `code`, Node's message,
// "Name [CODE]: message" from toString, kIsNodeError), hideStackFrames,
// SystemError, AbortError, aggregateTwoErrors, formatList. The messages are
// Node 20's texts. Loaded on first such require.
const kIsNodeError = Symbol('kIsNodeError');
const messages = new Map();
const codes = {};

const format = (...args) => internal.format(...args);

function isErrorStackTraceLimitWritable() {
  const desc = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  if (desc === undefined) return Object.isExtensible(Error);
  return Object.prototype.hasOwnProperty.call(desc, 'writable') ? desc.writable : desc.set !== undefined;
}

function getMessage(key, args, self) {
  const msg = messages.get(key);
  if (typeof msg === 'function') {
    if (args.length < msg.length) {
      throw new Error(`Code: ${key}; The provided arguments length (${args.length}) does not match the required ones (${msg.length}).`);
    }
    return Reflect.apply(msg, self, args);
  }
  const expected = (msg.match(/%[dfijoOs]/g) || []).length;
  if (expected !== args.length) {
    throw new Error(`Code: ${key}; The provided arguments length (${args.length}) does not match the required ones (${expected}).`);
  }
  return args.length === 0 ? msg : format(msg, ...args);
}

// a stack as long as the user's limit, from the caller of the constructor
function captureLargerStackTrace(err) {
  if (isErrorStackTraceLimitWritable()) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    Error.captureStackTrace(err, captureLargerStackTrace);
    Error.stackTraceLimit = limit;
  }
  return err;
}

function makeNodeErrorWithCode(Base, key) {
  return function NodeError(...args) {
    const writable = isErrorStackTraceLimitWritable();
    const limit = Error.stackTraceLimit;
    if (writable) Error.stackTraceLimit = 0;
    const error = new Base();
    if (writable) Error.stackTraceLimit = limit;
    const message = getMessage(key, args, error);
    Object.defineProperties(error, {
      [kIsNodeError]: { __proto__: null, value: true, enumerable: false, writable: false, configurable: true },
      message: { __proto__: null, value: message, enumerable: false, writable: true, configurable: true },
      toString: {
        __proto__: null,
        value() { return `${this.name} [${key}]: ${this.message}`; },
        enumerable: false, writable: true, configurable: true,
      },
    });
    if (writable) Error.captureStackTrace(error, NodeError);
    error.code = key;
    return error;
  };
}

// E(code, message or function, Base, ...other classes): codes[code] is a
// constructor of Base; codes[code][Other.name] makes the other kinds
function E(sym, val, def, ...otherClasses) {
  messages.set(sym, val);
  const made = def === SystemError ? makeSystemErrorWithCode(sym) : makeNodeErrorWithCode(def, sym);
  for (const clazz of otherClasses) made[clazz.name] = makeNodeErrorWithCode(clazz, sym);
  codes[sym] = made;
}

// hideStackFrames(fn): an error thrown through fn has its stack cut at fn
function hideStackFrames(fn) {
  function wrappedFn(...args) {
    try {
      return Reflect.apply(fn, this, args);
    } catch (error) {
      if (Error.stackTraceLimit && error !== null && typeof error === 'object') Error.captureStackTrace(error, wrappedFn);
      throw error;
    }
  }
  wrappedFn.withoutStackTrace = fn;
  return wrappedFn;
}

// 'a', 'a or b', 'a, b, or c'
function formatList(array, type = 'and') {
  if (array.length < 3) return array.join(` ${type} `);
  return `${array.slice(0, -1).join(', ')}, ${type} ${array[array.length - 1]}`;
}

function aggregateTwoErrors(innerError, outerError) {
  if (innerError && outerError && innerError !== outerError) {
    if (Array.isArray(outerError.errors)) {
      outerError.errors.push(innerError);
      return outerError;
    }
    const err = new AggregateError([outerError, innerError], outerError.message);
    err.code = outerError.code;
    return err;
  }
  return innerError || outerError;
}

class AbortError extends Error {
  constructor(message = 'The operation was aborted', options = undefined) {
    if (options !== undefined && typeof options !== 'object') {
      internal.throwInvalidArgType('options', 'Object', options);
    }
    super(message, options);
    this.code = 'ABORT_ERR';
    this.name = 'AbortError';
  }
}

// SystemError: a libuv failure described by a context object
// ({ code, message, syscall, path, dest, errno, info })
class SystemError extends Error {
  constructor(key, context) {
    const writable = isErrorStackTraceLimitWritable();
    const limit = Error.stackTraceLimit;
    if (writable) Error.stackTraceLimit = 0;
    super();
    if (writable) Error.stackTraceLimit = limit;
    const prefix = getMessage(key, [], this);
    let message = `${prefix}: ${context.syscall} returned ${context.code} (${context.message})`;
    if (context.path !== undefined) message += ` ${context.path}`;
    if (context.dest !== undefined) message += ` => ${context.dest}`;
    if (writable) Error.captureStackTrace(this, SystemError);
    this.code = key;
    const accessor = (name, get) => ({ __proto__: null, enumerable: true, configurable: true, get, set(value) { context[name] = value; } });
    Object.defineProperties(this, {
      [kIsNodeError]: { __proto__: null, value: true, enumerable: false, writable: false, configurable: true },
      name: { __proto__: null, value: 'SystemError', enumerable: false, writable: true, configurable: true },
      message: { __proto__: null, value: message, enumerable: false, writable: true, configurable: true },
      info: { __proto__: null, value: context, enumerable: true, configurable: true, writable: false },
      errno: accessor('errno', () => context.errno),
      syscall: accessor('syscall', () => context.syscall),
    });
    if (context.path !== undefined) Object.defineProperty(this, 'path', accessor('path', () => context.path));
    if (context.dest !== undefined) Object.defineProperty(this, 'dest', accessor('dest', () => context.dest));
  }
  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
  [Symbol.for('nodejs.util.inspect.custom')](recurseTimes, ctx) {
    return internal.inspect(this, { ...ctx, getters: true, customInspect: false });
  }
}

function makeSystemErrorWithCode(key) {
  return class NodeError extends SystemError {
    constructor(ctx) {
      super(key, ctx);
    }
  };
}

const invalidArgType = (name, expected, actual) => {
  try {
    internal.throwInvalidArgType(name, expected, actual);
  } catch (e) {
    return e.message;
  }
};
const addNumericalSeparator = (val) => {
  let res = '';
  let i = val.length;
  const start = val[0] === '-' ? 1 : 0;
  for (; i >= start + 4; i -= 3) res = `_${val.slice(i - 3, i)}${res}`;
  return `${val.slice(0, i)}${res}`;
};

E('ABORT_ERR', 'The operation was aborted', Error);
E('ERR_ASSERTION', '%s', Error);
E('ERR_BUFFER_OUT_OF_BOUNDS', (name = undefined) => (name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds'), RangeError);
E('ERR_CHILD_CLOSED_BEFORE_REPLY', 'Child closed before reply received', Error);
E('ERR_CONSOLE_WRITABLE_STREAM', 'Console expects a writable stream instance for %s', TypeError);
E('ERR_FALSY_VALUE_REJECTION', function (reason) {
  this.reason = reason;
  return 'Promise was rejected with falsy value';
}, Error);
E('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor', TypeError);
E('ERR_INTERNAL_ASSERTION', (message) => {
  const suffix = 'This is caused by either a bug in Node.js or incorrect usage of Node.js internals.\nPlease open an issue with this stack trace at https://github.com/nodejs/node/issues\n';
  return message === undefined ? suffix : `${message}\n${suffix}`;
}, Error);
E('ERR_INVALID_ARG_TYPE', invalidArgType, TypeError);
E('ERR_INVALID_ARG_VALUE', (name, value, reason = 'is invalid') => {
  let inspected = internal.inspect(value);
  if (inspected.length > 128) inspected = `${inspected.slice(0, 128)}...`;
  const type = name.includes('.') ? 'property' : 'argument';
  return `The ${type} '${name}' ${reason}. Received ${inspected}`;
}, TypeError, RangeError);
E('ERR_INVALID_RETURN_VALUE', (input, name, value) => {
  let type;
  if (value && value.constructor && value.constructor.name) type = `instance of ${value.constructor.name}`;
  else type = `type ${typeof value}`;
  return `Expected ${input} to be returned from the "${name}" function but got ${type}.`;
}, TypeError, RangeError);
E('ERR_INVALID_STATE', 'Invalid state: %s', Error, TypeError, RangeError);
E('ERR_INVALID_THIS', 'Value of "this" must be of type %s', TypeError);
E('ERR_IPC_CHANNEL_CLOSED', 'Channel closed', Error);
E('ERR_IPC_DISCONNECTED', 'IPC channel is already disconnected', Error);
E('ERR_METHOD_NOT_IMPLEMENTED', 'The %s method is not implemented', Error);
E('ERR_MISSING_ARGS', (...args) => {
  let msg = 'The ';
  const len = args.length;
  const wrap = (a) => `"${a}"`;
  args = args.map((a) => (Array.isArray(a) ? a.map(wrap).join(' or ') : wrap(a)));
  switch (len) {
    case 1: msg += `${args[0]} argument`; break;
    case 2: msg += `${args[0]} and ${args[1]} arguments`; break;
    default: msg += `${args.slice(0, len - 1).join(', ')}, and ${args[len - 1]} arguments`; break;
  }
  return `${msg} must be specified`;
}, TypeError);
E('ERR_MULTIPLE_CALLBACK', 'Callback called multiple times', Error);
E('ERR_OUT_OF_RANGE', (str, range, input, replaceDefaultBoolean = false) => {
  let msg = replaceDefaultBoolean ? str : `The value of "${str}" is out of range.`;
  let received;
  if (Number.isInteger(input) && Math.abs(input) > 2 ** 32) received = addNumericalSeparator(String(input));
  else if (typeof input === 'bigint') {
    received = String(input);
    if (input > 2n ** 32n || input < -(2n ** 32n)) received = addNumericalSeparator(received);
    received += 'n';
  } else received = internal.inspect(input);
  msg += ` It must be ${range}. Received ${received}`;
  return msg;
}, RangeError);
E('ERR_STREAM_DESTROYED', 'Cannot call %s after a stream was destroyed', Error);
E('ERR_STREAM_PREMATURE_CLOSE', 'Premature close', Error);
E('ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF', Error);
E('ERR_STREAM_WRITE_AFTER_END', 'write after end', Error);
E('ERR_SYSTEM_ERROR', 'A system error occurred', SystemError);
E('ERR_UNHANDLED_ERROR', (err = undefined) => {
  const msg = 'Unhandled error.';
  if (err === undefined) return msg;
  return `${msg} (${typeof err === 'string' ? err : internal.inspect(err)})`;
}, Error);
E('ERR_UNKNOWN_SIGNAL', 'Unknown signal: %s', TypeError);
E('ERR_UNAVAILABLE_DURING_EXIT', 'Cannot call function in process exit handler', Error);

internal.internalErrorsModule = {
  AbortError,
  aggregateTwoErrors,
  captureLargerStackTrace,
  codes,
  E,
  formatList,
  hideStackFrames,
  isErrorStackTraceLimitWritable,
  kIsNodeError,
  SystemError,
  getMessage,
};
