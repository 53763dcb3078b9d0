// intl.js: the Intl global (ECMA-402) on ICU, natives.binding('intl'):
// option reading and validation as V8 does them (its error messages),
// locale negotiation by lookup on ICU's available locales, and the
// locale-sensitive built-ins (toLocaleString and friends, localeCompare,
// toLocale{Upper,Lower}Case). Loaded on first use of Intl or of one of
// those methods (globals.js); ICU itself is loaded by the binding.
'use strict';
const icu = natives.binding('intl');

// ---- locales ----
const subtag = {
  language: /^(?:[a-z]{2,3}|[a-z]{5,8})$/, script: /^[a-z]{4}$/, region: /^(?:[a-z]{2}|[0-9]{3})$/,
  variant: /^(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3})$/,
};
// UTS #35's unicode_locale_id (what ECMA-402 calls structurally valid):
// 0 valid; 1 the language id part is not (V8: "Incorrect locale
// information provided"); 2 the variants or extensions are not (V8:
// "Invalid language tag")
function structuralError(tag) {
  const t = tag.split('-');
  let i = 0;
  if (!subtag.language.test(t[i])) return 1;
  i++;
  if (i < t.length && subtag.script.test(t[i])) i++;
  if (i < t.length && subtag.region.test(t[i])) i++;
  const variants = new Set();
  let dup = false;
  for (; i < t.length && subtag.variant.test(t[i]); i++) {
    if (variants.has(t[i])) dup = true;
    variants.add(t[i]);
  }
  if (i < t.length && !/^[a-z0-9]?$/.test(t[i])) return 1;
  if (i < t.length && t[i] === '' && i + 1 < t.length) return 1;
  if (dup) return 2;
  const singletons = new Set();
  while (i < t.length) {
    const s = t[i];
    if (!/^[a-z0-9]$/.test(s) || singletons.has(s)) return 2;
    singletons.add(s);
    i++;
    const start = i;
    if (s === 'x') {
      while (i < t.length && /^[a-z0-9]{1,8}$/.test(t[i])) i++;
      if (i === start || i < t.length) return 2;
    } else if (s === 't') {
      if (i < t.length && subtag.language.test(t[i])) {
        i++;
        if (i < t.length && subtag.script.test(t[i])) i++;
        if (i < t.length && subtag.region.test(t[i])) i++;
        while (i < t.length && subtag.variant.test(t[i])) i++;
      }
      while (i < t.length && /^[a-z][0-9]$/.test(t[i])) {
        i++;
        const v = i;
        while (i < t.length && /^[a-z0-9]{3,8}$/.test(t[i])) i++;
        if (i === v) return 2;
      }
      if (i === start) return 2;
    } else {
      while (i < t.length && /^[a-z0-9]{2,8}$/.test(t[i])) i++;
      if (i === start) return 2;
    }
  }
  return 0;
}
const canonicalCache = new Map();
function canonicalizeTag(tag) {
  const lower = tag.toLowerCase();
  let r = canonicalCache.get(lower);
  if (r !== undefined) return r;
  const bad = /^[a-z0-9-]+$/.test(lower) ? structuralError(lower) : 1;
  if (bad === 1) throw new RangeError('Incorrect locale information provided');
  if (bad === 2) throw new RangeError(`Invalid language tag: ${lower}`);
  const c = icu.canonicalize(lower);
  if (c === null) throw new RangeError(`Invalid language tag: ${lower}`);
  r = c[0];
  if (canonicalCache.size < 256) canonicalCache.set(lower, r);
  return r;
}
// CanonicalizeLocaleList
function canonicalizeLocaleList(locales) {
  if (locales === undefined) return [];
  if (typeof locales === 'string' || locales instanceof Locale) return [canonicalizeTag(`${locales}`)];
  const o = Object(locales);
  const len = Math.min(Math.max(Math.trunc(Number(o.length)) || 0, 0), 2 ** 32 - 1);
  const seen = [];
  for (let k = 0; k < len; k++) {
    if (!(k in o)) continue;
    const v = o[k];
    if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) {
      throw new TypeError('Language ID should be string or object.');
    }
    const tag = canonicalizeTag(v instanceof Locale ? v.toString() : `${v}`);
    if (!seen.includes(tag)) seen.push(tag);
  }
  return seen;
}
let available;
function isAvailable(tag) {
  if (!available) available = new Set(icu.availableLocales());
  return available.has(tag);
}
let defaultLocaleTag;
// as Node: ICU's default from LC_ALL / LC_MESSAGES / LANG; C and POSIX
// (ICU's en-US-u-va-posix) are en-US
function defaultLocale() {
  if (defaultLocaleTag === undefined) {
    // (not checked against the available locales: V8 takes it as it is)
    let d = icu.defaultLocale().replace(/-u-va-posix$/, '');
    if (d === 'c' || d === 'posix' || d === 'und' || d === '') d = 'en-US';
    defaultLocaleTag = d;
  }
  return defaultLocaleTag;
}
function isAvailableBase(base) {
  if (isAvailable(base)) return true;
  // zh-TW is available as zh-Hant-TW: accept a tag whose likely form is
  const max = icu.likely(base, true);
  return max !== base && isAvailable(max);
}
function splitExtension(tag) {
  const m = /-u(?:-[a-z0-9]{2,8})+/.exec(tag);
  const noX = tag.split('-x-')[0];
  const base = noX.replace(/-[a-wyz0-9](?:-[a-z0-9]{2,8})+/g, '');
  const keys = new Map();
  if (m && m.index < noX.length) {
    let key = null;
    for (const part of m[0].slice(3).split('-')) {
      if (part.length === 2) {
        key = part;
        if (!keys.has(key)) keys.set(key, 'true');
        else key = null;
      } else if (key !== null) keys.set(key, keys.get(key) === 'true' ? part : `${keys.get(key)}-${part}`);
    }
  }
  return { base, keys };
}
// ResolveLocale (lookup): the first requested locale whose base, stripped
// of subtags from the end, is available; then the relevant -u- keys
function resolveLocale(requested, relevant) {
  for (const tag of requested) {
    const { base, keys } = splitExtension(tag);
    let candidate = base;
    while (candidate) {
      if (isAvailableBase(candidate)) return { locale: candidate, keys: keepKeys(keys, relevant), requested: tag };
      const i = candidate.lastIndexOf('-');
      if (i < 0) break;
      candidate = candidate.slice(0, i);
      if (/-[a-z0-9]$/.test(candidate)) candidate = candidate.slice(0, -2);
    }
  }
  return { locale: defaultLocale(), keys: new Map(), requested: undefined };
}
function keepKeys(keys, relevant) {
  const out = new Map();
  for (const [k, v] of keys) if (relevant.includes(k)) out.set(k, v);
  return out;
}
function withKeys(locale, keys) {
  if (keys.size === 0) return locale;
  let s = `${locale}-u`;
  for (const [k, v] of keys) s += v === 'true' ? `-${k}` : `-${k}-${v}`;
  return s;
}
function supportedLocalesOf(locales, options) {
  const requested = canonicalizeLocaleList(locales);
  if (options !== undefined) getOption(toObject(options), 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'supportedLocalesOf');
  return requested.filter((tag) => {
    let c = splitExtension(tag).base;
    while (c) {
      if (isAvailableBase(c)) return true;
      const i = c.lastIndexOf('-');
      if (i < 0) return false;
      c = c.slice(0, i);
    }
    return false;
  });
}

