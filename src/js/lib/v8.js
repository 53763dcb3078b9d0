// v8.js: the part of Node's `v8` module weft can honour on QuickJS:
// promiseHooks (onInit/onBefore/onAfter/onSettled/createHook, Node 20's
// lib/internal/promise_hooks.js semantics, on the same QuickJS promise hook
// as async_hooks) and setFlagsFromString for the V8 flags weft implements.
// Loaded on first require('v8').
if (!internal.asyncHooksModule) natives.loadLib('async_hooks');

// Node rejects async and generator functions as hooks (validatePlainFunction).
function validateHook(fn, name) {
  const tag = typeof fn === 'function' ? Object.prototype.toString.call(fn) : '';
  if (typeof fn !== 'function' || /Async|Generator/.test(tag)) {
    internal.throwInvalidArgType(name, 'function', fn);
  }
}

function makeUseHook(kind) {
  return (fn) => {
    validateHook(fn, `${kind}Hook`);
    return internal.addV8PromiseHook(kind, fn);
  };
}
const onInit = makeUseHook('init');
const onBefore = makeUseHook('before');
const onAfter = makeUseHook('after');
const onSettled = makeUseHook('settled');

function createHook({ init, before, after, settled } = {}) {
  const stops = [];
  // validate everything first: a bad hook registers none
  const given = [['init', init], ['before', before], ['after', after], ['settled', settled]];
  for (const [kind, fn] of given) if (fn !== undefined) validateHook(fn, `${kind}Hook`);
  for (const [kind, fn] of given) if (fn !== undefined) stops.push(internal.addV8PromiseHook(kind, fn));
  return () => { for (const stop of stops) stop(); };
}

// V8 flags at run time: the ones with a weft meaning take effect, others are
// ignored (V8 ignores flags it cannot apply after startup the same way).
function setFlagsFromString(flags) {
  if (typeof flags !== 'string') internal.throwInvalidArgType('flags', 'string', flags);
  for (const f of flags.split(/\s+/)) {
    if (f === '--abort-on-uncaught-exception' || f === '--abort_on_uncaught_exception') internal.abortOnUncaught = true;
    else if (f === '--no-abort-on-uncaught-exception' || f === '--no-abort_on_uncaught_exception') internal.abortOnUncaught = false;
  }
}

internal.v8Module = {
  promiseHooks: { onInit, onBefore, onAfter, onSettled, createHook },
  setFlagsFromString,
};
