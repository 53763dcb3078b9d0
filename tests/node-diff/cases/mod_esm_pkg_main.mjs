// Packages without "exports": "main" (with extension search), index.js,
// and subpath files; "module" is ignored like Node does.
import entry, { name, add } from 'main-pkg';
import util, { extra } from 'main-pkg/util.js';
import 'main-pkg/util.js';
import idx from 'index-pkg';
import { picked } from 'module-field-pkg';
console.log(name, add(2, 3), Object.keys(entry));
console.log(util(), extra, util.extra);
console.log(idx);
console.log('picked', picked);
