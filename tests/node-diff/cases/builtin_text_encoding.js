// TextEncoder/TextDecoder (UTF-8 with U+FFFD for bad input, streaming, fatal,
// BOM, utf-16le, latin1) and atob/btoa with their DOMException errors.
const e = new TextEncoder();
console.log(e.encoding, e.encode('hé€😀'), e.encode('\ud800x'), e.encodeInto('héllo', new Uint8Array(3)));
const d = new TextDecoder();
console.log(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80])));
console.log(JSON.stringify(d.decode(new Uint8Array([0xff, 0x61, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98, 0xed, 0xa0, 0x80]))));
const s = new TextDecoder('utf-8');
console.log(s.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + s.decode(new Uint8Array([0xac])));
try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xc3])); } catch (err) { console.log(err.name, err.code); }
try { new TextDecoder('nope'); } catch (err) { console.log(err.name, err.code); }
console.log(new TextDecoder('latin1').encoding, new TextDecoder('latin1').decode(new Uint8Array([0x80, 0xe9])), new TextDecoder('utf-16le').decode(new Uint8Array([0x68, 0, 0x69, 0])));
console.log(btoa('hello\xff'), atob('aGVsbG8g/w=='), atob(' aGk '), atob('aGk'));
try { atob('a'); } catch (err) { console.log(err.name, err.code); }
try { btoa('€'); } catch (err) { console.log(err.name, err.code); }
console.log(require('util').TextDecoder === TextDecoder);
