// Delays 0, -1, NaN, non-numeric strings, undefined and null all become 1ms
// and keep insertion order among themselves.
setTimeout(() => console.log('delay 100'), 100);
setTimeout(() => console.log('delay 0'), 0);
setTimeout(() => console.log('delay -1'), -1);
setTimeout(() => console.log('delay NaN'), NaN);
setTimeout(() => console.log("delay 'abc'"), 'abc');
setTimeout(() => console.log('delay undefined'));
setTimeout(() => console.log('delay null'), null);
setTimeout(() => console.log('delay 1'), 1);
setTimeout(() => console.log('delay 1.5'), 1.5);
