// node_test.js: `node:test`, the part Node's own test files use: test()
// (name, options, fn(t) or fn(t, done)), describe/suite and it, subtests
// (t.test), skip/todo/only, before/after/beforeEach/afterEach hooks, mock
// (fn, method, getter, setter), and the TAP report Node 20 writes when stdout
// is not a terminal (results with YAML blocks, plans, the summary counts).
// Tests run one after another, in declaration order; a failure makes the
// exit code 1, as Node's runner does.
'use strict';

let nextId = 1;
let running = Promise.resolve();
let pendingTop = 0;
let exitHooked = false;
let started = false;
const topTests = [];
const counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const startTime = performance.now();

function print(line) { natives.print(1, `${line}\n`); }

function parseArgs(args) {
  let name, options = {}, fn;
  for (const a of args) {
    if (typeof a === 'string') name = a;
    else if (typeof a === 'function') fn = a;
    else if (a !== null && typeof a === 'object') options = a;
  }
  if (name === undefined) name = fn && fn.name ? fn.name : '<anonymous>';
  return { name, options, fn };
}

// "file:line:column" of the test()/it() call that declared a test; Node's
// column is the callee name's, QuickJS's the call's "("
const sourceLines = new Map();
function callerLocation() {
  const stack = String(new Error().stack).split('\n');
  for (const frame of stack) {
    const m = /[\s(](\/[^()\s]+):(\d+):(\d+)\)?\s*$/.exec(frame);
    if (!m) continue;
    let col = Number(m[3]);
    try {
      if (!sourceLines.has(m[1])) sourceLines.set(m[1], natives.readFile(m[1]).split('\n'));
      const line = sourceLines.get(m[1])[Number(m[2]) - 1] || '';
      let i = col - 1;
      if (line[i] === '(') {
        while (i > 0 && /\s/.test(line[i - 1])) i--;
        while (i > 0 && /[\w$]/.test(line[i - 1])) i--;
        col = i + 1;
      }
    } catch {
      // unreadable source: QuickJS's column
    }
    return `${m[1]}:${m[2]}:${col}`;
  }
  return undefined;
}

// ---- TAP output, as Node 20's default (non-TTY) reporter writes it ----
function indent(depth) { return '    '.repeat(depth); }
function tapEscape(s) {
  return String(s).replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\v/g, '\\v').replace(/\f/g, '\\f').replace(/\x08/g, '\\b');
}
const yamlInspect = (v) => internal.inspect(v, { colors: false, breakLength: Infinity, customInspect: false });
const isErrorLike = (v) => v instanceof Error || natives.isError(v);
// one "key: value" entry of a YAML block (objects: their own entries below)
function yaml(pad, key, value, seen = new Set()) {
  if (value === undefined) return '';
  const head = `${pad}  ${key}:`;
  if (value === null) return `${head} ~\n`;
  if (typeof value === 'string') {
    const lines = value.split(/\r?\n/);
    if (lines.length === 1) return `${head} ${yamlInspect(value)}\n`;
    return `${head} |-\n${lines.map((l) => `${pad}    ${l}\n`).join('')}`;
  }
  if (typeof value !== 'object') return `${head} ${yamlInspect(value)}\n`;
  seen.add(value);
  let out = `${head}${value instanceof Date ? ` ${value.toISOString()}` : ''}\n`;
  for (const [k, v] of Object.entries(value)) {
    out += seen.has(v) ? `${pad}    ${k}: <Circular>\n` : yaml(`${pad}  `, k, v, seen);
  }
  return out;
}
// the error part of a failed test's block: what failed (failureType), the
// message, code, name, an assertion's expected/actual/operator, the frames
function yamlError(pad, failureType, err) {
  let out = yaml(pad, 'failureType', failureType);
  const own = isErrorLike(err);
  const message = own ? err.message : err && typeof err === 'object' && err.message !== undefined ? err.message : err;
  out += yaml(pad, 'error', message === undefined ? '<unknown error>' : typeof message === 'string' ? message : message);
  out += yaml(pad, 'code', own && err.code !== undefined ? err.code : 'ERR_TEST_FAILURE');
  if (own && err.name && err.name !== 'Error') out += yaml(pad, 'name', err.name);
  if (own && ('expected' in err || 'actual' in err) && 'operator' in err) {
    out += yaml(pad, 'expected', err.expected);
    out += yaml(pad, 'actual', err.actual);
    if (err.operator) out += yaml(pad, 'operator', err.operator);
  }
  const frames = own && typeof err.stack === 'string' ?
    err.stack.split('\n').filter((l) => /^ {4}at /.test(l) && !internal.isBuiltinFrame(l) && !/\(native\)$/.test(l))
      .map((l) => l.slice(7)) : [];
  if (frames.length) out += `${pad}  stack: |-\n${frames.map((f) => `${pad}    ${f}\n`).join('')}`;
  return out;
}

