// The exact line-breaking boundary (breakLength 80 with Node's start offset).
const s = (n) => 'x'.repeat(n);
console.log({ k: s(62) });
console.log({ k: s(63) });
console.log([s(65)]);
console.log([s(66)]);
console.log({ a: 'aaaaaaaaaa', b: 'bbbbbbbbbb', c: 'cccccccccc', d: 'ddddddddddd' });
console.log({ a: 'aaaaaaaaaa', b: 'bbbbbbbbbb', c: 'cccccccccc', d: 'dddddddddddd' });
