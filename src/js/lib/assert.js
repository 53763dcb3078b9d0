// assert.js: Node's `assert` and `assert/strict` modules (loaded on first
// require), and the deep comparison behind util.isDeepStrictEqual. Same API
// and checks as Node 20's lib/assert.js (AssertionError with code
// ERR_ASSERTION, actual/expected/operator/generatedMessage); failure messages
// carry the same first line, without Node's colored diff.
'use strict';

const { inspect } = internal;
const ObjectIs = Object.is;
const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const tagOf = (v) => Object.prototype.toString.call(v);
const isEnumerable = (o, k) => Object.prototype.propertyIsEnumerable.call(o, k);

const kReadableOperator = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notIdentical: 'Values have same structure but are not reference-equal:',
  notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
};

// How both sides are printed in a message: every level, every element,
// sorted keys, getters read, no custom inspectors (as Node 20 does).
const kDiffInspect = {
  compact: false, customInspect: false, depth: 1000, maxArrayLength: Infinity,
  showHidden: false, showProxy: false, sorted: true, getters: true,
};
const show = (v) => inspect(v, kDiffInspect);
const isObjectLike = (v) => typeof v === 'object' && v !== null;
// Node's limits: two one-line values up to 12 characters together print as
// `a !== b`; a message shows about 50 diff lines; a lone value 46 lines.
const kShortPair = 12;
const kMaxDiffLines = 50;

// Only the first 46 lines of a long inspected value, then "...".
function clipLines(lines) {
  if (lines.length > kMaxDiffLines) {
    lines.length = 46;
    lines.push('...');
  }
  return lines;
}

// The line diff of strictEqual/deepStrictEqual failures, as Node 20 prints it:
// the header, "+ actual - expected", the common lines around each change
// (two before it; a run of more than five common lines collapses to "..."),
// changed lines grouped as all "+" then all "-", up to three common trailing
// lines, and a caret under the first differing column of two one-line values.
function diffMessage(actual, expected, operator, message) {
  let op = operator;
  if (op === 'strictEqual' &&
      ((isObjectLike(actual) && isObjectLike(expected)) ||
       (typeof actual === 'function' && typeof expected === 'function'))) {
    op = 'strictEqualObject';
  }
  const header = message || kReadableOperator[op];
  const shownActual = show(actual);
  const act = shownActual.split('\n');
  const exp = show(expected).split('\n');
  let caret = '';
  if (act.length === 1 && exp.length === 1 && act[0] !== exp[0]) {
    // lengths and the caret's column count visible characters, not the
    // escapes inspect.defaultOptions.colors adds
    const colors = inspect.defaultOptions.colors;
    const actRaw = colors ? internal.stripVTControlCharacters(act[0]) : act[0];
    const expRaw = colors ? internal.stripVTControlCharacters(exp[0]) : exp[0];
    const both = actRaw.length + expRaw.length;
    if (both <= kShortPair) {
      if (!isObjectLike(actual) && !isObjectLike(expected) && (actual !== 0 || expected !== 0)) {
        return `${header}\n\n${act[0]} !== ${exp[0]}\n`;
      }
    } else if (op !== 'strictEqualObject') {
      const columns = process.stderr && process.stderr.isTTY ? process.stderr.columns : 80;
      if (both < columns) {
        let at = 0;
        while (actRaw[at] === expRaw[at]) at++;
        if (at > 2) caret = `\n  ${' '.repeat(at)}^`;
      }
    }
  }
  // the common tail: its last three lines are kept, one more above them and
  // "..." when five or more were common
  let tail = '', tailTop = '', common = 0, skipped = false;
  while (act.length > 0 && exp.length > 0 && act[act.length - 1] === exp[exp.length - 1]) {
    const line = act.pop();
    exp.pop();
    if (common++ < 3) tail = `\n  ${line}${tail}`;
    else tailTop = line;
  }
  const rows = Math.max(act.length, exp.length);
  if (rows === 0) {
    // same text, different identity ({ a: Symbol() } twice)
    return `${kReadableOperator.notIdentical}\n\n${clipLines(shownActual.split('\n')).join('\n')}\n`;
  }
  if (common >= 5) {
    tail = `\n...${tail}`;
    skipped = true;
  }
  if (tailTop !== '') tail = `\n  ${tailTop}${tail}`;

  const head = `${header}\n+ actual - expected`;
  const skippedNote = ' ... Lines skipped';
  const actualLonger = act.length >= rows;
  const longer = actualLonger ? act : exp;
  const paired = actualLonger ? exp.length : act.length;
  let out = '', minus = '', printed = 0, same = 0;
  // before a change: the common lines just above it (up to two, or three
  // when exactly five were common; "..." for the rest)
  const flushCommon = (lines, i) => {
    if (same > 2) {
      if (same > 4) {
        if (same === 5) {
          out += `\n  ${lines[i - 3]}`;
          printed++;
        } else {
          out += '\n...';
          skipped = true;
        }
      }
      if (same > 3) {
        out += `\n  ${lines[i - 2]}`;
        printed++;
      }
      out += `\n  ${lines[i - 1]}`;
      printed++;
    }
    same = 0;
  };
  for (let i = 0; i < rows; i++) {
    if (i >= paired) {
      // only the longer side has this line
      flushCommon(longer, i);
      if (actualLonger) out += `\n+ ${act[i]}`;
      else minus += `\n- ${exp[i]}`;
      printed++;
    } else {
      const e = exp[i];
      let a = act[i];
      // lines differing only by a trailing comma count as the same
      let differ = a !== e && !(a.endsWith(',') && a.slice(0, -1) === e);
      if (differ && e.endsWith(',') && e.slice(0, -1) === a) {
        differ = false;
        a += ',';
      }
      if (differ) {
        flushCommon(act, i);
        out += `\n+ ${a}`;
        minus += `\n- ${e}`;
        printed += 2;
      } else {
        out += minus;
        minus = '';
        same++;
        if (same <= 2) {
          out += `\n  ${a}`;
          printed++;
        }
      }
    }
    if (printed > kMaxDiffLines && i < rows - 2) {
      return `${head}${skippedNote}\n${out}\n...${minus}\n...`;
    }
  }
  return `${head}${skipped ? skippedNote : ''}\n${out}${minus}${tail}${caret}`;
}

