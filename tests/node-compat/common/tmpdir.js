// common/tmpdir: one scratch folder per test process under test/.
'use strict';
const path = require('path');
const dir = path.join(__dirname, '..', `.tmp.${process.pid}`);
module.exports = {
  path: dir,
  resolve: (...parts) => path.join(dir, ...parts),
  refresh() {
    const fs = require('fs');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  },
  hasEnoughSpace: () => true,
};
