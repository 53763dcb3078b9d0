const zlib = require('zlib');
const big = Buffer.alloc(4 * 1024 * 1024, 'weft zlib stop test ');
for (let i = 0; i < 8; i++) {
  zlib.gzip(big, (err) => console.log('result after stop', err));
  zlib.createDeflate({ chunkSize: 1024 }).end(big);
}
console.log('8 gzip calls and 8 deflate streams queued');
