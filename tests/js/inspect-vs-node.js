'use strict';
// Compares weft's src/js/lib/inspect.js against Node's util.format /
// util.inspect.  Run with: node tests/js/inspect-vs-node.js

const fs = require('fs');
const path = require('path');
const util = require('util');

const source = fs.readFileSync(
  path.join(__dirname, '..', '..', 'src', 'js', 'lib', 'inspect.js'), 'utf8');

// Fake engine hooks. promiseState/previewEntries can't be implemented without
// Node internals, so they answer only for values registered by this test.
const promiseRegistry = new WeakMap();
const previewRegistry = new WeakMap();
const internal = {
  promiseState(p) {
    const s = promiseRegistry.get(p);
    if (s === undefined) throw new TypeError('not a promise');
    return s;
  },
  previewEntries(v, isIterator) {
    const s = previewRegistry.get(v);
    if (s === undefined) throw new TypeError('no preview');
    return isIterator ? s : s[0];
  },
};
// natives.binding('util') (src/js/util_binding.c) stands in for V8's checks:
// here Node's own util.types, which are V8's.
const utilBinding = { ...util.types, getProxyDetails() { return undefined; } };
utilBinding.previewEntries = (v, isIterator) => internal.previewEntries(v, isIterator);
const natives = { binding: (name) => (name === 'util' ? utilBinding : undefined) };
new Function('internal', 'natives', source)(internal, natives);
const ours = internal;

function promise(state, value) {
  let p;
  if (state === 0) p = new Promise(() => {});
  else if (state === 1) p = Promise.resolve(value);
  else { p = Promise.reject(value); p.catch(() => {}); }
  promiseRegistry.set(p, [state, value]);
  return p;
}

// Error helper: both get a V8-style stack ("Name: message" then the frame
// lines), as weft's err.stack is (deps/patches/0020-error-stack.patch).
const FRAMES = ['    at f (/app/file.js:3:5)', '    at g (/app/file.js:10:1)'];
function err(forOurs, Ctor, msg, extra) {
  const e = new Ctor(msg);
  if (extra) extra(e);
  e.stack = `${Error.prototype.toString.call(e)}\n${FRAMES.join('\n')}`;
  return e;
}

const range = (n, f = (i) => i) => Array.from({ length: n }, (_, i) => f(i));

// Each case: [label, kind, makeArgs(forOurs)] where kind is 'format' or
// 'inspect' (args = [value, options?]).
const cases = [];
function I(label, mk, opts) {
  cases.push([label, 'inspect', (o) => (opts === undefined ? [mk(o)] : [mk(o), opts])]);
}
function F(label, mk) {
  cases.push([label, 'format', mk]);
}
const v = (x) => () => x;

// ---- primitives
I('undefined', v(undefined));
I('null', v(null));
I('true', v(true));
I('false', v(false));
I('0', v(0));
I('-0', v(-0));
I('int', v(42));
I('negative', v(-17));
I('float', v(3.14159));
I('big float', v(1e21));
I('small float', v(1e-7));
I('NaN', v(NaN));
I('Infinity', v(Infinity));
I('-Infinity', v(-Infinity));
I('bigint', v(1n));
I('big bigint', v(-123456789012345678901234567890n));
I('string', v('hello'));
I('empty string', v(''));
I('string with single quote', v("it's"));
I('string with both quotes', v('it\'s "x"'));
I('string with all quotes', v('it\'s "x" `y`'));
I('string with quotes and ${', v('it\'s "x" ${y}'));
I('control chars', v('a\nb\tc\x00d\x1be\x7f'));
I('backslash', v('a\\b'));
I('C1 chars', v('\x85\x9f'));
I('lone surrogate', v('a\ud800b'));
I('emoji', v('😀 ok'));
I('unicode', v('héllo wörld'));
I('symbol', v(Symbol('x')));
I('symbol no desc', v(Symbol()));
I('symbol.iterator', v(Symbol.iterator));
I('symbol in registry', v(Symbol.for('reg')));
I('long string top-level', v('x'.repeat(200)));
I('string > maxStringLength', v('abc'.repeat(10)), { maxStringLength: 7 });
I('string maxStringLength 1 rem', v('abcd'), { maxStringLength: 3 });
I('multiline string in object', v({ s: 'line one of text\nline two of text\nline three of text and more text here' }));
I('long string in object', v({ key: 'a'.repeat(90) }));
I('long string in array', v(['b'.repeat(100), 'c']));
I('long string with quote in obj', v({ k: "don't ".repeat(20) }));
I('long escape string >100', v({ k: 'ab\n'.repeat(50) }));

