// bh7: row 7 of bench/host. Process CPU time (getrusage through the
// benchmark-only native WeftBenchRusage) of 100k local emits (handler in
// this resource, and in another one) and of 20k synchronous export calls,
// bench_rounds rounds each; prints one `BENCHJSON {...}` line per case (ms).
const cpuUs = () => { const r = WeftBenchRusage(); return r[0] + r[1]; };
let local = 0;
on('bh7:local', (i) => { local += i; });

function timeIt(fn) {
  const c0 = cpuUs();
  fn();
  return Math.round((cpuUs() - c0) / 10) / 100; // ms
}
const cases = {
  '7a': () => { for (let i = 0; i < 100000; i++) emit('bh7:local', i); },
  '7b': () => { for (let i = 0; i < 100000; i++) emit('bh7:remote', i); },
  '7c': () => { let s = 0; for (let i = 0; i < 20000; i++) s += exports.bh7_sink.add(i, 1); return s; },
};

on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  const rounds = GetConvarInt('bench_rounds', 5);
  setTimeout(() => {
    for (const [row, fn] of Object.entries(cases)) {
      timeIt(fn); // warm-up round
      const s = [];
      for (let i = 0; i < rounds; i++) s.push(timeIt(fn));
      console.log('BENCHJSON ' + JSON.stringify({ row, unit: 'ms', samples: s }));
    }
    ExecuteCommand('quit');
  }, 100);
});
