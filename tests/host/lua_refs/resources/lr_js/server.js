let kept = [];
const mine = (x) => `js fn ${x}`;
exports('keep', (fn) => { kept.push(fn); return kept.length; });
exports('callAll', async () => {
  const out = [];
  for (const fn of kept) out.push(await fn(out.length));
  return out.length;
});
exports('drop', () => { kept = []; });
exports('makeFn', (i) => (x) => i + x);
exports('mine', () => mine);
exports('isMine', (fn) => fn === mine);
exports('callBack', (fn, v) => fn(v));
exports('hold', (fn) => { kept.push(fn); });
