// Timers with the same delay fire in insertion order; shorter delays first.
// (Margins are wide so that scheduling jitter cannot reorder them.)
setTimeout(() => console.log('a 50'), 50);
setTimeout(() => console.log('b 50'), 50);
setTimeout(() => console.log('x 300'), 300);
setTimeout(() => console.log('y 5'), 5);
setTimeout(() => console.log('c 50'), 50);
setTimeout(() => console.log('z 150'), 150);
console.log('sync');