// A stand-in for an Error shown in a message: same prototype and own
// enumerable properties, the message as a hidden own property (its stack is
// not printed).
function errorStandIn(err) {
  const copy = Object.assign({ __proto__: Object.getPrototypeOf(err) }, err);
  Object.defineProperty(copy, 'message', { __proto__: null, value: err.message });
  return copy;
}

// The message of a failed assertion without a user message (Node 20's text).
function generatedText(actual, expected, operator) {
  if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
    return diffMessage(actual, expected, operator);
  }
  if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
    let base = kReadableOperator[operator];
    if (operator === 'notStrictEqual' && (isObjectLike(actual) || typeof actual === 'function')) {
      base = kReadableOperator.notStrictEqualObject;
    }
    const lines = clipLines(show(actual).split('\n'));
    if (lines.length === 1) return `${base}${lines[0].length > 5 ? '\n\n' : ' '}${lines[0]}`;
    return `${base}\n\n${lines.join('\n')}\n`;
  }
  let a = show(actual), e = show(expected);
  const known = kReadableOperator[operator];
  if (operator === 'notDeepEqual' && a === e) {
    const text = `${known}\n\n${a}`;
    return text.length > 1024 ? `${text.slice(0, 1021)}...` : text;
  }
  if (a.length > 512) a = `${a.slice(0, 509)}...`;
  if (e.length > 512) e = `${e.slice(0, 509)}...`;
  if (operator === 'deepEqual') return `${known}\n\n${a}\n\nshould loosely deep-equal\n\n${e}`;
  if (operator === 'notDeepEqual') {
    return `${kReadableOperator.notDeepEqualUnequal}\n\n${a}\n\nshould not loosely deep-equal\n\n${e}`;
  }
  return `${a} ${operator} ${e}`;
}

// A long string in actual/expected is shortened when the error is inspected:
// ten lines, or (as Node does) the part after the first 512 characters.
function shortened(v) {
  if (typeof v !== 'string') return v;
  const lines = v.split('\n', 11);
  if (lines.length > 10) return `${lines.slice(0, 10).join('\n')}\n...`;
  if (v.length > 512) return `${v.slice(512)}...`;
  return v;
}

class AssertionError extends Error {
  constructor(options) {
    if (typeof options !== 'object' || options === null) {
      internal.throwInvalidArgType('options', 'object', options);
    }
    const { message, operator, stackStartFn, stackStartFunction, details } = options;
    let { actual, expected } = options;
    if (message != null) {
      // a user message replaces the header only: the diff still follows it
      super(operator === 'deepStrictEqual' || operator === 'strictEqual' ?
        diffMessage(actual, expected, operator, message) : String(message));
    } else {
      if (isObjectLike(actual) && isObjectLike(expected) && 'stack' in actual &&
          isErrorLike(actual) && 'stack' in expected && expected instanceof Error) {
        actual = errorStandIn(actual);
        expected = errorStandIn(expected);
      }
      super(generatedText(actual, expected, operator));
    }
    this.generatedMessage = !message;
    Object.defineProperty(this, 'name', { __proto__: null, value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true });
    this.code = 'ERR_ASSERTION';
    if (details) {
      this.actual = undefined;
      this.expected = undefined;
      this.operator = undefined;
      details.forEach((d, i) => {
        this[`message ${i}`] = d.message;
        this[`actual ${i}`] = d.actual;
        this[`expected ${i}`] = d.expected;
        this[`operator ${i}`] = d.operator;
        this[`stack trace ${i}`] = d.stack;
      });
    } else {
      this.actual = actual;
      this.expected = expected;
      this.operator = operator;
    }
    Error.captureStackTrace(this, stackStartFn || stackStartFunction || undefined);
    this.stack; // format the stack with the "[ERR_ASSERTION]" name, as Node
    this.name = 'AssertionError';
  }
  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
  [inspect.custom](depth, ctx) {
    const { actual, expected } = this;
    this.actual = shortened(actual);
    this.expected = shortened(expected);
    try {
      return inspect(this, { ...ctx, customInspect: false, depth: 0 });
    } finally {
      this.actual = actual;
      this.expected = expected;
    }
  }
}

// ---- deep equality (strict: Object.is, prototypes and own symbols count) ----
const kStrict = true, kLoose = false;

function isPrimitive(v) {
  return v === null || (typeof v !== 'object' && typeof v !== 'function');
}

function ownKeys(o, strict) {
  const keys = Object.keys(o);
  if (strict) {
    for (const s of Object.getOwnPropertySymbols(o)) if (isEnumerable(o, s)) keys.push(s);
  }
  return keys;
}

