// console.js: the global console (log/info/debug to stdout; error/warn/trace
// to stderr), formatting through internal.formatWithOptions (inspect.js).
const print = natives.print;

// process.stdout/stderr (process.js's getters call here) are made on first use, as in Node, where making one
// creates async resources (its handle): the ids they take shift every later
// async id, which scripts can observe. natives.streamAsyncIds(fd) is S: 1
// for a file or device, 2 for a pipe, 3-4 for a TTY; making the stream takes
// S - 1. Measured on Node 20: a write with a callback then schedules the
// stream's afterWrite tick (one TickObject id) unless one for the same
// callback is still pending; console.log makes stdout and stderr and writes
// with one callback per stream, so only its first line per tick batch takes
// an id; write(s) without a callback takes none.
const streams = [undefined, undefined, undefined];
function afterWriteTick(st, info) {
  if (st.afterWriteInfo === info) st.afterWriteInfo = null;
  for (let i = 0; i < info.count; i++) info.cb();
}
function afterWrite(st, cb) {
  const info = st.afterWriteInfo;
  if (info !== null && info.cb === cb) {
    info.count++;
    return;
  }
  natives.nextTick(afterWriteTick, st, st.afterWriteInfo = { count: 1, cb });
}
function stream(fd) {
  let st = streams[fd];
  if (st === undefined) {
    for (let n = natives.streamAsyncIds(fd) - 1; n > 0; n--) natives.newAsyncId();
    st = streams[fd] = {
      write(s, encoding, cb) {
        if (typeof encoding === 'function') cb = encoding;
        natives.print(fd, String(s));
        if (typeof cb === 'function') afterWrite(st, cb);
        return true;
      },
      // end() writes, never closes the fd (as Node's stdio)
      end(s, encoding, cb) {
        if (typeof s === 'function') [s, cb] = [undefined, s];
        else if (typeof encoding === 'function') cb = encoding;
        if (s != null) natives.print(fd, String(s));
        if (typeof cb === 'function') natives.nextTick(cb);
        return this;
      },
      isTTY: natives.isatty(fd),
      fd,
      writable: true,
      _isStdio: true,
      afterWriteInfo: null,
    };
    // an EventEmitter, so a stream can pipe into it (readable.pipe(process.stdout))
    Object.setPrototypeOf(st, internal.EventEmitter.prototype);
    internal.EventEmitter.init.call(st);
  }
  return st;
}
// console's writes (lib/console.js): fd 1 or 2, each stream with its callback
function consoleNoop() {}
// (`weft run` only: a `weft serve` resource's console is the server log, with
// no ids to mirror and no tick to add after every line)
const consoleTicks = !natives.host;
internal.consoleWrite = function (fd, s) {
  const st = stream(fd);
  if (fd === 1) stream(2);
  natives.print(fd, s);
  if (consoleTicks) afterWrite(st, consoleNoop);
};
internal.stream = stream;
function fmt(args) {
  if (internal.formatWithOptions) return internal.formatWithOptions({}, ...args);
  return args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
}
// makeConsole(write): the console methods over write(fd, text), fd 1 for
// log/info/debug, 2 for error/warn/trace.
function makeConsole(write) {
  let groupIndent = '';
  function out(fd, args) {
    let s = fmt(args);
    if (groupIndent) s = groupIndent + s.split('\n').join(`\n${groupIndent}`);
    write(fd, `${s}\n`);
  }
  const counts = new Map();
  const timers = new Map();
  const console = {
    log(...args) { out(1, args); },
    info(...args) { out(1, args); },
    debug(...args) { out(1, args); },
    error(...args) { out(2, args); },
    warn(...args) { out(2, args); },
    trace: function trace(...args) {
      const err = { name: 'Trace', message: args.length ? fmt(args) : '' };
      Error.captureStackTrace(err, trace);
      out(2, [err.stack]);
    },
    dir(obj, options) {
      write(1, `${internal.inspect ? internal.inspect(obj, { customInspect: false, ...options }) : String(obj)}\n`);
    },
    assert(cond, ...args) {
      if (!cond) { args[0] = `Assertion failed${args.length === 0 ? '' : `: ${args[0]}`}`; out(2, args); }
    },
    count(label = 'default') {
      label = `${label}`;
      const n = (counts.get(label) || 0) + 1;
      counts.set(label, n);
      out(1, [`${label}: ${n}`]);
    },
    countReset(label = 'default') { counts.delete(`${label}`); },
    group(...args) { if (args.length) out(1, args); groupIndent += '  '; },
    groupEnd() { groupIndent = groupIndent.slice(0, -2); },
    time(label = 'default') { timers.set(`${label}`, natives.hrtimeBigint()); },
    timeEnd(label = 'default') { this.timeLog(label); timers.delete(`${label}`); },
    timeLog(label = 'default', ...data) {
      const t = timers.get(`${label}`);
      if (t === undefined) return;
      const ms = Number(natives.hrtimeBigint() - t) / 1e6;
      out(1, [`${label}: ${ms.toFixed(3)}ms`, ...data]);
    },
    table(data) { out(1, [data]); },
  };
  console.groupCollapsed = console.group;
  console.dirxml = console.log;
  return console;
}
// the global console writes as Node's process.stdout/stderr do (async ids)
const console = makeConsole(internal.consoleWrite);
Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true, enumerable: false });
// console.Console(stdout[, stderr]) or ({ stdout, stderr }): a console
// writing to the given streams, one write callback per stream (Node's).
function Console(stdout, stderr) {
  if (!new.target) return new Console(stdout, stderr);
  if (stdout && typeof stdout.write !== 'function' && typeof stdout === 'object') ({ stdout, stderr } = stdout);
  if (!stdout || typeof stdout.write !== 'function') internal.throwInvalidArgType('stdout', 'object', stdout);
  if (stderr === undefined) stderr = stdout;
  else if (!stderr || typeof stderr.write !== 'function') internal.throwInvalidArgType('stderr', 'object', stderr);
  const ignore = { 1() {}, 2() {} };
  Object.assign(this, makeConsole((fd, text) => {
    (fd === 1 ? stdout : stderr).write(text, ignore[fd]);
  }));
}
console.Console = Console;
Object.defineProperty(console, 'Console', { enumerable: false });
