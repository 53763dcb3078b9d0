// Recursion as deep as Node allows (~10^4 frames on an 8 MB stack), e.g.
// 1000 nested AsyncLocalStorage.run (issue 14: weft stopped at 1524 frames).
let depth = 0;
function down() { depth++; down(); }
try { down(); } catch (e) { console.log('overflow caught after more than 9000 frames:', depth > 9000, e instanceof RangeError, e.name, e.message); }
// an overflow while parsing source nested too deep is the same error
try { new Function('return ' + '('.repeat(1e5) + '1' + ')'.repeat(1e5)); } catch (e) { console.log(e.name, e.message); }
const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
function nest(n) {
  if (n !== 0) return als.run({ n }, nest, n - 1);
  console.log('1000 nested als.run, innermost store:', JSON.stringify(als.getStore()));
}
nest(1000);
function deepJson(n) { let o = {}; for (let i = 0; i < n; i++) o = { o }; return o; }
console.log(JSON.stringify(deepJson(2000)).length);
