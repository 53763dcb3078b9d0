// stream_operators.js: the Readable iterator helpers of Node 20 (map,
// filter, forEach, toArray, some, every, find, reduce, flatMap, drop, take,
// asIndexedPairs), written for weft from Node's documentation and tests.
// Stream-returning ones give a Readable (Readable.from over an async
// generator); map runs up to `concurrency` calls at once, keeps results in
// order and reads at most `highWaterMark` items ahead.
const S = internal.streams;
const E = S.errors;
const { Readable } = S;
const kSkip = Symbol('kSkip'); // a mapped value to drop (filter, forEach)
const kDone = Symbol('kDone');

function checkFn(fn, name = 'fn') {
  if (typeof fn !== 'function') internal.throwInvalidArgType(name, ['Function', 'AsyncFunction'], fn);
}
function checkOptions(options) {
  if (options != null) S.validateObject(options, 'options');
  if (options && options.signal != null) S.validateAbortSignal(options.signal, 'options.signal');
}
function checkInteger(value, name, min) {
  if (typeof value !== 'number') internal.throwInvalidArgType(name, 'number', value);
  if (!Number.isInteger(value)) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be an integer. Received ${value}`);
  }
  if (value < min || value > Number.MAX_SAFE_INTEGER) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be >= ${min} && <= ${Number.MAX_SAFE_INTEGER}. Received ${value}`);
  }
}
const aborted = (options) => !!(options && options.signal && options.signal.aborted);

function map(fn, options) {
  checkFn(fn);
  checkOptions(options);
  let concurrency = 1;
  if (options && options.concurrency != null) concurrency = Math.floor(options.concurrency);
  let ahead = concurrency - 1;
  if (options && options.highWaterMark != null) ahead = Math.floor(options.highWaterMark);
  checkInteger(concurrency, 'options.concurrency', 1);
  checkInteger(ahead, 'options.highWaterMark', 0);
  const limit = ahead + concurrency;
  const source = this;
  return (async function* mapped() {
    const signal = options && options.signal ? options.signal : new AbortController().signal;
    const signalOpt = { signal };
    const queue = []; // promises of results, in input order
    let running = 0;
    let stopped = false;
    let wakeReader = null; // the consumer waits for the queue to grow
    let wakePump = null; // the pump waits for room
    const wake = (which) => {
      if (which === 'reader' && wakeReader) { const w = wakeReader; wakeReader = null; w(); }
      if (which === 'pump' && wakePump && !stopped && running < concurrency && queue.length < limit) {
        const w = wakePump;
        wakePump = null;
        w();
      }
    };
    const settled = () => { running--; wake('pump'); };
    const failed = () => { stopped = true; settled(); };
    (async () => {
      try {
        for await (const item of source) {
          if (stopped) return;
          if (signal.aborted) throw S.abortError();
          let result;
          try {
            result = fn(item, signalOpt);
            if (result === kSkip) continue;
            result = Promise.resolve(result);
          } catch (err) {
            result = Promise.reject(err);
          }
          running++;
          result.then(settled, failed);
          queue.push(result);
          wake('reader');
          if (!stopped && (queue.length >= limit || running >= concurrency)) {
            await new Promise((resolve) => { wakePump = resolve; });
          }
        }
        queue.push(kDone);
      } catch (err) {
        const result = Promise.reject(err);
        result.then(settled, failed);
        queue.push(result);
      } finally {
        stopped = true;
        wake('reader');
      }
    })();
    try {
      // Bound: ends at kDone, a rejected result, or an abort.
      for (;;) {
        while (queue.length > 0) {
          const value = await queue[0];
          if (value === kDone) return;
          if (signal.aborted) throw S.abortError();
          if (value !== kSkip) yield value;
          queue.shift();
          wake('pump');
        }
        await new Promise((resolve) => { wakeReader = resolve; });
      }
    } finally {
      stopped = true;
      if (wakePump) { const w = wakePump; wakePump = null; w(); }
    }
  }).call(this);
}

