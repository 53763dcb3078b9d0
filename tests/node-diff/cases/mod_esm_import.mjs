// Importing named and default exports from other .mjs files.
import { add, counter, bump } from './lib/esm_math.mjs';
import greet, { named } from './lib/esm_default.mjs';
console.log('main body');
console.log(add(1, 2), greet('esm'), named);
console.log('live binding before', counter);
bump();
console.log('live binding after', counter);
