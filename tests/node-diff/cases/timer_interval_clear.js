// setInterval runs until cleared; clearing inside the callback stops it.
let n = 0;
const iv = setInterval((tag) => {
  n++;
  console.log('interval', tag, n);
  if (n === 3) clearInterval(iv);
}, 2, 'T');
process.on('exit', () => console.log('exit after', n, 'runs'));
