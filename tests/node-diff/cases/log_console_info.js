// console.info and console.debug go to stdout; error/warn/trace to stderr.
console.info('info line');
console.error('error line (stderr)');
console.warn('warn line (stderr)');
console.debug('debug line');
console.trace('trace (stderr)');
console.log('log line');