// ---- options ----
function toObject(o) {
  if (o === null || o === undefined) throw new TypeError('Cannot convert undefined or null to object');
  return Object(o);
}
function getOptionsObject(options) {
  if (options === undefined) return Object.create(null);
  return toObject(options);
}
function getOption(options, prop, type, values, fallback, service) {
  let v = options[prop];
  if (v === undefined) return fallback;
  if (type === 'boolean') v = Boolean(v);
  else {
    if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
    v = `${v}`;
  }
  if (values !== undefined && !values.includes(v)) {
    throw new RangeError(`Value ${v} out of range for ${service} options property ${prop}`);
  }
  return v;
}
function getNumberOption(options, prop, min, max, fallback) {
  return defaultNumberOption(options[prop], min, max, fallback, prop);
}
function defaultNumberOption(v, min, max, fallback, prop) {
  if (v === undefined) return fallback;
  if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a number');
  const n = Number(v);
  if (Number.isNaN(n) || n < min || n > max) throw new RangeError(`${prop} value is out of range.`);
  return Math.floor(n);
}
const roundingModes = ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'];
const icuRounding = {
  ceil: 'ceiling', floor: 'floor', expand: 'up', trunc: 'down', halfCeil: 'half-ceiling',
  halfFloor: 'half-floor', halfExpand: 'half-up', halfTrunc: 'half-down', halfEven: 'half-even',
};
const increments = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];
// SetNumberFormatDigitOptions; returns the digit fields of resolvedOptions
function digitOptions(o, mnfdDefault, mxfdDefault, notation, service) {
  const d = {};
  d.minimumIntegerDigits = getNumberOption(o, 'minimumIntegerDigits', 1, 21, 1);
  const mnfd = o.minimumFractionDigits, mxfd = o.maximumFractionDigits;
  const mnsd = o.minimumSignificantDigits, mxsd = o.maximumSignificantDigits;
  d.roundingIncrement = getNumberOption(o, 'roundingIncrement', 1, 5000, 1);
  if (!increments.includes(d.roundingIncrement)) throw new RangeError('roundingIncrement value is out of range.');
  d.roundingMode = getOption(o, 'roundingMode', 'string', roundingModes, 'halfExpand', service);
  d.roundingPriority = getOption(o, 'roundingPriority', 'string', ['auto', 'morePrecision', 'lessPrecision'], 'auto', service);
  d.trailingZeroDisplay = getOption(o, 'trailingZeroDisplay', 'string', ['auto', 'stripIfInteger'], 'auto', service);
  if (d.roundingIncrement !== 1) mxfdDefault = mnfdDefault;
  const hasSd = mnsd !== undefined || mxsd !== undefined;
  const hasFd = mnfd !== undefined || mxfd !== undefined;
  let needSd = true, needFd = true;
  if (d.roundingPriority === 'auto') {
    needSd = hasSd;
    if (needSd || (!hasFd && notation === 'compact')) needFd = false;
  }
  if (needSd) {
    if (hasSd) {
      d.minimumSignificantDigits = defaultNumberOption(mnsd, 1, 21, 1, 'minimumSignificantDigits');
      d.maximumSignificantDigits = defaultNumberOption(mxsd, d.minimumSignificantDigits, 21, 21, 'maximumSignificantDigits');
    } else {
      d.minimumSignificantDigits = 1;
      d.maximumSignificantDigits = 21;
    }
  }
  if (needFd) {
    if (hasFd) {
      let mn = defaultNumberOption(mnfd, 0, 20, undefined, 'minimumFractionDigits');
      let mx = defaultNumberOption(mxfd, 0, 20, undefined, 'maximumFractionDigits');
      if (mn === undefined) mn = Math.min(mnfdDefault, mx);
      else if (mx === undefined) mx = Math.max(mxfdDefault, mn);
      else if (mn > mx) throw new RangeError('maximumFractionDigits value is out of range.');
      d.minimumFractionDigits = mn;
      d.maximumFractionDigits = mx;
    } else {
      d.minimumFractionDigits = mnfdDefault;
      d.maximumFractionDigits = mxfdDefault;
    }
  }
  if (!needSd && !needFd) { // compact's default: 2 significant digits or integers
    d.minimumFractionDigits = 0;
    d.maximumFractionDigits = 0;
    d.minimumSignificantDigits = 1;
    d.maximumSignificantDigits = 2;
    d.roundingPriority = 'morePrecision';
    d.compactDefault = true;
  }
  if (d.roundingIncrement !== 1) {
    if (d.roundingPriority !== 'auto' || hasSd) throw new TypeError('roundingIncrement requires fraction digits rounding');
    if (d.maximumFractionDigits !== d.minimumFractionDigits) {
      throw new RangeError('maximumFractionDigits value is out of range.');
    }
  }
  return d;
}
// the ICU number skeleton of the digit options
function digitSkeleton(d) {
  let s = '';
  if (d.minimumIntegerDigits > 1) s += ` integer-width/*${'0'.repeat(d.minimumIntegerDigits)}`;
  const strip = d.trailingZeroDisplay === 'stripIfInteger' ? '/w' : '';
  const frac = () => {
    if (d.roundingIncrement !== 1) {
      const inc = (d.roundingIncrement / 10 ** d.maximumFractionDigits).toFixed(d.maximumFractionDigits);
      return `precision-increment/${inc}`;
    }
    if (d.maximumFractionDigits === 0) return 'precision-integer';
    return `.${'0'.repeat(d.minimumFractionDigits)}${'#'.repeat(d.maximumFractionDigits - d.minimumFractionDigits)}`;
  };
  const sig = () => `${'@'.repeat(d.minimumSignificantDigits)}${'#'.repeat(d.maximumSignificantDigits - d.minimumSignificantDigits)}`;
  if (d.compactDefault) {
    // ICU's compact default: integers, 2 significant digits below 100
  } else if (d.minimumSignificantDigits !== undefined && d.minimumFractionDigits !== undefined) {
    const f = frac();
    s += ` ${f === 'precision-integer' ? '.' : f}/${sig()}${d.roundingPriority === 'morePrecision' ? 'r' : 's'}${strip}`;
  } else if (d.minimumSignificantDigits !== undefined) s += ` ${sig()}${strip}`;
  else s += ` ${frac()}${strip}`;
  s += ` rounding-mode-${icuRounding[d.roundingMode]}`;
  return s;
}

// brand checks: each object made by a constructor here holds its state in
// a WeakMap entry, so a foreign `this` is a TypeError, never a crash
function receiverName(v) {
  if (v === null) return 'null';
  if (typeof v === 'object' || typeof v === 'function') {
    const c = v.constructor;
    return `#<${typeof c === 'function' && c.name ? c.name : 'Object'}>`;
  }
  if (typeof v === 'string') return v;
  if (typeof v === 'symbol') return v.toString();
  return `${v}`;
}
function incompatible(method, v) {
  return new TypeError(`Method ${method} called on incompatible receiver ${receiverName(v)}`);
}
function makeSlots(method) {
  const map = new WeakMap();
  return {
    set(o, s) { map.set(o, s); },
    get(o, name) {
      const s = (typeof o === 'object' && o !== null) ? map.get(o) : undefined;
      if (s === undefined) throw incompatible(name || method, o);
      return s;
    },
  };
}
function defineMethods(proto, methods) {
  for (const [k, v] of Object.entries(methods)) {
    Object.defineProperty(proto, k, { value: v, writable: true, enumerable: false, configurable: true });
  }
}
function defineGetter(proto, name, get) {
  Object.defineProperty(proto, name, { get, enumerable: false, configurable: true });
}
// format and compare: getters returning one function bound to the object,
// made on first read (ECMA-402's [[BoundFormat]])
function defineBoundGetter(proto, name, slots, method, make) {
  defineGetter(proto, name, function () {
    const s = slots.get(this, method);
    if (!s.bound) {
      s.bound = make(s);
      Object.defineProperty(s.bound, 'name', { value: '' });
    }
    return s.bound;
  });
}
function setTag(C, tag) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  Object.defineProperty(C, 'supportedLocalesOf', {
    value: function supportedLocalesOf(locales, options = undefined) {
      return globalSupportedLocalesOf(locales, options);
    }, writable: true, configurable: true,
  });
}
const globalSupportedLocalesOf = supportedLocalesOf;
function numberingSystemOf(locale, keys) {
  const nu = keys.get('nu');
  return nu && nu !== 'true' ? nu : (defaultNumbering.get(locale) ?? 'latn');
}
// the locales whose default digits are not latn (CLDR), for resolvedOptions
const defaultNumbering = new Map([
  ['ar', 'arab'], ['ar-EG', 'arab'], ['ar-SA', 'arab'], ['fa', 'arabext'], ['fa-IR', 'arabext'],
  ['bn', 'beng'], ['bn-BD', 'beng'], ['mr', 'deva'], ['ne', 'deva'], ['my', 'mymr'], ['ps', 'arabext'],
  ['ur-IN', 'arabext'], ['dz', 'tibt'], ['sat', 'olck'], ['ckb', 'arab'], ['as', 'beng'],
]);
const numberingSystems = ['adlm', 'ahom', 'arab', 'arabext', 'bali', 'beng', 'bhks', 'brah', 'cakm', 'cham',
  'deva', 'diak', 'fullwide', 'gong', 'gonm', 'gujr', 'guru', 'hanidec', 'hmng', 'hmnp', 'java', 'kali',
  'kawi', 'khmr', 'knda', 'lana', 'lanatham', 'laoo', 'latn', 'lepc', 'limb', 'mathbold', 'mathdbl',
  'mathmono', 'mathsanb', 'mathsans', 'mlym', 'modi', 'mong', 'mroo', 'mtei', 'mymr', 'mymrshan',
  'mymrtlng', 'nagm', 'newa', 'nkoo', 'olck', 'orya', 'osma', 'rohg', 'saur', 'segment', 'shrd', 'sind',
  'sinh', 'sora', 'sund', 'takr', 'talu', 'tamldec', 'telu', 'thai', 'tibt', 'tirh', 'tnsa', 'vaii', 'wara',
  'wcho'];
function checkNumberingSystem(nu) {
  if (nu !== undefined && !/^[a-z0-9]{3,8}(-[a-z0-9]{3,8})*$/i.test(nu)) {
    throw new RangeError(`Invalid numberingSystem : ${nu}`);
  }
  return nu === undefined || numberingSystems.includes(nu) ? nu : undefined;
}

// a constructor's first steps: the requested locales, the options object,
// its localeMatcher checked
function serviceArgs(locales, options, svc) {
  const requested = canonicalizeLocaleList(locales);
  const o = getOptionsObject(options);
  getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', svc);
  return { requested, o };
}

