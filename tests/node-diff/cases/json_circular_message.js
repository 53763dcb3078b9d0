// JSON.stringify of a circular structure: V8's TypeError message (the
// object the circle starts at, up to two objects after it, '...', the last
// one, the closing key; deps/patches/0097), with replacers, toJSON, indent.
const show = (v, r, s) => { try { JSON.stringify(v, r, s); } catch (e) { console.log(JSON.stringify(e.message)); } };
const a = {}; a.self = a; show(a);
const b = { x: [1, { y: {} }] }; b.x[1].y.z = b; show(b);
const c = { p: { q: { r: { s: { t: {} } } } } }; c.p.q.r.s.t.u = c.p; show({ top: c });
const d = []; d.push(d); show(d);
class Foo { constructor() { this.f = this; } } show(new Foo());
const n = Object.create(null); n.k = n; show(n);
const e = { '': {} }; e[''].back = e; show(e);
show({ toJSON() { return a; } });
const m = { a: 1 }; m.m = m; show(m, (k, v) => v);
show(m, null, 2);
const arrObj = [ { } ]; arrObj[0].z = arrObj; show(arrObj);
const deep = {}; let at = deep; for (let i = 0; i < 50; i++) at = at['k' + i] = {}; at.back = deep; show(deep);
try { JSON.stringify(a); } catch (e) { console.log(e instanceof TypeError, e.stack.split('\n')[0]); }
