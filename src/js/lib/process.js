// process.js: the `process` object (an EventEmitter), Node's exit flow
// (exit, exitCode, 'beforeExit', 'exit'), emitWarning, and
// triggerUncaughtException (lib/internal/process/execution.js).
const EventEmitter = internal.EventEmitter;
const process = Object.create(EventEmitter.prototype);
EventEmitter.init.call(process);
Object.defineProperty(process, Symbol.toStringTag, { value: 'process', configurable: true });
internal.process = process;

process.title = 'weft';
process.version = natives.version;
process.versions = { weft: natives.version.slice(1), quickjs: '2025-04-26', uv: natives.uvVersion, openssl: natives.opensslVersion };
process.arch = natives.arch;
process.platform = natives.platform;
process.release = { name: 'weft' };
process.argv = natives.argv;
process.argv0 = natives.argv0 !== undefined ? natives.argv0 : natives.argv[0];
process.execArgv = natives.execArgv;
process.execPath = natives.execPath;
process.pid = natives.pid;
process.ppid = natives.ppid;
process.env = natives.env();
process.features = {};
process.config = { variables: {} };
process.cwd = natives.cwd;
process.chdir = natives.chdir;
process.uptime = natives.uptime;
process.memoryUsage = natives.memoryUsage;
process.nextTick = natives.nextTick;
// process.stdout/stderr: made on first use by console.js's internal.stream
// (console.js loads on first use of either)
function stream(fd) {
  if (!internal.stream) void globalThis.console;
  return internal.stream(fd);
}
Object.defineProperty(process, 'stdout', { get() { return stream(1); }, configurable: true, enumerable: true });
// process.openStdin(): the old spelling of process.stdin.resume()
process.openStdin = function openStdin() {
  process.stdin.resume();
  return process.stdin;
};
let stdin;
Object.defineProperty(process, 'stdin', {
  get() {
    if (stdin === undefined) {
      if (!internal.makeStdin) natives.loadLib('child_process');
      stdin = internal.makeStdin();
    }
    return stdin;
  },
  configurable: true, enumerable: true,
});
Object.defineProperty(process, 'stderr', { get() { return stream(2); }, configurable: true, enumerable: true });

function hrtime(prev) {
  const t = natives.hrtime(); // [sec, nsec]
  if (prev !== undefined) {
    if (!Array.isArray(prev)) internal.throwInvalidArgType('time', 'an instance of Array', prev);
    let sec = t[0] - prev[0];
    let nsec = t[1] - prev[1];
    if (nsec < 0) { sec--; nsec += 1e9; }
    return [sec, nsec];
  }
  return t;
}
hrtime.bigint = natives.hrtimeBigint;
process.hrtime = hrtime;

let exitCode;
Object.defineProperty(process, 'exitCode', {
  get() { return exitCode; },
  set(code) {
    if (code !== null && code !== undefined) {
      let value = code;
      if (typeof code === 'string' && code !== '' && Number.isInteger(+code)) value = +code;
      if (typeof value !== 'number') internal.throwInvalidArgType('code', 'number', code);
      if (!Number.isInteger(value)) {
        throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
          `The value of "code" is out of range. It must be an integer. Received ${value}`);
      }
    }
    exitCode = code;
  },
  enumerable: true, configurable: false,
});
let exiting = false;
Object.defineProperty(process, '_exiting', {
  get() { return exiting; },
  set(v) { exiting = !!v; natives.setExiting(exiting); },
  enumerable: false, configurable: true,
});