// ---- NumberFormat ----
const sanctionedUnits = ['acre', 'bit', 'byte', 'celsius', 'centimeter', 'day', 'degree', 'fahrenheit',
  'fluid-ounce', 'foot', 'gallon', 'gigabit', 'gigabyte', 'gram', 'hectare', 'hour', 'inch', 'kilobit',
  'kilobyte', 'kilogram', 'kilometer', 'liter', 'megabit', 'megabyte', 'meter', 'microsecond', 'mile',
  'mile-scandinavian', 'milliliter', 'millimeter', 'millisecond', 'minute', 'month', 'nanosecond',
  'ounce', 'percent', 'petabyte', 'pound', 'second', 'stone', 'terabit', 'terabyte', 'week', 'yard', 'year'];
function isWellFormedUnit(u) {
  if (sanctionedUnits.includes(u)) return true;
  const i = u.indexOf('-per-');
  return i > 0 && sanctionedUnits.includes(u.slice(0, i)) && sanctionedUnits.includes(u.slice(i + 5));
}
const nfSlots = makeSlots('UnwrapNumberFormat');
const numberFields = ['integer', 'fraction', 'decimal', 'exponentSeparator', 'exponentMinusSign',
  'exponentInteger', 'group', 'currency', 'percentSign', 'permille', 'sign', 'unit', 'compact',
  'approximatelySign'];
function NumberFormat(locales = undefined, options = undefined) {
  if (!new.target) return new NumberFormat(locales, options);
  const svc = 'Intl.NumberFormat';
  const { requested, o } = serviceArgs(locales, options, svc);
  const nuOpt = checkNumberingSystem(getOption(o, 'numberingSystem', 'string', undefined, undefined, svc));
  const r = resolveLocale(requested, ['nu']);
  if (nuOpt !== undefined) r.keys.set('nu', nuOpt);
  else if (r.keys.has('nu') && !numberingSystems.includes(r.keys.get('nu'))) r.keys.delete('nu');
  const s = { locale: withKeys(r.locale, r.keys), numberingSystem: numberingSystemOf(r.locale, r.keys) };
  s.style = getOption(o, 'style', 'string', ['decimal', 'percent', 'currency', 'unit'], 'decimal', svc);
  let currency = getOption(o, 'currency', 'string', undefined, undefined, svc);
  if (currency !== undefined && !/^[a-zA-Z]{3}$/.test(currency)) throw new RangeError(`Invalid currency code : ${currency}`);
  const currencyDisplay = getOption(o, 'currencyDisplay', 'string', ['code', 'symbol', 'narrowSymbol', 'name'], 'symbol', svc);
  const currencySign = getOption(o, 'currencySign', 'string', ['standard', 'accounting'], 'standard', svc);
  const unit = getOption(o, 'unit', 'string', undefined, undefined, svc);
  if (unit !== undefined && !isWellFormedUnit(unit)) throw new RangeError(`Invalid unit argument for Intl.NumberFormat() '${unit}'`);
  const unitDisplay = getOption(o, 'unitDisplay', 'string', ['short', 'narrow', 'long'], 'short', svc);
  if (s.style === 'currency') {
    if (currency === undefined) throw new TypeError('Currency code is required with currency style.');
    currency = currency.toUpperCase();
    s.currency = currency;
    s.currencyDisplay = currencyDisplay;
    s.currencySign = currencySign;
  }
  if (s.style === 'unit') {
    if (unit === undefined) throw new TypeError("Invalid unit argument for Intl.NumberFormat() ''");
    s.unit = unit;
    s.unitDisplay = unitDisplay;
  }
  const notation = getOption(o, 'notation', 'string', ['standard', 'scientific', 'engineering', 'compact'], 'standard', svc);
  let mnfdDefault = 0, mxfdDefault = 3;
  if (s.style === 'currency' && notation === 'standard') {
    mnfdDefault = mxfdDefault = icu.currencyDigits(currency);
  } else if (s.style === 'percent') mxfdDefault = 0;
  const d = digitOptions(o, mnfdDefault, mxfdDefault, notation, svc);
  const compactDisplay = getOption(o, 'compactDisplay', 'string', ['short', 'long'], 'short', svc);
  const defaultGrouping = notation === 'compact' ? 'min2' : 'auto';
  let grouping = o.useGrouping;
  if (grouping === undefined) grouping = defaultGrouping;
  else if (grouping === true) grouping = 'always';
  else if (grouping === false || grouping === null || grouping === 0 || grouping === '' || Number.isNaN(grouping)) grouping = false;
  else {
    grouping = `${grouping}`;
    if (grouping === 'true' || grouping === 'false') grouping = defaultGrouping;
    else if (!['min2', 'auto', 'always'].includes(grouping)) {
      throw new RangeError(`Value ${grouping} out of range for Intl.NumberFormat options property useGrouping`);
    }
  }
  const signDisplay = getOption(o, 'signDisplay', 'string', ['auto', 'never', 'always', 'exceptZero', 'negative'], 'auto', svc);
  Object.assign(s, { minimumIntegerDigits: d.minimumIntegerDigits });
  if (d.minimumSignificantDigits !== undefined) {
    s.minimumSignificantDigits = d.minimumSignificantDigits;
    s.maximumSignificantDigits = d.maximumSignificantDigits;
  }
  if (d.minimumFractionDigits !== undefined) {
    s.minimumFractionDigits = d.minimumFractionDigits;
    s.maximumFractionDigits = d.maximumFractionDigits;
  }
  Object.assign(s, { useGrouping: grouping, notation });
  if (notation === 'compact') s.compactDisplay = compactDisplay;
  Object.assign(s, {
    signDisplay, roundingMode: d.roundingMode, roundingIncrement: d.roundingIncrement,
    trailingZeroDisplay: d.trailingZeroDisplay, roundingPriority: d.roundingPriority,
  });
  // the ICU skeleton
  let sk = '';
  if (s.style === 'percent') sk += 'percent scale/100';
  else if (s.style === 'currency') {
    sk += `currency/${currency}`;
    sk += { code: ' unit-width-iso-code', symbol: '', narrowSymbol: ' unit-width-narrow', name: ' unit-width-full-name' }[currencyDisplay];
  } else if (s.style === 'unit') {
    sk += `unit/${unit}`;
    sk += { short: ' unit-width-short', narrow: ' unit-width-narrow', long: ' unit-width-full-name' }[unitDisplay];
  }
  if (notation === 'scientific') sk += ' scientific';
  else if (notation === 'engineering') sk += ' engineering';
  else if (notation === 'compact') sk += compactDisplay === 'long' ? ' compact-long' : ' compact-short';
  sk += digitSkeleton(d);
  if (grouping === false) sk += ' group-off';
  else if (grouping === 'min2') sk += ' group-min2';
  else if (grouping === 'always') sk += ' group-on-aligned';
  else sk += ' group-auto';
  const accounting = s.style === 'currency' && currencySign === 'accounting';
  sk += accounting
    ? { auto: ' sign-accounting', never: ' sign-never', always: ' sign-accounting-always', exceptZero: ' sign-accounting-except-zero', negative: ' sign-accounting-negative' }[signDisplay]
    : { auto: '', never: ' sign-never', always: ' sign-always', exceptZero: ' sign-except-zero', negative: ' sign-negative' }[signDisplay];
  if (r.keys.has('nu')) sk += ` numbering-system/${r.keys.get('nu')}`;
  s.skeleton = sk.trim();
  s.icuLocale = r.locale;
  s.handle = icu.numberFormat(r.locale, s.skeleton);
  nfSlots.set(this, s);
}
// ToIntlMathematicalValue: numbers as doubles; BigInts and numeric strings
// exactly, as decimal strings
function toIntlValue(x) {
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'symbol') throw new TypeError('Cannot convert a Symbol value to a number');
  if (typeof x === 'object' && x !== null) x = primitiveOf(x);
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'string') {
    const t = x.trim();
    const n = Number(t);
    // as V8: exact within the double range, else Infinity or (-)0
    if (!Number.isFinite(n) || n === 0 || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return n;
    return t.replace(/^\+/, '');
  }
  return Number(x);
}
function primitiveOf(x) {
  const p = x[Symbol.toPrimitive];
  if (p !== undefined && p !== null) {
    const v = p.call(x, 'number');
    if (typeof v === 'object' && v !== null) throw new TypeError('Cannot convert object to primitive value');
    return v;
  }
  for (const m of ['valueOf', 'toString']) {
    const f = x[m];
    if (typeof f === 'function') {
      const v = f.call(x);
      if (typeof v !== 'object' || v === null) return v;
    }
  }
  throw new TypeError('Cannot convert object to primitive value');
}
function formatNumberToParts(s, x) {
  const v = toIntlValue(x);
  const [str, fields] = icu.formatNumber(s.handle, v, true);
  const isNaNValue = typeof v === 'number' && Number.isNaN(v);
  const isInf = typeof v === 'number' && !Number.isFinite(v) && !isNaNValue;
  return splitParts(str, fields, (f, text) => {
    const t = numberFields[f];
    if (t === 'integer') return isNaNValue ? 'nan' : isInf ? 'infinity' : 'integer';
    if (t === 'sign') return text === '+' ? 'plusSign' : 'minusSign';
    return t || 'literal';
  });
}
// [field, begin, end]... (nested: a group inside an integer) -> parts
function splitParts(str, fields, typeOf) {
  const owner = new Array(str.length).fill(-1);
  const spans = [];
  for (let i = 0; i < fields.length; i += 3) spans.push([fields[i], fields[i + 1], fields[i + 2]]);
  spans.sort((a, b) => (b[2] - b[1]) - (a[2] - a[1]));
  // each unit belongs to the innermost span over it (two adjacent spans of
  // one field, as list elements with no literal between, stay two parts)
  spans.forEach(([, b, e], n) => { for (let k = b; k < e && k < str.length; k++) owner[k] = n; });
  const parts = [];
  let i = 0;
  while (i < str.length) {
    let j = i + 1;
    while (j < str.length && owner[j] === owner[i]) j++;
    const text = str.slice(i, j);
    parts.push({ type: owner[i] < 0 ? 'literal' : typeOf(spans[owner[i]][0], text), value: text });
    i = j;
  }
  return parts;
}
const nfPublic = ['locale', 'numberingSystem', 'style', 'currency', 'currencyDisplay', 'currencySign', 'unit',
  'unitDisplay', 'minimumIntegerDigits', 'minimumSignificantDigits', 'maximumSignificantDigits',
  'minimumFractionDigits', 'maximumFractionDigits', 'useGrouping', 'notation', 'compactDisplay',
  'signDisplay', 'roundingMode', 'roundingIncrement', 'trailingZeroDisplay', 'roundingPriority'];
