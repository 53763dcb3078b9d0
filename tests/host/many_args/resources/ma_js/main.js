const summary = (a) => `${a.length} args, sum ${a.reduce((s, v) => s + (v || 0), 0)}`;
on('many', (...a) => console.log('js handler', summary(a)));
exports('count', (...a) => summary(a));
