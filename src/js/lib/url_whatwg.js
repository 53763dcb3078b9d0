// url_whatwg.js: the WHATWG URL Standard's URL and URLSearchParams (the
// globals and node:url's classes): the basic URL parser's state machine with
// state overrides for the setters, host parsing (IPv4 forms, IPv6
// compression, domain to ASCII by lower-casing, NFC and Punycode; not the
// full UTS #46 tables), the percent-encode sets, and Node's inspect output
// and error codes. Loaded on first use of URL / URLSearchParams / node:url.
'use strict';

const makeNodeError = internal.makeNodeError;
const invalidThis = (type) => makeNodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`);
function missingArgs(...names) {
  const list = names.map((n) => `"${n}"`);
  const what = list.length === 1 ? `The ${list[0]} argument` : `The ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]} arguments`;
  return makeNodeError(TypeError, 'ERR_MISSING_ARGS', `${what} must be specified`);
}
function invalidURL(input, base) {
  const err = makeNodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
  err.input = input;
  if (base !== undefined) err.base = base;
  return err;
}
// USVString conversion: lone surrogates become U+FFFD
function toUSV(v) {
  if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string'); // V8's words
  const s = `${v}`;
  return /[\ud800-\udfff]/.test(s)
    ? s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') : s;
}

// ---- percent-encoding ----
const hex = Array.from({ length: 256 }, (_, i) => `%${i < 16 ? '0' : ''}${i.toString(16).toUpperCase()}`);
function makeSet(base, chars) {
  const set = new Uint8Array(128);
  if (base) set.set(base);
  else for (let i = 0; i < 0x20; i++) set[i] = 1;
  if (!base) set[0x7f] = 1;
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
}
const C0_SET = makeSet(null, '');
const FRAGMENT_SET = makeSet(C0_SET, ' "<>`');
const QUERY_SET = makeSet(C0_SET, ' "#<>');
const SPECIAL_QUERY_SET = makeSet(QUERY_SET, "'");
const PATH_SET = makeSet(QUERY_SET, '?`{}');
const USERINFO_SET = makeSet(PATH_SET, '/:;=@[\\]^|');
const COMPONENT_SET = makeSet(USERINFO_SET, '$%&+,');
const FORM_SET = makeSet(COMPONENT_SET, "!'()~");
const utf8 = new TextEncoder();
// code point at s[i] (non-ASCII) percent-encoded as UTF-8; returns [text, units]
function encodeCodePoint(s, i) {
  const c = s.codePointAt(i);
  const units = c > 0xffff ? 2 : 1;
  let out = '';
  for (const b of utf8.encode(s.slice(i, i + units))) out += hex[b];
  return [out, units];
}
function percentEncode(s, set, spaceAsPlus) {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && !set[c] && !(spaceAsPlus && c === 0x20)) continue;
    out += s.slice(last, i);
    if (c < 0x80) {
      out += spaceAsPlus && c === 0x20 ? '+' : hex[c];
      last = i + 1;
    } else {
      const [enc, units] = encodeCodePoint(s, i);
      out += enc;
      i += units - 1;
      last = i + 1;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}
