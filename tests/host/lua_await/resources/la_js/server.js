// Frames are counted here; every "frames" figure below is a difference, so
// it does not depend on timing: 0 means "before the next frame".
let frames = 0;
setTick(() => { frames++; });
exports('frames', () => frames);
// An export that awaits another JS resource.
exports('relay', async (x) => { const v = await exports.la_js2.double(x); return `relayed ${v}`; });
// Hands a JS async callback to Lua, which calls it from CreateThread.
exports('makeCallback', () => async (n) => {
  const at = frames;
  await null;
  console.log('js callback continuation, frames since call:', frames - at);
  return n + 1;
});
// A Lua event into an async JS handler.
on('la:event', async (n) => {
  console.log('js handler sync part', n);
  const v = await exports.la_js2.double(n);
  console.log('js handler continuation', v);
  emit('la:answer', v);
});
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
let luaStart;
exports('mark', (what) => {
  if (what === 'start') { luaStart = now(); return; }
  const per = (now() - luaStart) / 200 * 1000;
  if (process.env.WEFT_PRINT_LATENCY) process.stderr.write(`latency Lua->JS await (JS async export, avg of 200): ${per.toFixed(1)} us\n`);
});
exports('tick', async () => { await null; return 1; });
on('la:go', async () => {
  // JS awaits a Lua export that Waits 10 ms.
  let t = now();
  const v = await exports.la_lua.waitThenReturn(10, 'ten');
  const ms = now() - t;
  // (timers count from the loop's cached time, as Node's do: a Wait(10)
  // started late in a loop iteration can end < 10 ms after by hrtime)
  console.log('js awaited lua Wait(10):', v, ms >= 1, ms < 1000);
  // JS awaits a Lua export that yields to the next check phase.
  const times = [];
  for (let i = 0; i < 101; i++) {
    t = now();
    await exports.la_lua.yieldOnce(i);
    times.push(now() - t);
  }
  const med = median(times);
  console.log('js awaited 101 yielding lua exports, median well under a frame:', med < 10);
  if (process.env.WEFT_PRINT_LATENCY) process.stderr.write(`latency JS->Lua await (Lua export that yields once, median of 101): ${(med * 1000).toFixed(1)} us\n`);
  // A sync Lua export returns directly, no promise.
  const r = exports.la_lua.sync(2);
  console.log('sync lua export:', r, typeof r.then);
  emit('la:done');
});
