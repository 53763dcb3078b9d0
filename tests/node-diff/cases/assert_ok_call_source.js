// assert.ok's generated message quotes the failing call's source text, as
// Node 20 reads it from the caller's file: multi-line calls (indentation
// relative to the call's first line), a chain continued from the line above,
// strings, templates, regular expressions and comments holding brackets,
// control characters escaped, Error.stackTraceLimit = 0, eval'd code (no
// file: "false == true"), and the ERR_INVALID_ARG_TYPE wording of throws().
const assert = require('assert');
const show = (f) => {
  try {
    f();
    console.log('no throw');
  } catch (e) {
    console.log(JSON.stringify(e.message), e.generatedMessage, e.code);
  }
};
show(() => assert.ok(null));
show(() => assert(0, undefined));
show(() => {
  assert.ok(
    typeof 1 === 'string',
    undefined
  );
});
show(() => {
  assert
    .ok(null);
});
show(() => assert.ok(')'.length === 2 && /\)[(]/.test('x')));
show(() => assert.ok(`a)${[1, 2].map((x) => x + ')').join('(')}` === '' /* ) */));
show(() => assert.ok('' === ''));
show(() => assert['ok']["call"](null, 0));
show(() => assert.ok?.(false));
const wrapper = (fn, value) => fn(value);
show(() => wrapper(assert, false));
const limit = Error.stackTraceLimit;
Error.stackTraceLimit = 0;
show(() => assert.ok(typeof 2 === 'bigint'));
Error.stackTraceLimit = limit;
show(() => eval('assert.ok(1 === 2)'));
show(() => new Function('assert', 'assert(false)')(assert));
show(() => assert.throws(() => {}, 'text', 'message'));
show(() => assert.doesNotThrow(() => { throw new Error(); }, {}));
