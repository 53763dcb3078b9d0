// performance.mark()/measure() without any argument throw ERR_MISSING_ARGS;
// an explicit undefined name is accepted and named 'undefined' (Node 20).
const { performance } = require('perf_hooks');
const cases = [
  ['mark()', () => performance.mark()],
  ['measure()', () => performance.measure()],
  ['mark(undefined)', () => performance.mark(undefined).name],
  ['measure(undefined)', () => performance.measure(undefined).name],
  ['global mark()', () => globalThis.performance.mark()],
];
for (const [what, f] of cases) {
  try {
    console.log(what, 'returned', f());
  } catch (e) {
    console.log(what, 'threw', e.name, e.code, e.message);
  }
}