process.reallyExit = function (code) { natives.reallyExit(code | 0); };
process.exit = function exit(code) {
  if (code !== undefined) process.exitCode = code;
  if (!process._exiting) {
    process._exiting = true;
    process.emit('exit', process.exitCode || 0);
  }
  process.reallyExit(process.exitCode || 0);
};
process.abort = function abort() { natives.abort(); };
// process.getuid/getgid/geteuid/getegid (the binding is made once, on first use)
let idsBinding;
const ids = () => (idsBinding || (idsBinding = natives.binding('child_process'))).ids();
process.getuid = function getuid() { return ids()[0]; };
process.getgid = function getgid() { return ids()[1]; };
process.geteuid = function geteuid() { return ids()[2]; };
process.getegid = function getegid() { return ids()[3]; };
process.getgroups = function getgroups() { return (idsBinding || (idsBinding = natives.binding('child_process'))).groups(); };
// process.umask([mask]): the previous mask; mask a number or an octal string
// (only its permission bits count)
let umaskBinding;
process.umask = function umask(mask) {
  if (mask !== undefined) {
    if (typeof mask === 'string') {
      if (!/^[0-7]+$/.test(mask)) {
        throw internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
          `The argument 'mask' must be a 32-bit unsigned integer or an octal string. Received ${internal.inspect(mask)}`);
      }
      mask = parseInt(mask, 8);
    }
    if (typeof mask !== 'number') internal.throwInvalidArgType('mask', 'number', mask);
    if (!Number.isInteger(mask) || mask < 0 || mask > 4294967295) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "mask" is out of range. It must be >= 0 && <= 4294967295. Received ${internal.inspect(mask)}`);
    }
  }
  return (umaskBinding || (umaskBinding = natives.binding('fs'))).umask(mask);
};
// fork()'s child: the channel in NODE_CHANNEL_FD (run.c calls this)
internal.setupChannelFromEnv = function () {
  const fd = +process.env.NODE_CHANNEL_FD;
  if (!(fd >= 0)) return;
  natives.loadLib('child_process');
  internal.setupChildChannel(fd);
};
// process.kill: in child_process.js (loaded on first use)
process.kill = function kill(pid, signal) {
  if (!internal.processKill) natives.loadLib('child_process');
  return internal.processKill(pid, signal);
};

// Node's flags from the command line (weft run --expose-gc f.js...).
internal.applyExecArgv = function () {
  for (const a of process.execArgv) {
    if (a === '--expose-gc' || a === '--expose_gc') {
      Object.defineProperty(globalThis, 'gc', { value: natives.gc, writable: true, configurable: true, enumerable: false });
    } else if (a === '--no-warnings') {
      process.removeListener('warning', onWarning);
    } else if (a === '--no-deprecation') {
      process.noDeprecation = true;
    } else if (a === '--throw-deprecation') {
      process.throwDeprecation = true;
    } else if (a === '--trace-deprecation') {
      process.traceDeprecation = true;
    } else if (a === '--trace-warnings') {
      process.traceProcessWarnings = true;
    } else if (a === '--abort-on-uncaught-exception') {
      internal.abortOnUncaught = true;
    } else if (a === '--expose-internals' || a === '--expose_internals') {
      internal.exposeInternals = true;
    }
  }
};

// process.setUncaughtExceptionCaptureCallback: one function that takes
// uncaught exceptions instead of 'uncaughtException' (Node's domain hook).
let captureFn = null;
process.setUncaughtExceptionCaptureCallback = function setUncaughtExceptionCaptureCallback(fn) {
  if (fn === null) {
    captureFn = null;
    return;
  }
  if (typeof fn !== 'function') internal.throwInvalidArgType('fn', 'function or null', fn);
  if (captureFn !== null) {
    throw internal.makeNodeError(Error, 'ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET',
      '`process.setupUncaughtExceptionCapture()` was called while a capture callback was already active');
  }
  captureFn = fn;
};
process.hasUncaughtExceptionCaptureCallback = function hasUncaughtExceptionCaptureCallback() {
  return captureFn !== null;
};

// Called by C when the loop has nothing left: 'beforeExit' (may re-arm).
internal.emitBeforeExit = function () {
  if (process._exiting) return;
  process.emit('beforeExit', process.exitCode || 0);
};
// Called by C to end: 'exit', then the final code.
// (Node emits this one from C++, with the code as an integer.)
internal.emitExit = function () {
  if (!process._exiting) {
    process._exiting = true;
    try {
      process.emit('exit', (+process.exitCode | 0) || 0);
    } catch (er) {
      // as Node: a throw from an 'exit' listener is an uncaught exception;
      // handled, the process still ends with process.exitCode (0 if unset)
      internal.triggerUncaughtException(er, false);
    }
  }
  return (+process.exitCode | 0) || 0;
};

// ---- warnings (lib/internal/process/warning.js) ----
function createWarningObject(warning, type, code, ctor, detail) {
  const err = new Error(warning);
  Object.defineProperty(err, 'name', { value: type || 'Warning', enumerable: false, writable: true, configurable: true });
  if (code !== undefined) err.code = code;
  if (detail !== undefined) err.detail = detail;
  return err;
}
process.emitWarning = function emitWarning(warning, type, code, ctor) {
  let detail;
  if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
    ctor = type.ctor; code = type.code;
    if (typeof type.detail === 'string') detail = type.detail;
    type = type.type || 'Warning';
  } else if (typeof type === 'function') {
    ctor = type; code = undefined; type = 'Warning';
  }
  if (type !== undefined && typeof type !== 'string') internal.throwInvalidArgType('type', 'string', type);
  if (typeof code === 'function') { ctor = code; code = undefined; }
  if (typeof warning === 'string') {
    warning = createWarningObject(warning, type, code, ctor, detail);
  } else if (!(warning instanceof Error)) {
    internal.throwInvalidArgType('warning', 'one of Error or string', warning);
  }
  if (warning.name === 'DeprecationWarning') {
    if (process.noDeprecation) return;
    // thrown later, as an uncaught exception, after earlier warnings printed
    if (process.throwDeprecation) return process.nextTick(() => { throw warning; });
  }
  process.nextTick(doEmitWarning, warning);
};
function doEmitWarning(warning) { process.emit('warning', warning); }
function onWarning(warning) {
  if (!(warning instanceof Error)) return;
  const isDeprecation = warning.name === 'DeprecationWarning';
  if (isDeprecation && process.noDeprecation) return;
  let msg = `(${process.release.name}:${process.pid}) `;
  if (warning.code) msg += `[${warning.code}] `;
  // the stack only with --trace-warnings (or --trace-deprecation), as Node
  const trace = process.traceProcessWarnings || (isDeprecation && process.traceDeprecation);
  if (trace && typeof warning.stack === 'string') msg += warning.stack;
  else msg += typeof warning.toString === 'function' ? `${warning.toString()}` : `${warning.name}: ${warning.message}`;
  if (typeof warning.detail === 'string') msg += `\n${warning.detail}`;
  if (!trace && !traceHintShown) {
    traceHintShown = true;
    msg += `\n(Use \`${process.release.name} ${isDeprecation ? '--trace-deprecation' : '--trace-warnings'} ...\` to show where the warning was created)`;
  }
  natives.print(2, `${msg}\n`);
}
let traceHintShown = false;
process.on('warning', onWarning);