// ---- arrays
I('empty array', v([]));
I('small array', v([1, 2, 3]));
I('nested array', v([1, [2, [3, [4, [5]]]]]));
I('array of strings', v(['a', 'b', 'c']));
I('mixed array', v([1, 'a', null, undefined, true, 1n, Symbol('s')]));
I('hole one', v([1, , 3])); // eslint-disable-line no-sparse-arrays
I('holes many', v([1, , , , 5])); // eslint-disable-line no-sparse-arrays
I('trailing holes', v(new Array(5)));
I('one trailing hole', v([1, 2, ,])); // eslint-disable-line no-sparse-arrays
I('sparse big', () => { const a = []; a[10] = 1; a[20] = 2; return a; });
I('array extra props', () => { const a = [1, 2]; a.foo = 'bar'; a['x-y'] = 1; return a; });
I('array symbol prop', () => { const a = [1]; a[Symbol('s')] = 2; return a; });
I('array 7 numbers', v(range(7)));
I('array 10 numbers', v(range(10)));
I('array 16 numbers', v(range(16, (i) => i * 3)));
I('array 26 numbers', v(range(26, (i) => i * i)));
I('array 30 numbers', v(range(30, (i) => (i % 2 ? -i : i * 1000))));
I('array 101 numbers', v(range(101)));
I('array 150 numbers', v(range(150)));
I('array 7 strings', v(range(7, (i) => `s${i}`)));
I('array 12 strings', v(range(12, (i) => 'word'.repeat(i % 3 + 1))));
I('array 20 strings', v(range(20, (i) => `item-${i}`)));
I('array 30 strings varied', v(range(30, (i) => 'x'.repeat((i * 7) % 13))));
I('array 26 letters', v('abcdefghijklmnopqrstuvwxyz'.split('')));
I('array mixed 8', v([1, 'two', 3, 'four', 5, 'six', 7, 'eight']));
I('array floats 9', v(range(9, (i) => i / 3)));
I('array bigints 8', v(range(8, (i) => BigInt(i) ** 5n)));
I('array of objects', v(range(3, (i) => ({ id: i, name: `n${i}` }))));
I('array of 8 objects', v(range(8, (i) => ({ id: i }))));
I('array of arrays', v(range(4, (i) => range(i))));
I('matrix 7x7', v(range(7, (i) => range(7, (j) => i * j))));
I('array maxArrayLength 3', v(range(10)), { maxArrayLength: 3 });
I('array maxArrayLength 0', v(range(3)), { maxArrayLength: 0 });
I('sparse with maxArrayLength', () => { const a = [1, , 3, , 5]; return a; }, { maxArrayLength: 2 }); // eslint-disable-line no-sparse-arrays
I('array subclass', () => { class MyArr extends Array {} return MyArr.from([1, 2]); });
I('array with long entries', v(['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30)]));
I('array grouped with undefined', v([1, 2, 3, 4, 5, 6, undefined, null]));
I('array 7 numbers in object', v({ data: range(7), more: range(20) }));
I('array 100 in nested', v({ a: { b: range(40) } }));

// ---- objects
I('empty object', v({}));
I('simple object', v({ a: 1, b: 'two' }));
I('nested object', v({ a: { b: { c: { d: 1 } } } }));
I('nested depth 2 arrays', v({ a: [{ b: [1] }] }));
I('quoted keys', v({ 'a-b': 1, 'c d': 2, 1: 3, _ok: 4, $d: 5, 'é': 6 }));
I('key with quote', v({ "it's": 1 }));
I('symbol keys', v({ [Symbol('x')]: 1, [Symbol.iterator]: 2 }));
I('__proto__ key', () => { const o = {}; Object.defineProperty(o, '__proto__', { value: 1, enumerable: true }); return o; });
I('getter', v({ get a() { return 1; } }));
I('setter', v({ set a(x) {} }));
I('getter/setter', v({ get a() { return 1; }, set a(x) {} }));
I('getters option', v({ get a() { return 1; }, get b() { return { x: 1 }; }, get c() { return null; } }), { getters: true });
I('getter throws', v({ get a() { throw new Error('boom'); } }), { getters: true });
I('non-enumerable hidden', () => { const o = { a: 1 }; Object.defineProperty(o, 'h', { value: 2 }); return o; });
I('non-enumerable showHidden', () => { const o = { a: 1 }; Object.defineProperty(o, 'h', { value: 2 }); return o; }, { showHidden: true });
I('undefined value', v({ a: undefined }));
I('circular', () => { const o = { a: 1 }; o.self = o; return o; });
I('circular nested', () => { const o = { x: {} }; o.x.parent = o; o.x.arr = [o.x]; return o; });
I('two circulars', () => { const a = { n: 'a' }; const b = { n: 'b', a }; a.b = b; return { a, b }; });
I('circular array', () => { const a = [1]; a.push(a); return a; });
I('circular map', () => { const m = new Map(); m.set('self', m); return m; });
I('depth limit', v({ l1: { l2: { l3: { l4: {} } } } }));
I('depth limit array', v({ l1: { l2: { l3: [1, 2] } } }));
I('depth 0', v({ a: { b: 1 }, c: [1] }), { depth: 0 });
I('depth Infinity', v({ a: { b: { c: { d: { e: 1 } } } } }), { depth: Infinity });
I('depth null', v({ a: { b: { c: { d: { e: 1 } } } } }), { depth: null });
I('null prototype', () => { const o = Object.create(null); o.a = 1; return o; });
I('null prototype empty', () => Object.create(null));
I('null proto of null proto', () => Object.create(Object.create(null)));
I('class instance', () => { class Foo { constructor() { this.a = 1; } } return new Foo(); });
I('class instance empty', () => { class Bar {} return new Bar(); });
I('class instance nested', () => { class P { constructor(x, y) { this.x = x; this.y = y; } } return { p: new P(1, 2), list: [new P(3, 4)] }; });
I('toStringTag own non-enum', () => { class T { get [Symbol.toStringTag]() { return 'Tagged'; } } return new T(); });
I('toStringTag object', () => ({ [Symbol.toStringTag]: 'X', a: 1 }));
I('object with toStringTag proto', () => Object.create({ [Symbol.toStringTag]: 'Custom' }));
I('custom inspect', () => ({ [Symbol.for('nodejs.util.inspect.custom')]() { return 'CUSTOM!'; } }));
I('custom inspect returning object', () => ({ inner: { [Symbol.for('nodejs.util.inspect.custom')](d) { return { depth: d }; } } }));
I('custom inspect multiline', () => ({ a: { [Symbol.for('nodejs.util.inspect.custom')]() { return 'x\ny'; } } }));
I('customInspect false', () => ({ [Symbol.for('nodejs.util.inspect.custom')]() { return 'no'; }, a: 1 }), { customInspect: false });
I('sorted', v({ c: 1, a: 2, b: 3 }), { sorted: true });
I('compact false', v({ a: 1, b: [1, 2], c: { d: 'x' } }), { compact: false });
I('compact true', v({ a: 1, b: [1, 2], c: { d: 'x' } }), { compact: true });
I('compact true long', v({ aaaa: 'x'.repeat(40), bbbb: 'y'.repeat(40), c: { d: range(30) } }), { compact: true });
I('compact 1', v({ a: { b: { c: 1 } } }), { compact: 1 });
I('breakLength 40', v({ alpha: 1, beta: 2, gamma: 3, delta: 4, epsilon: 5 }), { breakLength: 40 });
I('breakLength Infinity', v({ a: 'x'.repeat(50), b: 'y'.repeat(50) }), { breakLength: Infinity });
I('numericSeparator', v({ a: 1234567, b: 1234.5678, c: 123456789n, d: -1000 }), { numericSeparator: true });
I('colors', v({ a: 1, s: 'x', n: null, u: undefined, b: true, sym: Symbol('q'), d: new Date(0), r: /x/ }), { colors: true });
I('colors array grouped', v(range(20)), { colors: true });

// objects near the break length (72-80 columns)
for (let n = 60; n <= 80; n += 2) {
  I(`object width ~${n}`, v({ key: 'v'.repeat(n - 20), k2: 12 }));
}
for (let n = 3; n <= 8; n++) {
  I(`object ${n} entries`, v(Object.fromEntries(range(n, (i) => [`property${i}`, i * 11]))));
}
I('7 short entries', v({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }));
I('array width ~76', v(['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc', 'dddddddddddd', 'eeeee']));
I('array width ~80', v(['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc', 'dddddddddddd', 'eeeeeeeeee']));
I('nested near break', v({ outer: { inner: 'z'.repeat(50), n: 1 }, other: 2 }));

// realistic big objects
const pkg = {
  name: 'weft',
  version: '1.0.0',
  description: 'A tiny runtime',
  scripts: { build: 'make', test: 'node tests/run.js', lint: 'eslint src' },
  dependencies: { quickjs: '2025-04-26', libuv: '^1.48.0' },
  keywords: ['runtime', 'javascript', 'quickjs', 'libuv', 'embedded', 'small', 'fast', 'c'],
  contributors: [
    { name: 'Alice', email: 'alice@example.com', roles: ['lead', 'dev'] },
    { name: 'Bob', email: 'bob@example.com', roles: ['dev'] },
  ],
  config: { port: 8080, hosts: ['localhost', '127.0.0.1'], tls: { enabled: false, cert: null } },
};
I('package.json-like', v(pkg));
I('package.json-like depth 5', v(pkg), { depth: 5 });
const users = range(5, (i) => ({
  id: i + 1,
  username: `user_${i}`,
  active: i % 2 === 0,
  scores: range(8, (j) => (i + 1) * j),
  profile: { age: 20 + i, city: ['Paris', 'Berlin', 'Tokyo', 'Lima', 'Oslo'][i], tags: new Set(['a', 'b']) },
  created: new Date(Date.UTC(2020, i, 1)),
}));
I('users list', v(users));
I('users list depth 4', v(users), { depth: 4 });
I('api response', v({
  status: 200,
  headers: new Map([['content-type', 'application/json'], ['x-request-id', 'abc-123-def-456']]),
  body: { items: users.slice(0, 2), total: 2, next: null },
}));
I('geojson', v({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [102.0, 0.5] }, properties: { prop0: 'value0' } }] }));
I('deep config', v({ server: { http: { port: 80, routes: [{ path: '/', handler: 'index' }, { path: '/api', handler: 'api' }] } } }));

