// vm's timeout option: a runaway script is stopped with Node's error, which
// the caller can catch; nested timeouts; code that finishes in time is unaffected.
const vm = require('vm');

function show(f) {
  try {
    console.log('ok', f());
  } catch (e) {
    console.log(e.name, e.code, e.message, e instanceof Error);
  }
}
show(() => vm.runInNewContext('while (true) {}', {}, { timeout: 50 }));
show(() => new vm.Script('for (;;) {}').runInThisContext({ timeout: 30 }));
show(() => vm.runInContext('let n = 0; for (let i = 0; i < 1000; i++) n += i; n',
                           vm.createContext({}), { timeout: 1000 }));
// the script cannot catch the timeout itself
show(() => vm.runInNewContext('try { while (true) {} } catch (e) { "caught" }', {}, { timeout: 30 }));
// an inner timeout is caught by the outer script
const ctx = vm.createContext({ vm, log: (s) => console.log('inner:', s) });
show(() => vm.runInContext(`
  try { vm.runInNewContext('while (true) {}', {}, { timeout: 20 }); }
  catch (e) { log(e.message); }
  'outer done'`, ctx, { timeout: 5000 }));
// an outer timeout ends an inner run with a longer one
show(() => vm.runInContext(`vm.runInNewContext('while (true) {}', {}, { timeout: 5000 })`,
                           ctx, { timeout: 40 }));
show(() => vm.runInNewContext('1', {}, { timeout: -1 }));
setTimeout(() => console.log('loop still runs'), 1);
