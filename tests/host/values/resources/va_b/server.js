exports('echo', (v) => v);
exports('type', (v) => Object.prototype.toString.call(v) + ' ' + typeof v);
exports('badReturn', (kind) => {
  if (kind === 'cycle') { const o = {}; o.self = o; return o; }
  if (kind === 'bigint') return 2n ** 70n;
  if (kind === 'symbol') return Symbol('s');
  return undefined;
});
