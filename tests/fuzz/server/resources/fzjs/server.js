// Console fuzzing: `emit fz [...]` and `emitnet N fz [...]` arrive here
// (JSON -> msgpack -> JS), go on to the Lua resource (JS -> msgpack -> Lua)
// and come back (Lua -> msgpack -> JS), where they end.
on('fz', (...args) => emit('fz:lua', ...args));
onNet('fz', (...args) => emit('fz:lua', source, ...args));
on('fz:js', (...args) => args.length);
