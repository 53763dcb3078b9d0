// fs: Node's error objects (code, errno, syscall, path, dest, message) from
// the sync, callback and promise forms; argument errors are thrown at once.
const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fs-errors-'));
const rel = (s) => String(s).split(dir).join('<dir>');
function show(tag, e) {
  console.log(tag, e.code, e.errno, e.syscall, rel(e.path), rel(e.dest), rel(e.message), e instanceof Error);
}
try { fs.readFileSync(path.join(dir, 'missing')); } catch (e) { show('readFileSync', e); }
try { fs.renameSync(path.join(dir, 'a'), path.join(dir, 'b')); } catch (e) { show('renameSync', e); }
fs.mkdirSync(path.join(dir, 'd'));
try { fs.mkdirSync(path.join(dir, 'd')); } catch (e) { show('mkdirSync', e); }
try { fs.rmdirSync(dir); } catch (e) { show('rmdirSync', e); }
try { fs.openSync(path.join(dir, 'd'), 'w'); } catch (e) { show('openSync', e); }
try { fs.readFileSync(42, 'x'); } catch (e) { console.log('encoding', e.code, e.name); }
try { fs.readFileSync({}); } catch (e) { console.log('type', e.code, e.message); }
try { fs.openSync(path.join(dir, 'x'), 'rw'); } catch (e) { console.log('flags', e.code, e.message); }
try { fs.accessSync('a\u0000b'); } catch (e) { console.log('nul', e.code); }
console.log('existsSync', fs.existsSync(dir), fs.existsSync(path.join(dir, 'nope')));
fs.stat(path.join(dir, 'missing'), (e) => {
  show('stat cb', e);
  fs.promises.readdir(path.join(dir, 'missing')).catch((e) => {
    show('readdir promise', e);
    fs.rm(path.join(dir, 'd'), (e) => {
      console.log('rm dir', e.code, e.name, rel(e.message));
      fs.rmSync(dir, { recursive: true });
      console.log('cleaned', fs.existsSync(dir));
    });
  });
});
