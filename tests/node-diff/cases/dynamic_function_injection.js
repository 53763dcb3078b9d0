// The Function constructors take the parameters and the body as exactly one
// function's parameter list and body (CreateDynamicFunction): text that
// closes the function early and adds code is a SyntaxError and nothing of it
// runs; the legitimate forms work and print as V8 prints them. The same for
// vm.compileFunction (below).
const AsyncFunction = (async function () {}).constructor;
const GeneratorFunction = (function* () {}).constructor;
const AsyncGeneratorFunction = (async function* () {}).constructor;

// the message too where weft has V8's (the bounds checks' own errors)
function show(label, f, withMessage = true) {
  try {
    const r = f();
    console.log(label, 'ok', typeof r === 'function' ? JSON.stringify(String(r)) : JSON.stringify(r));
  } catch (e) {
    console.log(label, e.name, withMessage ? e.message : '');
  }
}

// injections: none may run
show('body', () => new Function('}); globalThis.pwned = 1; (function(){'));
show('params', () => new Function('a) { return 1 }; globalThis.pwned = 2; (function(b', 'return a'));
show('params, balanced', () => new Function('a) { return 1 }); globalThis.pwned = 12; (function(b', 'return a'));
show('params swallow body', () => new Function('a /*', '*/) { globalThis.pwned = 3; return 1'));
show('async body', () => new AsyncFunction('}); globalThis.pwned = 4; (async function(){'));
show('generator params', () => GeneratorFunction('a) {}; globalThis.pwned = 5; (function*(b', ''));
show('async generator body', () => AsyncGeneratorFunction('}); globalThis.pwned = 6; (async function*(){'));
show('body comment out tail', () => new Function('}); globalThis.pwned = 7; //'), false);
show('pwned', () => globalThis.pwned);

// legitimate forms
show('two params', () => new Function('a,b', 'return a+b')(2, 3));
show('params list', () => new Function('a', 'b', 'return a'));
show('no arguments', () => Function());
show('body only', () => new Function('return 42')());
show('last-line comment', () => new Function('a', 'return a // x')(5));
show('param comment', () => new Function('a //', 'return a')(6));
show('block comment', () => new Function('a /* first */, b', 'return [a, b] /* end */')(1, 2));
show('default, destructuring, rest', () =>
  new Function('a = 1', '{b, c}', '...r', 'return [a, b, c, r]')(undefined, { b: 2, c: 3 }, 4, 5));
show('nested functions in defaults', () =>
  new Function('f = function (x) { return x }', 'g = (y) => y', 'return f(1) + g(2)')());
show('template across params', () => new Function('a = `', '`', 'return a')());
show('html comment line', () => new Function('-->x\nreturn 7')());
show('non-ASCII', () => new Function('é', 'ü = "\u{1F600}"', 'return é + ü')('\u00e9'));
show('strict body', () => new Function('"use strict"; return this')());
show('no self binding', () => new Function('return typeof anonymous')());
show('name and length', () => { const f = new Function('a', 'b', ''); return [f.name, f.length]; });
show('async', () => new AsyncFunction('a', 'return await a'));
show('generator', () => [...new GeneratorFunction('a', 'yield a; yield a + 1')(1)]);
show('async generator', () => new AsyncGeneratorFunction('yield 1'));
show('pwned', () => globalThis.pwned);

// vm.compileFunction takes code as exactly the function's body, as V8 parses
// it. (Its params injection: tests/js/vm_compile_function_params.js, as
// Node 20 crashes on a parameter that is no identifier.)
const vm = require('vm');
show('vm body', () => vm.compileFunction('}, globalThis.pwned = 8, function(){'));
const sandbox = vm.createContext({});
show('vm body in context', () => vm.compileFunction('}, globalThis.pwned = 9, function(){', [],
  { parsingContext: sandbox }));
show('vm body with extensions', () => vm.compileFunction('}, x.pwned = 11, function(){', [],
  { contextExtensions: [{ x: globalThis }] }));
show('pwned', () => [globalThis.pwned, sandbox.pwned]);

show('vm two params', () => vm.compileFunction('return a + b // x', ['a', 'b'])(1, 2));
show('vm toString', () => vm.compileFunction('return a', ['a', 'b']));
show('vm extensions', () => vm.compileFunction('return x + y', ['y'], { contextExtensions: [{ x: 7 }] })(1));
show('vm non-ASCII', () => vm.compileFunction('return "\u{1F600}" + é', ['é'])('!'));
show('vm in context', () => vm.compileFunction('return typeof require', [],
  { parsingContext: vm.createContext({}) })());
