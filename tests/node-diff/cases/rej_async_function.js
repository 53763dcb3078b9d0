// Rejection from an async function that throws.
async function fails() {
  await null;
  throw new Error('async failure');
}
process.on('unhandledRejection', (r, p) => console.log('unhandled', r.message, p === result));
const result = fails();
console.log('main done');
