import { b } from './esm_order_b.mjs';
console.log('order_a evaluated, b =', b);
export const a = 'A';
