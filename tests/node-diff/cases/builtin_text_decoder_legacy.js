// TextDecoder's legacy encodings (ICU converters in weft): every byte of
// each single-byte and CJK encoding, byte pairs, streaming, fatal, labels.
'use strict';
const names = ['ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6',
  'iso-8859-7', 'iso-8859-8', 'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14',
  'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u', 'macintosh', 'windows-874', 'windows-1250',
  'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256',
  'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp',
  'iso-2022-jp', 'shift_jis', 'euc-kr', 'utf-16be', 'utf-16le', 'replacement', 'x-user-defined'];
const hex = (s) => [...s].map((c) => c.codePointAt(0).toString(16)).join(' ');
const all = Uint8Array.from({ length: 256 }, (_, i) => i);
for (const n of names) {
  try {
    const d = new TextDecoder(n);
    console.log(n, d.encoding, hex(d.decode(all)));
  } catch (e) {
    console.log(n, e.name, e.code, e.message);
  }
}
// lead bytes followed by an ASCII byte: malformed sequences become U+FFFD
for (const n of ['gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr']) {
  const out = [];
  for (let i = 0x80; i < 256; i += 3) out.push(hex(new TextDecoder(n).decode(Uint8Array.of(i, 0x41))));
  console.log(n, 'pairs', out.join('|'));
}
const text = {
  'shift_jis': [0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea],
  'euc-jp': [0xa4, 0xa2, 0xc6, 0xfc, 0xcb, 0xdc, 0xb8, 0xec],
  'gbk': [0xc4, 0xe3, 0xba, 0xc3, 0xca, 0xc0, 0xbd, 0xe7],
  'gb18030': [0x81, 0x30, 0x81, 0x30, 0xc4, 0xe3, 0x80],
  'big5': [0xa7, 0x41, 0xa6, 0x6e],
  'euc-kr': [0xbe, 0xc8, 0xb3, 0xe7],
  'iso-2022-jp': [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x41],
  'windows-1251': [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2],
};
for (const [n, bytes] of Object.entries(text)) {
  const whole = new TextDecoder(n).decode(Uint8Array.from(bytes));
  // streamed one byte at a time: the converter keeps partial sequences
  const d = new TextDecoder(n);
  let streamed = '';
  for (const b of bytes) streamed += d.decode(Uint8Array.of(b), { stream: true });
  streamed += d.decode();
  console.log(n, whole, streamed === whole);
  try {
    new TextDecoder(n, { fatal: true }).decode(Uint8Array.from([...bytes, 0xff, 0xff]));
    console.log(n, 'fatal: no error');
  } catch (e) {
    console.log(n, 'fatal:', e.name, e.code, e.message);
  }
  // an incomplete sequence at the end of a non-streamed call
  console.log(n, 'truncated', hex(new TextDecoder(n).decode(Uint8Array.from(bytes.slice(0, 1)))));
}
// utf-16be and utf-16le: BOM, surrogates, odd bytes, streaming, fatal
const cases = [[0xfe, 0xff, 0, 0x41], [0xd8, 0x3d, 0xde, 0x00], [0xd8, 0x3d], [0xde, 0x00, 0, 0x41],
  [0, 0x41, 0], [0xd8, 0x3d, 0, 0x41], [0xdc, 0, 0xd8, 0]];
for (const enc of ['utf-16be', 'utf-16le']) {
  for (const c of cases) {
    const bytes = enc === 'utf-16le' ? c.map((_, i) => c[i ^ 1] ?? c[i]) : c;
    let fatal;
    try {
      fatal = hex(new TextDecoder(enc, { fatal: true }).decode(Uint8Array.from(bytes)));
    } catch (e) {
      fatal = e.code;
    }
    const d = new TextDecoder(enc);
    let s = '';
    for (const b of bytes) s += d.decode(Uint8Array.of(b), { stream: true });
    s += d.decode();
    console.log(enc, bytes.join(','), hex(new TextDecoder(enc).decode(Uint8Array.from(bytes))), '|', hex(s), '|', fatal);
  }
}
for (const l of ['UTF-16BE', ' unicodefffe ', 'csshiftjis', 'ms932', 'x-sjis', 'cp1251', 'koi', 'x-gbk',
  'chinese', 'ks_c_5601-1987', 'iso-ir-58', 'dos-874', 'logical', 'visual', 'sun_eu_greek']) {
  console.log(JSON.stringify(l), new TextDecoder(l).encoding);
}
console.log(require('util').inspect(new TextDecoder('shift_jis', { fatal: true })));
console.log(require('util').inspect(new TextDecoder('utf-16be')));
