// a promise chain that never ends, keeping what each step made
const keep = [];
function step(i) { keep.push(new Array(100).fill(i)); return Promise.resolve(i + 1).then(step); }
setTimeout(() => step(0), 30);
