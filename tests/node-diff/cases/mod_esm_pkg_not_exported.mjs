// "exports" encapsulates a package: other subpaths are not importable.
const dir = import.meta.url.slice('file://'.length, import.meta.url.lastIndexOf('/'));
const clean = (s) => s.split(dir).join('<dir>');
const { default: a } = await import('strict-pkg');
console.log(a);
for (const spec of ['strict-pkg/internal.js', 'strict-pkg/package.json', 'esm-exports-pkg/nope']) {
  try {
    await import(spec);
    console.log('loaded?', spec);
  } catch (e) {
    console.log(spec, e.code, clean(e.message));
  }
}
