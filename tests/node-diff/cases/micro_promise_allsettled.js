// Promise.allSettled reports each outcome in input order.
Promise.allSettled([
  Promise.resolve(1),
  Promise.reject(new Error('bad')),
  new Promise((r) => setTimeout(() => r(3), 5)),
  4,
]).then((results) => {
  for (const r of results) {
    console.log(r.status, r.status === 'fulfilled' ? r.value : r.reason.message);
  }
});
