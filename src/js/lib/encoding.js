// encoding.js: TextEncoder, TextDecoder (utf-8, utf-16le/be and latin1
// labelled windows-1252 as in Node, in JS; the other WHATWG encodings Node
// with ICU decodes on ICU's converters, natives.binding('text_decoder');
// fatal, ignoreBOM, streaming) and atob/btoa, with the WHATWG Encoding and
// forgiving-base64 rules Node follows. Loaded on first use of one of these
// globals.
'use strict';

function encodingError(message, code) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

// ---- TextEncoder (UTF-8 only; lone surrogates become U+FFFD) ----
function utf8Length(str) {
  let n = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length &&
             (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

// Write str into out from 0; stops before a character that does not fit.
// Returns [UTF-16 units read, bytes written].
function utf8Write(str, out) {
  let w = 0, i = 0;
  const cap = out.length;
  for (; i < str.length; i++) {
    let c = str.charCodeAt(i);
    let units = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < str.length ? str.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && (next & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        units = 2;
      } else {
        c = 0xfffd;
      }
    }
    if (c < 0x80) {
      if (w + 1 > cap) break;
      out[w++] = c;
    } else if (c < 0x800) {
      if (w + 2 > cap) break;
      out[w++] = 0xc0 | (c >> 6);
      out[w++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      if (w + 3 > cap) break;
      out[w++] = 0xe0 | (c >> 12);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    } else {
      if (w + 4 > cap) break;
      out[w++] = 0xf0 | (c >> 18);
      out[w++] = 0x80 | ((c >> 12) & 63);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    }
    i += units - 1;
  }
  return [i, w];
}

const kInspect = Symbol.for('nodejs.util.inspect.custom');
function invalidThis(what) {
  return internal.makeNodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${what}`);
}
class TextEncoder {
  #brand = true;
  static #check(self) { if (self === null || typeof self !== 'object' || !(#brand in self)) throw invalidThis('TextEncoder'); }
  get encoding() { TextEncoder.#check(this); return 'utf-8'; }
  // as Node: a plain object of the encoding, under the instance's constructor
  [kInspect](depth, options) {
    TextEncoder.#check(this);
    if (typeof depth === 'number' && depth < 0) return this;
    const ctor = this.constructor;
    const obj = Object.create({ constructor: typeof ctor === 'function' ? ctor : TextEncoder });
    obj.encoding = this.encoding;
    return internal.inspect(obj, options);
  }
  encode(input = '') {
    TextEncoder.#check(this);
    const str = `${input}`;
    const out = new Uint8Array(utf8Length(str));
    utf8Write(str, out);
    return out;
  }
  encodeInto(src, dest) {
    TextEncoder.#check(this);
    if (!(dest instanceof Uint8Array)) internal.throwInvalidArgType('dest', 'Uint8Array', dest);
    const [read, written] = utf8Write(`${src}`, dest);
    return { read, written };
  }
}
Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: 'TextEncoder', configurable: true });
for (const k of ['encoding', 'encode', 'encodeInto']) Object.defineProperty(TextEncoder.prototype, k, { enumerable: true });

// ---- TextDecoder ----
// The WHATWG Encoding Standard's labels, per encoding name. TextDecoder
// decodes utf-8, utf-16le/be and windows-1252 (as Node 20's latin1) in JS,
// the others (single-byte and CJK) with ICU; as in Node 20, the ones ICU
// has no converter for are not supported (replacement, x-user-defined,
// iso-8859-16).
const labels = {
  'utf-8': 'unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8',
  'ibm866': '866 cp866 csibm866 ibm866',
  'iso-8859-2': 'csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2',
  'iso-8859-3': 'csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3',
  'iso-8859-4': 'csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4',
  'iso-8859-5': 'csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988',
  'iso-8859-6': 'arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e ' +
    'iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987',
  'iso-8859-7': 'csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 ' +
    'iso_8859-7 iso_8859-7:1987 sun_eu_greek',
  'iso-8859-8': 'csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 ' +
    'iso_8859-8 iso_8859-8:1988 visual',
  'iso-8859-8-i': 'csiso88598i iso-8859-8-i logical',
  'iso-8859-10': 'csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6',
  'iso-8859-13': 'iso-8859-13 iso8859-13 iso885913',
  'iso-8859-14': 'iso-8859-14 iso8859-14 iso885914',
  'iso-8859-15': 'csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9',
  'iso-8859-16': 'iso-8859-16',
  'koi8-r': 'cskoi8r koi koi8 koi8-r koi8_r',
  'koi8-u': 'koi8-ru koi8-u',
  'macintosh': 'csmacintosh mac macintosh x-mac-roman',
  'windows-874': 'dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874',
  'windows-1250': 'cp1250 windows-1250 x-cp1250',
  'windows-1251': 'cp1251 windows-1251 x-cp1251',
  'windows-1252': 'ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 ' +
    'iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252',
  'windows-1253': 'cp1253 windows-1253 x-cp1253',
  'windows-1254': 'cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 ' +
    'l5 latin5 windows-1254 x-cp1254',
  'windows-1255': 'cp1255 windows-1255 x-cp1255',
  'windows-1256': 'cp1256 windows-1256 x-cp1256',
  'windows-1257': 'cp1257 windows-1257 x-cp1257',
  'windows-1258': 'cp1258 windows-1258 x-cp1258',
  'x-mac-cyrillic': 'x-mac-cyrillic x-mac-ukrainian',
  'gbk': 'chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk',
  'gb18030': 'gb18030',
  'big5': 'big5 big5-hkscs cn-big5 csbig5 x-x-big5',
  'euc-jp': 'cseucpkdfmtjapanese euc-jp x-euc-jp',
  'iso-2022-jp': 'csiso2022jp iso-2022-jp',
  'shift_jis': 'csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis',
  'euc-kr': 'cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949',
  'utf-16be': 'unicodefffe utf-16be',
  'utf-16le': 'csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le',
  'replacement': 'csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement',
  'x-user-defined': 'x-user-defined',
};
const labelToEncoding = new Map();
for (const [enc, list] of Object.entries(labels)) for (const l of list.split(' ')) labelToEncoding.set(l, enc);
const inJS = new Set(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);
const unsupported = new Set(['replacement', 'x-user-defined', 'iso-8859-16']);
let converters; // natives.binding('text_decoder'), on the first legacy decoder
// a label's encoding name, after ASCII whitespace trim and lower-casing
function getEncodingFromLabel(label) {
  const enc = labelToEncoding.get(label);
  if (enc !== undefined) return enc;
  return labelToEncoding.get(`${label}`.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').toLowerCase());
}
function toBytes(input) {
  if (input === undefined) return new Uint8Array(0);
  if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && input instanceof SharedArrayBuffer)) {
    // a detached buffer reads as empty, as in Node
    return input.byteLength === 0 ? new Uint8Array(0) : new Uint8Array(input);
  }
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  internal.throwInvalidArgType('input', ['ArrayBuffer', 'ArrayBufferView'], input);
}

// Node's flag bits, shown by util.inspect(decoder, { showHidden: true })
const kFlagFatal = 2, kFlagIgnoreBOM = 4;
const kFlags = Symbol('flags');
const kHandle = Symbol('handle');
function notSupported(label) {
  const err = new RangeError(`The "${label}" encoding is not supported`);
  err.code = 'ERR_ENCODING_NOT_SUPPORTED';
  return err;
}
class TextDecoder {
  #encoding;
  #fatal;
  #ignoreBOM;
  #pending = [];
  #bomSeen = false;
  #converter = null; // an ICU converter for the legacy encodings
  static #check(self) { if (self === null || typeof self !== 'object' || !(#converter in self)) throw invalidThis('TextDecoder'); }
  constructor(label = 'utf-8', options = {}) {
    const enc = getEncodingFromLabel(`${label}`);
    if (enc === undefined || unsupported.has(enc)) throw notSupported(label);
    if (options !== null && typeof options !== 'object') internal.throwInvalidArgType('options', 'object', options);
    this.#encoding = enc;
    this.#fatal = !!(options && options.fatal);
    this.#ignoreBOM = !!(options && options.ignoreBOM);
    if (!inJS.has(enc)) {
      if (!converters) converters = natives.binding('text_decoder');
      this.#converter = converters.open(enc, this.#fatal);
      if (this.#converter === null) throw notSupported(label);
    }
    const flags = (this.#fatal ? kFlagFatal : 0) | (this.#ignoreBOM ? kFlagIgnoreBOM : 0);
    this[kFlags] = flags;
    this[kHandle] = undefined;
  }
  get encoding() { TextDecoder.#check(this); return this.#encoding; }
  get fatal() { TextDecoder.#check(this); return this.#fatal; }
  get ignoreBOM() { TextDecoder.#check(this); return this.#ignoreBOM; }
  // as Node: the constructor's name and a plain object of the three getters
  // (and the hidden flags and handle under showHidden)
  [kInspect](depth, options) {
    TextDecoder.#check(this);
    if (typeof depth === 'number' && depth < 0) return this;
    let ctor = this.constructor;
    if (typeof ctor !== 'function') ctor = TextDecoder;
    const obj = Object.create({ constructor: ctor });
    obj.encoding = this.#encoding;
    obj.fatal = this.#fatal;
    obj.ignoreBOM = this.#ignoreBOM;
    if (options && options.showHidden) {
      obj[kFlags] = this[kFlags];
      obj[kHandle] = this[kHandle];
    }
    return `${ctor.name} ${internal.inspect(obj)}`;
  }
  decode(input = undefined, options = {}) {
    TextDecoder.#check(this);
    let bytes = toBytes(input);
    const stream = !!(options && options.stream);
    if (this.#converter !== null) return this.#legacy(bytes, stream);
    if (this.#pending.length) {
      const joined = new Uint8Array(this.#pending.length + bytes.length);
      joined.set(this.#pending);
      joined.set(bytes, this.#pending.length);
      bytes = joined;
      this.#pending = [];
    }
    let out;
    if (this.#encoding === 'utf-8') out = this.#utf8(bytes, stream);
    else if (this.#encoding === 'utf-16le') out = this.#utf16(bytes, stream, 0);
    else if (this.#encoding === 'utf-16be') out = this.#utf16(bytes, stream, 1);
    else {
      // as Node 20: every byte is its own code point (ISO-8859-1), though
      // the encoding reports itself as windows-1252
      out = '';
      for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
    }
    if (!this.#ignoreBOM && !this.#bomSeen && out.length > 0) {
      this.#bomSeen = true;
      if (out.charCodeAt(0) === 0xfeff && this.#encoding !== 'windows-1252') out = out.slice(1);
    }
    if (!stream) this.#bomSeen = false;
    return out;
  }
  #invalid() {
    if (this.#fatal) {
      throw encodingError(`The encoded data was not valid for encoding ${this.#encoding}`, 'ERR_ENCODING_INVALID_ENCODED_DATA');
    }
    return '\ufffd';
  }
  // WHATWG UTF-8 decoder: each maximal invalid subpart becomes one U+FFFD
  #utf8(b, stream) {
    const parts = [];
    let i = 0;
    const n = b.length;
    while (i < n) {
      const c = b[i];
      if (c < 0x80) {
        let j = i;
        while (j < n && b[j] < 0x80 && j - i < 8192) j++;
        parts.push(String.fromCharCode.apply(null, b.subarray(i, j)));
        i = j;
        continue;
      }
      let need, cp, lo = 0x80, hi = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) { need = 1; cp = c & 0x1f; }
      else if (c >= 0xe0 && c <= 0xef) {
        need = 2; cp = c & 0xf;
        if (c === 0xe0) lo = 0xa0;
        if (c === 0xed) hi = 0x9f;
      } else if (c >= 0xf0 && c <= 0xf4) {
        need = 3; cp = c & 7;
        if (c === 0xf0) lo = 0x90;
        if (c === 0xf4) hi = 0x8f;
      } else {
        parts.push(this.#invalid());
        i++;
        continue;
      }
      let k = 1;
      for (; k <= need; k++) {
        if (i + k >= n) break;
        const cc = b[i + k];
        if (cc < lo || cc > hi) break;
        lo = 0x80;
        hi = 0xbf;
        cp = (cp << 6) | (cc & 0x3f);
      }
      if (k <= need) {
        if (i + k >= n && stream) {
          this.#pending = Array.from(b.subarray(i));
          break;
        }
        parts.push(this.#invalid());
        i += k;
        continue;
      }
      parts.push(String.fromCodePoint(cp));
      i += need + 1;
    }
    return parts.join('');
  }
  // WHATWG UTF-16 decoder (be: 1 for big-endian): an unpaired surrogate is
  // malformed; streaming keeps an odd byte or a lead surrogate pending
  #utf16(b, stream, be) {
    let n = b.length;
    if (stream) n -= n % 2;
    const units = [];
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const u = be ? (b[i] << 8) | b[i + 1] : b[i] | (b[i + 1] << 8);
      if (u >= 0xd800 && u <= 0xdbff) {
        if (i + 3 < n) {
          const v = be ? (b[i + 2] << 8) | b[i + 3] : b[i + 2] | (b[i + 3] << 8);
          if (v >= 0xdc00 && v <= 0xdfff) { units.push(u, v); i += 2; continue; }
        } else if (stream) break; // its trail may come in the next chunk
        units.push(this.#invalid().charCodeAt(0));
      } else if (u >= 0xdc00 && u <= 0xdfff) units.push(this.#invalid().charCodeAt(0));
      else units.push(u);
    }
    if (i < b.length) {
      if (stream) this.#pending = Array.from(b.subarray(i));
      else units.push(this.#invalid().charCodeAt(0)); // an odd byte at the end
    }
    let out = '';
    for (let k = 0; k < units.length; k += 8192) out += String.fromCharCode.apply(null, units.slice(k, k + 8192));
    return out;
  }
  // ICU's converter keeps its own state between streamed calls
  #legacy(bytes, stream) {
    const out = converters.decode(this.#converter, bytes, !stream);
    if (out === null) this.#invalid();
    return out;
  }
}
Object.defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: 'TextDecoder', configurable: true });
for (const k of ['encoding', 'fatal', 'ignoreBOM', 'decode']) Object.defineProperty(TextDecoder.prototype, k, { enumerable: true });

// ---- atob / btoa (forgiving-base64) ----
const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const b64Index = new Map([...b64].map((ch, i) => [ch, i]));
function invalidCharacter(message) {
  return new globalThis.DOMException(message, 'InvalidCharacterError');
}
function btoa(input) {
  if (arguments.length === 0) {
    throw internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "input" argument must be specified');
  }
  const s = `${input}`;
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw invalidCharacter('Invalid character');
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += b64[n >> 18] + b64[(n >> 12) & 63] +
      (i + 1 < s.length ? b64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? b64[n & 63] : '=');
  }
  return out;
}
function atob(input) {
  if (arguments.length === 0) {
    throw internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "input" argument must be specified');
  }
  let s = `${input}`.replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/==?$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) {
    throw invalidCharacter('The string to be decoded is not correctly encoded.');
  }
  let out = '', bits = 0, acc = 0;
  for (const ch of s) {
    acc = (acc << 6) | b64Index.get(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 255);
    }
  }
  return out;
}

internal.encoding = { TextEncoder, TextDecoder, atob, btoa };
internal.encodingInternals = { getEncodingFromLabel, TextEncoder, TextDecoder };
