// clearInterval cancels a timeout and clearTimeout cancels an interval.
const t = setTimeout(() => console.log('timeout NEVER'), 5);
clearInterval(t);
const iv = setInterval(() => console.log('interval NEVER'), 5);
clearTimeout(iv);
setTimeout(() => console.log('done'), 10);