function filter(fn, options) {
  checkFn(fn);
  return map.call(this, async (value, opts) => ((await fn(value, opts)) ? value : kSkip), options);
}
async function forEach(fn, options) {
  checkFn(fn);
  // eslint-disable-next-line no-unused-vars
  for await (const _ of map.call(this, async (value, opts) => { await fn(value, opts); return kSkip; }, options));
}
async function some(fn, options) {
  // eslint-disable-next-line no-unused-vars
  for await (const _ of filter.call(this, fn, options)) return true;
  return false;
}
async function every(fn, options) {
  checkFn(fn);
  return !(await some.call(this, async (...args) => !(await fn(...args)), options));
}
async function find(fn, options) {
  for await (const result of filter.call(this, fn, options)) return result;
  return undefined;
}
async function reduce(reducer, initialValue, options) {
  checkFn(reducer, 'reducer');
  checkOptions(options);
  let hasInitial = arguments.length > 1;
  if (aborted(options)) {
    const err = S.abortError(options.signal.reason);
    this.once('error', () => {}); // reported through the rejection
    await S.finishedPromise(this.destroy(err));
    throw err;
  }
  const ac = new AbortController();
  if (options && options.signal) options.signal.addEventListener('abort', () => ac.abort(), { once: true });
  let gotAny = false;
  try {
    for await (const value of this) {
      gotAny = true;
      if (aborted(options)) throw S.abortError();
      if (!hasInitial) {
        initialValue = value;
        hasInitial = true;
      } else {
        initialValue = await reducer(initialValue, value, { signal: ac.signal });
      }
    }
    if (!gotAny && !hasInitial) {
      const err = E.missingArgs('reduce');
      err.message = 'Reduce of an empty stream requires an initial value';
      throw err;
    }
  } finally {
    ac.abort();
  }
  return initialValue;
}
async function toArray(options) {
  checkOptions(options);
  const result = [];
  for await (const value of this) {
    if (aborted(options)) throw S.abortError(options.signal.reason);
    result.push(value);
  }
  return result;
}
function flatMap(fn, options) {
  const values = map.call(this, fn, options);
  return (async function* flatMapped() {
    for await (const value of values) yield* value;
  }).call(this);
}
function toCount(number) {
  number = Number(number);
  if (Number.isNaN(number)) return 0;
  if (number < 0) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "number" is out of range. It must be >= 0. Received ${number}`);
  }
  return number;
}
function drop(number, options) {
  checkOptions(options);
  number = toCount(number);
  return (async function* dropped() {
    if (aborted(options)) throw S.abortError();
    for await (const value of this) {
      if (aborted(options)) throw S.abortError();
      if (number-- <= 0) yield value;
    }
  }).call(this);
}
function take(number, options) {
  checkOptions(options);
  number = toCount(number);
  return (async function* taken() {
    if (aborted(options)) throw S.abortError();
    for await (const value of this) {
      if (aborted(options)) throw S.abortError();
      if (number-- > 0) yield value;
      if (number <= 0) return;
    }
  }).call(this);
}
let warnedPairs = false;
function asIndexedPairs(options) {
  if (!warnedPairs) {
    warnedPairs = true;
    internal.process.emitWarning('readable.asIndexedPairs will be removed in a future version.',
      'DeprecationWarning');
  }
  checkOptions(options);
  return (async function* pairs() {
    let index = 0;
    for await (const value of this) {
      if (aborted(options)) throw S.abortError(options.signal.reason);
      yield [index++, value];
    }
  }).call(this);
}

function compose(stream, options) {
  checkOptions(options);
  if (S.isNodeStream(stream) && !S.isWritable(stream)) throw E.invalidArgValue('stream', stream, 'must be writable');
  const composed = S.compose(this, stream);
  if (options && options.signal) S.addAbortSignalNoValidate(options.signal, composed);
  return composed;
}

function define(name, op, wrap) {
  const fn = {
    [name](...args) {
      if (new.target) throw E.illegalConstructor();
      const r = Reflect.apply(op, this, args);
      return wrap ? Readable.from(r) : r;
    },
  }[name];
  Object.defineProperty(fn, 'length', { value: op.length });
  Object.defineProperty(Readable.prototype, name, { value: fn, enumerable: false, configurable: true, writable: true });
}
for (const [name, op] of Object.entries({ asIndexedPairs, drop, filter, flatMap, map, take, compose })) define(name, op, true);
for (const [name, op] of Object.entries({ every, forEach, reduce, toArray, some, find })) define(name, op, false);
