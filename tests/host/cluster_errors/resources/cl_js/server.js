// The same from JS: the error names @cl_js/server.js:LINE in its stack.
ClusterExports('eu-2', 'bank').ping().catch((e) => console.log(`rejected: ${e.message}`));
setTimeout(() => {
  try { TriggerClusterEvent('x', 1); } catch (e) { console.log(`thrown: ${e.message} at ${/@cl_js\/server.js:\d+/.exec(e.stack)}`); }
  setTimeout(() => ExecuteCommand('quit'), 50);
}, 300); // after cl_lua's Wait(10) line, with slack for a loaded machine
