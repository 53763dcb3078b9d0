// Interleaving of async functions with several awaits.
async function a(tag) {
  console.log(tag + '0');
  await 1;
  console.log(tag + '1');
  await 2;
  console.log(tag + '2');
}
async function b() {
  console.log('b0');
  await 1;
  console.log('b1');
  await a('inner');
  console.log('b2 after inner');
}
b();
a('outer');
console.log('sync end');
