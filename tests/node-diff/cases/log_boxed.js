// Boxed primitives.
console.log(new Number(3), new Number(-0));
console.log(new String('ab'), new Boolean(false));
console.log(Object(Symbol('s')), Object(10n));
console.log([new Number(1)]);
