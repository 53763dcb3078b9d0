// The value matrix of docs/values.md, both ways.
function d(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') {
    if (Object.is(v, -0)) return 'number -0';
    return `number ${v}${Number.isInteger(v) ? ' (integral)' : ''}`;
  }
  if (typeof v === 'bigint') return `bigint ${v}`;
  if (typeof v === 'string') return `string ${JSON.stringify(v)} len ${v.length}`;
  if (v instanceof Uint8Array) return `Uint8Array [${[...v].join(',')}]`;
  if (Array.isArray(v)) return `array(${v.length}) [${v.map(d).join(', ')}]`;
  if (typeof v === 'function') return 'function';
  if (typeof v === 'object') return `object {${Object.keys(v).sort().map((k) => `${k}: ${d(v[k])}`).join(', ')}}`;
  return `${typeof v} ${v}`;
}
exports('show', (...args) => {
  console.log(`js received ${args.length} args`);
  args.forEach((a, i) => console.log(`  [${i}] ${d(a)}`));
  return args.length;
});
exports('roundTrip', (v) => v);
on('lv:jsToLua', () => {
  const r = exports.lv_lua.show(
    1, 1.5, -0, 2 ** 53, 2 ** 53 + 2, 9007199254740993n, 2n ** 63n - 1n, 2n ** 64n - 1n, NaN, Infinity,
    'a\0b', 'héllo', true, null, undefined, [1, null, 3], [], {}, { a: { b: [1, { c: 'deep' }] } },
    new Uint8Array([0, 255, 1]), [, 2], null);
  console.log('lua show returned', d(r));
  const back = exports.lv_lua.echo({ list: [1, 2, 3], empty: [], obj: {}, n: null, f: 0.25, i: 7 }, 'x', null, 'y');
  console.log('echo back:', d(back));
  emit('lv:done');
});
// a value that cannot be passed, named as the script wrote it
try { const o = {}; o.t = { self: o }; GlobalState.k = o; } catch (e) { console.log('js state bag cycle:', e.message); }
