// obs_js: JS work for the profiler test: a tick, events, an export, an
// awaited export of the Lua resource, timers, immediates, nextTicks, a user
// scope and an HTTP handler.
let ticks = 0;
setTick(() => { ticks++; });
on('obs:ping', (n) => { Promise.resolve(n).then(() => process.nextTick(() => {})); });
exports('jsAdd', (a, b) => a + b);
setInterval(async () => {
  ProfilerEnterScope('js work');
  let s = 0;
  for (let i = 0; i < 2000; i++) s += i;
  ProfilerExitScope();
  emit('obs:ping', s);
  const v = await exports.obs_lua.luaSlow(2);
  setImmediate(() => { if (v !== 3) console.log('bad luaSlow', v); });
}, 20);
// the hitch test: a handler that holds the loop for ms milliseconds
on('obs:busy', (ms) => { const end = Date.now() + ms; while (Date.now() < end); });
SetHttpHandler((req, res) => { res.send('ok ' + ticks); });
