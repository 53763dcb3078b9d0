// db.js (prelude of every JS resource): oxmysql's JS API over the database
// natives (src/api/db.c). exports.oxmysql.* resolves here, in the calling
// resource's own runtime, with no hop through the oxmysql resource; that
// resource (src/api/resources/oxmysql/server.js) registers the same
// functions as its exports for Lua callers and for other hosts' lookups.
// Every form takes (query, params, cb?): with a callback the result goes to
// it and the call returns nothing; without, it returns a promise (`_async`
// forms always do).
{
  const kinds = ['query', 'single', 'scalar', 'insert', 'update', 'prepare', 'rawExecute', 'transaction'];
  const aliases = { execute: 'query', fetch: 'query' };
  const run = (kind, query, params, resource) =>
    WeftDbExecute(kind, query, params === undefined ? null : params, resource);

  // who(invokingResource) names the resource a query is accounted to.
  function oxmysqlApi(who) {
    const api = {};
    const withCallback = (kind) => function (query, params, cb, invokingResource) {
      if (typeof params === 'function') {
        invokingResource = cb;
        cb = params;
        params = null;
      }
      const resource = who(invokingResource);
      const p = run(kind, query, params, resource);
      if (typeof cb !== 'function') return p;
      // A caller that stopped meanwhile gets nothing (its callback is gone).
      p.then((result) => { if (GetResourceState(resource) === 'started') cb(result); },
        (err) => console.error(`${resource}: ${err.message}`));
      return undefined;
    };
    const promised = (kind) => (query, params, invokingResource) =>
      run(kind, query, params, who(invokingResource));
    for (const [name, kind] of [...kinds.map((k) => [k, k]), ...Object.entries(aliases)]) {
      api[name] = withCallback(kind);
      api[`${name}_async`] = promised(kind);
    }
    api.isReady = () => WeftDbIsReady();
    api.awaitConnection = () => WeftDbReady();
    return api;
  }

  // exports.oxmysql: this runtime's own API, made on first use (resource.js's
  // exports proxy asks the factory once; no second Proxy around exports).
  const self = GetCurrentResourceName();
  exports(Symbol.for('weft.localExports'), 'oxmysql',
    () => oxmysqlApi((invoking) => (typeof invoking === 'string' && invoking) || self));
  Object.defineProperty(globalThis, '__weftOxmysqlApi', { value: oxmysqlApi, configurable: true, enumerable: false });
}
