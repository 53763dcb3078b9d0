// querystring.js: Node's `querystring` module (parse/decode,
// stringify/encode, escape, unescape, unescapeBuffer), with Node 20's
// results for odd input: '+' as space, empty pairs skipped, maxKeys
// counting pairs, bad %-escapes kept as written.
'use strict';

function getBuffer() {
  if (!internal.bufferModule) natives.loadLib('buffer');
  return internal.bufferModule.Buffer;
}

function hexValue(c) {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

// %XX escapes to bytes; anything else kept; '+' -> ' ' when decodeSpaces
function unescapeBuffer(s, decodeSpaces) {
  s = `${s}`;
  const out = getBuffer().allocUnsafe(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c === 43 /* + */ && decodeSpaces) {
      out[n++] = 32;
      continue;
    }
    if (c === 37 /* % */ && i + 2 < s.length) {
      const hi = hexValue(s.charCodeAt(i + 1)), lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
        continue;
      }
    }
    if (c > 0xff) c &= 0xff; // as Node: only the low byte of a wide char
    out[n++] = c;
  }
  return out.subarray(0, n);
}

function qsUnescape(s, decodeSpaces) {
  try {
    return decodeURIComponent(s);
  } catch {
    return unescapeBuffer(s, decodeSpaces).toString();
  }
}

// Percent-encode str as UTF-8, keeping the characters noEscape[c] marks.
// As Node's encodeStr, a surrogate takes the next unit as its pair without
// checking it; one at the end of the string is an error.
const hexTable = Array.from({ length: 256 }, (_, i) => `%${i < 16 ? '0' : ''}${i.toString(16).toUpperCase()}`);
function encodeStr(str, noEscape) {
  const len = str.length;
  let out = '';
  let lastPos = 0;
  for (let i = 0; i < len; i++) {
    let c = str.charCodeAt(i);
    if (c < 0x80) {
      if (noEscape[c] === 1) continue;
      if (lastPos < i) out += str.slice(lastPos, i);
      lastPos = i + 1;
      out += hexTable[c];
      continue;
    }
    if (lastPos < i) out += str.slice(lastPos, i);
    if (c < 0x800) {
      lastPos = i + 1;
      out += hexTable[0xc0 | (c >> 6)] + hexTable[0x80 | (c & 0x3f)];
      continue;
    }
    if (c < 0xd800 || c >= 0xe000) {
      lastPos = i + 1;
      out += hexTable[0xe0 | (c >> 12)] + hexTable[0x80 | ((c >> 6) & 0x3f)] + hexTable[0x80 | (c & 0x3f)];
      continue;
    }
    ++i;
    if (i >= len) throw internal.makeNodeError(URIError, 'ERR_INVALID_URI', 'URI malformed');
    const c2 = str.charCodeAt(i) & 0x3ff;
    lastPos = i + 1;
    c = 0x10000 + (((c & 0x3ff) << 10) | c2);
    out += hexTable[0xf0 | (c >> 18)] + hexTable[0x80 | ((c >> 12) & 0x3f)] +
      hexTable[0x80 | ((c >> 6) & 0x3f)] + hexTable[0x80 | (c & 0x3f)];
  }
  if (lastPos === 0) return str;
  if (lastPos < len) return out + str.slice(lastPos);
  return out;
}
// encodeURIComponent's unescaped set: A-Z a-z 0-9 - _ . ! ~ * ' ( )
const qsNoEscape = new Int8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") qsNoEscape[ch.charCodeAt(0)] = 1;

function qsEscape(str) {
  if (typeof str !== 'string') {
    if (typeof str === 'object') str = String(str);
    else str += '';
  }
  return encodeStr(str, qsNoEscape);
}

function stringifyPrimitive(v) {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return `${v}`;
  if (typeof v === 'bigint') return `${v}`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return '';
}

function stringify(obj, sep, eq, options) {
  sep = sep || '&';
  eq = eq || '=';
  let encode = qs.escape;
  if (options && typeof options.encodeURIComponent === 'function') encode = options.encodeURIComponent;
  const convert = encode === qsEscape ? (v) => qsEscape(stringifyPrimitive(v)) : (v) => encode(stringifyPrimitive(v));
  if (obj === null || typeof obj !== 'object') return '';
  const fields = [];
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const ks = convert(k) + eq;
    if (Array.isArray(v)) {
      for (const item of v) fields.push(ks + convert(item));
    } else {
      fields.push(ks + convert(v));
    }
  }
  return fields.join(sep);
}

function decodeStr(s, decoder) {
  try {
    return decoder(s);
  } catch {
    return qs.unescape(s, true);
  }
}

const kEscaped = /%[0-9a-fA-F]{2}/;
function parse(qs_, sep, eq, options) {
  const obj = { __proto__: null };
  if (typeof qs_ !== 'string' || qs_.length === 0) return obj;
  sep = (sep ? `${sep}` : '') || '&';
  eq = eq ? `${eq}` : '=';
  let maxKeys = 1000;
  if (options && typeof options.maxKeys === 'number') maxKeys = options.maxKeys;
  let pairs = qs_.split(sep);
  if (maxKeys > 0 && Number.isFinite(maxKeys) && pairs.length > maxKeys) pairs = pairs.slice(0, maxKeys);
  let decode = qs.unescape;
  if (options && typeof options.decodeURIComponent === 'function') decode = options.decodeURIComponent;
  const plain = decode === qsUnescape;
  for (const pair of pairs) {
    if (pair.length === 0) continue;
    const i = pair.indexOf(eq);
    let k = i >= 0 ? pair.slice(0, i) : pair;
    let v = i >= 0 ? pair.slice(i + eq.length) : '';
    k = k.replace(/\+/g, ' ');
    v = v.replace(/\+/g, ' ');
    // as Node, only text with a %XX escape goes through the decoder
    if (!plain || kEscaped.test(k)) k = decodeStr(k, decode);
    if (!plain || kEscaped.test(v)) v = decodeStr(v, decode);
    const cur = obj[k];
    if (cur === undefined) obj[k] = v;
    else if (Array.isArray(cur)) cur.push(v);
    else obj[k] = [cur, v];
  }
  return obj;
}

const qs = {
  unescapeBuffer,
  unescape: qsUnescape,
  escape: qsEscape,
  stringify,
  encode: stringify,
  parse,
  decode: parse,
};
internal.querystringModule = qs;
internal.encodeStr = encodeStr;