// ---- functions & classes
I('function', v(function foo() {}));
I('anonymous function', v(function () {}));
I('arrow', v(() => {}));
I('named arrow', () => { const myArrow = () => 1; return myArrow; });
I('async function', v(async function af() {}));
I('async arrow', v(async () => {}));
I('generator', v(function* gen() {}));
I('async generator', v(async function* ag() {}));
I('class', v(class A {}));
I('anonymous class', v(class {}));
I('class extends', () => { class A {} return class B extends A {}; });
I('class extends Error', v(class MyErr extends Error {}));
I('function with props', () => { function f() {} f.a = 1; f.b = 'x'; return f; });
I('class with static', () => { class S { static x = 1; } return S; });
I('bound function', v(function bar() {}.bind(null)));
I('method', v({ m() {} }.m));
I('functions in object', v({ f() {}, g: () => {}, h: class {}, k: async () => {} }));
I('builtin function', v(Math.max));
I('null proto function', () => { const f = function nf() {}; Object.setPrototypeOf(f, null); return f; });

// ---- Map / Set / weak
I('empty Map', v(new Map()));
I('Map', v(new Map([['a', 1], ['b', 2]])));
I('Map object keys', v(new Map([[{ a: 1 }, [1, 2]], [null, undefined]])));
I('nested Map', v(new Map([['m', new Map([['n', new Map([['o', 1]])]])]])));
I('big Map', v(new Map(range(10, (i) => [`key${i}`, { value: i }]))));
I('Map > maxArrayLength', v(new Map(range(5, (i) => [i, i]))), { maxArrayLength: 2 });
I('empty Set', v(new Set()));
I('Set', v(new Set([1])));
I('Set strings', v(new Set(['a', 'b', 'c'])));
I('Set big', v(new Set(range(30))));
I('Set with props', () => { const s = new Set([1]); s.extra = true; return s; });
I('Map subclass', () => { class MyMap extends Map {} return new MyMap([[1, 2]]); });
I('null proto Map', () => { const m = new Map([[1, 2]]); Object.setPrototypeOf(m, null); return m; });
I('WeakMap', v(new WeakMap()));
I('WeakSet', v(new WeakSet()));
I('Map iterator (preview hook)', () => {
  const m = new Map([['a', 1], ['b', 2]]);
  const it = m.entries();
  previewRegistry.set(it, [['a', 1, 'b', 2], true]);
  return it;
});
I('Set iterator (preview hook)', () => {
  const s = new Set([1, 2]);
  const it = s.values();
  previewRegistry.set(it, [[1, 2], false]);
  return it;
});

