// Bare specifiers resolve through node_modules and package.json "exports"
// (the "import" condition; "types" is skipped; "./x/*" patterns).
import hello, { kind, viaInner } from 'esm-exports-pkg';
import { sub } from 'esm-exports-pkg/sub';
import alpha, { feature, size } from 'esm-exports-pkg/feature/alpha';
import * as ns from 'esm-exports-pkg';
console.log(hello('weft'), kind);
console.log(viaInner);
console.log(sub);
console.log(alpha, feature, size);
console.log(Object.keys(ns));
