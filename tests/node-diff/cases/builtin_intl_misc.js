// Intl.Collator, PluralRules, RelativeTimeFormat, ListFormat, DisplayNames,
// Locale, getCanonicalLocales, supportedValuesOf and the string built-ins
// against Node 20, with explicit locales.
'use strict';
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, JSON.stringify(r)); };
const words = ['a', 'B', 'b', 'A', 'ä', 'Ä', 'z', 'Z', 'résumé', 'resume', 'Resume', 'item10', 'item2', 'item1', '', ' ', '-a', 'a-', 'ß', 'ss', 'æ', 'ø', 'å', 'ö', 'Ö', '10', '9', '１', 'ｱ', 'ア', 'あ', '漢', 'x y', 'xy'];
for (const l of ['en', 'de', 'sv', 'da', 'fr', 'es', 'ja', 'zh', 'de-u-co-phonebk', 'en-u-kn', 'en-u-kf-upper']) {
  console.log(l, JSON.stringify(words.slice().sort(new Intl.Collator(l).compare)));
}
for (const o of [{ sensitivity: 'base' }, { sensitivity: 'accent' }, { sensitivity: 'case' }, { numeric: true }, { caseFirst: 'upper' }, { caseFirst: 'lower' }, { ignorePunctuation: true }, { usage: 'search', sensitivity: 'base' }]) {
  const c = new Intl.Collator('en', o);
  console.log(JSON.stringify(o), JSON.stringify(words.slice().sort(c.compare)), c.compare('a', 'A'), c.compare('a', 'ä'), c.compare('a', 'b'), JSON.stringify(c.resolvedOptions()));
}
show('localeCompare', () => ['a'.localeCompare('B'), 'a'.localeCompare('a'), 'ä'.localeCompare('a', 'de', { sensitivity: 'base' }), '2'.localeCompare('10', undefined, { numeric: true })]);
show('localeCompare this', () => String.prototype.localeCompare.call(null, 'a'));
show('coll resolved', () => new Intl.Collator('de-u-kn-kf-upper').resolvedOptions());
show('coll resolved2', () => new Intl.Collator('de-u-kn', { numeric: false }).resolvedOptions());
show('coll bad', () => new Intl.Collator('en', { sensitivity: 'foo' }));
for (const l of ['en', 'fr', 'ru', 'ar', 'ja', 'pl', 'cy', 'ga', 'he']) {
  const pr = new Intl.PluralRules(l), po = new Intl.PluralRules(l, { type: 'ordinal' });
  const xs = [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 21, 22, 23, 100, 101, 1.5, 0.1, -1];
  console.log(l, JSON.stringify(xs.map((x) => pr.select(x))), JSON.stringify(xs.map((x) => po.select(x))), JSON.stringify(pr.resolvedOptions()), JSON.stringify(po.resolvedOptions().pluralCategories));
}
show('plural fd', () => [new Intl.PluralRules('en', { minimumFractionDigits: 1 }).select(1), new Intl.PluralRules('en', { maximumFractionDigits: 0 }).select(1.2)]);
show('plural new', () => Intl.PluralRules('en'));
for (const l of ['en', 'de', 'fr', 'es', 'ja']) {
  for (const o of [{}, { numeric: 'auto' }, { style: 'short' }, { style: 'narrow', numeric: 'auto' }]) {
    if (l === 'fr' && o.numeric) continue; // CLDR 42 vs 48: l’année dernière / l’an dernier
    const rtf = new Intl.RelativeTimeFormat(l, o);
    const out = [];
    for (const u of ['second', 'minutes', 'hour', 'day', 'days', 'week', 'month', 'quarter', 'year']) for (const v of [-2, -1, 0, 1, 2, 1.5]) out.push(rtf.format(v, u));
    console.log(l, JSON.stringify(o), JSON.stringify(out), JSON.stringify(rtf.resolvedOptions()));
  }
}
show('rtf bad unit', () => new Intl.RelativeTimeFormat('en').format(1, 'decade'));
show('rtf inf', () => new Intl.RelativeTimeFormat('en').format(Infinity, 'day'));
show('rtf -0', () => new Intl.RelativeTimeFormat('en').format(-0, 'day'));
for (const l of ['en', 'de', 'fr', 'es', 'ja', 'zh']) {
  for (const o of [{}, { type: 'disjunction' }, { type: 'unit' }, { style: 'short' }, { style: 'narrow', type: 'unit' }]) {
    const lf = new Intl.ListFormat(l, o);
    console.log(l, JSON.stringify(o), JSON.stringify([[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']].map((x) => lf.format(x))), JSON.stringify(lf.resolvedOptions()));
  }
}
show('lf bad', () => new Intl.ListFormat('en').format(['a', 1]));
show('lf iter', () => new Intl.ListFormat('en').format(new Set(['x', 'y'])));
show('dn', () => ['en', 'fr', 'de-AT', 'zh-Hant', 'sr-Latn-RS', 'en-US'].map((c) => new Intl.DisplayNames('en', { type: 'language' }).of(c)));
show('dn region', () => ['US', 'DE', 'JP', '419', 'GB'].map((c) => new Intl.DisplayNames('de', { type: 'region' }).of(c)));
show('dn script', () => ['Latn', 'Cyrl', 'Hans'].map((c) => new Intl.DisplayNames('en', { type: 'script' }).of(c)));
show('dn ro', () => new Intl.DisplayNames('en', { type: 'region' }).resolvedOptions());
show('dn missing type', () => new Intl.DisplayNames('en', {}));
show('locale', () => { const l = new Intl.Locale('en-Latn-US-u-ca-gregory-hc-h12'); return [l.toString(), l.baseName, l.language, l.script, l.region, l.calendar, l.hourCycle, l.numeric]; });
show('locale max', () => [new Intl.Locale('en').maximize().toString(), new Intl.Locale('zh-TW').maximize().toString(), new Intl.Locale('en-Latn-US').minimize().toString()]);
show('locale opts', () => new Intl.Locale('en', { region: 'GB', calendar: 'buddhist' }).toString());
show('locale bad', () => new Intl.Locale(''));
show('locale num', () => new Intl.Locale(5));
show('getCanonicalLocales', () => Intl.getCanonicalLocales(['en-US', new Intl.Locale('de-DE'), 'en-us']));
show('supportedValuesOf currency', () => Intl.supportedValuesOf('currency').length > 100);
show('supportedValuesOf unit', () => Intl.supportedValuesOf('unit'));
show('supportedValuesOf tz', () => Intl.supportedValuesOf('timeZone').slice(0, 5));
show('supportedValuesOf bad', () => Intl.supportedValuesOf('foo'));
show('tags', () => [Object.prototype.toString.call(Intl), Object.prototype.toString.call(new Intl.NumberFormat()), Intl.NumberFormat.length, Intl.DateTimeFormat.name]);
show('keys', () => Object.getOwnPropertyNames(Intl).sort());
show('desc', () => Object.getOwnPropertyDescriptor(globalThis, 'Intl'));
show('upper', () => ['i'.toLocaleUpperCase('tr'), 'I'.toLocaleLowerCase('tr'), 'ß'.toLocaleUpperCase(), 'İ'.toLocaleLowerCase('en'), 'i'.toLocaleUpperCase(['az', 'en']), 'Straße'.toLocaleUpperCase('de')]);
show('upper bad', () => 'a'.toLocaleUpperCase('xx-'));
show('num this', () => Number.prototype.toLocaleString.call('1'));
show('date this', () => Date.prototype.toLocaleString.call({}));
show('methods', () => [Number.prototype.toLocaleString.length, Number.prototype.toLocaleString.name, String.prototype.localeCompare.length, Date.prototype.toLocaleDateString.name]);
