// An interval and timeouts interleave by expiry time (wide margins).
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval', n);
  if (n === 3) clearInterval(iv);
}, 100);
setTimeout(() => console.log('timeout 150'), 150);
setTimeout(() => console.log('timeout 250'), 250);
setTimeout(() => console.log('timeout 350'), 350);
