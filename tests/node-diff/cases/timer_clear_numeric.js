// A Timeout converts to a numeric id; clearTimeout accepts that number
// (and its string form).
const t1 = setTimeout(() => console.log('t1 NEVER'), 5);
const id1 = +t1;
console.log(typeof id1, Number.isInteger(id1), id1 > 0);
clearTimeout(id1);
const t2 = setTimeout(() => console.log('t2 NEVER'), 5);
clearTimeout(String(+t2));
const t3 = setTimeout(() => console.log('t3 runs'), 5);
console.log(t3[Symbol.toPrimitive]() === +t3);