function pick(s, keys) {
  const out = {};
  for (const k of keys) if (s[k] !== undefined) out[k] = s[k];
  return out;
}
defineBoundGetter(NumberFormat.prototype, 'format', nfSlots, 'UnwrapNumberFormat',
  (s) => (x) => icu.formatNumber(s.handle, toIntlValue(x), false));
defineMethods(NumberFormat.prototype, {
  formatToParts(x) {
    return formatNumberToParts(nfSlots.get(this, 'Intl.NumberFormat.prototype.formatToParts'), x);
  },
  formatRange(x, y) {
    const s = nfSlots.get(this, 'Intl.NumberFormat.prototype.formatRange');
    if (x === undefined) throw new TypeError('Invalid start : undefined');
    if (y === undefined) throw new TypeError('Invalid end : undefined');
    let a = toIntlValue(x), b = toIntlValue(y);
    if (Number.isNaN(a)) throw new RangeError('Invalid start : NaN');
    if (Number.isNaN(b)) throw new RangeError('Invalid end : NaN');
    // ICU 72 scales an approximately-equal percent range twice: pre-divide
    if (s.style === 'percent' && typeof a === 'number' && a === b) a = b = a / 100;
    return icu.numberRange(s.icuLocale, s.skeleton, a, b);
  },
  resolvedOptions() {
    const s = nfSlots.get(this, 'Intl.NumberFormat.prototype.resolvedOptions');
    return pick(s, nfPublic);
  },
});
setTag(NumberFormat, 'Intl.NumberFormat');

// ---- PluralRules ----
const prSlots = makeSlots('Intl.PluralRules');
function PluralRules(locales = undefined, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
  const svc = 'Intl.PluralRules';
  const { requested, o } = serviceArgs(locales, options, svc);
  const type = getOption(o, 'type', 'string', ['cardinal', 'ordinal'], 'cardinal', svc);
  const d = digitOptions(o, 0, 3, 'standard', svc);
  const r = resolveLocale(requested, []);
  const s = { locale: r.locale, type, minimumIntegerDigits: d.minimumIntegerDigits };
  if (d.minimumFractionDigits !== undefined) {
    s.minimumFractionDigits = d.minimumFractionDigits;
    s.maximumFractionDigits = d.maximumFractionDigits;
  }
  if (d.minimumSignificantDigits !== undefined) {
    s.minimumSignificantDigits = d.minimumSignificantDigits;
    s.maximumSignificantDigits = d.maximumSignificantDigits;
  }
  s.handle = icu.pluralRules(r.locale, type === 'ordinal', digitSkeleton(d).trim());
  s.pluralCategories = icu.pluralCategories(s.handle); // in ICU's order, as V8
  prSlots.set(this, s);
}
defineMethods(PluralRules.prototype, {
  select(n) {
    const s = prSlots.get(this, 'Intl.PluralRules.prototype.select');
    return icu.selectPlural(s.handle, toNumber(n));
  },
  resolvedOptions() {
    const s = prSlots.get(this, 'Intl.PluralRules.prototype.resolvedOptions');
    const out = pick(s, ['locale', 'type', 'minimumIntegerDigits', 'minimumFractionDigits',
      'maximumFractionDigits', 'minimumSignificantDigits', 'maximumSignificantDigits']);
    out.pluralCategories = s.pluralCategories.slice();
    return out;
  },
});
setTag(PluralRules, 'Intl.PluralRules');
function toNumber(n) {
  if (typeof n === 'symbol') throw new TypeError('Cannot convert a Symbol value to a number');
  if (typeof n === 'bigint') throw new TypeError('Cannot convert a BigInt value to a number');
  return Number(n);
}

// ---- Collator ----
const collations = ['compat', 'emoji', 'eor', 'phonebk', 'pinyin', 'searchjl', 'stroke', 'trad', 'unihan', 'zhuyin'];
const colSlots = makeSlots('Intl.Collator');
function Collator(locales = undefined, options = undefined) {
  if (!new.target) return new Collator(locales, options);
  const requested = canonicalizeLocaleList(locales);
  const o = getOptionsObject(options);
  const svc = 'Intl.Collator';
  const usage = getOption(o, 'usage', 'string', ['sort', 'search'], 'sort', svc);
  getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', svc);
  const collation = getOption(o, 'collation', 'string', undefined, undefined, svc);
  if (collation !== undefined && !/^[a-z0-9]{3,8}(-[a-z0-9]{3,8})*$/i.test(collation)) throw new RangeError(`Invalid collation : ${collation}`);
  let numeric = getOption(o, 'numeric', 'boolean', undefined, undefined, svc);
  let caseFirst = getOption(o, 'caseFirst', 'string', ['upper', 'lower', 'false'], undefined, svc);
  const r = resolveLocale(requested, ['co', 'kn', 'kf']);
  const kn = r.keys.get('kn'), kf = r.keys.get('kf');
  // as V8, -u-kn/-u-kf stay in the locale when an option overrides them
  if (numeric === undefined && kn !== undefined) numeric = kn === 'true';
  if (caseFirst === undefined && kf !== undefined) caseFirst = kf === 'true' ? 'false' : kf;
  let co = collation ?? r.keys.get('co');
  if (co === 'standard' || co === 'search' || !collations.includes(co)) co = undefined;
  if (co === undefined) r.keys.delete('co');
  else if (collation === undefined || collation === r.keys.get('co')) r.keys.set('co', co);
  else r.keys.delete('co');
  let sensitivity = getOption(o, 'sensitivity', 'string', ['base', 'accent', 'case', 'variant'], undefined, svc);
  if (sensitivity === undefined) sensitivity = 'variant';
  const ignorePunctuation = getOption(o, 'ignorePunctuation', 'boolean', undefined, false, svc);
  const s = {
    locale: withKeys(r.locale, r.keys), usage, sensitivity, ignorePunctuation, collation: co ?? 'default',
    numeric: !!numeric, caseFirst: caseFirst ?? 'false',
  };
  const strength = { base: 0, accent: 1, case: 0, variant: 2 }[sensitivity];
  const icuLocale = usage === 'search' ? `${r.locale}-u-co-search` : co ? `${r.locale}-u-co-${co}` : r.locale;
  s.handle = icu.collator(icuLocale, strength, sensitivity === 'case', ignorePunctuation, s.numeric,
    { false: 0, lower: 1, upper: 2 }[s.caseFirst]);
  colSlots.set(this, s);
}
defineBoundGetter(Collator.prototype, 'compare', colSlots, 'get Intl.Collator.prototype.compare',
  (s) => (a, b) => icu.compare(s.handle, toStr(a), toStr(b)));
function toStr(v) {
  if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return `${v}`;
}
defineMethods(Collator.prototype, {
  resolvedOptions() {
    const s = colSlots.get(this, 'Intl.Collator.prototype.resolvedOptions');
    return pick(s, ['locale', 'usage', 'sensitivity', 'ignorePunctuation', 'collation', 'numeric', 'caseFirst']);
  },
});
setTag(Collator, 'Intl.Collator');

