// common/fixtures: paths into Node's test/fixtures folder.
'use strict';
const path = require('path');
const fixturesDir = path.join(__dirname, '..', 'fixtures');
const fixturePath = (...parts) => path.join(fixturesDir, ...parts);
module.exports = {
  fixturesDir,
  path: fixturePath,
  fileURL: (...parts) => new URL(`file://${fixturePath(...parts)}`),
  readSync: (parts, enc) => require('fs').readFileSync(fixturePath(...[].concat(parts)), enc),
  readKey: (name, enc) => require('fs').readFileSync(fixturePath('keys', name), enc),
};
