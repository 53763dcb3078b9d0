// Functions and classes.
function foo() {}
const arrow = () => {};
class X {}
class Y extends X {}
console.log(foo, arrow);
console.log(function () {});
console.log(X, Y);
console.log(async function af() {}, function* gen() {}, async () => {});
console.log(foo.bind(null));
console.log({ m() {}, f: foo, anon: [function () {}] });
