// Intl.NumberFormat and Number/BigInt toLocaleString against Node 20: styles,
// digits, notations, signs, rounding, parts, locales whose CLDR data agrees
// between Node's ICU 78 and Debian's ICU 72 (ar, de-CH, en-IN and it differ).
'use strict';
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, typeof r === 'string' ? JSON.stringify(r) : JSON.stringify(r)); };
const nums = [0, -0, 1, -1, 0.5, 1.005, 2.5, -2.5, 1234.5678, 1234567.891, 0.000123, 1e21, 123456789012345680000, NaN, Infinity, -Infinity, 999.9999];
const locales = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'hi-IN', 'pt-BR', 'es-ES', 'ru-RU', 'zh-CN', 'nl', 'sv', 'pl', 'tr', 'ko', 'da'];
const opts = [
  {}, { style: 'percent' }, { style: 'currency', currency: 'USD' }, { style: 'currency', currency: 'EUR', currencyDisplay: 'code' },
  { style: 'currency', currency: 'JPY' }, { style: 'currency', currency: 'GBP', currencyDisplay: 'name' },
  { style: 'currency', currency: 'USD', currencySign: 'accounting' }, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' },
  { style: 'unit', unit: 'kilometer-per-hour' }, { style: 'unit', unit: 'liter', unitDisplay: 'long' }, { style: 'unit', unit: 'byte', unitDisplay: 'narrow' },
  { minimumFractionDigits: 2 }, { maximumFractionDigits: 0 }, { minimumFractionDigits: 3, maximumFractionDigits: 5 },
  { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 5 }, { minimumIntegerDigits: 4 }, { useGrouping: false },
  { notation: 'compact' }, { notation: 'compact', compactDisplay: 'long' }, { notation: 'scientific' }, { notation: 'engineering' },
  { signDisplay: 'always' }, { signDisplay: 'exceptZero' }, { signDisplay: 'never' }, { signDisplay: 'negative' },
  { roundingMode: 'floor', maximumFractionDigits: 1 }, { roundingMode: 'halfEven', maximumFractionDigits: 0 },
  { trailingZeroDisplay: 'stripIfInteger', minimumFractionDigits: 2 }, { useGrouping: 'min2' }, { useGrouping: 'always' },
];
for (const l of locales) {
  for (const o of opts) {
    let nf;
    try { nf = new Intl.NumberFormat(l, o); } catch (e) { console.log(l, JSON.stringify(o), e.message); continue; }
    console.log(l, JSON.stringify(o), JSON.stringify(nums.map((n) => nf.format(n))));
  }
}
for (const o of opts) show('resolved ' + JSON.stringify(o), () => new Intl.NumberFormat('en-US', o).resolvedOptions());
for (const o of opts.slice(0, 12)) show('parts ' + JSON.stringify(o), () => new Intl.NumberFormat('en-US', o).formatToParts(-1234567.891));
show('parts sci', () => new Intl.NumberFormat('en', { notation: 'scientific' }).formatToParts(-0.00123));
show('parts compact', () => new Intl.NumberFormat('en', { notation: 'compact' }).formatToParts(12345));
show('parts nan', () => new Intl.NumberFormat('en').formatToParts(NaN));
show('parts inf', () => new Intl.NumberFormat('en').formatToParts(-Infinity));
show('parts de', () => new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).formatToParts(1234.5));
show('bigint', () => new Intl.NumberFormat('en').format(12345678901234567890123n));
show('bigint de', () => (12345678901234567890123n).toLocaleString('de'));
show('string', () => new Intl.NumberFormat('en').format('1234567890123456789.987654321'));
show('string bad', () => new Intl.NumberFormat('en').format('abc'));
show('string e', () => new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format('1.5e-7'));
show('toLocaleString', () => (1234.5).toLocaleString());
show('toLocaleString de', () => (1234.5).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' }));
show('toLocaleString list', () => (1234.5).toLocaleString(['xx', 'fr']));
show('array', () => [1234.5, new Date(0), 'x', null, undefined, 5n].toLocaleString('en-US', { timeZone: 'UTC' }));
show('array de', () => [1234.5, 0.5].toLocaleString('de'));
show('nf call', () => Intl.NumberFormat('en').format(5));
show('format bound', () => [1, 2, 3].map(new Intl.NumberFormat('en', { style: 'percent' }).format));
show('range', () => new Intl.NumberFormat('en').formatRange(1, 5));
show('supported', () => Intl.NumberFormat.supportedLocalesOf(['en-US', 'xx', 'de', 'zh-Hant-TW', 'zh-TW']));
show('canonical', () => Intl.getCanonicalLocales(['EN-us', 'zh-hant-tw', 'de-de-u-co-phonebk', 'sr-latn', 'en-u-ca-gregory-nu-latn', 'iw', 'und']));
for (const bad of ['', 'x-', 'xx-', 'en--US', 'a', '123', 'en-US-u-', 'toolongtag1', 'en_US', 'de-DE-1996-1996']) show('bad ' + JSON.stringify(bad), () => Intl.getCanonicalLocales(bad));
show('loc nu latn', () => new Intl.NumberFormat('ar-EG-u-nu-latn').format(1234.5));
show('loc nu opt', () => new Intl.NumberFormat('en', { numberingSystem: 'arab' }).format(1234.5));
show('resolved hi', () => new Intl.NumberFormat('hi-IN-u-nu-deva').resolvedOptions().locale);
show('unsupported loc', () => new Intl.NumberFormat('xx-YY').resolvedOptions().locale);
show('region fallback', () => new Intl.NumberFormat('de-XX').resolvedOptions().locale);
show('percent', () => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 }).format(0.12345));
// fraction digits: V8 11 (Node 20) allows 0..20 (ES2023's 100 came later)
for (const o of [{ maximumFractionDigits: 20 }, { maximumFractionDigits: 21 }, { minimumFractionDigits: 21 }, { maximumFractionDigits: 100 }]) {
  show(`fraction digits ${JSON.stringify(o)}`, () => new Intl.NumberFormat('en', o).format(1 / 3));
  show(`toLocaleString ${JSON.stringify(o)}`, () => (2 / 3).toLocaleString('en', o));
}
