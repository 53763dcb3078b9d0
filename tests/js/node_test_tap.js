// node:test's default report when stdout is not a terminal (TAP), compared
// with Node's by node-test-tap.sh: plans, "# Subtest:" lines, YAML blocks
// (failureType, error, code, name, expected/actual/operator, location),
// skip/todo directives, suites, hooks, subtests, mocks and the summary.
const { test, describe, it, before, after, beforeEach, afterEach, mock } = require('node:test');
const assert = require('assert');
const log = [];
test('top pass', () => {});
test('top fail', () => { assert.strictEqual(1, 2); });
test('deep fail', () => { assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 3] }); });
test('with subtests', async (t) => {
  await t.test('sub a', () => {});
  await t.test('sub b', { skip: 'nope' }, () => {});
  await t.test('sub c', { todo: true }, () => { throw new Error('x'); });
  await t.test('sub # escaped \\ name', () => {});
});
test('parent of a failure', async (t) => {
  await t.test('child fails', () => { throw new TypeError('bad thing'); });
  await t.test('child ok', () => {});
});
describe('suite', () => {
  before(() => log.push('before'));
  beforeEach(() => log.push('beforeEach'));
  afterEach(() => log.push('afterEach'));
  after(() => log.push('after'));
  it('one', () => {});
  it.skip('two', () => {});
  it.todo('three');
  describe('inner', () => { it('deep', () => {}); });
});
describe('failing suite', () => { it('f', () => { throw 'str'; }); });
test.skip('skipped top');
test('callback style', (t, done) => { setTimeout(done, 1); });
test('rejects', () => Promise.reject(new Error('multi\nline')));
test('mocks', (t) => {
  const obj = { add(a, b) { return a + b; } };
  const spy = t.mock.method(obj, 'add');
  assert.strictEqual(obj.add(1, 2), 3);
  assert.strictEqual(spy.mock.calls.length, 1);
  assert.deepStrictEqual(spy.mock.calls[0].arguments, [1, 2]);
  assert.strictEqual(spy.mock.calls[0].result, 3);
  const fn = mock.fn(() => 7);
  fn();
  assert.strictEqual(fn.mock.callCount(), 1);
});
test('hooks ran in order', () => {
  assert.deepStrictEqual(log, ['before', 'beforeEach', 'afterEach', 'beforeEach', 'afterEach',
    'beforeEach', 'afterEach', 'after']);
});
