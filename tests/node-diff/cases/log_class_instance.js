// Class instances show their constructor name.
class Foo { constructor() { this.a = 1; } }
class Bar extends Foo { constructor() { super(); this.b = [2]; } }
class Empty {}
console.log(new Foo());
console.log(new Bar());
console.log(new Empty());
console.log([new Foo()], { inst: new Empty() });
