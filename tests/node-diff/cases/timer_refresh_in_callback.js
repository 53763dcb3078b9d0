// Calling refresh() inside a timeout callback makes it fire again.
let n = 0;
const t = setTimeout(() => {
  n++;
  console.log('fire', n);
  if (n < 3) t.refresh();
}, 2);
process.on('exit', () => console.log('total', n));
