const ah = require('async_hooks');
for (const bad of [{ init: 1 }, { before: 'x' }, { destroy: {} }]) {
  try { ah.createHook(bad); } catch (e) { console.log(e.name, e.code, e.message); }
}
console.log(typeof ah.createHook({}).enable().disable);
