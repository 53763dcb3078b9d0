// Sync and async natives from JS: globals, CallNative, promises, errors.
console.log('echo', JSON.stringify(WeftTestEcho(1, 'two', [3], { k: null })));
console.log('CallNative', JSON.stringify(CallNative('WeftTestEcho', true)));
try { WeftTestFail(); } catch (e) { console.log('sync failure:', e.message); }
try { CallNative('NoSuchNative'); } catch (e) { console.log('missing:', e.name, e.message); }

const order = [];
setImmediate(() => order.push('immediate'));
WeftTestNow('settled during the call').then((v) => order.push(v));
Promise.resolve().then(() => order.push('microtask'));

(async () => {
  const p = WeftTestAfter(5, { a: 1, big: 2n ** 60n + 1n });
  console.log('async native returns a Promise:', p instanceof Promise);
  const v = await p;
  console.log('after:', v.a, typeof v.big, String(v.big));
  await new Promise((resolve) => setImmediate(resolve)); // after the first immediate
  console.log('order:', order.join(', '));
  console.log('work:', await WeftTestWork('from a pool thread'));
  try { await WeftTestReject('the database said no'); } catch (e) { console.log('reject:', e instanceof Error, e.message); }
  try { await WeftTestAfter('x'); } catch (e) { console.log('bad arguments:', e.message); }
  const many = await Promise.all(Array.from({ length: 100 }, (_, i) => WeftTestWork(i)));
  console.log('100 in flight, sum:', many.reduce((a, b) => a + b, 0));
  const mixed = await Promise.all([WeftTestAfter(3, 'timer'), WeftTestWork('thread'), WeftTestNow('now')]);
  console.log('mixed:', mixed.join(' '));
  emit('nat:jsDone');
})();
