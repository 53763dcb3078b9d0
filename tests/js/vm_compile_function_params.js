// vm.compileFunction's params must be exactly the function's parameter
// list (QuickJS patches 0086-0087): one that closes it early and adds code
// is a SyntaxError and nothing runs. Node 20 itself crashes (SIGSEGV) on a
// parameter that is no identifier, so this is weft's test, not node-diff.
const assert = require('assert');
const vm = require('vm');

const injections = [
  // `return function (a) {}, globalThis.pwned = N, function (b) {...}`
  [['a) {}, globalThis.pwned = 1, function(b'], 'return b'],
  [['a', 'b) {}, globalThis.pwned = 2, function(c'], 'return c'],
  // a comment that swallows the wrapper's ") {" into code in the body
  [['a /*'], '*/) { globalThis.pwned = 3; return a'],
];
for (const [params, body] of injections) {
  for (const options of [{}, { parsingContext: vm.createContext({}) },
    { contextExtensions: [{ x: 1 }] }]) {
    // (an error from a parsingContext is that context's SyntaxError)
    assert.throws(() => vm.compileFunction(body, params, options), { name: 'SyntaxError' },
      JSON.stringify(params));
  }
}
assert.throws(() => vm.compileFunction('return b', ['a) {}, globalThis.pwned = 4, function(b']),
  { name: 'SyntaxError', message: 'Arg string terminates parameters early' });
assert.strictEqual(globalThis.pwned, undefined);

// the bounds are the refused parse's only: the next code with a function at
// the same place parses as usual
assert.strictEqual(vm.runInThisContext('(function (a) { return a; })')(5), 5);
assert.strictEqual(new Function('a', 'return a')(6), 6);

// what weft accepts beyond Node's identifiers: any FormalParameters, each
// element of params one or more of them
assert.deepStrictEqual(vm.compileFunction('return [a, b, c, r]', ['a = 1', '{ b, c }', '...r'])(
  undefined, { b: 2, c: 3 }, 4), [1, 2, 3, [4]]);
assert.strictEqual(vm.compileFunction('return a + b', ['a, b'])(1, 2), 3);
console.log('ok');
