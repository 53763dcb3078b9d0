const zlib = require('zlib');
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  ExecuteCommand('stop zs_worker');
  setTimeout(() => {
    zlib.gunzip(zlib.gzipSync('still works'), (err, out) => {
      console.log('after the stop:', err, String(out));
      ExecuteCommand('quit');
    });
  }, 300);
});
