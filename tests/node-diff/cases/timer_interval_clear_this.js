// clearInterval(this) inside an interval callback stops it.
let n = 0;
setInterval(function () {
  n++;
  console.log('run', n);
  if (n === 2) clearInterval(this);
}, 1);
process.on('exit', () => console.log('done', n));
