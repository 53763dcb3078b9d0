// bh9_idle: started after bench_count resources with an empty setTick each;
// after 1 s, measures the process CPU time (getrusage) over bench_seconds.
const cpuUs = () => { const r = WeftBenchRusage(); return r[0] + r[1]; };
const seconds = GetConvarInt('bench_seconds', 5);
setTimeout(() => {
  const c0 = cpuUs();
  const t0 = Number(process.hrtime.bigint()) / 1e3;
  setTimeout(() => {
    const cpu = cpuUs() - c0;
    const wall = Number(process.hrtime.bigint()) / 1e3 - t0;
    console.log('BENCHJSON ' + JSON.stringify({
      row: '9i', resources: GetConvarInt('bench_count', 0), seconds: wall / 1e6,
      cpuMs: cpu / 1e3, cpuPercent: (100 * cpu) / wall,
    }));
    ExecuteCommand('quit');
  }, seconds * 1000);
}, 1000);
