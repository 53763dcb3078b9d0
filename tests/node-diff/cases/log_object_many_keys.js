// Many short keys stay on one line while short enough; longer output breaks.
console.log({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 });
console.log({ alpha: 'aaaaaaaa', beta: 'bbbbbbbb', gamma: 'cccccccc', delta: 'dddddddd', eps: 'e' });
console.log({ alpha: 'aaaaaaaa', beta: 'bbbbbbbb', gamma: 'cccccccc', delta: 'ddddddd' });
