// Numeric string delays are coerced with *1: '200' is 200ms, not 0.
setTimeout(() => console.log("'200'"), '200');
setTimeout(() => console.log('10'), 10);
setTimeout(() => console.log('400'), 400);
