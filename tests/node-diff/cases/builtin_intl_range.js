// formatRange of Intl.NumberFormat (ICU's range formatter) and Intl.DateTimeFormat
// (ICU's interval formats) against Node 20 (de's range spaces differ in CLDR 42/48).
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, JSON.stringify(r)); };
show('n1', () => new Intl.NumberFormat('en').formatRange(1, 5));
show('n2', () => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).formatRange(1, 5));
show('n3', () => new Intl.NumberFormat('en').formatRange(3, 3));
show('n4', () => new Intl.NumberFormat('de', { style: 'unit', unit: 'kilometer' }).formatRange(1.5, 7));
show('n5', () => new Intl.NumberFormat('en').formatRange(5, 1));
show('d1', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).formatRange(0, 86400000 * 3));
show('d2', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).formatRange(0, 86400000 * 40));
show('d3', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: 'numeric' }).formatRange(0, 3600000));
for (const l of ['en-US', 'ja-JP', 'fr-FR']) {
  for (const o of [{}, { dateStyle: 'medium' }, { year: 'numeric', month: 'short' }, { hour: 'numeric', minute: '2-digit' }, { weekday: 'long', day: 'numeric' }]) {
    const f = new Intl.DateTimeFormat(l, { ...o, timeZone: 'UTC' });
    show(`${l} ${JSON.stringify(o)}`, () => [[0, 0], [0, 3600000], [0, 86400000 * 2], [0, 86400000 * 45], [0, 86400000 * 400]].map(([a, b]) => f.formatRange(a, b)));
  }
  for (const o of [{}, { style: 'currency', currency: 'EUR' }, { style: 'percent' }, { notation: 'compact' }, { maximumFractionDigits: 0 }]) {
    const f = new Intl.NumberFormat(l, o);
    show(`${l} ${JSON.stringify(o)}`, () => [[1, 5], [1, 1], [-5, 5], [0.5, 0.75], [1000, 5000000], [3, 2], ['1', '1e30']].map(([a, b]) => f.formatRange(a, b)));
  }
}
show('range nan', () => new Intl.NumberFormat('en').formatRange(NaN, 1));
show('range undef', () => new Intl.NumberFormat('en').formatRange(1));
show('drange invalid', () => new Intl.DateTimeFormat('en').formatRange(NaN, 0));
show('drange undef', () => new Intl.DateTimeFormat('en').formatRange(0));
