// Non-function callbacks throw ERR_INVALID_ARG_TYPE.
for (const [name, fn] of [['setTimeout', setTimeout], ['setInterval', setInterval], ['setImmediate', setImmediate]]) {
  for (const v of ['str', 1, undefined]) {
    try {
      fn(v, 1);
      console.log(name, 'no throw');
    } catch (e) {
      console.log(name, e.code, e.name);
    }
  }
}
