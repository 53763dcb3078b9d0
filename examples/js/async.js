// await chains, timers and an uncaughtException handler that keeps going.
process.on('uncaughtException', (err, origin) => console.log(`recovered from ${origin}: ${err.message}`));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  for (let i = 1; i <= 3; i++) {
    await sleep(10);
    console.log(`step ${i}`);
  }
  setTimeout(() => { throw new Error('thrown from a timer'); }, 1);
  await sleep(5);
  console.log('still running; exitCode', process.exitCode ?? 0);
})();
process.on('exit', (code) => console.log('exit', code));