// ---- DateTimeFormat ----
const dtfSlots = makeSlots('UnwrapDateTimeFormat');
const dateComponents = {
  weekday: ['narrow', 'short', 'long'], era: ['narrow', 'short', 'long'], year: ['2-digit', 'numeric'],
  month: ['2-digit', 'numeric', 'narrow', 'short', 'long'], day: ['2-digit', 'numeric'],
  dayPeriod: ['narrow', 'short', 'long'], hour: ['2-digit', 'numeric'], minute: ['2-digit', 'numeric'],
  second: ['2-digit', 'numeric'], fractionalSecondDigits: null,
  timeZoneName: ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'],
};
const skeletonChars = {
  weekday: { narrow: 'EEEEE', short: 'EEE', long: 'EEEE' },
  era: { narrow: 'GGGGG', short: 'G', long: 'GGGG' },
  year: { '2-digit': 'yy', numeric: 'y' },
  month: { '2-digit': 'MM', numeric: 'M', narrow: 'MMMMM', short: 'MMM', long: 'MMMM' },
  day: { '2-digit': 'dd', numeric: 'd' },
  dayPeriod: { narrow: 'BBBBB', short: 'B', long: 'BBBB' },
  hour: { '2-digit': 'jj', numeric: 'j' },
  minute: { '2-digit': 'mm', numeric: 'm' },
  second: { '2-digit': 'ss', numeric: 's' },
  timeZoneName: { short: 'z', long: 'zzzz', shortOffset: 'O', longOffset: 'OOOO', shortGeneric: 'v', longGeneric: 'vvvv' },
};
const styleIndex = { full: 0, long: 1, medium: 2, short: 3 };
const hourChar = { h11: 'K', h12: 'h', h23: 'H', h24: 'k' };
function canonicalTimeZone(tz) {
  const upper = tz.toUpperCase();
  if (upper === 'UTC' || upper === 'ETC/UTC' || upper === 'ETC/GMT' || upper === 'GMT') return 'UTC';
  if (!/^[A-Za-z0-9_+\-/]+$/.test(tz) || /^[+-]/.test(tz)) return null;
  let c = icu.canonicalTimeZone(tz);
  if (c === null) {
    // zone ids are case-insensitive: try ICU's own casing
    const titled = tz.toLowerCase().replace(/(^|[/_-])([a-z])/g, (m, p, ch) => p + ch.toUpperCase())
      .replace(/^Etc\/Gmt/, 'Etc/GMT').replace(/^Etc\/Utc/, 'Etc/UTC');
    c = icu.canonicalTimeZone(titled);
  }
  if (c === null || c === 'Etc/Unknown') return null;
  if (c === 'Etc/UTC' || c === 'Etc/GMT') return 'UTC';
  return c;
}
let systemTimeZone;
function defaultTimeZone() {
  if (systemTimeZone === undefined) systemTimeZone = canonicalTimeZone(icu.defaultTimeZone()) || 'UTC';
  return systemTimeZone;
}
const hcCache = new Map();
function localeHourCycle(locale) {
  let hc = hcCache.get(locale);
  if (hc === undefined) {
    const p = icu.bestPattern(locale, 'j').replace(/'[^']*'/g, '');
    hc = /K/.test(p) ? 'h11' : /h/.test(p) ? 'h12' : /k/.test(p) ? 'h24' : 'h23';
    hcCache.set(locale, hc);
  }
  return hc;
}
// ToDateTimeOptions + CreateDateTimeFormat
function DateTimeFormat(locales = undefined, options = undefined) {
  if (!new.target) return new DateTimeFormat(locales, options);
  initDateTimeFormat(this, locales, options, 'any', 'date');
}
function initDateTimeFormat(self, locales, options, required, defaults) {
  const requested = canonicalizeLocaleList(locales);
  const o = options === undefined ? Object.create(null) : toObject(options);
  const svc = 'Intl.DateTimeFormat';
  getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', svc);
  const calendar = getOption(o, 'calendar', 'string', undefined, undefined, svc);
  if (calendar !== undefined && !/^[a-z0-9]{3,8}(-[a-z0-9]{3,8})*$/i.test(calendar)) throw new RangeError(`Invalid calendar : ${calendar}`);
  const nuOpt = checkNumberingSystem(getOption(o, 'numberingSystem', 'string', undefined, undefined, svc));
  const hour12 = getOption(o, 'hour12', 'boolean', undefined, undefined, svc);
  let hourCycle = getOption(o, 'hourCycle', 'string', ['h11', 'h12', 'h23', 'h24'], undefined, svc);
  if (hour12 !== undefined) hourCycle = undefined;
  const r = resolveLocale(requested, ['ca', 'nu', 'hc']);
  if (nuOpt !== undefined) r.keys.set('nu', nuOpt);
  if (calendar !== undefined) r.keys.set('ca', calendar);
  let tz = o.timeZone;
  if (tz === undefined) tz = defaultTimeZone();
  else {
    const name = toStr(tz);
    tz = canonicalTimeZone(name);
    if (tz === null) throw new RangeError(`Invalid time zone specified: ${name}`);
  }
  const chosen = {};
  for (const k of Object.keys(dateComponents)) {
    if (k === 'fractionalSecondDigits') {
      const v = o.fractionalSecondDigits;
      chosen[k] = v === undefined ? undefined : defaultNumberOption(v, 1, 3, undefined, 'fractionalSecondDigits');
      continue;
    }
    chosen[k] = getOption(o, k, 'string', dateComponents[k], undefined, svc);
  }
  getOption(o, 'formatMatcher', 'string', ['basic', 'best fit'], 'best fit', svc);
  const dateStyle = getOption(o, 'dateStyle', 'string', ['full', 'long', 'medium', 'short'], undefined, svc);
  const timeStyle = getOption(o, 'timeStyle', 'string', ['full', 'long', 'medium', 'short'], undefined, svc);
  if (dateStyle !== undefined || timeStyle !== undefined) {
    for (const k of Object.keys(dateComponents)) {
      if (chosen[k] !== undefined) throw new TypeError(`Can't set option ${k} when ${dateStyle !== undefined ? 'dateStyle' : 'timeStyle'} is used`);
    }
    if (required === 'date' && dateStyle === undefined) throw new TypeError("Invalid option : timeStyle");
    if (required === 'time' && timeStyle === undefined) throw new TypeError("Invalid option : dateStyle");
  } else {
    let needDefaults = true;
    if (required === 'date' || required === 'any') {
      for (const k of ['weekday', 'year', 'month', 'day']) if (chosen[k] !== undefined) needDefaults = false;
    }
    if (required === 'time' || required === 'any') {
      for (const k of ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits']) if (chosen[k] !== undefined) needDefaults = false;
    }
    if (needDefaults && (defaults === 'date' || defaults === 'all')) chosen.year = chosen.month = chosen.day = 'numeric';
    if (needDefaults && (defaults === 'time' || defaults === 'all')) chosen.hour = chosen.minute = chosen.second = 'numeric';
  }
  const icuLocale = withKeys(r.locale, keepKeys(r.keys, ['ca', 'nu']));
  // the hour cycle: hour12, else hourCycle, else -u-hc, else the locale's
  const localeHc = localeHourCycle(r.locale);
  let hc;
  // as V8 (Node 20): hour12 picks the locale's cycle of that kind, else
  // h11 for 12 hours and h24 for 24 (so en-US's hour12: false shows 24:00)
  if (hour12 !== undefined) {
    if (hour12) hc = localeHc === 'h11' || localeHc === 'h12' ? localeHc : 'h11';
    else hc = localeHc === 'h23' || localeHc === 'h24' ? localeHc : 'h24';
  }
  else if (hourCycle !== undefined) hc = hourCycle;
  else if (['h11', 'h12', 'h23', 'h24'].includes(r.keys.get('hc'))) hc = r.keys.get('hc');
  if (hour12 !== undefined || hourCycle !== undefined || chosen.hour === undefined) r.keys.delete('hc');
  let pattern;
  let handleArgs;
  if (dateStyle !== undefined || timeStyle !== undefined) {
    handleArgs = [undefined, dateStyle === undefined ? -1 : styleIndex[dateStyle], timeStyle === undefined ? -1 : styleIndex[timeStyle]];
  } else {
    let sk = '';
    const cycle = hc || localeHc;
    const twelve = cycle === 'h11' || cycle === 'h12';
    for (const k of ['era', 'year', 'month', 'weekday', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'timeZoneName']) {
      if (chosen[k] !== undefined) {
        let c = skeletonChars[k][chosen[k]];
        if (k === 'hour' && hc !== undefined) c = c.replace(/j/g, hourChar[hc]);
        else if (k === 'hour' && chosen.dayPeriod !== undefined && twelve) c = c.replace(/j/g, 'h');
        if (k === 'dayPeriod' && !twelve) c = ''; // as V8: no day period on a 24-hour clock
        sk += c;
      }
      if (k === 'second' && chosen.fractionalSecondDigits !== undefined) sk += 'S'.repeat(chosen.fractionalSecondDigits);
    }
    pattern = icu.bestPattern(icuLocale, sk);
    handleArgs = [pattern, undefined, undefined];
  }
  let [handle, actual] = icu.dateFormat(icuLocale, tz, handleArgs[0], handleArgs[1], handleArgs[2]);
  // hour cycle h11/h24 (and a style pattern's cycle): rewrite the hour field
  const patternHc = hourCycleOf(actual);
  if (patternHc !== undefined && hc !== undefined && patternHc !== hc) {
    actual = replaceHour(actual, hourChar[hc]);
    [handle] = icu.dateFormat(icuLocale, tz, actual, undefined, undefined);
  }
  const s = {
    locale: withKeys(r.locale, r.keys), calendar: r.keys.get('ca') || calendarOf(r.locale),
    numberingSystem: numberingSystemOf(r.locale, r.keys), timeZone: tz, handle, pattern: actual, icuLocale,
    dateStyle, timeStyle,
  };
  const resolvedHc = hourCycleOf(actual);
  if (resolvedHc !== undefined) {
    s.hourCycle = resolvedHc;
    s.hour12 = resolvedHc === 'h11' || resolvedHc === 'h12';
  }
  if (dateStyle === undefined && timeStyle === undefined) Object.assign(s, componentsOf(actual, chosen));
  dtfSlots.set(self, s);
  return s;
}
function calendarOf(locale) {
  if (/^th(-|$)/.test(locale)) return 'buddhist';
  if (/^(fa|ps)(-|$)/.test(locale) || locale === 'ar-AF') return 'persian';
  if (/^ar-SA$/.test(locale)) return 'islamic-umalqura';
  return 'gregory';
}
function stripQuoted(p) { return p.replace(/'[^']*'/g, ''); }
function hourCycleOf(p) {
  const q = stripQuoted(p);
  if (/K/.test(q)) return 'h11';
  if (/h/.test(q)) return 'h12';
  if (/H/.test(q)) return 'h23';
  if (/k/.test(q)) return 'h24';
  return undefined;
}
function replaceHour(p, c) {
  let out = '', quoted = false;
  for (const ch of p) {
    if (ch === "'") quoted = !quoted;
    out += !quoted && /[hHkK]/.test(ch) ? c : ch;
  }
  if (c === 'h' || c === 'K') {
    if (!/a|b|B/.test(stripQuoted(out))) out += ' a';
  } else out = out.replace(/\s*\ba\b/g, '').replace(/\s*[bB]+/g, '');
  return out;
}
// resolvedOptions' components, from the pattern ICU chose
function componentsOf(p, chosen) {
  const q = stripQuoted(p);
  const out = {};
  const count = (re) => { const m = q.match(re); return m ? m[0].length : 0; };
  let n;
  if ((n = count(/[Ec]+/))) out.weekday = n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short';
  if ((n = count(/G+/))) out.era = n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short';
  if ((n = count(/[yU]+/))) out.year = n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/[ML]+/))) out.month = n >= 5 ? 'narrow' : n === 4 ? 'long' : n === 3 ? 'short' : n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/d+/))) out.day = n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/B+/))) out.dayPeriod = n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short';
  if ((n = count(/[hHkK]+/))) out.hour = n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/m+/))) out.minute = n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/s+/))) out.second = n === 2 ? '2-digit' : 'numeric';
  if ((n = count(/S+/))) out.fractionalSecondDigits = n;
  if (chosen.timeZoneName !== undefined && /[zOvVxX]/.test(q)) out.timeZoneName = chosen.timeZoneName;
  // V8 reports what was asked for 2-digit minute/second in a numeric hour
  if (out.minute && chosen.minute) out.minute = chosen.minute === '2-digit' || out.minute === '2-digit' ? '2-digit' : 'numeric';
  if (out.second && chosen.second) out.second = chosen.second === '2-digit' || out.second === '2-digit' ? '2-digit' : 'numeric';
  return out;
}
const dateFields = {
  0: 'era', 1: 'year', 2: 'month', 3: 'day', 4: 'hour', 5: 'hour', 6: 'minute', 7: 'second',
  8: 'fractionalSecond', 9: 'weekday', 14: 'dayPeriod', 15: 'hour', 16: 'hour', 17: 'timeZoneName',
  18: 'year', 19: 'weekday', 20: 'year', 23: 'timeZoneName', 24: 'timeZoneName', 25: 'weekday',
  26: 'month', 29: 'timeZoneName', 30: 'yearName', 31: 'timeZoneName', 32: 'timeZoneName',
  33: 'timeZoneName', 34: 'relatedYear', 35: 'dayPeriod', 36: 'dayPeriod',
};
function timeValue(date) {
  let t = date === undefined ? Date.now() : toNumber(date instanceof Date ? date.valueOf() : date);
  if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) throw new RangeError('Invalid time value');
  t = Math.trunc(t) + 0;
  return t;
}
// as V8 for Node 20: the narrow no-break space CLDR 42 puts before AM/PM
// is an ordinary space
const fixSpaces = (s) => s.replace(/\u202f/g, ' ');
function formatDate(s, date) {
  return fixSpaces(icu.formatDate(s.handle, timeValue(date), false));
}
function formatDateToParts(s, date) {
  const [str, fields] = icu.formatDate(s.handle, timeValue(date), true);
  // (V8 keeps ICU's spaces in the parts)
  return splitParts(str, fields, (f) => dateFields[f] || 'literal');
}
defineBoundGetter(DateTimeFormat.prototype, 'format', dtfSlots, 'UnwrapDateTimeFormat',
  (s) => (date) => formatDate(s, date));