// ---- boxed, dates, regexps
I('Number object', v(new Number(3)));
I('Number -0 object', v(new Number(-0)));
I('String object', v(new String('x')));
I('String object with prop', () => { const s = new String('ab'); s.p = 1; return s; });
I('Boolean object', v(new Boolean(false)));
I('BigInt object', v(Object(5n)));
I('Symbol object', v(Object(Symbol('bx'))));
I('Date', v(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678))));
I('Date epoch', v(new Date(0)));
I('invalid Date', v(new Date(NaN)));
I('Date with prop', () => { const d = new Date(0); d.x = 1; return d; });
I('Date in object', v({ when: new Date(1e12) }));
I('RegExp', v(/ab+c/gi));
I('RegExp escaped', v(/a\/b[\]]/));
I('RegExp with prop', () => { const r = /x/; r.y = 2; return r; });
I('RegExp subclass', () => { class R extends RegExp {} return new R('q', 'm'); });

// ---- errors
I('Error', (o) => err(o, Error, 'boom'));
I('TypeError', (o) => err(o, TypeError, 'bad type'));
I('RangeError empty message', (o) => err(o, RangeError, ''));
I('Error with code', (o) => err(o, Error, 'fail', (e) => { e.code = 'E_FAIL'; }));
I('Error with props', (o) => err(o, Error, 'fail', (e) => { e.code = 'X'; e.errno = -2; e.info = { a: 1 }; }));
I('Error subclass', (o) => { class MyError extends Error {} return err(o, MyError, 'sub'); });
I('Error subclass with name', (o) => {
  class ValidationError extends Error { constructor(m) { super(m); this.name = 'ValidationError'; } }
  return err(o, ValidationError, 'invalid');
});
I('Error in object', (o) => ({ error: err(o, Error, 'nested'), ok: false }));
I('Error in array', (o) => [err(o, Error, 'a'), err(o, TypeError, 'b')]);
I('Error deeply nested', (o) => ({ a: { b: { e: err(o, Error, 'deep', (e) => { e.code = 'D'; }) } } }));
I('Error with cause', (o) => err(o, Error, 'outer', (e) => {
  Object.defineProperty(e, 'cause', { value: { reason: 'x' }, enumerable: false, writable: true, configurable: true });
}));
I('Error without stack', () => { const e = new Error('nostack'); e.stack = undefined; return e; });
I('Error stack custom string', () => { const e = new Error('m'); e.stack = 'custom stack text'; return e; });
I('Error name changed', (o) => err(o, Error, 'renamed', (e) => { e.name = 'CustomName'; }));
I('Error empty stack', () => { const e = new Error('m'); e.stack = ''; return e; });
I('AggregateError', (o) => err(o, AggregateError, 'many', (e) => {
  Object.defineProperty(e, 'errors', { value: [1, 'two'], enumerable: false, writable: true, configurable: true });
}));
I('Error message multi-line', (o) => err(o, Error, 'line1\nline2'));
I('Error at depth limit', (o) => ({ a: { b: { c: err(o, Error, 'x') } } }));

