const now = () => Number(process.hrtime.bigint()) / 1e6;
// A frame is 50 ms: a continuation that waited for a frame would take 25 ms
// on average. The median of 21 awaits must be far below that.
const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
async function sample(fn) {
  const times = [];
  let v;
  for (let i = 0; i < 21; i++) {
    const t = now();
    v = await fn();
    times.push(now() - t);
  }
  return [v, median(times) < 10];
}
let answer;
on('answer', (v) => answer(v));
on('onResourceStart', async (name) => {
  if (name !== GetCurrentResourceName()) return;
  console.log('event answered by another resource:',
    ...await sample(() => new Promise((resolve) => { answer = resolve; emit('question', 21); })));
  console.log('callback passed to an export:',
    ...await sample(() => new Promise((resolve) => exports.aw_provider.callLater(resolve))));
  console.log('async export:', ...await sample(() => exports.aw_provider.double(21)));

  let hops = 0;
  const done = new Promise((resolve) => {
    on('hop', async (n) => {
      await null;
      hops++;
      if (n < 1000) emit('hop', n + 1);
      else resolve();
    });
  });
  const t = now();
  emit('hop', 1);
  await done;
  console.log('1000 hops:', hops, now() - t < 1000);
  ExecuteCommand('quit');
});
