// Resolution failures name the importing file and carry Node's codes.
const dir = import.meta.url.slice('file://'.length, import.meta.url.lastIndexOf('/'));
const clean = (s) => s.split(dir).join('<dir>');
for (const spec of ['./nope.mjs', './lib/nope.js', 'no-such-pkg', 'no-such-pkg/sub.js',
                    '@scope/missing', 'node:no-such-builtin', './lib', 'esm-exports-pkg/missing']) {
  try {
    await import(spec);
    console.log('loaded?', spec);
  } catch (e) {
    console.log(spec, e.code, clean(e.message));
  }
}
