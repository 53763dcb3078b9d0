const { inspect } = require('util');
const deep = (n) => { let v = 'leaf'; for (let i = 0; i < n; i++) v = [v]; return v; };
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  const b = exports.va_b;
  const good = {
    null: null, undefined: undefined, true: true, false: false,
    int: 42, negInt: -7, float: 1.5, negZero: -0, NaN: NaN, Infinity: Infinity, negInfinity: -Infinity,
    int64: 2 ** 53, bigint: 2n ** 40n, bigNeg: -(2n ** 62n), bigU64: 2n ** 64n - 1n,
    string: 'h\u00e9llo \u{1F600}', nul: 'a\0b',
    uint8: new Uint8Array([1, 2, 3]), arrayBuffer: new Uint8Array([9, 8]).buffer,
    holes: [1, , 3], nested: { a: { b: { c: [1, { d: 2 }] } } }, empty: [[], {}],
    map: new Map([[1, 'one'], ['k', { v: 2 }]]), set: new Set([1, 'two']), date: new Date(86400000),
    deep60: deep(60),
  };
  for (const [k, v] of Object.entries(good)) {
    const r = b.echo(v);
    console.log(k.padEnd(12), inspect(r, { depth: 3 }), b.type(v));
  }
  console.log('negZero kept', Object.is(b.echo(-0), -0), 'float 2.5 vs int 2', b.echo(2.5), b.echo(2));
  const cyc = {}; cyc.self = cyc;
  const bad = {
    cycle: cyc, deep100: deep(100), revokedProxy: (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })(),
    throwingGetter: { get x() { throw new Error('getter threw'); } },
    bigTooLarge: 2n ** 70n, symbol: Symbol('s'),
  };
  for (const [k, v] of Object.entries(bad)) {
    try { b.echo(v); console.log(k, 'accepted?!'); } catch (e) { console.log(k.padEnd(14), e instanceof TypeError, e.message); }
  }
  for (const k of ['cycle', 'bigint', 'symbol']) {
    try { b.badReturn(k); console.log('return', k, 'accepted?!'); } catch (e) { console.log('return', k.padEnd(7), e instanceof TypeError, e.message); }
  }
  ExecuteCommand('quit');
});
