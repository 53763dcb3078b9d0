// console.js: the global console (log/info/debug to stdout; error/warn/trace
// to stderr), formatting through internal.formatWithOptions (inspect.js).
const print = natives.print;
function fmt(args) {
  if (internal.formatWithOptions) return internal.formatWithOptions({}, ...args);
  return args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
}
let groupIndent = '';
function out(fd, args) {
  internal.stream(fd); // the stream exists from the first write on, as in Node
  let s = fmt(args);
  if (groupIndent) s = groupIndent + s.split('\n').join(`\n${groupIndent}`);
  print(fd, `${s}\n`);
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
  dir(obj, options) { print(1, `${internal.inspect ? internal.inspect(obj, { customInspect: false, ...options }) : String(obj)}\n`); },
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
Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true, enumerable: false });
