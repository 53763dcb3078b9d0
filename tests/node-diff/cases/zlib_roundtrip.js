// zlib: sync, callback and stream forms round-trip; errors as Node reports them.
const zlib = require('zlib');
const { pipeline, Readable, Writable } = require('stream');
const log = (...a) => console.log(...a);
const text = 'weft zlib round trip '.repeat(500);
for (const [c, d] of [['deflateSync', 'inflateSync'], ['gzipSync', 'gunzipSync'], ['deflateRawSync', 'inflateRawSync'],
  ['gzipSync', 'unzipSync'], ['deflateSync', 'unzipSync'], ['brotliCompressSync', 'brotliDecompressSync']]) {
  const packed = zlib[c](text);
  log(c, d, packed.length, zlib[d](packed).toString() === text);
}
log('level 1 vs 9', zlib.deflateSync(text, { level: 1 }).length >= zlib.deflateSync(text, { level: 9 }).length);
log('crc32', zlib.crc32('hello'), zlib.crc32(Buffer.from('world'), zlib.crc32('hello ')));
const dict = Buffer.from('weft zlib round trip');
const withDict = zlib.deflateSync(text, { dictionary: dict });
log('dictionary', zlib.inflateSync(withDict, { dictionary: dict }).toString() === text);
try { zlib.inflateSync(withDict); } catch (e) { log('no dict', e.code, e.errno, e.message); }
try { zlib.inflateSync(Buffer.from('not zlib at all')); } catch (e) { log('bad data', e.code, e.errno, e.message); }
try { zlib.gunzipSync(zlib.gzipSync(text).subarray(0, 20)); } catch (e) { log('truncated', e.code, e.errno, e.message); }
const two = Buffer.concat([zlib.gzipSync('first '), zlib.gzipSync('second')]);
log('concatenated members', zlib.gunzipSync(two).toString());
log('codes', zlib.codes.Z_DATA_ERROR, zlib.codes['-3'], zlib.constants.Z_BEST_COMPRESSION);
zlib.gzip(text, (err, packed) => {
  log('async gzip', err, packed.length > 0);
  zlib.gunzip(packed, (err, out) => {
    log('async gunzip', err, out.toString() === text);
    zlib.inflate(Buffer.from('garbage'), (err) => {
      log('async error', err.code, err.errno, err.message);
      const out = [];
      pipeline(Readable.from([Buffer.from(text)]), zlib.createGzip(), zlib.createGunzip(),
        new Writable({ write(c, e, cb) { out.push(c); cb(); } }), (err) => {
          log('stream pipeline', err, Buffer.concat(out).toString() === text);
          const gz = zlib.createDeflate();
          const chunks = [];
          gz.on('data', (c) => chunks.push(c));
          gz.write('partial');
          gz.flush(() => {
            log('flush gives a decodable prefix', zlib.inflateSync(Buffer.concat(chunks), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString());
            gz.end();
          });
        });
    });
  });
});
