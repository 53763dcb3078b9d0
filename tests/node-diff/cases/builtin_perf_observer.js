// perf_hooks beyond user timing: PerformanceObserver (entryTypes, type +
// buffered, takeRecords, disconnect, delivery after the current macrotask),
// measure options and Node's errors, timerify with a histogram,
// createHistogram's HDR statistics, monitorEventLoopDelay,
// eventLoopUtilization and nodeTiming's loop milestones.
const { performance, PerformanceObserver, createHistogram, monitorEventLoopDelay } = require('perf_hooks');
const util = require('util');
console.log(PerformanceObserver.supportedEntryTypes);
performance.mark('early');
const seen = [];
const obs = new PerformanceObserver((list, o) => {
  seen.push(list.getEntries().map((e) => `${e.entryType}:${e.name}`));
  console.log('observer', o === obs, seen.length, JSON.stringify(seen[seen.length - 1]));
  if (seen.length === 2) o.disconnect();
});
obs.observe({ entryTypes: ['mark', 'measure', 'function'] });
const buf = new PerformanceObserver((list) => console.log('buffered', list.getEntriesByType('mark').map((e) => e.name)));
buf.observe({ type: 'mark', buffered: true });
performance.mark('a', { startTime: 100005, detail: { k: [1, 2] } });
performance.mark('b', { startTime: 100015 });
const m = performance.measure('a-b', 'a', 'b');
console.log(m.startTime, m.duration, performance.measure('d', { start: 'a', duration: 3 }).duration,
  performance.measure('e', { end: 'b', duration: 4 }).startTime);
console.log('sync', seen.length);
for (const f of [() => performance.measure('x', { start: 'a' }, 'b'), () => performance.mark('y', { startTime: -1 }),
  () => performance.measure(1), () => obs.observe({}), () => obs.observe({ type: 'mark', entryTypes: ['mark'] }),
  () => new PerformanceObserver(1), () => performance.measure('z', 'nope')]) {
  try { f(); } catch (e) { console.log(e.name, e.code, e.message); }
}
const h = createHistogram();
const slow = performance.timerify(function slow(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; }, { histogram: h });
console.log(slow(1000), slow.name, slow.length, h.count, h.min > 0);
const g = createHistogram({ figures: 2 });
for (let i = 1; i <= 1000; i++) g.record(i * i);
g.record(7n);
console.log(g.count, g.min, g.max, g.mean, g.stddev.toFixed(3), g.percentile(50), g.percentile(99), g.percentileBigInt(100));
console.log(util.inspect(g.percentiles), JSON.stringify(createHistogram()));
for (const f of [() => g.record(0), () => g.record('1'), () => createHistogram({ figures: 6 }), () => g.percentile(0), () => g.add({})]) {
  try { f(); } catch (e) { console.log(e.name, e.code); }
}
const g2 = createHistogram(); g2.add(g); console.log(g2.count, g2.max === g.max); g2.reset(); console.log(g2.count, g2.min);
console.log(performance.nodeTiming.loopStart, performance.eventLoopUtilization());
const eld = monitorEventLoopDelay({ resolution: 5 });
console.log(eld.enable(), eld.enable());
setTimeout(() => {
  console.log(eld.disable(), eld.disable(), eld.count > 0, eld.min > 0, eld.max < 5e9);
  const u = performance.eventLoopUtilization();
  console.log(performance.nodeTiming.loopStart > performance.nodeTiming.bootstrapComplete, u.idle > 0, u.utilization > 0 && u.utilization < 1,
    performance.nodeTiming.idleTime > 0);
  const obs2 = new PerformanceObserver(() => console.log('not called'));
  obs2.observe({ entryTypes: ['mark'] });
  performance.mark('dropped');
  console.log('takeRecords', obs2.takeRecords().map((e) => e.name));
  obs2.disconnect();
}, 60);
