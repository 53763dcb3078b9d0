console.log('esm_math evaluated');
export const add = (a, b) => a + b;
export let counter = 0;
export function bump() { counter++; }
