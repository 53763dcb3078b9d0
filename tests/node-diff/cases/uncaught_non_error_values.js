// Non-Error values thrown reach the handler unchanged.
const values = ['a string', 42, null, undefined, { k: 'v' }];
process.on('uncaughtException', (e, origin) => {
  console.log(typeof e, e === null ? 'null' : e && e.k ? e.k : String(e), origin);
});
for (const v of values) setTimeout(() => { throw v; }, 1);
