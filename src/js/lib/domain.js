// domain.js: Node's deprecated `domain` module, as its documented behaviour:
// a Domain (an EventEmitter) catches the errors thrown by callbacks that
// run inside it (timers, immediates, nextTicks, promises, EventEmitters
// added to it or made while it was active) and emits them as 'error'.
// Built on async_hooks (a resource made while a domain is active enters it
// around its callbacks) and process.setUncaughtExceptionCaptureCallback.
'use strict';
const process = internal.process;
const EventEmitter = internal.EventEmitter;
const asyncHooks = internal.builtins.async_hooks();
const makeNodeError = internal.makeNodeError;

const stack = [];
const domains = new Map(); // async id -> domain
const capture = process.setUncaughtExceptionCaptureCallback;
let captureInstalled = false;

const domainModule = { active: null, _stack: stack, Domain: null, create: null, createDomain: null };

function setActive(d) {
  domainModule.active = d;
  process.domain = d;
}

// the capture callback is installed while some domain on the stack has an
// 'error' listener (Node's updateExceptionCapture)
function updateExceptionCapture() {
  const want = stack.some((d) => d.listenerCount('error') > 0);
  if (want === captureInstalled) return;
  capture(null);
  if (want) capture((er) => process.domain._errorHandler(er));
  captureInstalled = want;
}

asyncHooks.createHook({
  init(asyncId, type, triggerAsyncId, resource) {
    if (process.domain !== null && process.domain !== undefined) {
      domains.set(asyncId, process.domain);
      if (typeof resource === 'object' && resource !== null && !('domain' in resource)) {
        try {
          Object.defineProperty(resource, 'domain', { value: process.domain, writable: true, configurable: true, enumerable: false });
        } catch {}
      }
    }
  },
  before(asyncId) {
    const d = domains.get(asyncId);
    if (d !== undefined) d.enter();
  },
  after(asyncId) {
    const d = domains.get(asyncId);
    if (d !== undefined) d.exit();
  },
  destroy(asyncId) {
    domains.delete(asyncId);
  },
}).enable();

class Domain extends EventEmitter {
  constructor() {
    super();
    this.members = [];
    this.on('newListener', (name) => { if (name === 'error') process.nextTick(updateExceptionCapture); });
    this.on('removeListener', (name) => { if (name === 'error') process.nextTick(updateExceptionCapture); });
  }

  enter() {
    setActive(this);
    stack.push(this);
    updateExceptionCapture();
  }

  exit() {
    const index = stack.lastIndexOf(this);
    if (index === -1) return;
    stack.splice(index);
    setActive(stack[stack.length - 1]);
    updateExceptionCapture();
  }

  run(fn, ...args) {
    this.enter();
    try {
      return Reflect.apply(fn, this, args);
    } finally {
      this.exit();
    }
  }

  add(ee) {
    if (ee.domain === this) return;
    if (ee.domain) ee.domain.remove(ee);
    if (this.domain && ee instanceof Domain) {
      for (let d = this.domain; d; d = d.domain) if (ee === d) return;
    }
    ee.domain = this;
    this.members.push(ee);
  }

  remove(ee) {
    ee.domain = null;
    const index = this.members.indexOf(ee);
    if (index !== -1) this.members.splice(index, 1);
  }

  _errorHandler(er) {
    if ((typeof er === 'object' && er !== null) || typeof er === 'function') {
      Object.defineProperty(er, 'domain', { value: this, writable: true, configurable: true, enumerable: false });
      er.domainThrown = true;
    }
    // the handler runs outside the domain
    while (domainModule.active === this) this.exit();
    let caught = false;
    if (this.listenerCount('error') > 0) {
      capture(null);
      captureInstalled = false;
      try {
        caught = this.emit('error', er);
      } finally {
        updateExceptionCapture();
      }
    }
    // an uncaught exception ends the tick: no domain stays entered (Node's
    // domainUncaughtExceptionClear); without an 'error' listener the error
    // is dropped, as Node's capture callback does
    stack.length = 0;
    setActive(null);
    updateExceptionCapture();
    return caught;
  }

  intercept(cb) {
    const self = this;
    return function intercepted(er, ...args) {
      if (er) {
        if (typeof er === 'object') {
          er.domainBound = cb;
          er.domainThrown = false;
          Object.defineProperty(er, 'domain', { value: self, writable: true, configurable: true, enumerable: false });
        }
        self.emit('error', er);
        return;
      }
      self.enter();
      try {
        return Reflect.apply(cb, this, args);
      } finally {
        self.exit();
      }
    };
  }

  bind(cb) {
    const self = this;
    const bound = function (...args) {
      self.enter();
      try {
        return Reflect.apply(cb, this, args);
      } finally {
        self.exit();
      }
    };
    bound.domain = this;
    return bound;
  }
}

// EventEmitter: made while a domain is active -> its member; 'error' with
// no listener goes to the emitter's domain; other events run inside it.
EventEmitter.usingDomains = true;
const origInit = EventEmitter.init;
EventEmitter.init = function (opts) {
  if (this.domain === undefined || this.domain === null) {
    this.domain = null;
    if (domainModule.active && !(this instanceof Domain)) this.domain = domainModule.active;
  }
  return Reflect.apply(origInit, this, [opts]);
};
const origEmit = EventEmitter.prototype.emit;
EventEmitter.prototype.emit = function emit(...args) {
  const domain = this.domain;
  const type = args[0];
  if (domain === null || domain === undefined || this === process ||
      (type === 'error' && this.listenerCount('error') > 0)) {
    return Reflect.apply(origEmit, this, args);
  }
  if (type === 'error') {
    const er = args.length > 1 && args[1] ? args[1] :
      makeNodeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error.');
    if (typeof er === 'object') {
      er.domainEmitter = this;
      Object.defineProperty(er, 'domain', { value: domain, writable: true, configurable: true, enumerable: false });
      er.domainThrown = false;
    }
    while (domainModule.active === domain) domain.exit();
    domain.emit('error', er);
    return false;
  }
  domain.enter();
  try {
    return Reflect.apply(origEmit, this, args);
  } finally {
    domain.exit();
  }
};

setActive(null);
domainModule.Domain = Domain;
domainModule.create = domainModule.createDomain = function createDomain() { return new Domain(); };
internal.domainModule = domainModule;