// ---- signal events ----
// `weft run`: the first listener for a signal name ('SIGUSR2'...) starts a
// libuv signal handle (an async resource SIGNALWRAP; unref'd: it keeps no
// process alive) whose signals emit process.emit(name, name) in its scope;
// removing the last listener closes it (the signal's default action is
// back). In `weft serve` the host owns the signals: no handle is made.
if (!natives.host) {
  const signalWraps = new Map();
  let sb;
  const signalNumber = (type) => {
    if (typeof type !== 'string' || !type.startsWith('SIG')) return undefined;
    if (!internal.osModule) natives.loadLib('os');
    const n = internal.osModule.constants.signals[type];
    return typeof n === 'number' ? n : undefined;
  };
  const { async_id_symbol, trigger_async_id_symbol, hooks } = internal;
  process.on('newListener', function startListeningIfSignal(type) {
    if (signalWraps.has(type)) return;
    const signum = signalNumber(type);
    if (signum === undefined) return;
    if (sb === undefined) sb = natives.binding('signal_wrap');
    const wrap = {
      onsignal() {
        const id = this[async_id_symbol];
        hooks.emitBefore(id, this[trigger_async_id_symbol], this);
        process.emit(type, type);
        hooks.emitAfter(id);
      },
    };
    const id = wrap[async_id_symbol] = natives.newAsyncId();
    const trigger = wrap[trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
    if (hooks.initEnabled) hooks.emitInit(id, 'SIGNALWRAP', trigger, wrap);
    const h = sb.signalStart(wrap, signum);
    if (typeof h === 'number') {
      if (hooks.destroyEnabled) hooks.emitDestroy(id);
      const code = sb.errname(h);
      const e = new Error(`uv_signal_start ${code}`);
      e.errno = h;
      e.code = code;
      e.syscall = 'uv_signal_start';
      throw e;
    }
    wrap.handle = h;
    signalWraps.set(type, wrap);
  });
  process.on('removeListener', function stopListeningIfSignal(type) {
    const wrap = signalWraps.get(type);
    if (wrap !== undefined && process.listenerCount(type) === 0) {
      sb.signalClose(wrap.handle);
      if (hooks.destroyEnabled) hooks.emitDestroy(wrap[async_id_symbol]);
      signalWraps.delete(type);
    }
  });
}

// ---- uncaught exceptions ----
function noop() {}
// Frames inside weft's own bootstrap say nothing to the user.
function userFrames(text) {
  return limitFrames(text.split('\n').filter((l) => !internal.isBuiltinFrame(l) && !/^\s+at apply \(native\)$/.test(l)).join('\n'));
}
// Keep the first 10 frame lines (V8's default Error.stackTraceLimit).
function limitFrames(text, max = 10) {
  const lines = text.split('\n');
  let frames = 0, out = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^\s+at /.test(lines[i]) && ++frames > max) {
      const rest = lines.slice(i).filter((l) => /^\s+at /.test(l)).length;
      out.push(`    ... ${rest} more frame${rest === 1 ? '' : 's'}`);
      break;
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}
internal.limitFrames = limitFrames;
function printUncaught(err) {
  let text;
  try {
    if (internal.isErrorLike(err) || err instanceof Error) {
      const stack = err.stack;
      const own = Object.getOwnPropertyDescriptor(err, 'stack');
      if (typeof stack === 'string' && own && own.writable) err.stack = userFrames(stack);
      try {
        text = internal.inspect ? internal.inspect(err) : `${err.name}: ${err.message}\n${err.stack}`;
      } finally {
        if (own && own.writable) err.stack = stack;
      }
      const ps = internal.privateSymbols();
      const arrow = err instanceof SyntaxError ? err[ps.arrow_message_private_symbol] : undefined;
      const m = typeof err.stack === 'string' && /^\s+at (?:.*\()?((?:\/|[A-Za-z]:)[^\s():]+):(\d+)(?::(\d+))?\)?$/m.exec(err.stack);
      // a vm script's error has its arrow in its stack already (vm.js's
      // decorate), and Node prints no second one for the caller's line
      if (err[ps.decorated_private_symbol] === true) {}
      else if (typeof arrow === 'string') text = `${arrow}\n${text}`;
      else if (m) text = `${sourceArrow(m[1], Number(m[2]), Number(m[3]))}\n${text}`;
    } else {
      text = `Uncaught ${internal.inspect ? internal.inspect(err) : String(err)}`;
    }
  } catch {
    text = 'Uncaught exception (unprintable)';
  }
  // the runtime and version last, where Node prints "Node.js v20..."
  natives.print(2, `${text}\n\nweft ${natives.version}\n`);
}
internal.printUncaught = printUncaught;

// The head Node prints above an uncaught error: "file:line", the source
// line and a caret. Node's caret is at the throw (V8's message position);
// weft knows where the error was made (its first user frame), so the caret
// goes under a `throw` before that column on the line, else under the
// column. Only "file:line" when the file cannot be read.
function sourceArrow(file, line, column) {
  let text;
  try {
    text = natives.readFile(file).split(/\r?\n/)[line - 1];
  } catch {}
  if (text === undefined) return `${file}:${line}`;
  let at = Number.isInteger(column) ? column - 1 : 0;
  if (line === 1 && at >= internal.kCjsHeadLength && !file.endsWith('.mjs')) at -= internal.kCjsHeadLength;
  return `${file}:${line}\n${text}\n${' '.repeat(arrowColumn(text, at))}^\n`;
}
// The caret's column (0-based) on a source line for an error made at column
// `at` (0-based, QuickJS's): under a `throw` before it, else V8's position.
function arrowColumn(text, at) {
  at = Math.min(Math.max(at, 0), text.length);
  // a call whose callee is no name is at its '(' (deps/patches/0102 puts the
  // others where V8 does): V8's is the callee's name, or `new` for a
  // construction; and a property access at the '.', V8's at the name
  if (text[at] === '.' && /[\w$]/.test(text[at + 1] || '')) at++;
  else if (text[at] === '(') {
    let k = at;
    while (k > 0 && /[\w$]/.test(text[k - 1])) k--;
    if (k < at) at = /\bnew\s+$/.test(text.slice(0, k)) ? text.slice(0, k).search(/\bnew\s+$/) : k;
  }
  const t = /\bthrow\b(?!.*\bthrow\b)/.exec(text.slice(0, at + 1));
  return t !== null ? t.index : at;
}
internal.arrowColumn = arrowColumn;

// Node's TriggerUncaughtException + the JS handler it calls.
internal.triggerUncaughtException = function (er, fromPromise) {
  const type = fromPromise ? 'unhandledRejection' : 'uncaughtException';
  let handled;
  if (internal.abortOnUncaught && !fromPromise && captureFn === null) {
    // --abort-on-uncaught-exception: V8 aborts before any handler runs
    printUncaught(er);
    natives.abort();
  }
  try {
    process.emit('uncaughtExceptionMonitor', er, type);
    if (captureFn !== null) {
      captureFn(er);
      handled = true;
    } else {
      handled = process.emit('uncaughtException', er, type);
    }
  } catch (e) {
    // A throw inside an 'uncaughtException' handler: print it, exit 7,
    // with no 'exit' event (Node's kExceptionInFatalExceptionHandler).
    printUncaught(e);
    natives.reallyExit(7);
  }
  if (!handled) {
    try {
      if (!process._exiting) {
        process._exiting = true;
        process.exitCode = 1;
        process.emit('exit', 1);
      }
    } catch {}
    // a Worker's error goes to its parent's 'error' event (worker_threads.js)
    if (internal.workerUncaught) internal.workerUncaught(er);
    else printUncaught(er);
    // an 'exit' listener may have set process.exitCode (even to 0), as Node
    natives.reallyExit(process.exitCode === undefined ? 1 : process.exitCode | 0);
  }
  internal.timers.setImmediate(noop);
  // Emit the after() hooks for the whole stack, then empty it (Node).
  const hooks = internal.hooks;
  if (hooks.hasAsyncIdStack) {
    while (hooks.hasAsyncIdStack()) hooks.emitAfter(natives.executionAsyncId());
    hooks.clearAsyncIdStack();
  } else {
    natives.setAsyncContext(0, 0);
  }
};
