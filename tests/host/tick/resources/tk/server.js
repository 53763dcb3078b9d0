let n = 0;
const id = setTick(() => {
  n++;
  if (n === 3) { clearTick(id); console.log('tick cleared after 3 frames'); }
});
let calls = 0;
const slow = setTick(async () => {
  calls++;
  await new Promise((r) => setTimeout(r, 200));
});
let threw = 0;
const bad = setTick(() => { if (++threw === 1) throw new Error('tick failed'); clearTick(bad); });
setTimeout(() => {
  clearTick(slow);
  console.log('frames of the cleared tick', n);
  console.log('slow async tick skipped while pending:', calls >= 1 && calls <= 2);
  ExecuteCommand('quit');
}, 300);
