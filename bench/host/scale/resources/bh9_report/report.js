// bh9_report: started after the generated resources. Prints the wall time
// since bench_t0 (the runner's spawn time, CLOCK_MONOTONIC us), the RSS, and
// how many of the bench_count resources bench_prefix0001... are started.
const t1 = Number(process.hrtime.bigint()) / 1e3;
const t0 = Number(GetConvar('bench_t0', '0'));
const prefix = GetConvar('bench_prefix', 'bh9_j');
const count = GetConvarInt('bench_count', 0);
let started = 0;
for (let i = 1; i <= count; i++) {
  if (GetResourceState(prefix + String(i).padStart(4, '0')) === 'started') started++;
}
const r = WeftBenchRusage();
console.log('BENCHJSON ' + JSON.stringify({
  row: '9', kind: prefix, count, started, wallMs: (t1 - t0) / 1e3,
  rssMiB: r[3] / 1048576, maxRssMiB: r[2] / 1024, cpuMs: (r[0] + r[1]) / 1e3,
}));
ExecuteCommand('quit');
