// bh6_coord: row 6 of bench/host. Starts every bh6_w* resource's loop for
// bench_seconds, reads the process CPU time (WeftBenchRusage: getrusage) at
// both ends, collects the latencies and prints one `BENCHJSON {...}` line.
const now = () => Number(process.hrtime.bigint()) / 1e3; // us
const reports = [];
on('bh6:report', (name, samples) => reports.push({ name, samples }));

function cpuUs() {
  const r = WeftBenchRusage();
  return r[0] + r[1];
}

on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  const seconds = GetConvarInt('bench_seconds', 5);
  setTimeout(() => {
    const c0 = cpuUs();
    const t0 = now();
    emit('bh6:go', t0 + seconds * 1e6);
    setTimeout(() => {
      const c1 = cpuUs();
      const wall = now() - t0;
      emit('bh6:collect');
      let n = 0, sum = 0;
      const all = [];
      for (const r of reports) for (const x of r.samples) { all.push(x); sum += x; n++; }
      all.sort((a, b) => a - b);
      const p99 = all.length ? all[Math.min(all.length - 1, Math.floor(all.length * 0.99))] : null;
      console.log('BENCHJSON ' + JSON.stringify({
        row: '6', resources: reports.length, awaits: reports.map((r) => r.samples.length),
        meanUs: n ? sum / n : null, p99Us: p99, cpuUs: c1 - c0, wallUs: wall,
        cpuPerAwaitUs: n ? (c1 - c0) / n : null,
      }));
      ExecuteCommand('quit');
    }, seconds * 1000);
  }, 300);
});