const isHex = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
// %XX -> bytes (other text as UTF-8), decoded as UTF-8 with replacement
function percentDecode(s) {
  if (!s.includes('%')) return s;
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      const units = s.codePointAt(i) > 0xffff ? 2 : 1;
      for (const b of utf8.encode(s.slice(i, i + units))) bytes.push(b);
      i += units - 1;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

// ---- hosts ----
const specialPorts = { __proto__: null, 'ftp:': 21, 'file:': null, 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };
const isSpecialScheme = (scheme) => scheme in specialPorts;
const FORBIDDEN_HOST = /[\0\t\n\r #/:<>?@[\\\]^|]/;
const FORBIDDEN_DOMAIN = /[\0-\x1f #%/:<>?@[\\\]^|\x7f]/;

// Punycode (RFC 3492)
const PUNY = { base: 36, tMin: 1, tMax: 26, skew: 38, damp: 700, initialBias: 72, initialN: 128 };
function adapt(delta, numPoints, first) {
  delta = first ? Math.floor(delta / PUNY.damp) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((PUNY.base - PUNY.tMin) * PUNY.tMax) >> 1) {
    delta = Math.floor(delta / (PUNY.base - PUNY.tMin));
    k += PUNY.base;
  }
  return k + Math.floor(((PUNY.base - PUNY.tMin + 1) * delta) / (delta + PUNY.skew));
}
const digitChar = (d) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);
function punyEncode(label) {
  const cps = Array.from(label, (ch) => ch.codePointAt(0));
  let out = cps.filter((c) => c < 0x80).map((c) => String.fromCharCode(c)).join('');
  const b = out.length;
  let h = b;
  if (b > 0) out += '-';
  let n = PUNY.initialN, delta = 0, bias = PUNY.initialBias;
  while (h < cps.length) {
    let m = Infinity;
    for (const c of cps) if (c >= n && c < m) m = c;
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of cps) {
      if (c < n) delta++;
      if (c === n) {
        let q = delta;
        for (let k = PUNY.base; ; k += PUNY.base) {
          const t = k <= bias ? PUNY.tMin : k >= bias + PUNY.tMax ? PUNY.tMax : k - bias;
          if (q < t) break;
          out += digitChar(t + ((q - t) % (PUNY.base - t)));
          q = Math.floor((q - t) / (PUNY.base - t));
        }
        out += digitChar(q);
        bias = adapt(delta, h + 1, h === b);
        delta = 0;
        h++;
      }
    }
    delta++;
    n++;
  }
  return out;
}
function punyDecode(input) {
  const out = [];
  let basic = input.lastIndexOf('-');
  if (basic < 0) basic = 0;
  for (let j = 0; j < basic; j++) {
    if (input.charCodeAt(j) >= 0x80) return null;
    out.push(input.charCodeAt(j));
  }
  let n = PUNY.initialN, bias = PUNY.initialBias, i = 0;
  for (let idx = basic > 0 ? basic + 1 : 0; idx < input.length;) {
    const oldi = i;
    for (let w = 1, k = PUNY.base; ; k += PUNY.base) {
      if (idx >= input.length) return null;
      const c = input.charCodeAt(idx++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : PUNY.base;
      if (digit >= PUNY.base) return null;
      i += digit * w;
      const t = k <= bias ? PUNY.tMin : k >= bias + PUNY.tMax ? PUNY.tMax : k - bias;
      if (digit < t) break;
      w *= PUNY.base - t;
    }
    bias = adapt(i - oldi, out.length + 1, oldi === 0);
    n += Math.floor(i / (out.length + 1));
    i %= out.length + 1;
    if (n > 0x10ffff) return null;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}
// UTS #46 ToASCII, approximated: map (lower-case, NFC, ideographic dots,
// ignorables removed), then Punycode for non-ASCII labels. '' on failure.
function domainToASCIIInternal(domain, beStrict) {
  if (!/[^\x00-\x7f]/.test(domain) && !/(^|\.)xn--/i.test(domain)) {
    const out = domain.toLowerCase();
    return beStrict && out.length > 253 ? '' : out;
  }
  let s = domain.replace(/[\u3002\uff0e\uff61]/g, '.').replace(/[\u00ad\u200b\u2060\ufeff\u034f\u180b-\u180d\ufe00-\ufe0f]/g, '');
  s = s.normalize('NFKC').toLowerCase().normalize('NFC');
  const labels = s.split('.');
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (label.startsWith('xn--')) {
      const dec = punyDecode(label.slice(4));
      if (dec === null || dec === '' || /^[\x00-\x7f]*$/.test(dec)) return '';
    }
    if (/[^\x00-\x7f]/.test(label)) {
      if (/[\u0000-\u001f\u007f\ufffd]/.test(label)) return '';
      labels[i] = `xn--${punyEncode(label)}`;
    }
  }
  const out = labels.join('.');
  if (beStrict && out.length > 253) return '';
  return out;
}
function domainToUnicodeInternal(domain) {
  return domain.split('.').map((label) => {
    const l = label.toLowerCase();
    if (!l.startsWith('xn--')) return l;
    const dec = punyDecode(l.slice(4));
    return dec === null ? l : dec;
  }).join('.');
}

// IPv4 number: decimal, 0x hex or 0 octal; undefined when not a number
function ipv4Number(s) {
  if (s === '') return undefined;
  let radix = 10;
  if (s.length >= 2 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) {
    radix = 16;
    s = s.slice(2);
  } else if (s.length >= 2 && s[0] === '0') {
    radix = 8;
    s = s.slice(1);
  }
  if (s === '') return 0;
  const re = radix === 10 ? /^[0-9]+$/ : radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-7]+$/;
  if (!re.test(s)) return undefined;
  return parseInt(s, radix);
}
function endsInNumber(s) {
  const parts = s.split('.');
  if (parts[parts.length - 1] === '') {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1];
  if (last !== '' && /^[0-9]+$/.test(last)) return true;
  return ipv4Number(last) !== undefined;
}
function parseIPv4(s) {
  const parts = s.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const nums = [];
  for (const p of parts) {
    const n = ipv4Number(p);
    if (n === undefined) return null;
    nums.push(n);
  }
  for (let i = 0; i < nums.length - 1; i++) if (nums[i] > 255) return null;
  if (nums[nums.length - 1] >= 256 ** (5 - nums.length)) return null;
  let ipv4 = nums[nums.length - 1];
  for (let i = 0; i < nums.length - 1; i++) ipv4 += nums[i] * 256 ** (3 - i);
  const out = [];
  for (let i = 0; i < 4; i++) {
    out.unshift(ipv4 % 256);
    ipv4 = Math.floor(ipv4 / 256);
  }
  return out.join('.');
}
function parseIPv6(s) {
  const addr = [0, 0, 0, 0, 0, 0, 0, 0];
  let piece = 0, compress = null, i = 0;
  const at = (k) => s.charCodeAt(k);
  if (at(0) === 58) {
    if (at(1) !== 58) return null;
    i += 2;
    compress = ++piece;
  }
  while (i < s.length) {
    if (piece === 8) return null;
    if (at(i) === 58) {
      if (compress !== null) return null;
      i++;
      compress = ++piece;
      continue;
    }
    let value = 0, length = 0;
    while (length < 4 && i < s.length && isHex(at(i))) {
      value = value * 16 + parseInt(s[i], 16);
      i++;
      length++;
    }
    if (at(i) === 46) { // an embedded IPv4 address
      if (length === 0) return null;
      i -= length;
      if (piece > 6) return null;
      let seen = 0;
      while (i < s.length) {
        let v4 = null;
        if (seen > 0) {
          if (at(i) === 46 && seen < 4) i++;
          else return null;
        }
        if (!(at(i) >= 48 && at(i) <= 57)) return null;
        while (at(i) >= 48 && at(i) <= 57) {
          const n = at(i) - 48;
          if (v4 === null) v4 = n;
          else if (v4 === 0) return null;
          else v4 = v4 * 10 + n;
          if (v4 > 255) return null;
          i++;
        }
        addr[piece] = addr[piece] * 256 + v4;
        seen++;
        if (seen === 2 || seen === 4) piece++;
      }
      if (seen !== 4) return null;
      break;
    } else if (at(i) === 58) {
      i++;
      if (i >= s.length) return null;
    } else if (i < s.length) {
      return null;
    }
    addr[piece++] = value;
  }
  if (compress !== null) {
    let swaps = piece - compress;
    piece = 7;
    while (piece !== 0 && swaps > 0) {
      const t = addr[compress + swaps - 1];
      addr[compress + swaps - 1] = addr[piece];
      addr[piece] = t;
      piece--;
      swaps--;
    }
  } else if (piece !== 8) {
    return null;
  }
  // serialize: the first longest run (>= 2) of zero pieces becomes '::'
  let best = -1, bestLen = 1;
  for (let k = 0; k < 8;) {
    if (addr[k] !== 0) { k++; continue; }
    let e = k;
    while (e < 8 && addr[e] === 0) e++;
    if (e - k > bestLen) { best = k; bestLen = e - k; }
    k = e;
  }
  let out = '[';
  for (let k = 0; k < 8; k++) {
    if (k === best) {
      out += k === 0 ? '::' : ':';
      k += bestLen - 1;
      continue;
    }
    out += addr[k].toString(16);
    if (k < 7) out += ':';
  }
  return `${out}]`;
}
// host string -> serialized host, or null on failure
function parseHost(input, isOpaque) {
  if (input[0] === '[') {
    if (input[input.length - 1] !== ']') return null;
    return parseIPv6(input.slice(1, -1));
  }
  if (isOpaque) {
    if (FORBIDDEN_HOST.test(input)) return null;
    return percentEncode(input, C0_SET);
  }
  const domain = percentDecode(input);
  const ascii = domainToASCIIInternal(domain, false);
  if (ascii === '' || FORBIDDEN_DOMAIN.test(ascii)) return null;
  if (endsInNumber(ascii)) return parseIPv4(ascii);
  return ascii;
}

