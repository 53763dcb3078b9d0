// The exports of oxmysql's API, for Lua resources (exports.oxmysql:query...)
// and any caller that looks them up by name: the functions of the JS
// prelude src/api/db.js, each query accounted to the calling resource.
const api = __weftOxmysqlApi((invoking) =>
  (typeof invoking === 'string' && invoking) || GetInvokingResource() || GetCurrentResourceName());
for (const [name, fn] of Object.entries(api)) exports(name, fn);
