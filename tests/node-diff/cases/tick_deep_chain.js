// 1000 recursively queued ticks all run before a single promise reaction.
let n = 0;
function tick() {
  n++;
  if (n < 1000) process.nextTick(tick);
}
Promise.resolve().then(() => console.log('promise sees n =', n));
process.nextTick(tick);
console.log('sync n =', n);
