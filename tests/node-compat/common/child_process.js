// weft's stand-in for Node's test/common/child_process.js: helpers that
// spawn a child synchronously and check how it ended, and the timings of the
// exec-timeout tests. Written for weft from how the selected tests use them.
'use strict';
const assert = require('assert');
const { spawnSync } = require('child_process');
const common = require('./');

// Windows only in Node (a child left over by an earlier run): nothing here.
function cleanupStaleProcess() {}

// the child of the exec-timeout tests: one line on each stream after `time` ms
function logAfterTime(time) {
  setTimeout(() => {
    console.log('child stdout');
    console.error('child stderr');
  }, time);
}

// A field of the expectations: a string (equal), a RegExp (matches) or a
// function (called with the value; it asserts).
function check(name, actual, want, trim) {
  if (want === undefined) return;
  if (typeof want === 'function') return want(actual);
  if (want instanceof RegExp) return assert.match(actual, want, `${name} does not match`);
  assert.strictEqual(trim ? actual.trim() : actual, want, `${name} differs`);
}

function expectSyncExit(child, { status, signal, stderr, stdout, trim = false }) {
  const out = child.stdout === null ? '' : child.stdout.toString();
  const err = child.stderr === null ? '' : child.stderr.toString();
  const describe = () => `status ${child.status} signal ${child.signal}\n--- stdout ---\n${out}\n--- stderr ---\n${err}`;
  if (status !== undefined) assert.strictEqual(child.status, status, describe());
  if (signal !== undefined) assert.strictEqual(child.signal, signal, describe());
  check('stdout', out, stdout, trim);
  check('stderr', err, stderr, trim);
  return { child, stdout: out, stderr: err };
}

function spawnSyncAndExit(...args) {
  const expectations = args.pop();
  return expectSyncExit(spawnSync(...args), expectations);
}

function spawnSyncAndExitWithoutError(...args) {
  const expectations = args.length > 1 && typeof args[args.length - 1] === 'object' &&
    !Array.isArray(args[args.length - 1]) && ('stdout' in args[args.length - 1] || 'stderr' in args[args.length - 1] ||
    'trim' in args[args.length - 1]) ? args.pop() : {};
  return expectSyncExit(spawnSync(...args), { status: 0, signal: null, ...expectations });
}

function spawnSyncAndAssert(...args) {
  const expectations = args.pop();
  return expectSyncExit(spawnSync(...args), { status: 0, signal: null, ...expectations });
}

module.exports = {
  cleanupStaleProcess,
  logAfterTime,
  kExpiringChildRunTime: common.platformTimeout(20 * 1000),
  kExpiringParentTimer: 1,
  expectSyncExit,
  spawnSyncAndExit,
  spawnSyncAndExitWithoutError,
  spawnSyncAndAssert,
};
