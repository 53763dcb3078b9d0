// Intl with the default locale and time zone (CI runs with LANG unset or
// C.UTF-8 and TZ unset: en-US and the system zone, UTC there), as a script
// that formats without naming a locale sees them.
'use strict';
const ro = Intl.DateTimeFormat().resolvedOptions();
console.log(ro.locale, ro.calendar, ro.numberingSystem, typeof ro.timeZone);
console.log(new Intl.NumberFormat().resolvedOptions().locale, new Intl.Collator().resolvedOptions().locale);
console.log((1234567.891).toLocaleString(), (0.5).toLocaleString(undefined, { style: 'percent' }), (12n ** 20n).toLocaleString());
console.log(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(-1234.567));
const d = new Date(Date.UTC(2024, 1, 29, 13, 5, 9));
console.log(d.toLocaleString(undefined, { timeZone: 'UTC' }), '|', d.toLocaleDateString(undefined, { timeZone: 'UTC' }), '|',
  d.toLocaleTimeString(undefined, { timeZone: 'UTC' }));
console.log(['b', 'a', 'C', 'ä'].sort((x, y) => x.localeCompare(y)).join(','));
console.log([1e6, 2.5].toLocaleString(), typeof new Date().toLocaleString());
console.log(Intl.DateTimeFormat.supportedLocalesOf(['en-US', 'de']), Object.prototype.toString.call(Intl));
