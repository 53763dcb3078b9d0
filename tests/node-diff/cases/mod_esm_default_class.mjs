// export default class; namespace import.
import Shape from './lib/esm_class_default.mjs';
import * as ns from './lib/esm_math.mjs';
console.log(typeof Shape, Shape.name, new Shape().area());
console.log(Object.keys(ns).sort().join(','));
console.log(ns[Symbol.toStringTag]);
