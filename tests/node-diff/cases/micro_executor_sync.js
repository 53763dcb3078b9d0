// The promise executor runs synchronously; resolve is idempotent.
const p = new Promise((resolve, reject) => {
  console.log('executor');
  resolve('first');
  resolve('second');
  reject(new Error('ignored'));
  console.log('executor end');
});
p.then((v) => console.log('value', v));
console.log('after constructor');
