// util.inspect of class instances whose prototype was set to null: Node names
// the class they were made by ("[Foo: null prototype] {}"); the record is
// invisible (no own keys, JSON, freeze); util.parseEnv on dotenv text.
const util = require('util');
class Foo { toString() { return 'Bar'; } }
const o = Object.setPrototypeOf(new Foo(), null);
console.log(util.format('%s', o), util.inspect(o), Reflect.ownKeys(o), JSON.stringify(o));
class Baz { constructor() { this.x = 1; } }
const q = Object.setPrototypeOf(new Baz(), null);
console.log(q, Object.isFrozen(Object.freeze(q)), Object.getOwnPropertyNames(q));
const r = new Baz(); r.__proto__ = null; console.log(r);
console.log(Object.setPrototypeOf({ a: 1 }, null), Object.create(null), Object.setPrototypeOf(function f() {}, null));
console.log(util.parseEnv('A=1\n# c\nexport B = "x\\ny" # t\nC=\'q\'\nD=`multi\nline`\n =e\nA=2'));
try { util.parseEnv(1); } catch (e) { console.log(e.code, e.message); }
