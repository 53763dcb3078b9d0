// import() in vm code without --experimental-vm-modules: Node's errors for a
// Script or compiled function with no callback or with one (the flag is
// missing), the main context's own loader (USE_MAIN_CONTEXT_DEFAULT_LOADER)
// from this and a DONT_CONTEXTIFY context, code in an eval inside the
// script, and the checks of import()'s second argument in ordinary code.
const vm = require('vm');
const path = require('path');
const file = path.join(__dirname, 'lib', 'vm_module_where.mjs');

const settle = (label, p) => p.then((ns) => console.log(label, 'ok', ns.where),
  (e) => console.log(label, e.name, e.code));

(async () => {
  await settle('script', new vm.Script(`import(${JSON.stringify(file)})`).runInThisContext());
  await settle('eval in script', vm.runInThisContext(`eval('import(${JSON.stringify(file)})')`));
  await settle('nested function', vm.runInNewContext(`(() => () => import('x'))()()`));
  await settle('compileFunction', vm.compileFunction('return import("x")')());
  await settle('callback, no flag', new vm.Script('import("x")', {
    importModuleDynamically() { throw new Error('not called'); },
  }).runInThisContext());
  const main = await import(file);
  const s = new vm.Script(`import(${JSON.stringify(file)})`, {
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const ns = await s.runInThisContext();
  console.log('main loader', ns === main, ns.where);
  const plain = vm.createContext(vm.constants.DONT_CONTEXTIFY);
  console.log('plain context', vm.isContext(plain), Object.keys(plain).length, typeof plain.Array);
  console.log('same module', (await s.runInContext(plain)) === main);
  try {
    new vm.Script('1', { importModuleDynamically: 'no' });
  } catch (e) {
    console.log('bad option', e.code);
  }
  // the second argument of import()
  await settle('options not an object', import(file, 1));
  await settle('with not an object', import(file, { with: 'json' }));
  await settle('attribute not a string', import(file, { with: { type: 1 } }));
  await settle('trailing comma', import(file,));
  await settle('empty options', import(file, {},));
  let order = [];
  const p = import({ toString() { order.push('specifier'); return file; } },
    { get with() { order.push('with'); return undefined; } });
  order.push('after');
  await settle('order', p);
  console.log('order', order);
})();
