// process.nextTick returns undefined.
console.log(process.nextTick(() => console.log('ran')));
console.log(typeof process.nextTick);
