// Node's own flags are accepted: --expose-gc gives global.gc, --no-warnings
// stops warnings being printed (the 'warning' event still fires), and they
// are in process.execArgv.
console.log(process.execArgv.join(' '), typeof gc);
gc();
process.on('warning', (w) => console.log('warning event:', w.message));
process.emitWarning('quiet please');
