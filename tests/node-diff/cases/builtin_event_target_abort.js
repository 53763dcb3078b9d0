// EventTarget, Event, CustomEvent, AbortController/AbortSignal (abort,
// timeout, onabort order), DOMException, events.once with a signal.
const ac = new AbortController();
ac.signal.addEventListener('abort', (e) => console.log('abort event', e.type, ac.signal.reason.name));
ac.signal.onabort = () => console.log('onabort');
ac.abort();
console.log(ac.signal.aborted, typeof EventTarget, Object.prototype.toString.call(ac.signal));
const et = new EventTarget();
et.addEventListener('x', { handleEvent(e) { console.log('handleEvent', e.type, e.detail); } }, { once: true });
et.dispatchEvent(new CustomEvent('x', { detail: 42 }));
et.dispatchEvent(new CustomEvent('x', { detail: 43 }));
const s = AbortSignal.timeout(10);
s.addEventListener('abort', () => console.log('timeout', s.reason.name, s.reason.code));
const keep = setTimeout(() => {}, 50);
console.log(new DOMException('m', 'AbortError').code, AbortSignal.abort().reason.message);
const { once } = require('events');
const ac2 = new AbortController();
once(et, 'never', { signal: ac2.signal }).catch((e) => console.log('once rejected', e.name));
ac2.abort();
