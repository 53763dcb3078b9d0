// the runtime's first out-of-memory error, uncaught in a timer
setTimeout(() => { const a = []; for (;;) a.push(new Array(1000).fill(1)); }, 10);
