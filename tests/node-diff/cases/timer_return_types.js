// Return values of the scheduling functions.
const t = setTimeout(() => {}, 1);
const iv = setInterval(() => {}, 1);
const im = setImmediate(() => {});
console.log(typeof t, t.constructor.name);
console.log(typeof iv, iv.constructor.name);
console.log(typeof im, im.constructor.name);
console.log(clearTimeout(t), clearInterval(iv), clearImmediate(im));
