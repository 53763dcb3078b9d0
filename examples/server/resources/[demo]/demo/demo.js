// demo: talks to bank and shop through events, exports and callbacks, then
// reports the measured latency of awaits that cross resources. With
// `set demo_autoquit 1` (scripts/demo.sh when stdin is not a terminal) it
// quits after the report.
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const stats = {};
function record(kind, ms) {
  const s = stats[kind] || (stats[kind] = { n: 0, sum: 0, min: Infinity, max: 0 });
  s.n++; s.sum += ms; s.min = Math.min(s.min, ms); s.max = Math.max(s.max, ms);
}
const pongs = new Map();
on('bank:pong', (id) => { const r = pongs.get(id); pongs.delete(id); if (r) r(); });
const shopResults = [];
on('shop:result', (player, item, result) => shopResults.push(`${player} bought ${item}: ${result}`));

async function round(i) {
  let t = now();
  await new Promise((resolve) => { pongs.set(i, resolve); emit('bank:ping', i); });
  record('event answered by another resource', now() - t);
  t = now();
  await exports.bank.deposit('alice', 10);
  record('async export', now() - t);
  t = now();
  await new Promise((resolve) => exports.bank.audit('alice', resolve));
  record('callback called by another resource', now() - t);
}

on('onResourceStart', async (name) => {
  if (name !== GetCurrentResourceName()) return;
  console.log('demo: bank balance of alice is', exports.bank.getBalance('alice'));
  const seconds = GetConvarInt('demo_seconds', 3);
  const end = GetGameTimer() + seconds * 1000;
  let rounds = 0;
  let frames = 0;
  setTick(() => { frames++; });
  // One round per frame-ish, interleaved with the server's frames.
  while (GetGameTimer() < end) {
    await round(rounds++);
    if (rounds % 50 === 0) await new Promise((r) => setTimeout(r, 10));
  }
  emit('shop:buy', 'alice', 'apple');
  emit('shop:buy', 'alice', 'unicorn');
  await new Promise((r) => setTimeout(r, 20));
  console.log(`demo: ${rounds} rounds in ${seconds} s over ${frames} frames (a frame is ${1000 / GetConvarInt('sv_frameRate', 20)} ms)`);
  for (const r of shopResults) console.log('demo:', r);
  console.log('demo: alice now has', exports.bank.getBalance('alice'));
  console.log('demo: cross-resource await latency (request to continuation):');
  for (const [kind, s] of Object.entries(stats)) {
    console.log(`  ${kind.padEnd(38)} avg ${(s.sum / s.n * 1000).toFixed(0).padStart(5)} us   min ${(s.min * 1000).toFixed(0).padStart(4)} us   max ${(s.max * 1000).toFixed(0).padStart(6)} us   (${s.n} awaits)`);
  }
  if (GetConvarInt('demo_autoquit', 0)) ExecuteCommand('quit');
  else console.log('demo: still serving; type `resources`, `restart bank`, `help` or `quit`');
});
