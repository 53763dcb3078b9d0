// promises.js: Node 20's processPromiseRejections
// (lib/internal/process/promises.js). The C rejection tracker records; this
// acts, only when has_rejection_to_warn is set (seed 004).
const process = internal.process;
const warned = new WeakMap(); // promise -> uid, for 'rejectionHandled'
const mode = natives.unhandledRejectionsMode; // throw|strict|warn|none|warn-with-error-code

function getErrorWithoutStack(name, message) {
  const err = new Error(message);
  Object.defineProperty(err, 'name', { value: name, enumerable: false, writable: true, configurable: true });
  return err;
}

function generateUnhandledRejectionError(reason) {
  const message = 'This error originated either by ' +
    'throwing inside of an async function without a catch block, ' +
    'or by rejecting a promise which was not handled with .catch().' +
    ' The promise rejected with the reason ' +
    `"${internal.noSideEffectsToString(reason)}".`;
  const err = getErrorWithoutStack('UnhandledPromiseRejection', message);
  err.code = 'ERR_UNHANDLED_REJECTION';
  return err;
}

const unhandledRejectionErrName = 'UnhandledPromiseRejectionWarning';
function emitUnhandledRejectionWarning(uid, reason) {
  const warning = getErrorWithoutStack(unhandledRejectionErrName,
    'Unhandled promise rejection. This error originated either by ' +
    'throwing inside of an async function without a catch block, ' +
    'or by rejecting a promise which was not handled with .catch(). ' +
    'To terminate the node process on unhandled promise ' +
    'rejection, use the CLI flag `--unhandled-rejections=strict` (see ' +
    'https://nodejs.org/api/cli.html#cli_unhandled_rejections_mode). ' +
    `(rejection id: ${uid})`);
  try {
    if (internal.isErrorLike(reason)) {
      warning.stack = reason.stack;
      process.emitWarning(reasonStack(reason), unhandledRejectionErrName);
    } else {
      process.emitWarning(internal.noSideEffectsToString(reason), unhandledRejectionErrName);
    }
  } catch {
    try { process.emitWarning(internal.noSideEffectsToString(reason), unhandledRejectionErrName); } catch {}
  }
  process.emitWarning(warning);
}
function reasonStack(reason) {
  return String(reason.stack);
}

internal.processPromiseRejections = function processPromiseRejections() {
  let maybeScheduledTicksOrMicrotasks = false;
  let promise;
  while ((promise = natives.takeLateHandled()) !== undefined) {
    maybeScheduledTicksOrMicrotasks = true;
    const uid = warned.get(promise);
    warned.delete(promise);
    const warning = new Error(`Promise rejection was handled asynchronously (rejection id: ${uid})`);
    warning.name = 'PromiseRejectionHandledWarning';
    warning.id = uid;
    if (!process.emit('rejectionHandled', promise)) process.emitWarning(warning);
  }
  const maxUid = natives.lastPromiseId();
  let rec;
  while ((rec = natives.takePendingRejection(maxUid)) !== undefined) {
    const [p, reason, uid] = rec;
    warned.set(p, uid);
    const emit = () => process.emit('unhandledRejection', reason, p);
    // as Node: the handlers run in the promise's async context (when it
    // has one, i.e. hooks were on); the uncaught path empties the stack, so
    // the context is pushed again after it for the pop below
    const asyncId = p[internal.promise_async_id_symbol];
    const push = () => {
      if (asyncId !== undefined) natives.pushAsyncContext(asyncId, p[internal.promise_trigger_async_id_symbol], p);
    };
    const uncaught = (err) => {
      internal.triggerUncaughtException(err, true);
      push();
    };
    push();
    try {
      processOne(emit, uncaught, uid, reason);
    } finally {
      if (asyncId !== undefined) natives.popAsyncContext(asyncId);
    }
    maybeScheduledTicksOrMicrotasks = true;
  }
  return maybeScheduledTicksOrMicrotasks || natives.pendingRejectionCount() !== 0;
};

function processOne(emit, uncaught, uid, reason) {
    switch (mode) {
      case 'strict': {
        const err = internal.isErrorLike(reason) ? reason : generateUnhandledRejectionError(reason);
        uncaught(err);
        const handled = emit();
        if (!handled) emitUnhandledRejectionWarning(uid, reason);
        break;
      }
      case 'none':
        emit();
        break;
      case 'warn':
        emit();
        emitUnhandledRejectionWarning(uid, reason);
        break;
      case 'warn-with-error-code': {
        const handled = emit();
        if (!handled) {
          emitUnhandledRejectionWarning(uid, reason);
          process.exitCode = 1;
        }
        break;
      }
      default: { // throw
        const handled = emit();
        if (!handled) {
          const err = internal.isErrorLike(reason) ? reason : generateUnhandledRejectionError(reason);
          uncaught(err);
        }
        break;
      }
    }
}

// Node's 'multipleResolves' (deprecated, DEP0160): a resolve or reject after
// the promise was resolved, reported by the C tracker (deps/patches/0030),
// emitted on a tick so the executor cannot catch it; the deprecation warning
// once, when a listener heard it.
let multipleResolvesWarned = false;
internal.multipleResolves = function (type, promise, value) {
  process.nextTick(() => {
    if (process.emit('multipleResolves', type, promise, value) && !multipleResolvesWarned) {
      multipleResolvesWarned = true;
      process.emitWarning('The multipleResolves event has been deprecated.', 'DeprecationWarning', 'DEP0160');
    }
  });
};
