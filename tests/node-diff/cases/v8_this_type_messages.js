// V8's wording for a prototype method of Number, String, Boolean, Symbol or
// BigInt called on another type (deps/patches/0096), as util.inspect shows
// it for a throwing getter.
const t = (f) => { try { f(); } catch (e) { console.log(e.constructor.name + ': ' + e.message); } };
t(() => Symbol.prototype.toString.call(1));
t(() => Symbol.prototype.valueOf.call(1));
t(() => Object.getOwnPropertyDescriptor(Symbol.prototype, 'description').get.call(1));
t(() => Symbol.prototype[Symbol.toPrimitive].call(1));
t(() => Number.prototype.toString.call('x'));
t(() => Number.prototype.valueOf.call('x'));
t(() => Number.prototype.toFixed.call('x'));
t(() => Number.prototype.toPrecision.call('x'));
t(() => Number.prototype.toExponential.call('x'));
t(() => Number.prototype.toLocaleString.call('x'));
t(() => String.prototype.toString.call(1));
t(() => String.prototype.valueOf.call(1));
t(() => Boolean.prototype.toString.call(1));
t(() => Boolean.prototype.valueOf.call(1));
t(() => BigInt.prototype.toString.call(1));
t(() => BigInt.prototype.valueOf.call(1));
console.log(require('util').inspect({ get [Symbol.species]() { return Symbol.prototype.toString.call(this); } }, { getters: true }));
