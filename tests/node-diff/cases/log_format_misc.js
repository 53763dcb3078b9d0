// %%, missing/extra arguments, non-string first argument, %c.
console.log('100%% sure');
console.log('%s and %s', 'one');
console.log('%s', 'a', 'b', 3);
console.log(1, '%s', 'x');
console.log('%c styled', 'color: red');
console.log('%x %s', 'y');
console.log('%', 'z');
console.log('%%');
