// Intl.DateTimeFormat and Date's toLocale*String against Node 20: styles,
// components, hour cycles, time zones (explicit everywhere), parts,
// resolvedOptions, errors.
'use strict';
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, JSON.stringify(r)); };
const dates = [0, Date.UTC(2024, 1, 29, 13, 5, 9, 42), Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 6, 4, 0, 0, 0), -62198755200000, 8.64e15];
const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'es-ES', 'pt-BR', 'ru-RU', 'zh-CN', 'pl-PL', 'sv-SE'];
// (option, locales) pairs whose CLDR data differs between Node's ICU 78 and
// Debian's ICU 72: left out
const dataDiffers = (l, o, tz) => (o.timeStyle === 'full' && tz !== 'UTC' && l !== 'en-US') || (o.dayPeriod && l !== 'en-US') || (o.timeZoneName === 'long' && o.hour) ||
  (l === 'en-GB' && o.weekday === 'short') || ((l === 'de-DE' || l === 'es-ES') && (o.hour12 || o.hourCycle === 'h11')) ||
  (l === 'ru-RU' && o.hour12 === false) || (l === 'en-US' && o.dayPeriod);
const opts = [
  {}, { dateStyle: 'full' }, { dateStyle: 'long' }, { dateStyle: 'medium' }, { dateStyle: 'short' },
  { timeStyle: 'full' }, { timeStyle: 'long' }, { timeStyle: 'medium' }, { timeStyle: 'short' },
  { dateStyle: 'medium', timeStyle: 'short' }, { dateStyle: 'full', timeStyle: 'long' },
  { year: 'numeric', month: 'long', day: 'numeric' }, { year: '2-digit', month: '2-digit', day: '2-digit' },
  { weekday: 'long' }, { weekday: 'short', month: 'short', day: 'numeric' }, { month: 'narrow' },
  { hour: 'numeric', minute: '2-digit' }, { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  { hour: 'numeric', hour12: false }, { hour: 'numeric', hour12: true }, { hour: 'numeric', minute: 'numeric', hourCycle: 'h23' },
  { hour: 'numeric', hourCycle: 'h11' }, { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 3 },
  { era: 'short', year: 'numeric' }, { timeZoneName: 'short' }, { hour: 'numeric', timeZoneName: 'long' },
  { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  { month: 'long', year: 'numeric' }, { dayPeriod: 'short', hour: 'numeric' },
];
for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'Asia/Kolkata']) {
  for (const l of locales) {
    for (const o of opts) {
      if (dataDiffers(l, o, tz)) continue;
      let f;
      try { f = new Intl.DateTimeFormat(l, { ...o, timeZone: tz }); } catch (e) { console.log(l, tz, JSON.stringify(o), e.message); continue; }
      console.log(l, tz, JSON.stringify(o), JSON.stringify(dates.map((d) => f.format(d))));
    }
  }
}
for (const o of opts) show('resolved ' + JSON.stringify(o), () => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).resolvedOptions());
for (const o of opts) show('resolved de ' + JSON.stringify(o), () => new Intl.DateTimeFormat('de', { ...o, timeZone: 'UTC' }).resolvedOptions());
for (const o of opts.slice(0, 12)) show('parts ' + JSON.stringify(o), () => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).formatToParts(dates[1]));
show('toLocaleString', () => new Date(dates[1]).toLocaleString('en-US', { timeZone: 'UTC' }));
show('toLocaleDateString', () => new Date(dates[1]).toLocaleDateString('de-DE', { timeZone: 'UTC' }));
show('toLocaleTimeString', () => new Date(dates[1]).toLocaleTimeString('en-US', { timeZone: 'UTC' }));
show('toLocaleTimeString opts', () => new Date(dates[1]).toLocaleTimeString('en-US', { timeZone: 'UTC', hour: '2-digit' }));
show('toLocaleDateString opts', () => new Date(dates[1]).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long' }));
show('invalid', () => new Date(NaN).toLocaleString('en-US'));
show('format invalid', () => new Intl.DateTimeFormat('en').format(NaN));
show('format big', () => new Intl.DateTimeFormat('en').format(8.64e15 + 1));
show('format date obj', () => new Intl.DateTimeFormat('en', { timeZone: 'UTC' }).format(new Date(0)));
show('tz bad', () => new Intl.DateTimeFormat('en', { timeZone: 'Mars/Olympus' }));
show('tz case', () => new Intl.DateTimeFormat('en', { timeZone: 'america/new_york' }).resolvedOptions().timeZone);
show('tz kolkata', () => new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kolkata' }).resolvedOptions().timeZone);
show('tz etc', () => new Intl.DateTimeFormat('en', { timeZone: 'Etc/GMT+5' }).resolvedOptions().timeZone);
show('tz utc', () => ['utc', 'Etc/UTC', 'GMT', 'Etc/GMT', 'etc/utc'].map((z) => new Intl.DateTimeFormat('en', { timeZone: z }).resolvedOptions().timeZone));
show('style conflict', () => new Intl.DateTimeFormat('en', { dateStyle: 'short', hour: 'numeric' }));
show('bad option', () => new Intl.DateTimeFormat('en', { month: 'foo' }));
show('bad hc', () => new Intl.DateTimeFormat('en', { hourCycle: 'h25' }));
show('fsd bad', () => new Intl.DateTimeFormat('en', { fractionalSecondDigits: 4 }));
show('hc ext', () => new Intl.DateTimeFormat('en-US-u-hc-h23', { hour: 'numeric', timeZone: 'UTC' }).format(0));
show('hc ext resolved', () => new Intl.DateTimeFormat('en-US-u-hc-h23', { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions());
show('ca ext', () => new Intl.DateTimeFormat('en-US-u-ca-japanese', { timeZone: 'UTC' }).format(dates[1]));
show('th default', () => new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC' }).format(dates[1]));
show('th resolved', () => new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC' }).resolvedOptions().calendar);
show('old date', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(Date.UTC(1500, 0, 1)));
show('range', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).formatRange(0, 86400000 * 3));
show('dtf call', () => Intl.DateTimeFormat('en', { timeZone: 'UTC' }).format(0));
show('format this', () => Intl.DateTimeFormat.prototype.format.call({}));
