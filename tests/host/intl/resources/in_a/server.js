const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const de = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const words = new Intl.Segmenter('en', { granularity: 'word' });
globalThis.keep = [usd, de, words, new Intl.Collator('sv'), new Intl.PluralRules('ru')];
console.log(usd.format(1234.5), '|', de.format(Date.UTC(2024, 1, 29, 13, 5)), '|', (9876.5).toLocaleString('de'));
