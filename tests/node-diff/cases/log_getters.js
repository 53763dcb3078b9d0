// Accessor properties.
const o = { plain: 1 };
Object.defineProperty(o, 'g', { get() { return 1; }, enumerable: true });
Object.defineProperty(o, 's', { set(v) {}, enumerable: true });
Object.defineProperty(o, 'gs', { get() { return 1; }, set(v) {}, enumerable: true });
Object.defineProperty(o, 'hidden', { value: 1, enumerable: false });
console.log(o);
console.log({ get lit() { return 2; }, set lit(v) {} });
