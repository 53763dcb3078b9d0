// Errors: only message/name are printed.
try {
  throw new TypeError('bad type');
} catch (e) {
  console.log(e.message, e.name, e instanceof TypeError, e instanceof Error);
}
const e = new RangeError('out of range');
console.log(e.message);
console.log(String(e));
