// node_test.js: `node:test`, the part Node's own test files use: test()
// (name, options, fn(t) or fn(t, done)), describe/suite and it, subtests
// (t.test), skip/todo/only, before/after/beforeEach/afterEach hooks, and
// a TAP-like report. Tests run one after another, in the order they were
// declared; a failure sets process.exitCode to 1, as Node's runner does.
'use strict';

let nextId = 1;
let failures = 0;
let running = Promise.resolve();
let pendingTop = 0;
let exitHooked = false;

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

function indent(depth) { return '    '.repeat(depth); }

class TestContext {
  #test;
  constructor(test) { this.#test = test; }
  get name() { return this.#test.name; }
  get signal() { return this.#test.controller.signal; }
  get fullName() { return this.#test.name; }
  diagnostic(message) { print(`${indent(this.#test.depth + 1)}# ${message}`); }
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
    const ctx = new TestContext(this);
    let error;
    if (!this.skipped && !this.todo && typeof this.fn === 'function') {
      try {
        for (const h of this.hooks.parent ? this.hooks.parent.allBeforeEach() : []) await invoke(h, undefined, ctx);
        if (this.isSuite) {
          const r = this.fn.call(ctx, ctx);
          if (r && typeof r.then === 'function') await r;
        } else {
          await invoke(this.fn, ctx, ctx);
          if (this.chain) await this.chain;
        }
        for (const h of this.hooks.before) await invoke(h, undefined, ctx);
        for (const child of this.children) {
          if (child.started) continue;
          await child.run(++this.childCount);
        }
        for (const h of this.hooks.after) await invoke(h, undefined, ctx);
        for (const h of this.hooks.parent ? this.hooks.parent.allAfterEach() : []) await invoke(h, undefined, ctx);
      } catch (err) {
        error = err;
      }
    }
    if (!error && this.children.some((c) => c.failed)) error = new Error(`${this.children.filter((c) => c.failed).length} subtests failed`);
    this.failed = error !== undefined && !this.todo;
    const pad = indent(this.depth);
    let directive = '';
    if (this.skipped) directive = ` # SKIP${typeof this.skipped === 'string' ? ` ${this.skipped}` : ''}`;
    else if (this.todo) directive = ` # TODO${typeof this.todo === 'string' ? ` ${this.todo}` : ''}`;
    print(`${pad}${error === undefined || this.todo ? 'ok' : 'not ok'} ${number} - ${this.name}${directive}`);
    if (error !== undefined && !this.todo) {
      if (this.depth === 0) failures++;
      const text = error && error.stack ? String(error.stack) : internal.inspect(error);
      print(`${pad}  ---\n${text.split('\n').map((l) => `${pad}  ${l}`).join('\n')}\n${pad}  ...`);
      process.exitCode = 1;
    }
  }
}

const rootHooks = new Hooks(null);
let currentSuite = null;

function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('beforeExit', () => {
    if (pendingTop > 0) {
      print(`# ${pendingTop} test(s) still pending when the event loop emptied`);
      process.exitCode = 1;
      pendingTop = 0;
    }
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
  if (isSuite) collect(t);
  const number = nextId++;
  pendingTop++;
  const p = running.then(() => t.run(number)).then(() => { pendingTop--; });
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
});
internal.nodeTestModule = nodeTest;
