// An interval and timeouts interleave by expiry time (wide margins, times
// WEFT_TEST_SLOW under `make asan`).
const S = Number(process.env.WEFT_TEST_SLOW) || 1;
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval', n);
  if (n === 3) clearInterval(iv);
}, 100 * S);
setTimeout(() => console.log('timeout 150'), 150 * S);
setTimeout(() => console.log('timeout 250'), 250 * S);
setTimeout(() => console.log('timeout 350'), 350 * S);
