// A context's globals are the contextified object's properties, as each
// access happens: declarations, assignments, deletes, `this`, getters.
const vm = require('vm');

const sb = { x: 1 };
const ctx = vm.createContext(sb);
vm.runInContext('var y = 2; function f() { return x; } z = 3; this.w = 4; let q = 5;', ctx);
console.log(Object.keys(sb).sort(), 'q' in sb);
for (const k of ['y', 'z', 'w']) console.log(k, JSON.stringify(Object.getOwnPropertyDescriptor(sb, k)));
sb.x = 10;
console.log(vm.runInContext('f()', ctx), vm.runInContext('this.x + x', ctx));
console.log(vm.runInContext('typeof this.Array, typeof Array, this.Array === Array', ctx));
console.log(vm.runInContext('delete this.w; typeof w', ctx), 'w' in sb);
delete sb.z;
console.log(vm.runInContext('typeof z', ctx));
try { vm.runInContext('nope', ctx); } catch (e) { console.log(e.name); }
try { vm.runInContext('"use strict"; undeclared = 1', ctx); } catch (e) { console.log(e.name); }
Object.defineProperty(sb, 'g', { get() { return 'getter ' + (this === sb); }, configurable: true });
console.log(vm.runInContext('g', ctx));
vm.runInContext('Object.defineProperty(this, "h", { value: 7, enumerable: true })', ctx);
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(sb, 'h')));
vm.runInContext('h = 8', ctx);
console.log(sb.h, vm.runInContext('h', ctx));
const t = vm.runInContext('this', ctx);
console.log(t === sb, t.x, vm.runInContext('globalThis === this', ctx));
console.log(vm.runInContext('var c = 1; delete c; typeof c', ctx));
console.log(vm.runInNewContext('typeof a + typeof b', { a: 1 }));