// own enumerable keys that are not indexes (with the enumerable symbols
// when strict), without listing the elements: Object.keys of a 1 MiB Buffer
// makes a million strings
let utilBinding;
function nonIndexKeys(o, strict) {
  const b = utilBinding || (utilBinding = internal.utilBinding || natives.binding('util'));
  return b.getOwnNonIndexProperties(o, strict ? 2 : 2 | 16); // ONLY_ENUMERABLE, SKIP_SYMBOLS
}

function boxedEqual(a, b) {
  for (const C of [Number, String, Boolean, BigInt, Symbol]) {
    let av, bv, aok = true, bok = true;
    try { av = C.prototype.valueOf.call(a); } catch { aok = false; }
    try { bv = C.prototype.valueOf.call(b); } catch { bok = false; }
    if (aok !== bok) return false;
    if (aok) return ObjectIs(av, bv);
  }
  return true;
}

// Keys that are not array indices (2 ** 32 - 1 and above are plain keys).
// The element type of a real typed array (undefined for anything else,
// whatever its Symbol.toStringTag says).
const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype),
  Symbol.toStringTag).get;

// Brand checks (what the object is, not what its prototype or tag says).
function hasBrand(getter, v) {
  try {
    getter.call(v);
    return true;
  } catch {
    return false;
  }
}
const isDate = (v) => hasBrand(Date.prototype.getTime, v);
const regExpSource = Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get;
const isRegExp = (v) => v !== RegExp.prototype && hasBrand(regExpSource, v);

