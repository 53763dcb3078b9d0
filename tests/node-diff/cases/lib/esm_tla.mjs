console.log('esm_tla start');
await new Promise((r) => setTimeout(r, 5));
console.log('esm_tla end');
export const value = 'tla value';
