// Node's usual order in the main script: a setTimeout(0) set there is due by
// the first loop iteration (Node's start-up takes about a millisecond), so it
// runs before the main script's setImmediate. weft waits for the clock to
// reach the timer's due time instead of back-dating the timer.
console.log('main');
setTimeout(() => console.log('timeout 0'), 0);
setImmediate(() => console.log('immediate'));
