// hrtime shapes (no values printed).
const h = process.hrtime();
console.log(Array.isArray(h), h.length, typeof h[0], typeof h[1]);
console.log(Number.isInteger(h[0]), Number.isInteger(h[1]), h[1] >= 0 && h[1] < 1e9);
const d = process.hrtime(h);
console.log(Array.isArray(d), d.length, d[0] >= 0, d[1] >= 0 && d[1] < 1e9);
const b1 = process.hrtime.bigint();
const b2 = process.hrtime.bigint();
console.log(typeof b1, b2 >= b1);