defineMethods(DateTimeFormat.prototype, {
  formatToParts(date) {
    return formatDateToParts(dtfSlots.get(this, 'Intl.DateTimeFormat.prototype.formatToParts'), date);
  },
  formatRange(a, b) {
    const s = dtfSlots.get(this, 'Intl.DateTimeFormat.prototype.formatRange');
    if (a === undefined || b === undefined) throw new TypeError('Invalid time value');
    const x = timeValue(a), y = timeValue(b);
    // (V8 keeps ICU's narrow no-break spaces here, as in the parts); dates
    // equal in every field shown are one date, as format() makes it
    const r = icu.dateRange(s.icuLocale, s.pattern, s.timeZone, x, y);
    return r === null ? formatDate(s, x) : r;
  },
  resolvedOptions() {
    const s = dtfSlots.get(this, 'Intl.DateTimeFormat.prototype.resolvedOptions');
    return pick(s, ['locale', 'calendar', 'numberingSystem', 'timeZone', 'hourCycle', 'hour12', 'weekday',
      'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits',
      'timeZoneName', 'dateStyle', 'timeStyle']);
  },
});
setTag(DateTimeFormat, 'Intl.DateTimeFormat');

// ---- RelativeTimeFormat ----
const rtfSlots = makeSlots('Intl.RelativeTimeFormat');
const relUnits = { year: 0, quarter: 1, month: 2, week: 3, day: 4, hour: 5, minute: 6, second: 7 };
function RelativeTimeFormat(locales = undefined, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
  const svc = 'Intl.RelativeTimeFormat';
  const { requested, o } = serviceArgs(locales, options, svc);
  const nuOpt = checkNumberingSystem(getOption(o, 'numberingSystem', 'string', undefined, undefined, svc));
  const r = resolveLocale(requested, ['nu']);
  if (nuOpt !== undefined) r.keys.set('nu', nuOpt);
  const style = getOption(o, 'style', 'string', ['long', 'short', 'narrow'], 'long', svc);
  const numeric = getOption(o, 'numeric', 'string', ['always', 'auto'], 'always', svc);
  const s = { locale: withKeys(r.locale, r.keys), style, numeric, numberingSystem: numberingSystemOf(r.locale, r.keys) };
  s.handle = icu.relativeTimeFormat(withKeys(r.locale, r.keys), { long: 0, short: 1, narrow: 2 }[style]);
  rtfSlots.set(this, s);
}
function relativeArgs(method, value, unit) {
  const v = toNumber(value);
  const u = toStr(unit);
  const key = u.endsWith('s') ? u.slice(0, -1) : u;
  if (!(key in relUnits)) throw new RangeError(`Invalid unit argument for ${method}() '${u}'`);
  if (!Number.isFinite(v)) throw new RangeError(`Value need to be finite number for ${method}()`);
  return [v, relUnits[key]];
}
defineMethods(RelativeTimeFormat.prototype, {
  format(value, unit) {
    const s = rtfSlots.get(this, 'Intl.RelativeTimeFormat.prototype.format');
    const [v, u] = relativeArgs('Intl.RelativeTimeFormat.prototype.format', value, unit);
    return icu.formatRelative(s.handle, v, u, s.numeric === 'always', false);
  },
  formatToParts(value, unit) {
    const s = rtfSlots.get(this, 'Intl.RelativeTimeFormat.prototype.formatToParts');
    const [v, u] = relativeArgs('Intl.RelativeTimeFormat.prototype.formatToParts', value, unit);
    const [str, fields] = icu.formatRelative(s.handle, v, u, s.numeric === 'always', true);
    const unitName = Object.keys(relUnits)[u];
    return splitParts(str, fields, (f, text) => {
      const t = numberFields[f];
      return t === 'sign' ? (text === '+' ? 'plusSign' : 'minusSign') : t || 'literal';
    }).map((p) => (p.type === 'literal' ? p : { type: p.type, value: p.value, unit: unitName }));
  },
  resolvedOptions() {
    const s = rtfSlots.get(this, 'Intl.RelativeTimeFormat.prototype.resolvedOptions');
    return pick(s, ['locale', 'style', 'numeric', 'numberingSystem']);
  },
});
setTag(RelativeTimeFormat, 'Intl.RelativeTimeFormat');

