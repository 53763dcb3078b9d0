// For each policy: from a tick handler (a frame just ran), start a 5 ms timer
// and await an event answered by dp_b from setImmediate. weft (immediate)
// and the 1 ms fast tick resume before the timer; frame resumes at the next
// frame, after it. Then a bad value is refused and the default restored.
let pending = null;
on('dp:pong', () => pending());

function scenario() {
  return new Promise((done) => {
    const id = setTick(async () => {
      clearTick(id);
      const log = [];
      setTimeout(() => log.push('timer 5 ms'), 5);
      await new Promise((resolve) => { pending = resolve; emit('dp:ping'); });
      log.push('continuation');
      setTimeout(() => done(log), 10);
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

on('onResourceStart', async (name) => {
  if (name !== GetCurrentResourceName()) return;
  for (const p of ['immediate', 'fasttick', 'frame', 'immediate']) {
    ExecuteCommand(`set weft_drainPolicy ${p}`);
    await sleep(5);
    console.log(`${GetConvar('weft_drainPolicy', '?')}: ${(await scenario()).join(', ')}`);
  }
  ExecuteCommand('set weft_drainPolicy sometimes');
  await sleep(5);
  console.log(`after a bad value: ${GetConvar('weft_drainPolicy', '?')}: ${(await scenario()).join(', ')}`);
  ExecuteCommand('quit');
});
