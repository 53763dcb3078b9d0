// 'beforeExit' fires when the loop empties; scheduling work re-arms the loop
// and it fires again.
let n = 0;
process.on('beforeExit', (code) => {
  n++;
  console.log('beforeExit', n, code);
  if (n < 3) setTimeout(() => console.log('timer from beforeExit', n), 1);
});
process.on('exit', (c) => console.log('exit', c, n));
console.log('main');
