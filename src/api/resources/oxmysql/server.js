// The exports of oxmysql's API, over weft's database natives (src/api/db.c).
// Every form takes (query, params, cb?) and accounts the query to the
// resource that called the export. With a callback, the result goes to the
// callback and the export returns nothing; without one it returns a promise
// (the `_async` forms always do).
const kinds = ['query', 'single', 'scalar', 'insert', 'update', 'prepare', 'rawExecute', 'transaction'];
const aliases = { execute: 'query', fetch: 'query' };

function caller(invokingResource) {
  return typeof invokingResource === 'string' ? invokingResource : (GetInvokingResource() || GetCurrentResourceName());
}

function run(kind, query, params, resource) {
  return WeftDbExecute(kind, query, params === undefined ? null : params, resource);
}

function withCallback(kind) {
  return function (query, params, cb, invokingResource) {
    if (typeof params === 'function') {
      invokingResource = cb;
      cb = params;
      params = null;
    }
    const resource = caller(invokingResource);
    const p = run(kind, query, params, resource);
    if (typeof cb !== 'function') return p;
    // A caller that stopped meanwhile gets nothing (its callback is gone).
    p.then((result) => { if (GetResourceState(resource) === 'started') cb(result); },
      (err) => console.error(`${resource}: ${err.message}`));
    return undefined;
  };
}

function promised(kind) {
  return function (query, params, invokingResource) {
    return run(kind, query, params, caller(invokingResource));
  };
}

for (const kind of kinds) {
  exports(kind, withCallback(kind));
  exports(`${kind}_async`, promised(kind));
}
for (const [alias, kind] of Object.entries(aliases)) {
  exports(alias, withCallback(kind));
  exports(`${alias}_async`, promised(kind));
}
exports('isReady', () => WeftDbIsReady());
exports('awaitConnection', () => WeftDbReady());
