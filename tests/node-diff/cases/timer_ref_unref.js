// ref/unref/hasRef on Timeout and Immediate; they return the object itself.
const ran = [];
const t = setTimeout(() => ran.push('timeout'), 1);
console.log('hasRef', t.hasRef());
console.log('unref returns t', t.unref() === t, t.hasRef());
console.log('ref returns t', t.ref() === t, t.hasRef());
const im = setImmediate(() => ran.push('immediate'));
console.log('imm hasRef', im.hasRef());
console.log('imm unref', im.unref() === im, im.hasRef());
console.log('imm ref', im.ref() === im, im.hasRef());
process.on('exit', () => console.log('ran:', ran.sort().join(',')));
