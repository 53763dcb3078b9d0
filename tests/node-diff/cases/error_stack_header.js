// err.stack starts with "Name: message" as V8's does, formatted when first
// read (issue 9 item 10), and Error.captureStackTrace exists.
const first = (s) => JSON.stringify(String(s).split('\n')[0]);
const frames = (s) => String(s).split('\n').filter((l) => /^ {4}at /.test(l)).length;
function thrower() { throw new RangeError('out of range'); }
try { thrower(); } catch (e) { console.log(first(e.stack), frames(e.stack) > 0); }
try { null.x; } catch (e) { console.log(e.stack.startsWith('TypeError: '), e.stack.includes('\n    at ')); }
console.log(first(new Error('boom').stack), first(new Error().stack), first(new TypeError('').stack));
console.log(JSON.stringify(new Error('two\nlines').stack.split('\n').slice(0, 2)));
const late = new Error('before'); late.message = 'after'; console.log(first(late.stack));
class ValidationError extends Error {
  constructor(m) { super(m); this.name = 'ValidationError'; }
}
console.log(first(new ValidationError('bad input').stack));
class Plain extends Error {}
console.log(first(new Plain('plain').stack));
console.log(first(new AggregateError([1], 'agg').stack));
const desc = Object.getOwnPropertyDescriptor(new Error('d'), 'stack');
console.log(typeof desc.value, desc.writable, desc.enumerable, desc.configurable);
console.log(Object.keys(new Error('k')), JSON.stringify(new Error('j')));
// the common pattern: console.error(err.stack) says what went wrong
try { JSON.parse('{'); } catch (e) { console.log(e.stack.split('\n')[0].startsWith('SyntaxError: ')); }

// Error.captureStackTrace
console.log(typeof Error.captureStackTrace, Error.captureStackTrace.length, Error.stackTraceLimit);
const o = {}; Error.captureStackTrace(o); console.log(first(o.stack), frames(o.stack) > 0);
const n = { name: 'Custom', message: 'made by hand' }; Error.captureStackTrace(n); console.log(first(n.stack));
function inner() { const t = {}; Error.captureStackTrace(t, inner); return t.stack; }
function outer() { return inner(); }
const s = outer();
console.log(s.includes(' inner '), s.split('\n')[1].includes('outer'));
function notOnStack() {}
const none = {}; Error.captureStackTrace(none, notOnStack); console.log(JSON.stringify(none.stack));
class HttpError extends Error {
  constructor(status) { super(`status ${status}`); this.name = 'HttpError'; Error.captureStackTrace(this, HttpError); }
}
const h = new HttpError(404); console.log(first(h.stack), h instanceof HttpError);
try { Error.captureStackTrace(1); } catch (e) { console.log(e.name); }
try { Error.captureStackTrace(Object.freeze({})); } catch (e) { console.log(e.name); }
// Error.stackTraceLimit bounds the frames captured
function deep(k) { return k === 0 ? new Error('deep') : deep(k - 1); }
console.log(frames(deep(30).stack));
Error.stackTraceLimit = 3; console.log(frames(deep(30).stack));
Error.stackTraceLimit = 0; console.log(JSON.stringify(deep(5).stack));
Error.stackTraceLimit = 10;
