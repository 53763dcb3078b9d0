// for await closes its iterator as V8 does: break, continue to an outer loop,
// return and a throw from the body call return() and await it before going on
const log = (...a) => console.log(a.join(' '));
function mk(name, opts = {}) {
  let i = 0;
  return {
    [Symbol.asyncIterator]() { return this; },
    next() { i++; if (opts.nextThrow && i === 2) return { then(a, j) { j(new Error('next-rej')); } }; return Promise.resolve({ value: i, done: i > 3 }); },
    ...(opts.noReturn ? {} : { return() {
      log(name, 'return called');
      if (opts.retThrow) throw new Error('ret-throw');
      return new Promise((r) => Promise.resolve().then(() => { log(name, 'return settled'); opts.retReject ? r({ then(a, j) { j(new Error('ret-rej')); } }) : r({ done: true }); }));
    } }),
  };
}
(async () => {
  for await (const x of mk('a')) { log('a', x); break; }
  log('after a');
  async function f() { for await (const x of mk('b')) { return 'rv' + x; } }
  log('b ->', await f());
  outer: for (const y of [1, 2]) { for await (const x of mk('c' + y)) { if (y === 1) continue outer; break outer; } }
  log('after c');
  try { for await (const x of mk('d')) throw new Error('body'); } catch (e) { log('d caught', e.message); }
  try { for await (const x of mk('e', { retThrow: true })) throw new Error('body'); } catch (e) { log('e caught', e.message); }
  try { for await (const x of mk('f', { retReject: true })) throw new Error('body'); } catch (e) { log('f caught', e.message); }
  try { for await (const x of mk('g', { retReject: true })) break; } catch (e) { log('g caught', e.message); }
  try { for await (const x of mk('h', { retThrow: true })) break; } catch (e) { log('h caught', e.message); }
  try { for await (const x of mk('i', { nextThrow: true })) { log('i', x); } } catch (e) { log('i caught', e.message); }
  for await (const x of mk('j', { noReturn: true })) { break; }
  log('after j');
  try { for await (const x of mk('k', { noReturn: true })) throw new Error('kb'); } catch (e) { log('k caught', e.message); }
  for await (const x of [Promise.resolve(1), 2]) { log('sync', x); }
  let n = 0; for await (const x of mk('l')) { n += x; if (x < 3) continue; } log('l sum', n);
  async function* g() { for await (const x of mk('m')) { yield x; } }
  for await (const v of g()) { log('m got', v); break; }
  log('after m');
  try { for await (const x of mk('o')) { try { throw new Error('inner'); } finally { log('o finally'); } } } catch (e) { log('o caught', e.message); }
  for await (const x of mk('p')) { try { break; } finally { log('p finally'); } }
  log('after p');
  async function q() { for await (const x of mk('q')) { try { return 'q' + x; } finally { log('q finally'); } } }
  log(await q());
  try { for await (const {a} of mk('r')) {} } catch (e) { log('r caught', e.constructor.name); }
  log('done');
})();
async function* src() { try { yield 1; yield 2; yield 3; } finally { console.log('src finally'); } }
async function* g() { try { for await (const x of src()) { yield x * 10; } } finally { console.log('g finally'); } }
(async () => { await new Promise((r) => setTimeout(r, 20));
  const it = g();
  console.log((await it.next()).value);
  console.log(JSON.stringify(await it.return(5)));
  for await (const x of g()) { if (x === 20) break; console.log('x', x); }
  console.log('end');
  // labelled block break out of for await
  blk: { for await (const x of src()) { break blk; } }
  console.log('after blk');
  // nested for await with throw from inner propagating through outer
  try { for await (const a of src()) { for await (const b of src()) { throw new Error('deep'); } } } catch (e) { console.log('deep caught'); }
  // switch break inside for await does not close
  for await (const x of src()) { switch (x) { case 1: break; } if (x === 2) break; }
  console.log('switch done');
})();
