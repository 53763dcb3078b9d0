// Requiring a missing file throws MODULE_NOT_FOUND.
for (const spec of ['./lib/does-not-exist', './lib/nope.js', 'no-such-package-xyz']) {
  try {
    require(spec);
    console.log('NEVER');
  } catch (e) {
    console.log(e.code, e instanceof Error);
  }
}
