// Awaiting a thenable calls its then() in a later microtask.
const thenable = {
  then(resolve) {
    console.log('then called');
    resolve(42);
  },
};
async function f() {
  console.log('before await');
  const v = await thenable;
  console.log('await result', v);
}
f();
Promise.resolve().then(() => console.log('p1')).then(() => console.log('p2')).then(() => console.log('p3'));
console.log('sync');