const isErrorLike = (v) => natives.isError(v) || v instanceof Error;
function innerDeepEqual(a, b, strict, memos) {
  if (a === b) return a !== 0 || ObjectIs(a, b) || !strict;
  if (strict) {
    if (typeof a !== 'object') return typeof a === 'number' && Number.isNaN(a) && Number.isNaN(b);
    if (typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  } else {
    if (a === null || typeof a !== 'object') {
      if (b === null || typeof b !== 'object') return a == b || (Number.isNaN(a) && Number.isNaN(b)); // eslint-disable-line eqeqeq
      return false;
    }
    if (b === null || typeof b !== 'object') return false;
  }
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  // a faked Symbol.toStringTag does not make an array or a view
  if (Array.isArray(a) !== Array.isArray(b) || ArrayBuffer.isView(a) !== ArrayBuffer.isView(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    const ka = nonIndexKeys(a, strict);
    const kb = nonIndexKeys(b, strict);
    if (ka.length !== kb.length) return false;
    return keyCheck(a, b, strict, memos, ka, 'array');
  }
  // KeyObject / CryptoKey (there can be one only once crypto is loaded)
  const keys = internal.cryptoKeyEqual ? internal.cryptoKeyEqual(a, b) : undefined;
  if (keys !== undefined) {
    if (!keys) return false;
  } else if (tag === '[object Object]' || tag === '[object Arguments]') {
    // fall through to the key check
  } else if (isDate(a) || isDate(b)) {
    if (!isDate(a) || !isDate(b) || Date.prototype.getTime.call(a) !== Date.prototype.getTime.call(b)) return false;
  } else if (isRegExp(a) || isRegExp(b)) {
    if (!isRegExp(a) || !isRegExp(b) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (isErrorLike(a) || isErrorLike(b)) {
    // errors, native or made with Error.prototype (the stack is not compared)
    if (!isErrorLike(a) || !isErrorLike(b) || a.message !== b.message || a.name !== b.name) return false;
    if (hasOwn(a, 'cause') !== hasOwn(b, 'cause') ||
        (hasOwn(a, 'cause') && !innerDeepEqual(a.cause, b.cause, strict, memos))) return false;
    if (hasOwn(a, 'errors') !== hasOwn(b, 'errors') ||
        (hasOwn(a, 'errors') && !innerDeepEqual(a.errors, b.errors, strict, memos))) return false;
  } else if (ArrayBuffer.isView(a)) {
    if (!ArrayBuffer.isView(b) || typedArrayTag.call(a) !== typedArrayTag.call(b)) return false;
    if (a instanceof DataView || a instanceof Float32Array || a instanceof Float64Array) {
      if (a.byteLength !== b.byteLength) return false;
      if (!strict && !(a instanceof DataView)) {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
      } else {
        const ua = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
        const ub = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
        for (let i = 0; i < ua.length; i++) if (ua[i] !== ub[i]) return false;
      }
    } else {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    }
    const ka = nonIndexKeys(a, strict);
    const kb = nonIndexKeys(b, strict);
    if (ka.length !== kb.length) return false;
    return keyCheck(a, b, strict, memos, ka, 'none');
  } else if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    return keyCheck(a, b, strict, memos, undefined, 'set');
  } else if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    return keyCheck(a, b, strict, memos, undefined, 'map');
  } else if (a instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && a instanceof SharedArrayBuffer)) {
    if (a.byteLength !== b.byteLength) return false;
    const ua = new Uint8Array(a), ub = new Uint8Array(b);
    for (let i = 0; i < ua.length; i++) if (ua[i] !== ub[i]) return false;
  } else if (typeof a.valueOf === 'function' && !isPrimitive(a) && tag !== '[object Function]' &&
             ['[object Number]', '[object String]', '[object Boolean]', '[object BigInt]', '[object Symbol]'].includes(tag)) {
    if (!boxedEqual(a, b)) return false;
  } else if (tag === '[object WeakMap]' || tag === '[object WeakSet]' || tag === '[object Promise]') {
    return false; // only reference-equal ones (handled above) are equal
  }
  return keyCheck(a, b, strict, memos, undefined, 'none');
}

function keyCheck(a, b, strict, memos, keysA, kind) {
  if (keysA === undefined) {
    keysA = ownKeys(a, strict);
    const keysB = ownKeys(b, strict);
    if (keysA.length !== keysB.length) return false;
  }
  for (const k of keysA) {
    if (!(typeof k === 'symbol' ? isEnumerable(b, k) : hasOwn(b, k) && isEnumerable(b, k))) return false;
  }
  if (keysA.length === 0 && kind === 'none' && !natives.isError(a)) return true;
  // cycles: a pair already being compared counts as equal
  if (memos === undefined) {
    memos = { a: new Map(), b: new Map(), depth: 0 };
  } else {
    const ma = memos.a.get(a);
    if (ma !== undefined) {
      const mb = memos.b.get(b);
      if (mb !== undefined) return ma === mb;
    }
  }
  memos.depth++;
  memos.a.set(a, memos.depth);
  memos.b.set(b, memos.depth);
  const ok = objEquiv(a, b, strict, keysA, memos, kind);
  memos.a.delete(a);
  memos.b.delete(b);
  return ok;
}

function setHasEqual(set, val, strict, memos) {
  for (const v of set) if (innerDeepEqual(val, v, strict, memos)) { set.delete(v); return true; }
  return false;
}

function setEquiv(a, b, strict, memos) {
  let pending = null;
  for (const v of a) {
    if (typeof v === 'object' && v !== null) {
      (pending || (pending = new Set())).add(v);
    } else if (!b.has(v)) {
      if (strict) return false;
      if (!looseHas(b, v, a)) return false;
      (pending || (pending = new Set())).add(v);
    }
  }
  if (pending !== null) {
    for (const v of b) {
      if ((typeof v === 'object' && v !== null) || (!strict && !a.has(v))) {
        if (!setHasEqual(pending, v, strict, memos)) return false;
      }
    }
    return pending.size === 0;
  }
  return true;
}

function looseHas(set, v, other) {
  for (const x of set) if (x == v && !other.has(x)) return true; // eslint-disable-line eqeqeq
  return false;
}

function mapEquiv(a, b, strict, memos) {
  let pending = null;
  for (const [k, v] of a) {
    if (typeof k === 'object' && k !== null) {
      (pending || (pending = new Set())).add(k);
    } else {
      if (!b.has(k) || !innerDeepEqual(v, b.get(k), strict, memos)) {
        if (strict) return false;
        (pending || (pending = new Set())).add(k);
      }
    }
  }
  if (pending !== null) {
    for (const [k, v] of b) {
      if ((typeof k === 'object' && k !== null) || (!strict && !(a.has(k) && innerDeepEqual(a.get(k), v, strict, memos)))) {
        let found = false;
        for (const ka of pending) {
          if (innerDeepEqual(ka, k, strict, memos) && innerDeepEqual(a.get(ka), v, strict, memos)) {
            pending.delete(ka);
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
    }
    return pending.size === 0;
  }
  return true;
}

function objEquiv(a, b, strict, keys, memos, kind) {
  if (kind === 'set') {
    if (!setEquiv(a, b, strict, memos)) return false;
  } else if (kind === 'map') {
    if (!mapEquiv(a, b, strict, memos)) return false;
  } else if (kind === 'array') {
    for (let i = 0; i < a.length; i++) {
      const ha = hasOwn(a, i), hb = hasOwn(b, i);
      if (ha !== hb && strict) return false;
      if (!innerDeepEqual(a[i], b[i], strict, memos)) return false;
    }
  }
  for (const k of keys) {
    if (!innerDeepEqual(a[k], b[k], strict, memos)) return false;
  }
  return true;
}

const isDeepEqual = (a, b) => innerDeepEqual(a, b, kLoose);
const isDeepStrictEqual = (a, b) => innerDeepEqual(a, b, kStrict);
internal.isDeepStrictEqual = isDeepStrictEqual;

// ---- the assertions ----
function innerFail(obj) {
  if (isErrorLike(obj.message)) throw obj.message;
  throw new AssertionError(obj);
}

// After these a '/' starts a regular expression, not a division
const kRegexAfter = /[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

// The index just past the balanced argument list that opens at src[open]
// ('('), skipping strings, template literals (with nested ${...}), comments
// and regular expressions; -1 when the text ends first or brackets do not
// match. Visits each character once, so it ends at src.length.
function argumentsEnd(src, open) {
  const closers = [];
  let last = '('; // the code before i, enough of it to tell a regex from a division
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      for (i++; i < src.length && src[i] !== c; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '\n') return -1;
      }
      last = c;
    } else if (c === '`' || (c === '}' && closers[closers.length - 1] === '`')) {
      if (c === '}') closers.pop();
      for (i++; i < src.length && src[i] !== '`'; i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '$' && src[i + 1] === '{') break;
      }
      if (i >= src.length) return -1;
      if (src[i] === '$') {
        closers.push('`');
        last = '{';
        i++;
      } else {
        last = '`';
      }
    } else if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) return -1;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 1;
      if (i <= 0) return -1;
    } else if (c === '/' && kRegexAfter.test(last)) {
      let inClass = false;
      for (i++; i < src.length && (inClass || src[i] !== '/'); i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        else if (src[i] === '\n') return -1;
      }
      last = 'a';
    } else if (c === '(' || c === '[' || c === '{') {
      closers.push(c === '(' ? ')' : c === '[' ? ']' : '}');
      last = c;
    } else if (c === ')' || c === ']' || c === '}') {
      if (closers.pop() !== c) return -1;
      if (closers.length === 0) return i + 1;
      last = c;
    } else if (!/\s/.test(c)) {
      last = /[\p{ID_Continue}$]/u.test(c) ? last.slice(-11) + c : c;
    }
  }
  return -1;
}

