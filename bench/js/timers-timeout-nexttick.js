'use strict';
// Port of Node's benchmark/timers/timers-timeout-nexttick.js:
// set up n 1 ms timeouts, each scheduling a nextTick; as in Node's version
// the clock starts after the timers are scheduled and stops when the last
// tick has run. Reports ns per op (timer + tick). Warm-up pass of n/10 first.
// Usage: weft run timers-timeout-nexttick.js [n=1e6]
const N = Number(process.argv[2]) || 1e6;

function pass(n, report, then) {
  let count = 0;
  let start;
  // Node alternates between two callbacks to avoid V8 function-tracking effects.
  function cb() { process.nextTick(counter); }
  function cb2() { process.nextTick(counter); }
  function counter() {
    count++;
    if (count === n) {
      const ns = Number(process.hrtime.bigint() - start);
      if (report) console.log('RESULT ' + (ns / n).toFixed(1));
      if (then) setTimeout(then, 0);
    }
  }
  for (var i = 0; i < n; i++) setTimeout(i % 2 ? cb : cb2, 1);
  start = process.hrtime.bigint();
}

pass(Math.max(1, Math.floor(N / 10)), false, () => pass(N, true, null));