// ---- typed arrays / buffers
I('Uint8Array', v(new Uint8Array([1, 2, 3])));
I('empty Uint8Array', v(new Uint8Array(0)));
I('Float64Array', v(new Float64Array([1.5, -0, NaN])));
I('Int16Array 20', v(new Int16Array(range(20, (i) => i * -7))));
I('BigInt64Array', v(new BigInt64Array([1n, -2n])));
I('Uint8Array 200', v(new Uint8Array(200)));
I('Uint8Array with prop', () => { const u = new Uint8Array(2); u.tag = 'x'; return u; });
I('ArrayBuffer', v(new Uint8Array([1, 2]).buffer));
I('ArrayBuffer empty', v(new ArrayBuffer(0)));
I('ArrayBuffer big', v(new ArrayBuffer(120)));
I('DataView', v(new DataView(new ArrayBuffer(4), 1, 2)));
I('typed array showHidden', v(new Uint8Array([5, 6])), { showHidden: true });
I('Uint8ClampedArray', v(new Uint8ClampedArray([255, 0])));

// ---- promises (via fake promiseState hook)
I('Promise pending', () => promise(0));
I('Promise fulfilled', () => promise(1, 42));
I('Promise fulfilled object', () => promise(1, { a: [1, 2] }));
I('Promise rejected', () => promise(2, 'nope'));
I('Promise in object', () => ({ p: promise(1, 'v') }));