// ---- the basic URL parser ----
// A URL record: { scheme ('http:' with the colon), username, password,
// host (null or serialized), port (null or number), path (array, or a
// string for an opaque path), query, fragment (null or string) }.
// parser states (plain constants: a switch over object properties is slow in QuickJS)
const ST_SCHEME_START = 1,
  ST_SCHEME = 2,
  ST_NO_SCHEME = 3,
  ST_SPECIAL_RELATIVE_OR_AUTHORITY = 4,
  ST_PATH_OR_AUTHORITY = 5,
  ST_RELATIVE = 6,
  ST_RELATIVE_SLASH = 7,
  ST_SPECIAL_AUTHORITY_SLASHES = 8,
  ST_SPECIAL_AUTHORITY_IGNORE_SLASHES = 9,
  ST_AUTHORITY = 10,
  ST_HOST = 11,
  ST_HOSTNAME = 12,
  ST_PORT = 13,
  ST_FILE = 14,
  ST_FILE_SLASH = 15,
  ST_FILE_HOST = 16,
  ST_PATH_START = 17,
  ST_PATH = 18,
  ST_OPAQUE_PATH = 19,
  ST_QUERY = 20,
  ST_FRAGMENT = 21;
const isAlpha = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c) => c >= 48 && c <= 57;
const isWindowsLetter = (s, normalizedOnly) =>
  s.length === 2 && isAlpha(s.charCodeAt(0)) && (s[1] === ':' || (!normalizedOnly && s[1] === '|'));
function startsWithWindowsLetter(s, p) {
  if (s.length - p < 2) return false;
  const c1 = s.charCodeAt(p + 1);
  if (!isAlpha(s.charCodeAt(p)) || (c1 !== 58 && c1 !== 124)) return false;
  if (s.length - p === 2) return true;
  const c = s.charCodeAt(p + 2);
  return c === 47 || c === 92 || c === 63 || c === 35;
}
const isSingleDot = (s) => s === '.' || s.toLowerCase() === '%2e';
const isDoubleDot = (s) => ['..', '.%2e', '%2e.', '%2e%2e'].includes(s.toLowerCase());
function shortenPath(url) {
  const path = url.path;
  if (url.scheme === 'file:' && path.length === 1 && isWindowsLetter(path[0], true)) return;
  path.pop();
}
const hasCredentials = (url) => url.username !== '' || url.password !== '';
const cannotHaveCredentialsOrPort = (url) => url.host === null || url.host === '' || url.scheme === 'file:';

