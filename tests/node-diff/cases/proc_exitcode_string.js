// exitCode accepts integer strings; the natural 'exit' gets a number; 1.5 is out of range.
try { process.exitCode = 1.5; } catch (e) { console.log(e.code, e.name); }
try { process.exitCode = 'x'; } catch (e) { console.log(e.code, e.name); }
process.exitCode = '7';
process.on('exit', (c) => console.log(typeof c, c, typeof process.exitCode));
