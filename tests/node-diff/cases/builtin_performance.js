// performance / perf_hooks: now, timeOrigin, mark/measure entries and their
// order, clearMarks, a missing mark, timerify.
const { performance: p2, PerformanceMark } = require('perf_hooks');
console.log(typeof performance.now(), performance.now() > 0, p2 === performance, typeof performance.timeOrigin, Math.abs(performance.timeOrigin + performance.now() - Date.now()) < 50);
const a = performance.mark('a', { detail: { x: 1 } });
console.log(a instanceof PerformanceMark, a.entryType, a.name, a.detail, a.duration);
const t0 = performance.now(); while (performance.now() - t0 < 5);
performance.mark('b');
const m = performance.measure('a to b', 'a', 'b');
console.log(m.entryType, m.name, m.duration >= 5, m.duration < 100);
console.log(performance.getEntriesByType('mark').map((e) => e.name), performance.getEntriesByName('a to b').length);
performance.clearMarks('a');
console.log(performance.getEntries().map((e) => e.name));
try { performance.measure('x', 'nope'); } catch (e) { console.log(e.name); }
const f = performance.timerify(function add(x, y) { return x + y; });
console.log(f(2, 3), f.name, f.length);
console.log(Object.prototype.toString.call(performance));
