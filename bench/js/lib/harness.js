'use strict';
// Shared driver for bench/js/*.js (weft and node alike): a warm-up pass of
// N/10 ops, then the measured pass of N ops started from a fresh
// setTimeout(0) (so neither engine measures its cold start or the warm-up's
// leftovers). Prints `RESULT <ns per op>`.
//   bench(defaultN, run, opsPerIter = 1)
//   run(n, done): performs n iterations and calls done() once, asynchronously.
// argv[2] overrides N (e.g. `weft run promise-hop.js 1e5`).
module.exports = function bench(defaultN, run, opsPerIter = 1) {
  const N = Number(process.argv[2]) || defaultN;
  const warm = Math.max(1, Math.floor(N / 10));
  run(warm, () => {
    setTimeout(() => {
      const start = process.hrtime.bigint();
      run(N, () => {
        const ns = Number(process.hrtime.bigint() - start);
        console.log('RESULT ' + (ns / (N * opsPerIter)).toFixed(1));
      });
    }, 0);
  });
};