class Hooks {
  constructor(parent) {
    this.parent = parent;
    this.before = [];
    this.after = [];
    this.beforeEach = [];
    this.afterEach = [];
  }
  allBeforeEach() { return [...(this.parent ? this.parent.allBeforeEach() : []), ...this.beforeEach]; }
  allAfterEach() { return [...this.afterEach, ...(this.parent ? this.parent.allAfterEach() : [])]; }
}

// ---- mock: functions and methods that record their calls ----
function mockFunction(original, implementation, restore) {
  let impl = implementation;
  let once = new Map();
  let n = 0;
  const calls = [];
  const ctx = {
    get calls() { return calls.slice(); },
    callCount() { return calls.length; },
    mockImplementation(f) { impl = f; },
    mockImplementationOnce(f, onCall) { once.set(onCall === undefined ? n : onCall, f); },
    resetCalls() { calls.length = 0; },
    restore() { if (restore) restore(); },
  };
  function mocked(...args) {
    const f = once.has(n) ? once.get(n) : impl;
    once.delete(n);
    n++;
    const call = { arguments: args, error: undefined, result: undefined, stack: new Error(), target: new.target, this: this };
    try {
      call.result = new.target ? Reflect.construct(f, args, new.target) : Reflect.apply(f, this, args);
      return call.result;
    } catch (e) {
      call.error = e;
      throw e;
    } finally {
      calls.push(call);
    }
  }
  Object.defineProperty(mocked, 'mock', { value: ctx, enumerable: false });
  Object.defineProperty(mocked, 'name', { value: original && original.name ? original.name : 'mocked' });
  return mocked;
}
class MockTracker {
  #restorers = [];
  fn(original = function () {}, implementation = original) {
    const m = mockFunction(original, implementation, undefined);
    return m;
  }
  method(object, name, implementation, options) {
    if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = undefined;
    }
    const desc = Object.getOwnPropertyDescriptor(object, name);
    let holder = object;
    let d = desc;
    while (d === undefined && (holder = Object.getPrototypeOf(holder)) !== null) d = Object.getOwnPropertyDescriptor(holder, name);
    const kind = options && options.getter ? 'get' : options && options.setter ? 'set' : 'value';
    const original = d ? d[kind] : undefined;
    if (typeof original !== 'function') {
      throw internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        `The argument 'methodName' must be a method. Received ${internal.inspect(original)}`);
    }
    const restore = () => {
      if (desc) Object.defineProperty(object, name, desc);
      else delete object[name];
    };
    const m = mockFunction(original, implementation === undefined ? original : implementation, restore);
    Object.defineProperty(object, name, { ...(d || {}), configurable: true, [kind]: m, ...(kind === 'value' ? { writable: true } : {}) });
    this.#restorers.push(restore);
    return m;
  }
  getter(object, name, implementation, options) { return this.method(object, name, implementation, { ...options, getter: true }); }
  setter(object, name, implementation, options) { return this.method(object, name, implementation, { ...options, setter: true }); }
  reset() { this.restoreAll(); }
  restoreAll() {
    for (const r of this.#restorers.splice(0).reverse()) r();
  }
}

