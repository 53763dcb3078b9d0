// structuredClone: cycles, Date, RegExp, Map, Set, typed arrays, errors,
// BigInt, holes; DataCloneError for functions and symbols; class instances
// become plain objects.
const o = { d: new Date(0), r: /x/gi, m: new Map([[1, { a: 1 }]]), s: new Set([1, 'a']), u: new Uint8Array([1, 2]), e: new RangeError('bad'), n: null, big: 10n, arr: [1, , 3] };
o.self = o;
const c = structuredClone(o);
console.log(c.self === c, c.d instanceof Date, c.d.getTime(), c.r.flags, c.m.get(1), [...c.s], c.u, c.e instanceof RangeError, c.e.message, c.big, c.arr.length, 1 in c.arr);
try { structuredClone(() => 1); } catch (e) { console.log(e.name, e.code); }
try { structuredClone(Symbol('s')); } catch (e) { console.log(e.name); }
class K { constructor() { this.x = 1; } } const k = structuredClone(new K()); console.log(k.constructor === Object, k.x);
console.log(structuredClone(undefined), structuredClone('s'), Object.getPrototypeOf(structuredClone(new Uint16Array(2))) === Uint16Array.prototype);
