// An uncaught error thrown inside a vm script: the head of what the process
// prints on stderr (the script's file:line, its line, the caret under the
// throw, a blank line) is Node's, with no second head for the caller's line.
'use strict';
const { spawnSync } = require('child_process');
const scripts = [
  "require('vm').runInThisContext('function f() { throw new Error(\"inside vm\"); }\\nf();', { filename: 'inner.js' });",
  "require('vm').runInNewContext('throw new TypeError(\"new ctx\")');",
  "new (require('vm').Script)('null.x').runInThisContext();",
  "require('vm').runInThisContext('const o = {};\\n  o.missing();', { filename: 'call.js' });",
];
for (const s of scripts) {
  const r = spawnSync(process.execPath, ['-e', s], { encoding: 'utf8' });
  const lines = r.stderr.split('\n');
  console.log(r.status, JSON.stringify(lines.slice(0, 4)));
}