class TestContext {
  #test;
  constructor(test) { this.#test = test; }
  get name() { return this.#test.name; }
  get signal() { return this.#test.controller.signal; }
  get fullName() {
    const names = [];
    for (let t = this.#test; t; t = t.parent) names.unshift(t.name);
    return names.join(' > ');
  }
  get mock() { return (this.#test.mocks ??= new MockTracker()); }
  diagnostic(message) { this.#test.diagnostics.push(String(message)); }
  skip(message) { this.#test.skipped = message === undefined ? true : message; }
  todo(message) { this.#test.todo = message === undefined ? true : message; }
  plan() {}
  runOnly() {}
  get assert() { return internal.loadBuiltin('assert'); }
  test(...args) { return this.#test.subtest(args); }
  before(fn) { this.#test.hooks.before.push(fn); }
  after(fn) { this.#test.hooks.after.push(fn); }
  beforeEach(fn) { this.#test.hooks.beforeEach.push(fn); }
  afterEach(fn) { this.#test.hooks.afterEach.push(fn); }
}

// run fn(ctx) (or fn(ctx, done)); resolves when it settles
function invoke(fn, thisArg, ctx) {
  if (fn.length >= 2) {
    return new Promise((resolve, reject) => {
      let called = false;
      const done = (err) => {
        if (called) return;
        called = true;
        if (err) reject(err);
        else resolve();
      };
      try {
        const r = Reflect.apply(fn, thisArg, [ctx, done]);
        if (r && typeof r.then === 'function') r.then(undefined, reject);
      } catch (err) {
        reject(err);
      }
    });
  }
  try {
    return Promise.resolve(Reflect.apply(fn, thisArg, [ctx]));
  } catch (err) {
    return Promise.reject(err);
  }
}

class Test {
  constructor(name, options, fn, parent, isSuite) {
    this.name = name;
    this.options = options;
    this.fn = fn;
    this.parent = parent;
    this.depth = parent ? parent.depth + 1 : 0;
    this.isSuite = isSuite;
    this.hooks = new Hooks(parent ? parent.hooks : rootHooks);
    this.children = [];
    this.childCount = 0;
    this.skipped = options.skip || false;
    this.todo = options.todo || false;
    this.controller = new AbortController();
    this.diagnostics = [];
    this.location = callerLocation();
    if (this.fn === undefined) this.fn = () => {}; // it.todo('name'): runs, with its hooks
    this.finished = false;
  }
  subtest(args, isSuite) {
    const { name, options, fn } = parseArgs(args);
    const t = new Test(name, options, fn, this, isSuite);
    this.children.push(t);
    if (this.started && !this.isSuite) {
      // a subtest made while its parent runs: run it now, after earlier ones
      const p = (this.chain || Promise.resolve()).then(() => t.run(++this.childCount));
      this.chain = p;
      return p;
    }
    return Promise.resolve();
  }
  async run(number) {
    this.started = true;
    this.number = number;
    this.start = performance.now();
    if (!started) {
      started = true;
      print('TAP version 13');
    }
    print(`${indent(this.depth)}# Subtest: ${tapEscape(this.name)}`);
    const ctx = new TestContext(this);
    let error, failureType;
    // a todo test runs too; its failure is reported but does not count
    if (!this.skipped && typeof this.fn === 'function') {
      let stage = 'testCodeFailure';
      try {
        stage = 'hookFailed';
        // a suite gets no beforeEach/afterEach of its own: its tests do
        const eachHooks = !this.isSuite && this.hooks.parent;
        for (const h of eachHooks ? this.hooks.parent.allBeforeEach() : []) await invoke(h, undefined, ctx);
        stage = 'testCodeFailure';
        if (this.isSuite) {
          const r = this.fn.call(ctx, ctx);
          if (r && typeof r.then === 'function') await r;
        } else {
          await invoke(this.fn, ctx, ctx);
          if (this.chain) await this.chain;
        }
        stage = 'hookFailed';
        for (const h of this.hooks.before) await invoke(h, undefined, ctx);
        stage = 'testCodeFailure';
        for (const child of this.children) {
          if (child.started) continue;
          await child.run(++this.childCount);
        }
        stage = 'hookFailed';
        for (const h of this.hooks.after) await invoke(h, undefined, ctx);
        for (const h of eachHooks ? this.hooks.parent.allAfterEach() : []) await invoke(h, undefined, ctx);
      } catch (err) {
        error = err;
        failureType = stage;
      }
    }
    if (this.mocks) this.mocks.restoreAll();
    const failedChildren = this.children.filter((c) => c.failed).length;
    if (error === undefined && failedChildren) {
      failureType = 'subtestsFailed';
      error = new Error(`${failedChildren} subtest${failedChildren > 1 ? 's' : ''} failed`);
      error.code = 'ERR_TEST_FAILURE';
      error.stack = error.message;
    }
    this.report(error, failureType);
  }
  // the result line and its YAML block, and this test's counts
  report(error, failureType) {
    this.finished = true;
    this.failed = error !== undefined && !this.todo;
    const pad = indent(this.depth);
    if (this.childCount > 0) print(`${indent(this.depth + 1)}1..${this.childCount}`);
    let directive = '';
    if (this.skipped) directive = ` # SKIP${typeof this.skipped === 'string' && this.skipped ? ` ${tapEscape(this.skipped)}` : ''}`;
    else if (this.todo) directive = ` # TODO${typeof this.todo === 'string' && this.todo ? ` ${tapEscape(this.todo)}` : ''}`;
    print(`${pad}${error === undefined ? 'ok' : 'not ok'} ${this.number} - ${tapEscape(this.name)}${directive}`);
    let block = `${pad}  ---\n${yaml(pad, 'duration_ms', Number((performance.now() - this.start).toFixed(6)))}`;
    if (this.isSuite) block += yaml(pad, 'type', 'suite');
    if (error !== undefined) {
      block += yaml(pad, 'location', this.location);
      block += yamlError(pad, failureType, error);
    }
    natives.print(1, `${block}${pad}  ...\n`);
    for (const d of this.diagnostics) print(`${pad}# ${tapEscape(d)}`);
    if (this.isSuite) counts.suites++;
    else {
      counts.tests++;
      if (failureType === 'cancelledByParent') counts.cancelled++;
      else if (this.skipped) counts.skipped++;
      else if (this.todo) counts.todo++;
      else if (error !== undefined) counts.fail++;
      else counts.pass++;
    }
    if (this.failed) process.exitCode = 1;
  }
  // still running when the event loop emptied: reported as cancelled, with
  // the children that had not finished
  cancel() {
    if (this.finished) return;
    if (!this.started) {
      this.started = true;
      this.start = performance.now();
      print(`${indent(this.depth)}# Subtest: ${tapEscape(this.name)}`);
    }
    for (const c of this.children) {
      if (c.started && !c.finished) c.cancel();
    }
    const error = new Error('Promise resolution is still pending but the event loop has already resolved');
    error.code = 'ERR_TEST_FAILURE';
    error.stack = error.message;
    this.report(error, 'cancelledByParent');
  }
}

const rootHooks = new Hooks(null);
let currentSuite = null;

// after the last test: the plan and the counts (Node's summary lines)
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('beforeExit', () => {
    if (pendingTop > 0) {
      for (const t of topTests) {
        if (!t.finished) {
          if (!t.number) t.number = nextId++;
          t.cancel();
        }
      }
      pendingTop = 0;
    }
    if (counts.reported) return;
    counts.reported = true;
    print(`1..${topTests.length}`);
    for (const k of ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) print(`# ${k} ${counts[k]}`);
    print(`# duration_ms ${Number((performance.now() - startTime).toFixed(6))}`);
    if (counts.fail > 0 || counts.cancelled > 0) process.exitCode = 1;
  });
}

function declare(args, isSuite) {
  if (currentSuite) {
    const { name, options, fn } = parseArgs(args);
    const t = new Test(name, options, fn, currentSuite, isSuite);
    currentSuite.children.push(t);
    if (isSuite) collect(t);
    return Promise.resolve();
  }
  hookExit();
  const { name, options, fn } = parseArgs(args);
  const t = new Test(name, options, fn, null, isSuite);
  topTests.push(t);
  if (isSuite) collect(t);
  pendingTop++;
  const p = running.then(() => t.run(nextId++)).then(() => { pendingTop--; });
  running = p;
  return p;
}

// a suite's body runs when it is declared, collecting its tests
function collect(suite) {
  if (suite.skipped || suite.todo || typeof suite.fn !== 'function') return;
  const saved = currentSuite;
  currentSuite = suite;
  const fn = suite.fn;
  suite.fn = () => {};
  try {
    fn.call(undefined, new TestContext(suite));
  } finally {
    currentSuite = saved;
  }
}

function test(...args) { return declare(args, false); }
function describe(...args) { return declare(args, true); }
for (const f of [test, describe]) {
  f.skip = (...args) => f(...withOption(args, 'skip'));
  f.todo = (...args) => f(...withOption(args, 'todo'));
  f.only = (...args) => f(...args);
}
function withOption(args, key) {
  const { name, options, fn } = parseArgs(args);
  return [name, { ...options, [key]: true }, fn];
}
function hook(kind) {
  return (fn) => {
    (currentSuite ? currentSuite.hooks : rootHooks)[kind].push(fn);
  };
}

const nodeTest = test;
Object.assign(nodeTest, {
  test,
  describe,
  suite: describe,
  it: test,
  before: hook('before'),
  after: hook('after'),
  beforeEach: hook('beforeEach'),
  afterEach: hook('afterEach'),
  mock: new MockTracker(),
});
internal.nodeTestModule = nodeTest;