// ---- ListFormat ----
const lfSlots = makeSlots('Intl.ListFormat');
function ListFormat(locales = undefined, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
  const svc = 'Intl.ListFormat';
  const { requested, o } = serviceArgs(locales, options, svc);
  const r = resolveLocale(requested, []);
  const type = getOption(o, 'type', 'string', ['conjunction', 'disjunction', 'unit'], 'conjunction', svc);
  const style = getOption(o, 'style', 'string', ['long', 'short', 'narrow'], 'long', svc);
  const s = { locale: r.locale, type, style };
  s.handle = icu.listFormat(r.locale, { conjunction: 0, disjunction: 1, unit: 2 }[type], { long: 0, short: 1, narrow: 2 }[style]);
  lfSlots.set(this, s);
}
function stringList(list) {
  if (list === undefined) return [];
  const out = [];
  for (const v of list) {
    if (typeof v !== 'string') throw new TypeError(`Iterable yielded ${typeof v === 'symbol' ? v.toString() : v} which is not a string`);
    out.push(v);
  }
  return out;
}
defineMethods(ListFormat.prototype, {
  format(list) {
    const s = lfSlots.get(this, 'Intl.ListFormat.prototype.format');
    return icu.formatList(s.handle, stringList(list), false);
  },
  formatToParts(list) {
    const s = lfSlots.get(this, 'Intl.ListFormat.prototype.formatToParts');
    const [str, fields] = icu.formatList(s.handle, stringList(list), true);
    // the element spans (ULISTFMT_ELEMENT_FIELD), between them literals
    const elements = [];
    for (let i = 0; i < fields.length; i += 3) if (fields[i] === 1) elements.push(fields[i], fields[i + 1], fields[i + 2]);
    return splitParts(str, elements, () => 'element');
  },
  resolvedOptions() {
    const s = lfSlots.get(this, 'Intl.ListFormat.prototype.resolvedOptions');
    return pick(s, ['locale', 'type', 'style']);
  },
});
setTag(ListFormat, 'Intl.ListFormat');

// ---- Segmenter ----
const segSlots = makeSlots('Intl.Segmenter');
const segmentsSlots = makeSlots('%Segments%');
const granularities = ['grapheme', 'word', 'sentence'];
function Segmenter(locales = undefined, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.Segmenter requires 'new'");
  const svc = 'Intl.Segmenter';
  const { requested, o } = serviceArgs(locales, options, svc);
  const r = resolveLocale(requested, []);
  const granularity = getOption(o, 'granularity', 'string', granularities, 'grapheme', svc);
  segSlots.set(this, { locale: r.locale, granularity });
}
// the segment data record at the segment starting at breaks[i]
function segmentAt(seg, i) {
  const start = seg.breaks[i], end = seg.breaks[i + 1];
  const o = { segment: seg.input.slice(start, end), index: start, input: seg.input };
  if (seg.granularity === 'word') o.isWordLike = seg.words[i];
  return o;
}
// the breaks of a string, computed once per segment() call (O(length))
function Segments(s, input) {
  const [breaks, words] = icu.segment(s.locale, granularities.indexOf(s.granularity), input);
  segmentsSlots.set(this, { input, breaks, words, granularity: s.granularity });
}
const segmentsProto = Segments.prototype;
defineMethods(segmentsProto, {
  containing(index) {
    const seg = segmentsSlots.get(this, '%Segments.prototype%.containing');
    let n = Math.trunc(Number(index)) || 0;
    if (n < 0 || n >= seg.input.length) return undefined;
    let lo = 0, hi = seg.breaks.length - 1; // the last break <= n
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (seg.breaks[mid] <= n) lo = mid;
      else hi = mid;
    }
    return segmentAt(seg, lo);
  },
});
const segmentIteratorProto = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
const iterSlots = makeSlots('%SegmentIterator%');
defineMethods(segmentIteratorProto, {
  next() {
    const it = iterSlots.get(this, '%SegmentIterator.prototype%.next');
    if (it.i >= it.seg.breaks.length - 1) return { value: undefined, done: true };
    return { value: segmentAt(it.seg, it.i++), done: false };
  },
});
Object.defineProperty(segmentIteratorProto, Symbol.toStringTag, { value: 'Segmenter String Iterator', configurable: true });
Object.defineProperty(segmentsProto, Symbol.iterator, {
  value: function () {
    const seg = segmentsSlots.get(this, '%Segments.prototype%[@@iterator]');
    const it = Object.create(segmentIteratorProto);
    iterSlots.set(it, { seg, i: 0 });
    return it;
  }, writable: true, configurable: true,
});
defineMethods(Segmenter.prototype, {
  segment(string) {
    const s = segSlots.get(this, 'Intl.Segmenter.prototype.segment');
    const segs = Object.create(segmentsProto);
    Reflect.apply(Segments, segs, [s, toStr(string)]);
    return segs;
  },
  resolvedOptions() {
    return pick(segSlots.get(this, 'Intl.Segmenter.prototype.resolvedOptions'), ['locale', 'granularity']);
  },
});
setTag(Segmenter, 'Intl.Segmenter');

