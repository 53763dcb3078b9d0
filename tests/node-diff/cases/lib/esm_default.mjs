console.log('esm_default evaluated');
export default function greet(name) { return 'hello ' + name; }
export const named = 'named export';