// ---- misc objects
I('arguments', () => (function () { return arguments; })(1, 'a'));
I('global Math', v(Math));
I('JSON object', v(JSON));
I('object with array values near break', v({ numbers: range(12), letters: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }));
I('showHidden object', v({ a: [1, 2] }), { showHidden: true });
I('showHidden class proto props', () => { class K { constructor() { this.x = 1; } } K.prototype.shared = 5; return new K(); }, { showHidden: true });
I('legacy args', v({ a: { b: { c: { d: 1 } } } }), true);

// ---- format
F('plain string', v(['hello']));
F('no args', v([]));
F('%s string', v(['a %s c', 'b']));
F('%s number', v(['%s', 42]));
F('%s -0', v(['%s', -0]));
F('%s bigint', v(['%s', 5n]));
F('%s object', v(['%s', { a: { b: { c: 1 } } }]));
F('%s array', v(['%s', [1, [2, [3]]]]));
F('%s null/undefined', v(['%s %s', null, undefined]));
F('%s symbol', v(['%s', Symbol('s')]));
F('%s class instance with toString', () => { class T { toString() { return 'T!'; } } return ['%s', new T()]; });
F('%s class instance no toString', () => { class U { constructor() { this.u = 1; } } return ['%s', new U()]; });
F('%s Error', () => ['%s', (() => { const e = new Error('se'); e.stack = 'Error: se\n    at x (y.js:1:1)'; return e; })()]);
F('%s Date', v(['%s', new Date(0)]));
F('%s function', v(['%s', function fn() { return 1; }]));
F('%d', v(['%d', 42]));
F('%d string', v(['%d', '42.5']));
F('%d bigint', v(['%d', 7n]));
F('%d symbol', v(['%d', Symbol('x')]));
F('%d object', v(['%d', {}]));
F('%d -0', v(['%d', -0]));
F('%i', v(['%i', 42.9]));
F('%i string', v(['%i', '0x1f']));
F('%i bigint', v(['%i', 9n]));
F('%f', v(['%f', '3.5abc']));
F('%f symbol', v(['%f', Symbol('f')]));
F('%j', v(['%j', { a: [1, 'x'] }]));
F('%j circular', () => { const o = {}; o.o = o; return ['%j', o]; });
F('%j undefined', v(['%j', undefined]));
F('%o', v(['%o', { a: [1, 2], f() {} }]));
F('%o array', v(['%o', [1, 2, 3]]));
F('%O', v(['%O', { a: { b: { c: { d: 1 } } } }]));
F('%c', v(['%cstyled%c text', 'color: red', 'x']));
F('%%', v(['100%% sure', 1]));
F('%% only', v(['100%%']));
F('lone %', v(['50% off', 'x']));
F('trailing %', v(['end %', 1]));
F('unknown %x', v(['%x %s', 'y']));
F('missing args', v(['%s and %s', 'one']));
F('extra args', v(['%s', 'a', 'b', 3, { c: 1 }]));
F('non-string first', v([1, 2, 'three', { four: 4 }]));
F('object first', v([{ a: 1 }, 'str', [1]]));
F('string args without specifiers', v(['a', 'b', 'c']));
F('multiple specifiers', v(['%s:%d:%i:%f:%j', 'a', 1.5, 2.5, '3.5', [4]]));
F('%s long string', v(['%s', 'x'.repeat(100)]));
F('null first', v([null, undefined]));
F('symbol first', v([Symbol('first'), 1]));
F('error arg', (o) => ['failed:', err(o, Error, 'ouch')]);
F('%s with extra object', v(['value=%s', 3, { x: [1, 2, 3] }]));
F('array arg', v(['list', range(30)]));

