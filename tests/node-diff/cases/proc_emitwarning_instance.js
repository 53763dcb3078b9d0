// The warning object is an Error instance.
process.on('warning', (w) => console.log(w instanceof Error, w.name, w.message));
process.emitWarning('hello');
