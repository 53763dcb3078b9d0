// Built-in modules available to weft.
console.log(require('timers').setTimeout === setTimeout);
console.log(require('process') === process);
console.log(require('timers') === require('timers'));
