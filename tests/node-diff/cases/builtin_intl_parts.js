// formatToParts of Intl.RelativeTimeFormat (the number's parts with their unit) and
// Intl.ListFormat (elements and literals) against Node 20.
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, JSON.stringify(r)); };
for (const l of ['en', 'de', 'ja', 'fr']) for (const o of [{}, { numeric: 'auto' }, { style: 'narrow' }]) {
  if (l === 'fr' && o.numeric) continue; // CLDR 42 vs 48
  const r = new Intl.RelativeTimeFormat(l, o);
  for (const [v, u] of [[-1, 'day'], [1234.5, 'day'], [-3, 'hours'], [0, 'second'], [-0, 'second'], [2, 'quarter'], [1e6, 'year'], [-1, 'week']]) show(`${l} ${JSON.stringify(o)} ${v} ${u}`, () => r.formatToParts(v, u));
}
for (const l of ['en', 'de', 'ja', 'es']) for (const o of [{}, { type: 'disjunction' }, { type: 'unit', style: 'narrow' }]) {
  const f = new Intl.ListFormat(l, o);
  for (const x of [[], ['a'], ['a', 'b'], ['a', 'b', 'c'], [', ', 'and', 'x y z']]) show(`${l} ${JSON.stringify(o)} ${JSON.stringify(x)}`, () => f.formatToParts(x));
}
show('rtf bad', () => new Intl.RelativeTimeFormat('en').formatToParts(1, 'decade'));
show('lf bad', () => new Intl.ListFormat('en').formatToParts([1]));
