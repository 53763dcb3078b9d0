const me = GetCurrentResourceName();
const show = (...a) => console.log(a.map((v) => JSON.stringify(v)).join(' '));
show('items', JSON.parse(LoadResourceFile(me, 'items.json')).items);
show('other resource', LoadResourceFile('rf_other', 'secret.txt').trim());
show('missing', LoadResourceFile(me, 'nope.json'), LoadResourceFile('no_such_res', 'x'));
show('save', SaveResourceFile(me, 'data/state.json', JSON.stringify({ n: 1 }), -1));
show('saved', LoadResourceFile(me, 'data/state.json'));
show('partial', SaveResourceFile(me, 'data/part.txt', 'abcdef', 3), LoadResourceFile(me, 'data/part.txt'));
const big = 'x'.repeat(3 * 1024 * 1024);
show('big', SaveResourceFile(me, 'big.txt', big, -1), LoadResourceFile(me, 'big.txt').length);
// refusals: nil/false and one line each, nothing read or written
show('dotdot', LoadResourceFile(me, '../../outside.txt'));
show('abs', LoadResourceFile(me, '/etc/hostname'));
show('symlink', LoadResourceFile(me, 'escape.txt'));
show('save dotdot', SaveResourceFile(me, '../rf_other/pwned.txt', 'x', -1));
show('save via dir link', SaveResourceFile(me, 'data/outdir/pwned.txt', 'x', -1));
show('save no folder', SaveResourceFile(me, 'nofolder/x.txt', 'x', -1));
show('pwned?', LoadResourceFile('rf_other', 'pwned.txt'));
// a NUL byte: refused, not the file named by the part before it
show('nul', LoadResourceFile(me, 'items.json\0.txt'));
show('save nul', SaveResourceFile(me, 'data/nul.txt\0x', 'x', -1), LoadResourceFile(me, 'data/nul.txt'));
