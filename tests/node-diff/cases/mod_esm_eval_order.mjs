// Dependencies are evaluated depth-first, once each.
import { a } from './lib/esm_order_a.mjs';
import { b } from './lib/esm_order_b.mjs';
console.log('main', a, b);
