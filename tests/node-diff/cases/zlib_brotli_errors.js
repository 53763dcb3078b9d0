// Brotli decode errors as Node 20 reports them: code "ERR_" + the decoder's
// error name with its prefix (ERR__ERROR_FORMAT_PADDING_1), errno, message.
const zlib = require('zlib');
const inputs = ['garbage-data-here', '\x0b\x02\x80hello', '\xff\xff\xff\xff', ''];
for (const s of inputs) {
  try {
    console.log(JSON.stringify(s), zlib.brotliDecompressSync(Buffer.from(s, 'latin1')));
  } catch (e) {
    console.log(JSON.stringify(s), e.code, e.errno, e.message);
  }
}
const good = zlib.brotliCompressSync('hello brotli');
try {
  zlib.brotliDecompressSync(good.subarray(0, good.length - 2));
} catch (e) {
  console.log('truncated', e.code, e.errno, e.message);
}
zlib.brotliDecompress(Buffer.from('garbage-data-here'), (e) => console.log('async', e.code, e.errno, e.message));
