// require() honours package.json "exports" ("require"/"default").
const clean = (s) => s.split(__dirname).join('<dir>');
const pkg = require('esm-exports-pkg');
console.log(pkg.kind, pkg.hello('req'));
console.log(require('esm-exports-pkg/sub').sub);
console.log(require('esm-exports-pkg/feature/alpha'));
console.log(require('@scope/scoped').scoped);
console.log(require('strict-pkg'), require('module-field-pkg').picked, require('main-pkg').name);
console.log(clean(require.resolve('esm-exports-pkg')), clean(require.resolve('main-pkg')));
for (const id of ['strict-pkg/internal.js', 'esm-exports-pkg/nope', 'no-such-pkg', 'esm-exports-pkg/missing']) {
  try {
    require(id);
    console.log('loaded?', id);
  } catch (e) {
    console.log(id, e.code, clean(e.message));
  }
}
import('esm-exports-pkg').then((m) => console.log('dynamic import from CJS:', m.kind));
