// timers/promises with AbortSignal: setTimeout/setImmediate/scheduler.wait
// reject with AbortError (code ABORT_ERR, cause = the reason); an interval
// iterator ends by the signal; options are checked.
const tp = require('timers/promises');
const ac = new AbortController();
tp.setTimeout(1000, 'late', { signal: ac.signal }).catch((e) => console.log('setTimeout:', e.name, e.code, e.cause && e.cause.message));
ac.abort(new Error('stop'));
tp.setImmediate('x', { signal: AbortSignal.abort() }).catch((e) => console.log('setImmediate:', e.name, e.code));
tp.scheduler.wait(5).then(() => console.log('scheduler.wait resolved'));
tp.setTimeout(1, 'v', { ref: 'no' }).catch((e) => console.log('bad ref:', e.code));
try { new tp.scheduler.constructor(); } catch (e) { console.log('constructor:', e.code); }
(async () => {
  const ac2 = new AbortController();
  let n = 0;
  try {
    for await (const v of tp.setInterval(2, 'tick', { signal: ac2.signal })) {
      if (++n === 3) ac2.abort();
    }
  } catch (e) {
    console.log('interval ended by', e.name, 'after', n);
  }
})();
