// process.nextTick with a non-function throws ERR_INVALID_ARG_TYPE synchronously.
for (const v of [42, 'str', undefined, null, {}, [1]]) {
  try {
    process.nextTick(v);
    console.log('no throw');
  } catch (e) {
    console.log(e.code, e.name, e instanceof TypeError);
  }
}
console.log('done');
