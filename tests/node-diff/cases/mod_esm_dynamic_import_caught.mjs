// A module that throws while it is evaluated, imported with import(): the
// caller's catch handles the error and the process exits 0 (the module's
// failed evaluation is not also an unhandled rejection).
const url = new URL('./lib/esm_throws.mjs', import.meta.url);
try {
  await import(url);
} catch (e) {
  console.log('caught', e.message);
}
await import(url).catch((e) => console.log('caught again', e.message));
console.log('done');
