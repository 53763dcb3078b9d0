// bh6_wait: on 'bh6:go', await bh6_prov's callback in a loop until the end
// time; on 'bh6:collect', report the latencies (us) of the awaits done.
const now = () => Number(process.hrtime.bigint()) / 1e3; // us
let samples = [];
let running = false;
on('bh6:go', async (endUs) => {
  running = true;
  while (running && now() < endUs) {
    const t0 = now();
    await new Promise((resolve) => exports.bh6_prov.later(resolve));
    if (running) samples.push(Math.round((now() - t0) * 10) / 10);
  }
  running = false;
});
on('bh6:collect', () => {
  running = false;
  emit('bh6:report', GetCurrentResourceName(), samples);
  samples = [];
});
