// async_hooks: a hook enabled or disabled inside another hook's callback
// takes effect once the outermost emission ends (Node's call_depth); fs
// watchers are FSEVENTWRAP / STATWATCHER resources; fs.readFile's steps are
// four FSREQCALLBACKs, each triggered by the one before.
const async_hooks = require('async_hooks');
const fs = require('fs');
const seen = [];
const late = async_hooks.createHook({ init(id, type) { seen.push(`late:${type}`); } });
let nested = false;
const first = async_hooks.createHook({
  init(id, type, trigger) {
    seen.push(`first:${type}`);
    late.enable();
    if (!nested) { nested = true; fs.access(__filename, () => {}); }
  },
}).enable();
fs.access(__filename, () => {
  first.disable();
  late.disable();
  console.log(seen.join(' '));
  const types = [];
  const ids = new Map();
  const h = async_hooks.createHook({
    init(id, type, trigger, resource) {
      if (type === 'FSREQCALLBACK' || type === 'FSEVENTWRAP' || type === 'STATWATCHER') {
        ids.set(id, types.length);
        types.push(`${type}<-${ids.has(trigger) ? ids.get(trigger) : 'outside'}:${resource instanceof Object}`);
      }
    },
  }).enable();
  const w = fs.watch(__filename, () => {});
  w.close();
  fs.watchFile(__filename, { interval: 5000 }, () => {});
  fs.unwatchFile(__filename);
  fs.readFile(__filename, 'utf8', (err, text) => {
    h.disable();
    console.log(err, text.length > 100, types.join(' '));
  });
});
