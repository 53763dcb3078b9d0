// AssertionError messages as Node 20 prints them: the "+ actual - expected"
// line diff (common lines around a change, "..." for long runs, grouped
// +/- lines, the common tail), the short `a !== b` form, a custom message
// before the diff, the not-/loose operators, generatedMessage and operator.
const assert = require('assert');
const show = (f) => {
  try {
    f();
    console.log('no throw');
  } catch (e) {
    console.log(JSON.stringify(e.message), e.generatedMessage, e.operator, e.code);
  }
};
const range = (n, f = (i) => i) => Array.from({ length: n }, (_, i) => f(i));
show(() => assert.strictEqual(1, 2, 'custom'));
show(() => assert.strictEqual(1, 2));
show(() => assert.strictEqual(0, -0));
show(() => assert.strictEqual('abcdefghijklmnop', 'abcdefghijkXmnop'));
show(() => assert.strictEqual('a\nb\nc', 'a\nb\nd'));
show(() => assert.strictEqual({}, {}));
show(() => assert.strictEqual(() => {}, () => {}));
show(() => assert.deepStrictEqual({ a: 1, b: 2 }, { a: 1, b: 3 }));
show(() => assert.deepStrictEqual({ a: 1, b: 2 }, { a: 1, b: 3 }, 'custom'));
show(() => assert.deepStrictEqual(range(10, (i) => i + 1), [...range(9, (i) => i + 1), 11]));
show(() => assert.deepStrictEqual(range(100), range(100, (i) => i * 2)));
show(() => assert.deepStrictEqual(range(20), [...range(9), 'x', ...range(10, (i) => i + 10)]));
show(() => assert.deepStrictEqual([1, 2, 3], [1, 2, 3, 4, 5, 6]));
show(() => assert.deepStrictEqual([1, 2, 3, 4, 5, 6], [1, 2]));
show(() => assert.deepStrictEqual({ a: [1, 2, { b: 3 }], c: 'x'.repeat(30) },
  { a: [1, 2, { b: 4 }], c: 'x'.repeat(30), d: 1 }));
show(() => assert.deepStrictEqual({ a: Symbol('s') }, { a: Symbol('s') }));
show(() => assert.deepStrictEqual(new Error('x'), new Error('y')));
show(() => assert.notStrictEqual(1, 1));
show(() => assert.notStrictEqual({ a: 1 }, { a: 1 }.a && {}));
show(() => assert.notDeepStrictEqual({ a: 1 }, { a: 1 }));
show(() => assert.notDeepStrictEqual(range(60), range(60)));
show(() => assert.deepEqual({ a: 1 }, { a: 2 }));
show(() => assert.notDeepEqual({ a: 1 }, { a: 1 }));
show(() => assert.notDeepEqual(1, '1'));
show(() => assert.equal(1, 2));
show(() => assert.notEqual(1, 1));
show(() => assert.fail());
show(() => assert.fail('boom'));
show(() => assert.throws(() => { throw new TypeError('a'); }, { name: 'RangeError', message: 'a' }));
show(() => assert.throws(() => { throw new TypeError('abc'); }, { message: /x/ }));
assert.rejects(Promise.reject(null), { code: 'FOO' }).catch((e) => {
  console.log(JSON.stringify(e.message), e.operator);
});
assert.rejects(() => {}, Error).catch((e) => console.log(e.code));
const f = function () {};
f.then = () => {};
assert.rejects(f, Error).catch((e) => console.log(e.code));
