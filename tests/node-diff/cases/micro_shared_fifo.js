// queueMicrotask and promise reactions share a single FIFO queue.
queueMicrotask(() => console.log('q1'));
Promise.resolve().then(() => console.log('p1'));
queueMicrotask(() => console.log('q2'));
Promise.resolve().then(() => console.log('p2'));
Promise.reject(new Error('x')).catch(() => console.log('c3'));
queueMicrotask(() => console.log('q3'));
