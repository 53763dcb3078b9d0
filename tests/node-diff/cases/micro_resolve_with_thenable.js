// Resolving a promise with a thenable schedules then() as a job.
const thenable = { then(res) { console.log('thenable.then'); res('T'); } };
new Promise((res) => res(thenable)).then((v) => console.log('resolved', v));
Promise.resolve(thenable).then((v) => console.log('Promise.resolve', v));
queueMicrotask(() => console.log('m1'));
console.log('sync');