// The start of the callee before the '(' at src[open], on its line (Node
// reads from the start of the call's line): identifiers, dots, `?.` and
// bracketed parts (assert['ok']["apply"], getAssert().ok).
function calleeStart(src, open, lineStart) {
  let start = open;
  while (start > lineStart && /[ \t]/.test(src[start - 1])) start--;
  for (let depth = 0; start > lineStart; start--) {
    const c = src[start - 1];
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && !/[\p{ID_Continue}$.?\u200c\u200d]/u.test(c)) break;
  }
  // a chain continued from the line before (`assert\n  .ok(x)`): Node's
  // expression starts at the first name on this line
  while (start < open && (src[start] === '.' || src[start] === '?')) start++;
  return start;
}

// Control characters other than tab and line breaks, as Node's message
// writes them
const kControlChars = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;
const escapeControl = (ch) => ch === '\b' ? '\\b' : ch === '\f' ? '\\f' :
  `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;


// file:line:column -> the quoted call (or undefined): read once per call site,
// as Node's errorCache, so a file that changes later is not read again
const callSourceCache = new Map();

// The source text of the call to fn, as Node quotes it in assert.ok's
// message (Node 20's lib/assert.js getErrMessage: the call expression
// around the caller's stack position, from the start of its line; lines
// after the first lose the indentation of the first, up to its column).
// The stack position is V8's (deps/patches/0102): the callee's name, or the
// call's '(' when the callee is no name (assert['ok'](...)); the callee is
// read backwards from the '(' and the argument list forwards, across lines.
// undefined when
// the caller is no file on disk (weft's built-ins, eval'd code) or the source
// cannot be read: the message is then AssertionError's own "value == true".
function callSource(fn) {
  const o = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 1;
  try {
    Error.captureStackTrace(o, fn);
  } finally {
    Error.stackTraceLimit = limit;
  }
  const m = /\(?([^()\s]+):(\d+):(\d+)\)?\s*$/m.exec(String(o.stack).split('\n')[1] || '');
  if (!m || !m[1].startsWith('/')) return undefined;
  const key = `${m[1]}:${m[2]}:${m[3]}`;
  if (callSourceCache.has(key)) return callSourceCache.get(key);
  let source;
  try {
    source = readCallSource(natives.readFile(m[1]), Number(m[2]), Number(m[3]));
  } catch {
    source = undefined;
  }
  callSourceCache.set(key, source);
  return source;
}

// The '(' of the call placed at src[at]: at itself, or after the callee's
// name there (and a `?.`); -1 when there is none.
function callOpen(src, at) {
  if (at < 0) return -1;
  const name = /^[\p{ID_Continue}$\u200c\u200d]*\s*(?:\?\.)?\s*/u.exec(src.slice(at, at + 256));
  const open = at + name[0].length;
  return src[open] === '(' ? open : -1;
}

function readCallSource(src, line, column) {
  let lineStart = 0;
  for (let l = 1; l < line; l++) {
    lineStart = src.indexOf('\n', lineStart) + 1;
    if (lineStart === 0) return undefined;
  }
  // QuickJS's column counts characters from 1; on line 1 of a CommonJS file
  // it also counts the wrapper head natives.compileCommonJS puts there
  // (the wrapper first: line 1 may hold several calls)
  let open = line === 1 ? callOpen(src, lineStart + column - 1 - internal.kCjsHeadLength) : -1;
  if (open < 0) open = callOpen(src, lineStart + column - 1);
  if (open < 0) return undefined;
  const end = argumentsEnd(src, open);
  if (end < 0) return undefined;
  const start = calleeStart(src, open, lineStart);
  const indent = start - lineStart;
  const lines = src.slice(start, end).replace(/\r\n/g, '\n').split('\n');
  let text = lines[0];
  for (let k = 1; k < lines.length; k++) {
    let pos = 0;
    while (pos < indent && (lines[k][pos] === ' ' || lines[k][pos] === '\t')) pos++;
    text += `\n  ${lines[k].slice(pos)}`;
  }
  return text.replace(kControlChars, escapeControl);
}

function innerOk(fn, argLen, value, message) {
  if (!value) {
    let generatedMessage = false;
    if (argLen === 0) {
      generatedMessage = true;
      message = 'No value argument passed to `assert.ok()`';
    } else if (message == null) {
      generatedMessage = true;
      // the call's source text; none (a built-in's frame, eval'd code, an
      // unreadable file): AssertionError's own "value == true", as Node
      const source = callSource(fn);
      message = source === undefined ? undefined : `The expression evaluated to a falsy value:\n\n  ${source}\n`;
    } else if (isErrorLike(message)) {
      throw message;
    }
    const err = new AssertionError({ actual: value, expected: true, message, operator: '==', stackStartFn: fn });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

function assert(...args) {
  innerOk(assert, args.length, ...args);
}

assert.ok = function ok(...args) {
  innerOk(ok, args.length, ...args);
};

assert.fail = function fail(actual, expected, message, operator, stackStartFn) {
  const argsLen = arguments.length;
  let internalMessage = false;
  if (argsLen === 0) {
    internalMessage = 'Failed';
  } else if (argsLen === 1) {
    message = actual;
    actual = undefined;
  } else {
    if (!assert.fail.warned) {
      assert.fail.warned = true;
      process.emitWarning('assert.fail() with more than one argument is deprecated. ' +
        'Please use assert.strictEqual() instead or only pass a message.', 'DeprecationWarning', 'DEP0094');
    }
    if (argsLen === 2) operator = '!=';
  }
  if (isErrorLike(message)) throw message;
  const err = new AssertionError({
    actual, expected, operator: operator === undefined ? 'fail' : operator,
    stackStartFn: stackStartFn || fail, message: internalMessage || message,
  });
  if (internalMessage) err.generatedMessage = true;
  throw err;
};

function needTwo(args) {
  if (args.length < 2) {
    throw internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "actual" and "expected" arguments must be specified');
  }
}

assert.equal = function equal(actual, expected, message) {
  needTwo(arguments);
  // eslint-disable-next-line eqeqeq
  if (actual != expected && (!Number.isNaN(actual) || !Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: '==', stackStartFn: equal });
  }
};
assert.notEqual = function notEqual(actual, expected, message) {
  needTwo(arguments);
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) {
    innerFail({ actual, expected, message, operator: '!=', stackStartFn: notEqual });
  }
};
assert.deepEqual = function deepEqual(actual, expected, message) {
  needTwo(arguments);
  if (!isDeepEqual(actual, expected)) innerFail({ actual, expected, message, operator: 'deepEqual', stackStartFn: deepEqual });
};
assert.notDeepEqual = function notDeepEqual(actual, expected, message) {
  needTwo(arguments);
  if (isDeepEqual(actual, expected)) innerFail({ actual, expected, message, operator: 'notDeepEqual', stackStartFn: notDeepEqual });
};
assert.deepStrictEqual = function deepStrictEqual(actual, expected, message) {
  needTwo(arguments);
  if (!isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: deepStrictEqual });
  }
};
assert.notDeepStrictEqual = function notDeepStrictEqual(actual, expected, message) {
  needTwo(arguments);
  if (isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'notDeepStrictEqual', stackStartFn: notDeepStrictEqual });
  }
};
assert.strictEqual = function strictEqual(actual, expected, message) {
  needTwo(arguments);
  if (!ObjectIs(actual, expected)) innerFail({ actual, expected, message, operator: 'strictEqual', stackStartFn: strictEqual });
};
assert.notStrictEqual = function notStrictEqual(actual, expected, message) {
  needTwo(arguments);
  if (ObjectIs(actual, expected)) innerFail({ actual, expected, message, operator: 'notStrictEqual', stackStartFn: notStrictEqual });
};

// ---- throws / rejects ----
const NO_EXCEPTION = {};

function getActual(fn) {
  if (typeof fn !== 'function') internal.throwInvalidArgType('fn', 'function', fn);
  try {
    fn();
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

// A promise, or a promise-like object with then and catch (Node refuses a
// function with a then method).
const isPromiseLike = (v) => v instanceof Promise ||
  (isObjectLike(v) && typeof v.then === 'function' && typeof v.catch === 'function');

async function waitActual(promiseFn) {
  let p;
  if (typeof promiseFn === 'function') {
    p = promiseFn();
    if (!isPromiseLike(p)) {
      throw internal.makeNodeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
        `Expected instance of Promise to be returned from the "promiseFn" function but got ${internal.determineSpecificType(p)}.`);
    }
  } else if (isPromiseLike(promiseFn)) {
    p = promiseFn;
  } else {
    internal.throwInvalidArgType('promiseFn', 'function or an instance of Promise', promiseFn);
  }
  try {
    await p;
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

// The side of a failed error-property check shown in the diff: only the
// compared keys, as an object named Comparison; a RegExp that matched the
// actual string shows that string.
class Comparison {
  constructor(obj, keys, actual) {
    for (const key of keys) {
      if (!(key in obj)) continue;
      const matched = actual !== undefined && typeof actual[key] === 'string' &&
        isRegExp(obj[key]) && RegExp.prototype.exec.call(obj[key], actual[key]) !== null;
      this[key] = matched ? actual[key] : obj[key];
    }
  }
}

function compareExceptionKey(actual, expected, key, message, keys, fn) {
  if (!(key in actual) || !isDeepStrictEqual(actual[key], expected[key])) {
    if (!message) {
      const err = new AssertionError({
        actual: new Comparison(actual, keys), expected: new Comparison(expected, keys, actual),
        operator: 'deepStrictEqual', stackStartFn: fn,
      });
      err.actual = actual;
      err.expected = expected;
      err.operator = fn.name;
      throw err;
    }
    innerFail({ actual, expected, message, operator: fn.name, stackStartFn: fn });
  }
}

function expectedException(actual, expected, message, fn) {
  let generatedMessage = false;
  let throwError = false;
  if (typeof expected !== 'function') {
    if (isRegExp(expected)) {
      const str = String(actual);
      if (RegExp.prototype.exec.call(expected, str) !== null) return;
      if (!message) {
        generatedMessage = true;
        message = 'The input did not match the regular expression ' +
          `${inspect(expected)}. Input:\n\n${inspect(str)}\n`;
      }
      throwError = true;
    } else if (typeof actual !== 'object' || actual === null) {
      const err = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: fn });
      err.operator = fn.name;
      throw err;
    } else {
      const keys = Object.keys(expected);
      if (expected instanceof Error) keys.push('name', 'message');
      else if (keys.length === 0) {
        throw internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
          `The argument 'error' may not be an empty object. Received {}`);
      }
      for (const key of keys) {
        if (typeof actual[key] === 'string' && isRegExp(expected[key]) &&
            RegExp.prototype.exec.call(expected[key], actual[key]) !== null) {
          continue;
        }
        compareExceptionKey(actual, expected, key, message, keys, fn);
      }
      return;
    }
  } else if (expected.prototype !== undefined && actual instanceof expected) {
    return;
  } else if (Error.prototype.isPrototypeOf(expected.prototype) || expected === Error) {
    if (!message) {
      generatedMessage = true;
      message = 'The error is expected to be an instance of ' +
        `"${expected.name}". Received `;
      if (isErrorLike(actual)) {
        const name = (actual.constructor && actual.constructor.name) || actual.name;
        message += expected.name === name ? 'an error with identical name but a different prototype.' : `"${name}"`;
      }
      else message += `"${inspect(actual, { depth: -1 })}"`;
      if (actual && actual.message !== undefined) message += `\n\nError message:\n\n${actual.message}`;
    }
    throwError = true;
  } else {
    const res = Reflect.apply(expected, {}, [actual]);
    if (res !== true) {
      if (!message) {
        generatedMessage = true;
        const name = expected.name ? `"${expected.name}" ` : '';
        message = `The ${name}validation function is expected to return "true". Received ${inspect(res)}`;
        if (isErrorLike(actual)) message += `\n\nCaught error:\n\n${actual}`;
      }
      throwError = true;
    }
  }
  if (throwError) {
    const err = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

function expectsError(stackStartFn, actual, error, message) {
  if (typeof error === 'string') {
    if (arguments.length === 4) {
      internal.throwInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
    }
    if (typeof actual === 'object' && actual !== null) {
      if (actual.message === error) {
        throw internal.makeNodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT',
          `The "error/message" argument is ambiguous. The error message "${actual.message}" is identical to the message.`);
      }
    } else if (actual === error) {
      throw internal.makeNodeError(TypeError, 'ERR_AMBIGUOUS_ARGUMENT',
        `The "error/message" argument is ambiguous. The error "${actual}" is identical to the message.`);
    }
    message = error;
    error = undefined;
  } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
    internal.throwInvalidArgType('error', ['Object', 'Error', 'Function', 'RegExp'], error);
  }
  if (actual === NO_EXCEPTION) {
    let details = '';
    if (error && error.name) details += ` (${error.name})`;
    details += message ? `: ${message}` : '.';
    const fnType = stackStartFn === assert.rejects ? 'rejection' : 'exception';
    innerFail({ actual: undefined, expected: error, operator: stackStartFn.name,
                message: `Missing expected ${fnType}${details}`, stackStartFn });
  }
  if (!error) return;
  expectedException(actual, error, message, stackStartFn);
}

function hasMatchingError(actual, expected) {
  if (typeof expected !== 'function') {
    if (isRegExp(expected)) return RegExp.prototype.exec.call(expected, String(actual)) !== null;
    internal.throwInvalidArgType('expected', ['Function', 'RegExp'], expected);
  }
  if (expected.prototype !== undefined && actual instanceof expected) return true;
  if (Error.prototype.isPrototypeOf(expected.prototype) || expected === Error) return false;
  return Reflect.apply(expected, {}, [actual]) === true;
}

function expectsNoError(stackStartFn, actual, error, message) {
  if (actual === NO_EXCEPTION) return;
  if (typeof error === 'string') {
    message = error;
    error = undefined;
  }
  if (!error || hasMatchingError(actual, error)) {
    const details = message ? `: ${message}` : '.';
    const fnType = stackStartFn === assert.doesNotReject ? 'rejection' : 'exception';
    innerFail({ actual, expected: error, operator: stackStartFn.name,
                message: `Got unwanted ${fnType}${details}\nActual message: "${actual && actual.message}"`, stackStartFn });
  }
  throw actual;
}

assert.throws = function throws(promiseFn, ...args) {
  expectsError(throws, getActual(promiseFn), ...args);
};
// An assertion failing in rejects/doesNotReject after its await: the stack
// names the async function as V8's async stack traces do (QuickJS keeps none).
function withAsyncFrame(err, fn) {
  if (err instanceof AssertionError && typeof err.stack === 'string' && !/\n\s+at /.test(err.stack)) {
    err.stack += `\n    at async Function.${fn.name} (node:assert)`;
  }
  return err;
}
assert.rejects = async function rejects(promiseFn, ...args) {
  const actual = await waitActual(promiseFn);
  try {
    expectsError(rejects, actual, ...args);
  } catch (e) {
    throw withAsyncFrame(e, rejects);
  }
};
assert.doesNotThrow = function doesNotThrow(fn, ...args) {
  expectsNoError(doesNotThrow, getActual(fn), ...args);
};
assert.doesNotReject = async function doesNotReject(fn, ...args) {
  const actual = await waitActual(fn);
  try {
    expectsNoError(doesNotReject, actual, ...args);
  } catch (e) {
    throw withAsyncFrame(e, doesNotReject);
  }
};

assert.ifError = function ifError(err) {
  if (err === null || err === undefined) return;
  let message = 'ifError got unwanted exception: ';
  if (typeof err === 'object' && typeof err.message === 'string') {
    if (err.message.length === 0 && err.constructor) message += err.constructor.name;
    else message += err.message;
  } else {
    message += inspect(err);
  }
  const newErr = new AssertionError({ actual: err, expected: null, operator: 'ifError', message, stackStartFn: ifError });
  // the original error's frames follow the assertion's
  const origStack = err && err.stack;
  if (typeof origStack === 'string') {
    const tail = origStack.split('\n').filter((l) => /^\s+at /.test(l));
    const own = String(newErr.stack).split('\n');
    newErr.stack = [...own, ...tail.filter((l) => !own.includes(l))].join('\n');
  }
  throw newErr;
};

function internalMatch(string, regexp, message, fn) {
  if (!isRegExp(regexp)) internal.throwInvalidArgType('regexp', 'RegExp', regexp);
  const match = fn === assert.match;
  if (typeof string !== 'string' || (RegExp.prototype.exec.call(regexp, string) !== null) !== match) {
    if (isErrorLike(message)) throw message;
    const generatedMessage = !message;
    message = message || (typeof string !== 'string' ?
      `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})` :
      (match ? 'The input did not match the regular expression ' : 'The input was expected to not match the regular expression ') +
      `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`);
    const err = new AssertionError({ actual: string, expected: regexp, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}
assert.match = function match(string, regexp, message) {
  internalMatch(string, regexp, message, match);
};
assert.doesNotMatch = function doesNotMatch(string, regexp, message) {
  internalMatch(string, regexp, message, doesNotMatch);
};

assert.AssertionError = AssertionError;

// assert.CallTracker (deprecated in Node 20, DEP0173): wrappers that count
// their calls, checked by verify()/report().
const noop = () => {};
class CallTracker {
  #contexts = new Set();
  #byProxy = new WeakMap();
  calls(fn, exact = 1) {
    if (process._exiting) {
      throw internal.makeNodeError(Error, 'ERR_UNAVAILABLE_DURING_EXIT', 'Cannot call function in process exit handler');
    }
    if (typeof fn === 'number') {
      exact = fn;
      fn = noop;
    } else if (fn === undefined) {
      fn = noop;
    }
    if (typeof exact !== 'number') internal.throwInvalidArgType('exact', 'number', exact);
    if (!Number.isInteger(exact)) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "exact" is out of range. It must be an integer. Received ${inspect(exact)}`);
    }
    if (exact < 1 || exact > 4294967295) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "exact" is out of range. It must be >= 1 && <= 4294967295. Received ${inspect(exact)}`);
    }
    const context = { exact, actual: 0, name: fn.name || 'calls', stackTrace: new Error(), calls: [] };
    this.#contexts.add(context);
    const proxy = new Proxy(fn, {
      __proto__: null,
      apply(target, thisArg, argList) {
        context.actual++;
        context.calls.push(Object.freeze({ __proto__: null, thisArg, arguments: Object.freeze(argList) }));
        return Reflect.apply(target, thisArg, argList);
      },
    });
    this.#byProxy.set(proxy, context);
    return proxy;
  }
  #context(fn) {
    const context = (typeof fn === 'function' || (typeof fn === 'object' && fn !== null)) ? this.#byProxy.get(fn) : undefined;
    if (!context) {
      throw internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        `The argument 'fn' must be a tracked function. Received ${inspect(fn)}`);
    }
    return context;
  }
  getCalls(fn) {
    return Object.freeze(this.#context(fn).calls.map((c) => Object.freeze({ thisArg: c.thisArg, arguments: c.arguments })));
  }
  reset(fn) {
    if (fn === undefined) {
      for (const c of this.#contexts) {
        c.actual = 0;
        c.calls = [];
      }
      return;
    }
    const c = this.#context(fn);
    c.actual = 0;
    c.calls = [];
  }
  report() {
    const errors = [];
    for (const c of this.#contexts) {
      if (c.actual !== c.exact) {
        errors.push({
          message: `Expected the ${c.name} function to be executed ${c.exact} time(s) but was executed ${c.actual} time(s).`,
          actual: c.actual,
          expected: c.exact,
          operator: c.name,
          stack: c.stackTrace,
        });
      }
    }
    return errors;
  }
  verify() {
    const errors = this.report();
    if (errors.length === 0) return;
    const message = errors.length === 1 ? errors[0].message : 'Functions were not called the expected number of times';
    throw new AssertionError({ message, details: errors });
  }
}
{
  let warned = false;
  assert.CallTracker = function CallTracker_() {
    if (!warned) {
      warned = true;
      process.emitWarning('assert.CallTracker is deprecated.', 'DeprecationWarning', 'DEP0173');
    }
    return Reflect.construct(CallTracker, [], new.target || CallTracker);
  };
  Object.defineProperty(assert.CallTracker, 'name', { __proto__: null, value: 'CallTracker' });
  assert.CallTracker.prototype = CallTracker.prototype;
}

function strict(...args) {
  innerOk(strict, args.length, ...args);
}
assert.strict = Object.assign(strict, assert, {
  equal: assert.strictEqual,
  deepEqual: assert.deepStrictEqual,
  notEqual: assert.notStrictEqual,
  notDeepEqual: assert.notDeepStrictEqual,
});
assert.strict.strict = assert.strict;

internal.assertModule = assert;