// ---- DisplayNames (language, region, script) ----
const dnSlots = makeSlots('Intl.DisplayNames');
function DisplayNames(locales = undefined, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.DisplayNames requires 'new'");
  const requested = canonicalizeLocaleList(locales);
  if (options === undefined) throw new TypeError("Cannot read properties of undefined (reading 'localeMatcher')");
  const o = toObject(options);
  const svc = 'Intl.DisplayNames';
  getOption(o, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', svc);
  const style = getOption(o, 'style', 'string', ['narrow', 'short', 'long'], 'long', svc);
  const type = getOption(o, 'type', 'string', ['language', 'region', 'script', 'currency', 'calendar', 'dateTimeField'], undefined, svc);
  if (type === undefined) throw new TypeError('invalid_argument');
  const fallback = getOption(o, 'fallback', 'string', ['code', 'none'], 'code', svc);
  const languageDisplay = getOption(o, 'languageDisplay', 'string', ['dialect', 'standard'], 'dialect', svc);
  const r = resolveLocale(requested, []);
  const s = { locale: r.locale, style, type, fallback };
  if (type === 'language') s.languageDisplay = languageDisplay;
  dnSlots.set(this, s);
}
defineMethods(DisplayNames.prototype, {
  of(code) {
    const s = dnSlots.get(this, 'Intl.DisplayNames.prototype.of');
    let c = toStr(code);
    let kind;
    if (s.type === 'language') {
      c = canonicalizeTag(c);
      kind = 3;
    } else if (s.type === 'region') {
      if (!subtag.region.test(c.toLowerCase())) throw new RangeError('invalid_argument');
      c = c.toUpperCase();
      kind = 1;
    } else if (s.type === 'script') {
      if (!subtag.script.test(c.toLowerCase())) throw new RangeError('invalid_argument');
      c = c[0].toUpperCase() + c.slice(1).toLowerCase();
      kind = 2;
    } else return s.fallback === 'code' ? c : undefined;
    const name = icu.displayName(s.locale, kind, c, s.style !== 'long', s.languageDisplay === 'dialect');
    if (name === undefined || name === c) return s.fallback === 'code' ? c : undefined;
    return name;
  },
  resolvedOptions() {
    const s = dnSlots.get(this, 'Intl.DisplayNames.prototype.resolvedOptions');
    return pick(s, ['locale', 'style', 'type', 'fallback', 'languageDisplay']);
  },
});
setTag(DisplayNames, 'Intl.DisplayNames');

// ---- Locale ----
const locSlots = makeSlots('Intl.Locale');
function Locale(tag, options = undefined) {
  if (!new.target) throw new TypeError("Constructor Intl.Locale requires 'new'");
  if (typeof tag !== 'string' && (typeof tag !== 'object' || tag === null)) {
    throw new TypeError('First argument to Intl.Locale constructor can\'t be empty or missing');
  }
  const str = tag instanceof Locale ? tag.toString() : `${tag}`;
  if (str === '') throw new RangeError('First argument to Intl.Locale constructor can\'t be empty or missing');
  let t = canonicalizeTag(str);
  const o = getOptionsObject(options);
  const { base, keys } = splitExtension(t);
  const parts = base.split('-');
  let language = parts[0], script, region;
  for (const p of parts.slice(1)) {
    if (/^[A-Z][a-z]{3}$/.test(p)) script = p;
    else if (/^([A-Z]{2}|\d{3})$/.test(p)) region = p;
  }
  const optLang = o.language, optScript = o.script, optRegion = o.region;
  if (optLang !== undefined) language = `${optLang}`;
  if (optScript !== undefined) script = `${optScript}`;
  if (optRegion !== undefined) region = `${optRegion}`;
  for (const [opt, key] of [['calendar', 'ca'], ['collation', 'co'], ['hourCycle', 'hc'], ['caseFirst', 'kf'], ['numeric', 'kn'], ['numberingSystem', 'nu']]) {
    const v = o[opt];
    if (v !== undefined) keys.set(key, opt === 'numeric' ? `${Boolean(v)}` : `${v}`);
  }
  const newBase = [language, script, region].filter(Boolean).join('-');
  const rest = base.split('-').filter((p, i) => i > 0 && p !== script && p !== region && !/^[A-Z][a-z]{3}$/.test(p) && !/^([A-Z]{2}|\d{3})$/.test(p));
  t = canonicalizeTag(withKeys([newBase, ...rest].join('-'), keys));
  const e = splitExtension(t);
  locSlots.set(this, { tag: t, base: e.base, keys: e.keys });
}
function locGetter(name, f) {
  defineGetter(Locale.prototype, name, function () { return f(locSlots.get(this, `get Intl.Locale.prototype.${name}`)); });
}
locGetter('baseName', (s) => s.base);
locGetter('language', (s) => s.base.split('-')[0]);
locGetter('script', (s) => s.base.split('-').find((p) => /^[A-Z][a-z]{3}$/.test(p)));
locGetter('region', (s) => s.base.split('-').slice(1).find((p) => /^([A-Z]{2}|\d{3})$/.test(p)));
for (const [name, key] of [['calendar', 'ca'], ['collation', 'co'], ['hourCycle', 'hc'], ['caseFirst', 'kf'], ['numberingSystem', 'nu']]) {
  locGetter(name, (s) => { const v = s.keys.get(key); return v === 'true' ? (key === 'kf' ? '' : 'true') : v; });
}
locGetter('numeric', (s) => s.keys.get('kn') === 'true' || s.keys.get('kn') === '');
defineMethods(Locale.prototype, {
  toString() { return locSlots.get(this, 'Intl.Locale.prototype.toString').tag; },
  toJSON() { return locSlots.get(this, 'Intl.Locale.prototype.toJSON').tag; },
  maximize() {
    const s = locSlots.get(this, 'Intl.Locale.prototype.maximize');
    return new Locale(withKeys(icu.likely(s.base, true), s.keys));
  },
  minimize() {
    const s = locSlots.get(this, 'Intl.Locale.prototype.minimize');
    return new Locale(withKeys(icu.likely(s.base, false), s.keys));
  },
});
Object.defineProperty(Locale.prototype, Symbol.toStringTag, { value: 'Intl.Locale', configurable: true });

// ---- the Intl object ----
const Intl = {};
for (const [name, C, length] of [['DateTimeFormat', DateTimeFormat, 0], ['NumberFormat', NumberFormat, 0],
  ['Collator', Collator, 0], ['PluralRules', PluralRules, 0], ['RelativeTimeFormat', RelativeTimeFormat, 0],
  ['ListFormat', ListFormat, 0], ['DisplayNames', DisplayNames, 2], ['Locale', Locale, 1],
  ['Segmenter', Segmenter, 0]]) {
  Object.defineProperty(C, 'length', { value: length });
  Object.defineProperty(C.prototype, 'constructor', { value: C, writable: true, configurable: true });
  Object.defineProperty(Intl, name, { value: C, writable: true, configurable: true });
}
function getCanonicalLocales(locales) {
  return canonicalizeLocaleList(locales);
}
const unitValues = sanctionedUnits;
function supportedValuesOf(key) {
  const k = toStr(key);
  switch (k) {
    case 'calendar': return ['buddhist', 'chinese', 'coptic', 'dangi', 'ethioaa', 'ethiopic', 'gregory',
      'hebrew', 'indian', 'islamic', 'islamic-civil', 'islamic-rgsa', 'islamic-tbla', 'islamic-umalqura',
      'iso8601', 'japanese', 'persian', 'roc'];
    case 'collation': return collations.slice();
    case 'currency': return icu.values('currency').sort();
    case 'numberingSystem': return numberingSystems.slice();
    case 'timeZone': return icu.values('timeZone').filter((z) => !/^Etc\//.test(z) || z === 'Etc/UTC')
      .map((z) => (z === 'Etc/UTC' ? 'UTC' : z)).sort();
    case 'unit': return unitValues.slice();
    default: throw new RangeError(`Invalid key : ${k}`);
  }
}
defineMethods(Intl, { getCanonicalLocales, supportedValuesOf });
Object.defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });

// ---- the locale-sensitive built-ins ----
// the formatter of (locales, options) when both are undefined, made once
const defaults = {};
function cached(key, make, locales, options) {
  if (locales !== undefined || options !== undefined) return make(locales, options);
  return defaults[key] || (defaults[key] = make());
}
function thisNumber(v, method) {
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && v !== null) {
    try { return Number.prototype.valueOf.call(v); } catch { /* fall through */ }
  }
  throw new TypeError(`${method} requires that 'this' be a Number`);
}
function thisBigInt(v, method) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'object' && v !== null) {
    try { return BigInt.prototype.valueOf.call(v); } catch { /* fall through */ }
  }
  throw new TypeError(`${method} requires that 'this' be a BigInt`);
}
function thisTime(v, method) {
  if (!(v instanceof Date)) throw incompatible(method, v);
  return Date.prototype.getTime.call(v);
}
const newNF = (l, o) => new NumberFormat(l, o);
const builtins = {
  numberToLocaleString: function toLocaleString(locales = undefined, options = undefined) {
    const x = thisNumber(this, 'Number.prototype.toLocaleString');
    return cached('number', newNF, locales, options).format(x);
  },
  bigintToLocaleString: function toLocaleString(locales = undefined, options = undefined) {
    const x = thisBigInt(this, 'BigInt.prototype.toLocaleString');
    return cached('number', newNF, locales, options).format(x);
  },
  dateToLocaleString: function toLocaleString(locales = undefined, options = undefined) {
    return dateLocale(this, locales, options, 'any', 'all', 'dateAll');
  },
  dateToLocaleDateString: function toLocaleDateString(locales = undefined, options = undefined) {
    return dateLocale(this, locales, options, 'date', 'date', 'dateDate');
  },
  dateToLocaleTimeString: function toLocaleTimeString(locales = undefined, options = undefined) {
    return dateLocale(this, locales, options, 'time', 'time', 'dateTime');
  },
  localeCompare: function localeCompare(that, locales = undefined, options = undefined) {
    if (this === null || this === undefined) throw new TypeError('String.prototype.localeCompare called on null or undefined');
    const a = toStr(this), b = toStr(that);
    const c = cached('collator', (l, o) => new Collator(l, o), locales, options);
    return icu.compare(colSlots.get(c).handle, a, b);
  },
  toLocaleUpperCase: function toLocaleUpperCase(locales = undefined) {
    return caseMap(this, locales, true, 'String.prototype.toLocaleUpperCase');
  },
  toLocaleLowerCase: function toLocaleLowerCase(locales = undefined) {
    return caseMap(this, locales, false, 'String.prototype.toLocaleLowerCase');
  },
  arrayToLocaleString: function toLocaleString(locales = undefined, options = undefined) {
    const o = toObject(this);
    // as V8's join: an array already being joined (a cycle) is ''
    if (joining.has(o)) return '';
    joining.add(o);
    try {
      const len = Math.min(Math.max(Math.trunc(Number(o.length)) || 0, 0), 2 ** 53 - 1);
      let out = '';
      for (let k = 0; k < len; k++) {
        if (k > 0) out += ',';
        const v = o[k];
        if (v !== undefined && v !== null) out += toStr(toObject(v).toLocaleString(locales, options));
      }
      return out;
    } finally {
      joining.delete(o);
    }
  },
};
const joining = new Set();
function dateLocale(d, locales, options, required, defaultsKind, key) {
  const t = thisTime(d, `Date.prototype.${{ dateAll: 'toLocaleString', dateDate: 'toLocaleDateString', dateTime: 'toLocaleTimeString' }[key]}`);
  if (Number.isNaN(t)) return 'Invalid Date';
  if (locales === undefined && options === undefined) {
    let s = defaults[key];
    if (!s) s = defaults[key] = initDateTimeFormat({}, undefined, undefined, required, defaultsKind);
    return formatDate(s, t);
  }
  return formatDate(initDateTimeFormat({}, locales, options, required, defaultsKind), t);
}
function caseMap(str, locales, upper, method) {
  if (str === null || str === undefined) throw new TypeError(`${method} called on null or undefined`);
  const s = toStr(str);
  const list = canonicalizeLocaleList(locales);
  const lang = list.length ? list[0].split('-')[0] : defaultLocale().split('-')[0];
  if (lang !== 'tr' && lang !== 'az' && lang !== 'lt') return upper ? s.toUpperCase() : s.toLowerCase();
  return icu.caseMap(s, lang, upper);
}
internal.intlGlobal = { Intl };
internal.intlBuiltins = builtins;