function basicParse(input, base, url, stateOverride) {
  if (!url) {
    url = { scheme: '', username: '', password: '', host: null, port: null, path: [], query: null, fragment: null };
    if (input.charCodeAt(0) <= 0x20 || input.charCodeAt(input.length - 1) <= 0x20) {
      input = input.replace(/^[\0-\x20]+|[\0-\x20]+$/g, '');
    }
  }
  if (/[\t\n\r]/.test(input)) input = input.replace(/[\t\n\r]/g, '');
  let state = stateOverride || ST_SCHEME_START;
  let buffer = '';
  let atSignSeen = false, insideBrackets = false, passwordTokenSeen = false;
  // UTF-16 code units: text is copied as is and percent-encoded a segment
  // at a time, so surrogate pairs stay together
  const len = input.length;
  for (let p = 0; p <= len; p++) {
    const c = p < len ? input.charCodeAt(p) : -1; // -1: EOF
    const ch = c === -1 ? '' : input[p];
    const special = isSpecialScheme(url.scheme);
    switch (state) {
      case ST_SCHEME_START:
        if (isAlpha(c)) {
          buffer += ch.toLowerCase();
          state = ST_SCHEME;
        } else if (!stateOverride) {
          state = ST_NO_SCHEME;
          p--;
        } else {
          return null;
        }
        break;
      case ST_SCHEME:
        if (isAlpha(c) || isDigit(c) || c === 43 || c === 45 || c === 46) {
          buffer += ch.toLowerCase();
        } else if (c === 58) {
          const scheme = `${buffer}:`;
          if (stateOverride) {
            if (isSpecialScheme(url.scheme) !== isSpecialScheme(scheme)) return url;
            if ((hasCredentials(url) || url.port !== null) && scheme === 'file:') return url;
            if (url.scheme === 'file:' && url.host === '') return url;
          }
          url.scheme = scheme;
          if (stateOverride) {
            if (url.port === specialPorts[scheme]) url.port = null;
            return url;
          }
          buffer = '';
          if (scheme === 'file:') {
            state = ST_FILE;
          } else if (isSpecialScheme(scheme) && base && base.scheme === scheme) {
            state = ST_SPECIAL_RELATIVE_OR_AUTHORITY;
          } else if (isSpecialScheme(scheme)) {
            state = ST_SPECIAL_AUTHORITY_SLASHES;
          } else if (input.charCodeAt(p + 1) === 47) {
            state = ST_PATH_OR_AUTHORITY;
            p++;
          } else {
            url.path = '';
            state = ST_OPAQUE_PATH;
          }
        } else if (!stateOverride) {
          buffer = '';
          state = ST_NO_SCHEME;
          p = -1;
        } else {
          return null;
        }
        break;
      case ST_NO_SCHEME:
        if (!base || (typeof base.path === 'string' && c !== 35)) return null;
        if (typeof base.path === 'string' && c === 35) {
          url.scheme = base.scheme;
          url.path = base.path;
          url.query = base.query;
          url.fragment = '';
          state = ST_FRAGMENT;
        } else if (base.scheme !== 'file:') {
          state = ST_RELATIVE;
          p--;
        } else {
          state = ST_FILE;
          p--;
        }
        break;
      case ST_SPECIAL_RELATIVE_OR_AUTHORITY:
        if (c === 47 && input.charCodeAt(p + 1) === 47) {
          state = ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else {
          state = ST_RELATIVE;
          p--;
        }
        break;
      case ST_PATH_OR_AUTHORITY:
        if (c === 47) {
          state = ST_AUTHORITY;
        } else {
          state = ST_PATH;
          p--;
        }
        break;
      case ST_RELATIVE:
        url.scheme = base.scheme;
        if (c === 47) {
          state = ST_RELATIVE_SLASH;
        } else if (special && c === 92) {
          state = ST_RELATIVE_SLASH;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 63) {
            url.query = '';
            state = ST_QUERY;
          } else if (c === 35) {
            url.fragment = '';
            state = ST_FRAGMENT;
          } else if (c !== -1) {
            url.query = null;
            shortenPath(url);
            state = ST_PATH;
            p--;
          }
        }
        break;
      case ST_RELATIVE_SLASH:
        if (special && (c === 47 || c === 92)) {
          state = ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
        } else if (c === 47) {
          state = ST_AUTHORITY;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          state = ST_PATH;
          p--;
        }
        break;
      case ST_SPECIAL_AUTHORITY_SLASHES:
        if (c === 47 && input.charCodeAt(p + 1) === 47) {
          state = ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else {
          state = ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p--;
        }
        break;
      case ST_SPECIAL_AUTHORITY_IGNORE_SLASHES:
        if (c !== 47 && c !== 92) {
          state = ST_AUTHORITY;
          p--;
        }
        break;
      case ST_AUTHORITY:
        if (c === 64) {
          if (atSignSeen) buffer = `%40${buffer}`;
          atSignSeen = true;
          for (const bch of buffer) {
            if (bch === ':' && !passwordTokenSeen) {
              passwordTokenSeen = true;
              continue;
            }
            const enc = percentEncode(bch, USERINFO_SET);
            if (passwordTokenSeen) url.password += enc;
            else url.username += enc;
          }
          buffer = '';
        } else if (c === -1 || c === 47 || c === 63 || c === 35 || (special && c === 92)) {
          if (atSignSeen && buffer === '') return null;
          p -= buffer.length + 1;
          buffer = '';
          state = ST_HOST;
        } else {
          let q = p + 1;
          for (let d; q < len; q++) {
            d = input.charCodeAt(q);
            if (d === 64 || d === 47 || d === 63 || d === 35 || (special && d === 92)) break;
          }
          buffer += input.slice(p, q);
          p = q - 1;
        }
        break;
      case ST_HOST:
      case ST_HOSTNAME:
        if (stateOverride && url.scheme === 'file:') {
          p--;
          state = ST_FILE_HOST;
        } else if (c === 58 && !insideBrackets) {
          if (buffer === '') return null;
          if (stateOverride === ST_HOSTNAME) return null;
          const host = parseHost(buffer, !special);
          if (host === null) return null;
          url.host = host;
          buffer = '';
          state = ST_PORT;
        } else if (c === -1 || c === 47 || c === 63 || c === 35 || (special && c === 92)) {
          p--;
          if (special && buffer === '') return null;
          if (stateOverride && buffer === '' && (hasCredentials(url) || url.port !== null)) return null;
          const host = parseHost(buffer, !special);
          if (host === null) return null;
          url.host = host;
          buffer = '';
          state = ST_PATH_START;
          if (stateOverride) return url;
        } else {
          if (c === 91) insideBrackets = true;
          if (c === 93) insideBrackets = false;
          let q = p + 1;
          for (let d; q < len; q++) {
            d = input.charCodeAt(q);
            if (d === 58 || d === 47 || d === 63 || d === 35 || d === 91 || d === 93 || (special && d === 92)) break;
          }
          buffer += input.slice(p, q);
          p = q - 1;
        }
        break;
      case ST_PORT:
        if (isDigit(c)) {
          buffer += ch;
        } else if (c === -1 || c === 47 || c === 63 || c === 35 || (special && c === 92) || stateOverride) {
          if (buffer !== '') {
            const port = parseInt(buffer, 10);
            if (port > 65535) return null;
            url.port = port === specialPorts[url.scheme] ? null : port;
            buffer = '';
            if (stateOverride) return url;
          }
          if (stateOverride) return null;
          state = ST_PATH_START;
          p--;
        } else {
          return null;
        }
        break;
      case ST_FILE:
        url.scheme = 'file:';
        url.host = '';
        if (c === 47 || c === 92) {
          state = ST_FILE_SLASH;
        } else if (base && base.scheme === 'file:') {
          url.host = base.host;
          url.path = base.path.slice();
          url.query = base.query;
          if (c === 63) {
            url.query = '';
            state = ST_QUERY;
          } else if (c === 35) {
            url.fragment = '';
            state = ST_FRAGMENT;
          } else if (c !== -1) {
            url.query = null;
            if (!startsWithWindowsLetter(input, p)) shortenPath(url);
            else url.path = [];
            state = ST_PATH;
            p--;
          }
        } else {
          state = ST_PATH;
          p--;
        }
        break;
      case ST_FILE_SLASH:
        if (c === 47 || c === 92) {
          state = ST_FILE_HOST;
        } else {
          if (base && base.scheme === 'file:') {
            url.host = base.host;
            if (!startsWithWindowsLetter(input, p) && base.path.length > 0 && isWindowsLetter(base.path[0], true)) {
              url.path.push(base.path[0]);
            }
          }
          state = ST_PATH;
          p--;
        }
        break;
      case ST_FILE_HOST:
        if (c === -1 || c === 47 || c === 92 || c === 63 || c === 35) {
          p--;
          if (!stateOverride && isWindowsLetter(buffer, false)) {
            state = ST_PATH;
          } else if (buffer === '') {
            url.host = '';
            if (stateOverride) return url;
            state = ST_PATH_START;
          } else {
            let host = parseHost(buffer, false);
            if (host === null) return null;
            if (host === 'localhost') host = '';
            url.host = host;
            if (stateOverride) return url;
            buffer = '';
            state = ST_PATH_START;
          }
        } else {
          buffer += ch;
        }
        break;
      case ST_PATH_START:
        if (special) {
          state = ST_PATH;
          if (c !== 47 && c !== 92) p--;
        } else if (!stateOverride && c === 63) {
          url.query = '';
          state = ST_QUERY;
        } else if (!stateOverride && c === 35) {
          url.fragment = '';
          state = ST_FRAGMENT;
        } else if (c !== -1) {
          state = ST_PATH;
          if (c !== 47) p--;
        } else if (stateOverride && url.host === null) {
          url.path.push('');
        }
        break;
      case ST_PATH:
        if (c === -1 || c === 47 || (special && c === 92) || (!stateOverride && (c === 63 || c === 35))) {
          buffer = percentEncode(buffer, PATH_SET);
          if (isDoubleDot(buffer)) {
            shortenPath(url);
            if (c !== 47 && !(special && c === 92)) url.path.push('');
          } else if (isSingleDot(buffer) && c !== 47 && !(special && c === 92)) {
            url.path.push('');
          } else if (!isSingleDot(buffer)) {
            if (url.scheme === 'file:' && url.path.length === 0 && isWindowsLetter(buffer, false)) {
              buffer = `${buffer[0]}:`;
            }
            url.path.push(buffer);
          }
          buffer = '';
          if (c === 63) {
            url.query = '';
            state = ST_QUERY;
          }
          if (c === 35) {
            url.fragment = '';
            state = ST_FRAGMENT;
          }
        } else {
          // copy up to the next character that matters
          let q = p + 1;
          for (let d; q < len; q++) {
            d = input.charCodeAt(q);
            if (d === 47 || d === 63 || d === 35 || (special && d === 92)) break;
          }
          buffer += input.slice(p, q);
          p = q - 1;
        }
        break;
      case ST_OPAQUE_PATH:
        if (c === 63 || c === 35 || c === -1) {
          url.path += percentEncode(buffer, C0_SET);
          buffer = '';
        }
        if (c === 63) {
          url.query = '';
          state = ST_QUERY;
        } else if (c === 35) {
          url.fragment = '';
          state = ST_FRAGMENT;
        } else if (c !== -1) {
          let q = p + 1;
          while (q < len && input.charCodeAt(q) !== 63 && input.charCodeAt(q) !== 35) q++;
          buffer += input.slice(p, q);
          p = q - 1;
        }
        break;
      case ST_QUERY:
        if ((!stateOverride && c === 35) || c === -1) {
          url.query += percentEncode(buffer, special ? SPECIAL_QUERY_SET : QUERY_SET);
          buffer = '';
          if (c === 35) {
            url.fragment = '';
            state = ST_FRAGMENT;
          }
        } else {
          let q = stateOverride ? len : input.indexOf('#', p);
          if (q < 0) q = len;
          buffer += input.slice(p, q);
          p = q - 1;
        }
        break;
      case ST_FRAGMENT:
        if (c !== -1) {
          buffer += input.slice(p);
          p = len - 1;
        }
        else url.fragment += percentEncode(buffer, FRAGMENT_SET);
        break;
    }
  }
  return url;
}

function serializePath(url) {
  if (typeof url.path === 'string') return url.path;
  let out = '';
  for (const seg of url.path) out += `/${seg}`;
  return out;
}
function serialize(url, excludeFragment) {
  let out = url.scheme;
  if (url.host !== null) {
    out += '//';
    if (hasCredentials(url)) {
      out += url.username;
      if (url.password !== '') out += `:${url.password}`;
      out += '@';
    }
    out += url.host;
    if (url.port !== null) out += `:${url.port}`;
  } else if (typeof url.path !== 'string' && url.path.length > 1 && url.path[0] === '') {
    out += '/.';
  }
  out += serializePath(url);
  if (url.query !== null) out += `?${url.query}`;
  if (!excludeFragment && url.fragment !== null) out += `#${url.fragment}`;
  return out;
}
function origin(url) {
  const scheme = url.scheme;
  if (scheme === 'blob:') {
    const inner = basicParse(serializePath(url), null);
    if (inner && (inner.scheme === 'http:' || inner.scheme === 'https:')) return origin(inner);
    return 'null';
  }
  if (scheme === 'ftp:' || scheme === 'http:' || scheme === 'https:' || scheme === 'ws:' || scheme === 'wss:') {
    return `${scheme}//${url.host}${url.port !== null ? `:${url.port}` : ''}`;
  }
  return 'null';
}

// ---- application/x-www-form-urlencoded ----
function parseParams(s) {
  const list = [];
  for (const seq of s.split('&')) {
    if (seq === '') continue;
    const eq = seq.indexOf('=');
    const name = eq >= 0 ? seq.slice(0, eq) : seq;
    const value = eq >= 0 ? seq.slice(eq + 1) : '';
    list.push(percentDecode(name.replace(/\+/g, ' ')), percentDecode(value.replace(/\+/g, ' ')));
  }
  return list;
}
function serializeParams(list) {
  let out = '';
  for (let i = 0; i < list.length; i += 2) {
    if (i) out += '&';
    out += `${percentEncode(list[i], FORM_SET, true)}=${percentEncode(list[i + 1], FORM_SET, true)}`;
  }
  return out;
}

// ---- URLSearchParams ----
const kInspect = Symbol.for('nodejs.util.inspect.custom');
let updateURLQuery; // (url, params) -> void, set by URL below
class URLSearchParams {
  #list = [];
  #url = null;
  constructor(init = undefined) {
    if (init == null) {
      // empty
    } else if (typeof init === 'object' || typeof init === 'function') {
      const method = init[Symbol.iterator];
      if (method === this[Symbol.iterator] && #list in init) {
        this.#list = init.#list.slice();
      } else if (method != null) {
        if (typeof method !== 'function') {
          throw makeNodeError(TypeError, 'ERR_ARG_NOT_ITERABLE', 'Query pairs must be iterable');
        }
        const tupleError = () => makeNodeError(TypeError, 'ERR_INVALID_TUPLE',
          'Each query pair must be an iterable [name, value] tuple');
        for (const pair of init) {
          if (pair == null) throw tupleError();
          if (Array.isArray(pair)) {
            if (pair.length !== 2) throw tupleError();
            this.#list.push(toUSV(pair[0]), toUSV(pair[1]));
          } else {
            if ((typeof pair !== 'object' && typeof pair !== 'function') || typeof pair[Symbol.iterator] !== 'function') {
              throw tupleError();
            }
            let n = 0;
            for (const element of pair) {
              n++;
              this.#list.push(toUSV(element));
            }
            if (n !== 2) throw tupleError();
          }
        }
      } else {
        const seen = new Map();
        for (const key of Reflect.ownKeys(init)) {
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc === undefined || !desc.enumerable) continue;
          const k = toUSV(key), v = toUSV(init[key]);
          const at = seen.get(k);
          if (at !== undefined) this.#list[at] = v;
          else seen.set(k, this.#list.push(k, v) - 1);
        }
      }
    } else {
      let s = toUSV(init);
      if (s[0] === '?') s = s.slice(1);
      this.#list = s ? parseParams(s) : [];
    }
  }
  static #check(self) {
    if (typeof self !== 'object' || self === null || !(#list in self)) throw invalidThis('URLSearchParams');
  }
  #update() {
    if (this.#url) updateURLQuery(this.#url, serializeParams(this.#list));
  }
  // used by URL: attach to a URL record / replace the list from its query
  static _attach(params, url, query) {
    params.#url = url;
    params.#list = query ? parseParams(query) : [];
  }
  get size() {
    URLSearchParams.#check(this);
    return this.#list.length / 2;
  }
  append(name, value) {
    URLSearchParams.#check(this);
    if (arguments.length < 2) throw missingArgs('name', 'value');
    this.#list.push(toUSV(name), toUSV(value));
    this.#update();
  }
  delete(name, value = undefined) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs('name');
    const list = this.#list;
    name = toUSV(name);
    if (value !== undefined) value = toUSV(value);
    for (let i = 0; i < list.length;) {
      if (list[i] === name && (value === undefined || list[i + 1] === value)) list.splice(i, 2);
      else i += 2;
    }
    this.#update();
  }
  get(name) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs('name');
    name = toUSV(name);
    for (let i = 0; i < this.#list.length; i += 2) if (this.#list[i] === name) return this.#list[i + 1];
    return null;
  }
  getAll(name) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs('name');
    name = toUSV(name);
    const out = [];
    for (let i = 0; i < this.#list.length; i += 2) if (this.#list[i] === name) out.push(this.#list[i + 1]);
    return out;
  }
  has(name, value = undefined) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs('name');
    name = toUSV(name);
    if (value !== undefined) value = toUSV(value);
    for (let i = 0; i < this.#list.length; i += 2) {
      if (this.#list[i] === name && (value === undefined || this.#list[i + 1] === value)) return true;
    }
    return false;
  }
  set(name, value) {
    URLSearchParams.#check(this);
    if (arguments.length < 2) throw missingArgs('name', 'value');
    const list = this.#list;
    name = toUSV(name);
    value = toUSV(value);
    let found = false;
    for (let i = 0; i < list.length;) {
      if (list[i] === name) {
        if (!found) {
          list[i + 1] = value;
          found = true;
          i += 2;
        } else {
          list.splice(i, 2);
        }
      } else {
        i += 2;
      }
    }
    if (!found) list.push(name, value);
    this.#update();
  }
  sort() {
    URLSearchParams.#check(this);
    const pairs = [];
    for (let i = 0; i < this.#list.length; i += 2) pairs.push([this.#list[i], this.#list[i + 1]]);
    // stable, by UTF-16 code units
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.#list = pairs.flat();
    this.#update();
  }
  entries() {
    URLSearchParams.#check(this);
    return new URLSearchParamsIterator(this, 'key+value');
  }
  keys() {
    URLSearchParams.#check(this);
    return new URLSearchParamsIterator(this, 'key');
  }
  values() {
    URLSearchParams.#check(this);
    return new URLSearchParamsIterator(this, 'value');
  }
  forEach(callback, thisArg = undefined) {
    URLSearchParams.#check(this);
    if (typeof callback !== 'function') internal.throwInvalidArgType('callback', 'Function', callback);
    let list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      callback.call(thisArg, list[i + 1], list[i], this);
      list = this.#list;
    }
  }
  toString() {
    URLSearchParams.#check(this);
    return serializeParams(this.#list);
  }
  static _list(params) { return params.#list; }
  [kInspect](recurseTimes, ctx) {
    URLSearchParams.#check(this);
    if (typeof recurseTimes === 'number' && recurseTimes < 0) return ctx.stylize('[Object]', 'special');
    const innerOpts = { ...ctx };
    if (recurseTimes !== null) innerOpts.depth = recurseTimes - 1;
    const inspect = (v) => internal.inspect(v, innerOpts);
    const list = this.#list;
    const output = [];
    for (let i = 0; i < list.length; i += 2) output.push(`${inspect(list[i])} => ${inspect(list[i + 1])}`);
    const length = output.reduce((n, s) => n + internal.stripVTControlCharacters(s).length + 2, -2);
    if (length > ctx.breakLength) return `${this.constructor.name} {\n  ${output.join(',\n  ')} }`;
    if (output.length) return `${this.constructor.name} { ${output.join(', ')} }`;
    return `${this.constructor.name} {}`;
  }
}
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries, writable: true, configurable: true, enumerable: false,
});
const paramsList = URLSearchParams._list;
const attachParams = URLSearchParams._attach;
delete URLSearchParams._list;
delete URLSearchParams._attach;
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });
for (const k of ['append', 'delete', 'get', 'getAll', 'has', 'set', 'size', 'sort', 'entries', 'forEach', 'keys', 'values', 'toString']) {
  Object.defineProperty(URLSearchParams.prototype, k, { enumerable: true });
}

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
class URLSearchParamsIterator {
  #target;
  #kind;
  #index = 0;
  constructor(target, kind) {
    this.#target = target;
    this.#kind = kind;
  }
  next() {
    if (typeof this !== 'object' || this === null || !(#target in this)) throw invalidThis('URLSearchParamsIterator');
    const list = paramsList(this.#target);
    if (this.#index >= list.length) return { value: undefined, done: true };
    const name = list[this.#index], value = list[this.#index + 1];
    this.#index += 2;
    const v = this.#kind === 'key' ? name : this.#kind === 'value' ? value : [name, value];
    return { value: v, done: false };
  }
  [kInspect](recurseTimes, ctx) {
    if (!this || typeof this !== 'object' || !(#target in this)) throw invalidThis('URLSearchParamsIterator');
    if (typeof recurseTimes === 'number' && recurseTimes < 0) return ctx.stylize('[Object]', 'special');
    const innerOpts = { ...ctx };
    if (recurseTimes !== null) innerOpts.depth = recurseTimes - 1;
    const list = paramsList(this.#target);
    const output = [];
    for (let i = this.#index; i < list.length; i += 2) {
      output.push(this.#kind === 'key' ? list[i] : this.#kind === 'value' ? list[i + 1] : [list[i], list[i + 1]]);
    }
    const breakLn = internal.inspect(output, innerOpts).includes('\n');
    const strs = output.map((p) => internal.inspect(p, innerOpts));
    const body = breakLn ? `\n  ${strs.join(',\n  ')}` : ` ${strs.join(', ')}`;
    return `${this[Symbol.toStringTag]} {${body} }`;
  }
}
delete URLSearchParamsIterator.prototype.constructor;
Object.setPrototypeOf(URLSearchParamsIterator.prototype, IteratorPrototype);
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, { value: 'URLSearchParams Iterator', configurable: true });
Object.defineProperty(URLSearchParamsIterator.prototype, 'next', { enumerable: true, writable: true });

// ---- URL ----
class URL {
  #url;
  #searchParams;
  constructor(input, base = undefined) {
    if (arguments.length === 0) throw missingArgs('url');
    input = toUSV(input);
    let baseRecord = null;
    if (base !== undefined) {
      base = toUSV(base);
      baseRecord = basicParse(base, null);
      if (!baseRecord) throw invalidURL(input, base);
    }
    const url = basicParse(input, baseRecord);
    if (!url) throw invalidURL(input, base);
    this.#url = url;
  }
  // V8's brand-check errors, as Node's URL (private fields) gives them
  static #check(self, receiver) {
    if (typeof self !== 'object' || self === null || !(#url in self)) {
      throw new TypeError(receiver ? 'Receiver must be an instance of class URL'
        : 'Cannot read private member #context from an object whose class did not declare it');
    }
  }
  static _record(u) { return u.#url; }
  static canParse(input, base = undefined) {
    if (arguments.length === 0) throw missingArgs('url');
    input = toUSV(input);
    let baseRecord = null;
    if (base !== undefined) {
      baseRecord = basicParse(toUSV(base), null);
      if (!baseRecord) return false;
    }
    return basicParse(input, baseRecord) !== null;
  }
  [kInspect](depth, opts) {
    if (typeof depth === 'number' && depth < 0) return this;
    const ctor = Object.getPrototypeOf(this)?.constructor || URL;
    const obj = { __proto__: { constructor: ctor } };
    for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port',
      'pathname', 'search', 'searchParams', 'hash']) obj[k] = this[k];
    return `${ctor.name} ${internal.inspect(obj, opts)}`;
  }
  toString() {
    URL.#check(this, true);
    return serialize(this.#url);
  }
  get href() {
    URL.#check(this, true);
    return serialize(this.#url);
  }
  set href(value) {
    URL.#check(this);
    value = toUSV(value);
    const url = basicParse(value, null);
    if (!url) throw invalidURL(value);
    this.#url = url;
    if (this.#searchParams) attachParams(this.#searchParams, this, url.query);
  }
  get origin() {
    URL.#check(this);
    return origin(this.#url);
  }
  get protocol() {
    URL.#check(this);
    return this.#url.scheme;
  }
  set protocol(value) {
    URL.#check(this);
    basicParse(`${toUSV(value)}:`, null, this.#url, ST_SCHEME_START);
  }
  get username() {
    URL.#check(this);
    return this.#url.username;
  }
  set username(value) {
    URL.#check(this);
    if (cannotHaveCredentialsOrPort(this.#url)) return;
    this.#url.username = percentEncode(toUSV(value), USERINFO_SET);
  }
  get password() {
    URL.#check(this);
    return this.#url.password;
  }
  set password(value) {
    URL.#check(this);
    if (cannotHaveCredentialsOrPort(this.#url)) return;
    this.#url.password = percentEncode(toUSV(value), USERINFO_SET);
  }
  get host() {
    URL.#check(this);
    const url = this.#url;
    if (url.host === null) return '';
    return url.port === null ? url.host : `${url.host}:${url.port}`;
  }
  set host(value) {
    URL.#check(this);
    if (typeof this.#url.path === 'string') return;
    this.#setWith(toUSV(value), ST_HOST);
  }
  get hostname() {
    URL.#check(this);
    return this.#url.host === null ? '' : this.#url.host;
  }
  set hostname(value) {
    URL.#check(this);
    if (typeof this.#url.path === 'string') return;
    this.#setWith(toUSV(value), ST_HOSTNAME);
  }
  get port() {
    URL.#check(this);
    return this.#url.port === null ? '' : `${this.#url.port}`;
  }
  set port(value) {
    URL.#check(this);
    if (cannotHaveCredentialsOrPort(this.#url)) return;
    value = toUSV(value);
    if (value === '') this.#url.port = null;
    else this.#setWith(value, ST_PORT);
  }
  get pathname() {
    URL.#check(this);
    return serializePath(this.#url);
  }
  set pathname(value) {
    URL.#check(this);
    if (typeof this.#url.path === 'string') return;
    const copy = { ...this.#url, path: [] };
    if (basicParse(toUSV(value), null, copy, ST_PATH_START)) this.#url.path = copy.path;
  }
  get search() {
    URL.#check(this, true);
    const q = this.#url.query;
    return q === null || q === '' ? '' : `?${q}`;
  }
  set search(value) {
    URL.#check(this);
    value = toUSV(value);
    const url = this.#url;
    if (value === '') {
      url.query = null;
    } else {
      if (value[0] === '?') value = value.slice(1);
      url.query = '';
      basicParse(value, null, url, ST_QUERY);
    }
    if (this.#searchParams) attachParams(this.#searchParams, this, url.query);
  }
  get searchParams() {
    URL.#check(this);
    if (!this.#searchParams) {
      this.#searchParams = new URLSearchParams();
      attachParams(this.#searchParams, this, this.#url.query);
    }
    return this.#searchParams;
  }
  get hash() {
    URL.#check(this);
    const f = this.#url.fragment;
    return f === null || f === '' ? '' : `#${f}`;
  }
  set hash(value) {
    URL.#check(this);
    value = toUSV(value);
    const url = this.#url;
    if (value === '') {
      url.fragment = null;
      return;
    }
    if (value[0] === '#') value = value.slice(1);
    url.fragment = '';
    basicParse(value, null, url, ST_FRAGMENT);
  }
  toJSON() {
    URL.#check(this, true);
    return serialize(this.#url);
  }
  // a setter's parse on a copy, kept only when it succeeds
  #setWith(value, state) {
    const copy = { ...this.#url, path: this.#url.path.slice() };
    if (basicParse(value, null, copy, state)) this.#url = copy;
  }
  static _setQuery(u, query) {
    u.#url.query = query === '' ? null : query;
  }
  static createObjectURL(obj) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "obj" argument must be an instance of Blob. Received ${internal.determineSpecificType(obj)}`);
  }
  static revokeObjectURL(url) {
    if (arguments.length === 0) throw missingArgs('url');
  }
}
const urlRecord = URL._record;
updateURLQuery = URL._setQuery;
delete URL._record;
delete URL._setQuery;
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
for (const k of ['toString', 'href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port',
  'pathname', 'search', 'searchParams', 'hash', 'toJSON']) {
  Object.defineProperty(URL.prototype, k, { enumerable: true });
}
for (const k of ['canParse', 'createObjectURL', 'revokeObjectURL']) Object.defineProperty(URL, k, { enumerable: true });

function domainToASCII(domain) {
  if (arguments.length < 1) throw missingArgs('domain');
  const s = `${domain}`;
  if (s === '') return '';
  const r = parseHost(s, false);
  return r === null || r[0] === '[' ? '' : r;
}
function domainToUnicode(domain) {
  if (arguments.length < 1) throw missingArgs('domain');
  const s = `${domain}`;
  if (s === '') return '';
  const r = parseHost(s, false);
  return r === null || r[0] === '[' ? '' : domainToUnicodeInternal(r);
}

internal.whatwgURL = {
  URL, URLSearchParams, urlRecord, domainToASCII, domainToUnicode, domainToUnicodeInternal,
  percentEncode, serialize, isSpecialScheme, sets: { C0_SET, PATH_SET, QUERY_SET, FRAGMENT_SET, USERINFO_SET },
};
