// vm: runInThisContext, a Script with a file name, contexts with their own
// globals (values copied back out), compileFunction.
const vm = require('vm');
globalThis.shared = 1;
console.log(vm.runInThisContext('shared + 1'));
const ctx = vm.createContext({ x: 2, list: [] });
vm.runInContext('var y = x * 21; z = "set"; list.push(typeof require, typeof Array)', ctx);
console.log(ctx.y, ctx.z, ctx.list, vm.isContext(ctx), vm.isContext({}));
console.log(vm.runInNewContext('a + b', { a: 40, b: 2 }));
console.log(vm.runInNewContext('Object') === Object, vm.runInNewContext('[]') instanceof Array);
const script = new vm.Script('typeof shared + ":" + (this.x || "none")', { filename: 'file.vm' });
console.log(script.runInThisContext(), script.runInContext(ctx), script.runInNewContext({ x: 'new' }));
try {
  new vm.Script('throw new TypeError("inside")', { filename: 'thrower.vm' }).runInThisContext();
} catch (e) {
  console.log(e.name, e.message, /thrower\.vm:1/.test(e.stack));
}
try { new vm.Script('var = 1'); } catch (e) { console.log(e.name); }
const fn = vm.compileFunction('return a + b + c', ['a', 'b'], { contextExtensions: [{ c: 100 }] });
console.log(fn(1, 2), fn.length);