// ---- seeded random nested structures (layout algorithm coverage)
{
  let seed = 12345;
  const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  const ri = (n) => Math.floor(rnd() * n);
  const words = ['a', 'bb', 'foo', 'hello world', 'x-y', "it's", 'line\nbreak', '',
                 'longer string value here', '\u00fc', '\u{1F600}', '\u4e2d\u6587'];
  const gen = (d) => {
    switch (ri(d > 3 ? 5 : 11)) {
      case 0: return ri(1000) - 500;
      case 1: return words[ri(words.length)];
      case 2: return [null, undefined, true, false, -0, NaN, 1.5e300, 12345678901n][ri(8)];
      case 3: return words[ri(words.length)].repeat(ri(8));
      case 4: return rnd() * 1000;
      case 5: case 6: return range(ri(d < 2 ? 35 : 8), () => gen(d + 1));
      case 7: case 8: {
        const o = {};
        for (let i = ri(9); i > 0; i--) o[words[ri(words.length)] + (ri(3) ? '' : i)] = gen(d + 1);
        return o;
      }
      case 9: {
        const m = new Map();
        for (let i = ri(5); i > 0; i--) m.set(gen(d + 1), gen(d + 1));
        return m;
      }
      default: return new Set(range(ri(10), () => gen(d + 1)));
    }
  };
  const optionSets = [undefined, { depth: 4 }, { compact: false }, { breakLength: 60 },
                      { compact: 1 }, { compact: true }, { sorted: true }, { depth: 0 },
                      { breakLength: 120, depth: 5 }];
  for (let i = 0; i < 200; i++) {
    const value = gen(0);
    const opts = optionSets[ri(optionSets.length)];
    I(`random #${i}`, v(value), opts);
  }
}

// ---------------------------------------------------------------------------

let passed = 0;
let failed = 0;
for (const [label, kind, mk] of cases) {
  let expected;
  let actual;
  try {
    const nodeArgs = mk(false);
    expected = kind === 'format' ? util.format(...nodeArgs) : util.inspect(...nodeArgs);
  } catch (e) {
    expected = `THREW ${e && e.message}`;
  }
  try {
    const ourArgs = mk(true);
    actual = kind === 'format' ? ours.format(...ourArgs) : ours.inspect(...ourArgs);
  } catch (e) {
    actual = `THREW ${e && e.stack}`;
  }
  if (expected === actual) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${kind} ${label}`);
    console.log(`  expected: ${JSON.stringify(expected)}`);
    console.log(`  actual:   ${JSON.stringify(actual)}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
