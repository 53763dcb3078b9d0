// vm.SourceTextModule / SyntheticModule beyond Node's own tests: import
// attributes reach the linker (imports and re-exports), a module whose
// identifier is a real file's path does not take the place of that file
// for import(), a cycle's shared bindings, top-level await, a module linked
// to one that is being evaluated (or evaluated from its code), live synthetic exports, a failed link
// leaving the module unlinked, and every status on the way.
const { SourceTextModule, SyntheticModule, createContext } = require('vm');
const path = require('path');

async function attributes() {
  const seen = [];
  const m = new SourceTextModule(`
    import a from 'a' with { type: 'json', 'x-y': "z" };
    import b from 'a';
    export { c } from 'c' with { k: 'v' };
    export * from 'd';
  `);
  console.log('specifiers', m.dependencySpecifiers);
  await m.link((specifier, referrer, extra) => {
    seen.push([specifier, { ...extra.attributes }, Object.getPrototypeOf(extra.attributes)]);
    if (specifier === 'c') return new SourceTextModule('export const c = 3;');
    return new SourceTextModule('export default 1; export const d = 4;');
  });
  console.log('attributes', JSON.stringify(seen));
  await m.evaluate();
  console.log('namespace', Object.keys(m.namespace), m.namespace.c, m.namespace.d);
}

async function identifierIsAFile() {
  const file = path.join(__dirname, 'lib', 'vm_module_where.mjs');
  const m = new SourceTextModule('export const where = "vm";', { identifier: file });
  await m.link(() => {});
  await m.evaluate();
  const ns = await import(file);
  console.log('file import', ns.where, m.namespace.where, m.identifier === file);
}

async function cycleAndAwait() {
  const a = new SourceTextModule(`
    import { b, setB } from 'b';
    export let a = 'a0';
    setB('b1');
    export const seen = b;
    await null;
    a = 'a1';
  `);
  const b = new SourceTextModule(`
    import { a } from 'a';
    export let b = 'b0';
    export function setB(v) { b = v; }
    export const readA = () => a;
  `);
  const statuses = [];
  await a.link((s) => {
    statuses.push(`${s}:${a.status}`);
    return s === 'b' ? b : a;
  });
  console.log('link statuses', statuses, a.status, b.status);
  const p = a.evaluate();
  console.log('during', a.status, b.status);
  await p;
  console.log('after', a.status, a.namespace.a, a.namespace.seen, b.namespace.readA());
}

async function linkedToEvaluating() {
  const log = [];
  globalThis.inner = async () => {
    const late = new SourceTextModule('import { x } from "outer"; export const y = x;');
    await late.link(() => outer);
    log.push(`late ${late.status}`);
  };
  const outer = new SourceTextModule('export const x = 1; await inner();');
  await outer.link(() => {});
  await outer.evaluate();
  log.push(`outer ${outer.status}`);
  delete globalThis.inner;
  console.log('evaluating dependency', log);
  // evaluated while the module it imports is evaluating: uses its bindings
  const first = new SourceTextModule('export const x = 1; globalThis.r = evalLate();');
  await first.link(() => {});
  const later = new SourceTextModule('import { x } from "first"; export const got = x;');
  await later.link(() => first);
  globalThis.evalLate = () => later.evaluate();
  await first.evaluate();
  await globalThis.r;
  console.log('nested evaluate', first.status, later.status, later.namespace.got);
  delete globalThis.r;
  delete globalThis.evalLate;
}

async function synthetic() {
  const s = new SyntheticModule(['n', 'fn'], function () {
    this.setExport('n', 1);
    this.setExport('fn', () => 'called');
  }, { identifier: 'synth' });
  const m = new SourceTextModule('import { n, fn } from "s"; export const get = () => n; export const r = fn();');
  await m.link(() => s);
  console.log('synthetic before', s.status, s.namespace.n);
  await m.evaluate();
  s.setExport('n', 2);
  console.log('synthetic after', s.status, m.namespace.get(), m.namespace.r, s.identifier);
}

async function failedLink() {
  const m = new SourceTextModule('import { missing } from "x";');
  const dep = new SourceTextModule('export const here = 1;');
  try {
    await m.link(() => dep);
  } catch (e) {
    console.log('link failed', e.name, m.status, dep.status);
  }
  const ctx = createContext({});
  const other = new SourceTextModule('', { context: ctx });
  const n = new SourceTextModule('import "o";');
  await n.link(() => other).catch((e) => console.log('context', e.code, n.status));
  const t = new SourceTextModule('for (;;) {}', { context: ctx });
  await t.link(() => {});
  await t.evaluate({ timeout: 20 }).catch((e) => console.log('timeout', e.code, t.status));
}

(async () => {
  await attributes();
  await identifierIsAFile();
  await cycleAndAwait();
  await linkedToEvaluating();
  await synthetic();
  await failedLink();
})();
