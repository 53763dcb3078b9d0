// callsites.js: V8's Error.prepareStackTrace(err, callSites) (QuickJS
// patch 0070 calls internal.prepareStackTrace when an error's stack is first
// read and Error.prepareStackTrace is a function). The CallSite objects are
// made from the frames QuickJS captured ("    at fn (file:line:col)"): what
// they know is the function name and the position; this, the function
// object and the type name are not kept (undefined / null, as V8 gives for
// strict-mode frames). Loaded on the first such stack.
'use strict';

const kFrame = Symbol('kFrame');
class CallSite {
  constructor(frame) { this[kFrame] = frame; }
  getThis() { return undefined; }
  getTypeName() { return null; }
  getFunction() { return undefined; }
  getFunctionName() { return this[kFrame].name; }
  getMethodName() { return null; }
  getFileName() { return this[kFrame].file; }
  getLineNumber() { return this[kFrame].line; }
  getColumnNumber() { return this[kFrame].column; }
  getEnclosingLineNumber() { return null; }
  getEnclosingColumnNumber() { return null; }
  getScriptNameOrSourceURL() { return this[kFrame].file; }
  getScriptHash() { return ''; }
  getEvalOrigin() { return undefined; }
  getPosition() { return 0; }
  getPromiseIndex() { return null; }
  isToplevel() { return this[kFrame].name === null; }
  isEval() { return this[kFrame].file === '[eval]'; }
  isNative() { return false; }
  isConstructor() { return false; }
  isAsync() { return false; }
  isPromiseAll() { return false; }
  toString() { return this[kFrame].text; }
}
for (const k of Object.getOwnPropertyNames(CallSite.prototype)) {
  if (k !== 'constructor') Object.defineProperty(CallSite.prototype, k, { enumerable: false });
}

// "    at NAME (LOCATION)" or "    at LOCATION"; LOCATION is "file:line:col",
// "file:line" or "native"
const frameRe = /^\s*at (?:(.*?) \((.*)\)|(.*))$/;
function parseFrame(lineText) {
  const m = frameRe.exec(lineText);
  if (!m) return null;
  let name = m[3] === undefined ? m[1] : null;
  const loc = m[3] === undefined ? m[2] : m[3];
  if (name === '<anonymous>' || name === '<eval>' || name === '') name = null;
  const frame = { name, file: undefined, line: null, column: null, text: lineText.replace(/^\s*at /, '') };
  const pos = /^(.*?):(\d+)(?::(\d+))?$/.exec(loc);
  if (pos) {
    frame.file = pos[1];
    frame.line = +pos[2];
    frame.column = pos[3] === undefined ? null : +pos[3];
  } else if (loc !== 'native') {
    frame.file = loc;
  }
  return frame;
}

// (err, frames): from QuickJS, a stack read while Error.prepareStackTrace is
// set; (err, callSites): Node's default Error.prepareStackTrace called by a
// script (the error's toString, then the sites)
internal.prepareStackTrace = function (err, frames) {
  if (typeof frames !== 'string') {
    const head = Error.prototype.toString.call(err);
    return frames && frames.length ? `${head}\n    at ${Array.prototype.join.call(frames, '\n    at ')}` : head;
  }
  const prepare = Error.prepareStackTrace;
  if (typeof prepare !== 'function') return frames; // the default stack
  const sites = [];
  for (const line of frames.split('\n')) {
    const frame = line.trim() ? parseFrame(line) : null;
    if (frame) sites.push(new CallSite(frame));
  }
  return Reflect.apply(prepare, Error, [err, sites]);
};
