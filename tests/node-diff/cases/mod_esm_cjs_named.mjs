// Named imports from CommonJS files: exports.x, module.exports = {...},
// and a function with properties; default is always module.exports.
import cjs, { a, b, fn } from './lib/cjs_named.cjs';
import { x, y, z } from './lib/cjs_obj.cjs';
import api, { version, helper } from './lib/cjs_fn.js';
import * as ns from './lib/cjs_named.cjs';
console.log(a, b, fn());
console.log(cjs.a === a, cjs.default, ns.default === cjs);
console.log(Object.keys(ns));
console.log(x(), y, z);
console.log(api(), version, helper());
